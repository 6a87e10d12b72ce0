// A crawl of the built site as shipped (dist/content's articles): every page of sitemap.xml is
// fetched, every same-origin href and image src on it requested once, and none may answer 4xx/5xx.
// Bounded: a dedup set, a few requests at a time, and the page set is the sitemap's.
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { sitemapLocs } from '../support/sitemap';

const CONCURRENCY = 6;

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ startTimeoutMs: 120_000 });
}, 150_000);
afterAll(() => server?.stop());

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

function decode(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** Same-origin addresses a page links to (a href) or loads (img src), without their fragment. */
function linksOf(html: string, pageUrl: string, origin: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:a|link)\s[^>]*?href="([^"]*)"|<img\s[^>]*?src="([^"]*)"/g)) {
    const raw = decode(m[1] ?? m[2] ?? '');
    if (!raw || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    const url = new URL(raw, pageUrl);
    if (url.origin !== origin) continue;
    url.hash = '';
    found.add(url.href);
  }
  return [...found];
}

it('finds no broken link on any page of the sitemap', async () => {
  const origin = server.origin;
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const pages = sitemapLocs(sitemap);
  expect(pages.length).toBeGreaterThan(60);
  expect(pages.every((p) => p.startsWith(origin + '/'))).toBe(true);

  const status = new Map<string, number>();
  const linkedFrom = new Map<string, string>();
  const check = async (url: string) => {
    if (status.has(url)) return;
    status.set(url, 0);
    const res = await fetch(url, { headers: { accept: 'text/html,*/*' } });
    await res.arrayBuffer();
    status.set(url, res.status);
  };

  // The pages themselves, collecting their links as they come.
  const links = new Set<string>();
  await pool(pages, CONCURRENCY, async (page) => {
    const res = await fetch(page);
    const html = await res.text();
    status.set(page, res.status);
    if (!res.headers.get('content-type')?.startsWith('text/html')) return;
    for (const link of linksOf(html, page, origin)) {
      links.add(link);
      if (!linkedFrom.has(link)) linkedFrom.set(link, page);
    }
  });
  await pool([...links], CONCURRENCY, check);

  const broken = [...status].filter(([, code]) => code >= 400 || code === 0).map(([url, code]) => `${code} ${url.slice(origin.length)} (linked from ${linkedFrom.get(url)?.slice(origin.length) ?? 'sitemap'})`);
  expect(broken).toEqual([]);
  // The crawl reached the content: articles, their lists and their images.
  expect([...status.keys()].some((u) => /\/news\/\d{4,}\/$/.test(u))).toBe(true);
  expect([...status.keys()].some((u) => u.includes('/content-images/'))).toBe(true);
}, 300_000);
