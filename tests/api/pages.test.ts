// Every route of SPEC §2 over real HTTP: status, Chinese title, canonical, mobile tags exactly
// where due, trailing-slash and 404 rules, login redirects, query cookies, page cache and nonce.
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { readManifest } from '../../server/ssr/chunks';
import { TOOLS } from '../../shared/catalogue';
import { PAGES } from '../../shared/pages';
import { ACCOUNT_ORIGIN, MOBILE_ORIGIN, PUBLIC_ORIGIN, createTestSite } from '../support/site';
import { writeContentDir } from '../support/articles';

type Site = Awaited<ReturnType<typeof createTestSite>>;
let site: Site;

// The content pages need articles: the sample ones and enough generated tutorials for a page 2.
const contentDir = writeContentDir(11);
beforeAll(async () => {
  site = await createTestSite({ contentDir });
});
afterAll(async () => {
  await site.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

/** A concrete address for each page pattern (an article, a category's page 2, a tag: tests/support/articles.ts). */
const SAMPLE: Record<string, string> = {
  'help-detail': '/help/9003/',
  'news-detail': '/news/3/',
  'news-page': '/news/1/2/',
  'tags': '/tags/pdf-to-word/',
  'tags-page': '/tags/pdf-to-word/2/',
};

const LOGIN_PAGES = ['myOrders', 'myintegral', 'task'];

/** Where each mobile page's mobile tags must point (SPEC §2 cutting rules). */
const MOBILE_TARGET: Record<string, string> = {
  home: '/',
  myOrders: '/myOrders/',
  help: '/help/',
  'help-detail': '/help/',
  'news-more': '/news/more/',
  'news-detail': '/news/3/',
  'news-page': '/news/1/',
  tag: '/tag/',
  tags: '/tags/pdf-to-word/',
  'tags-page': '/tags/pdf-to-word/',
};
const MOBILE_TOOLS = ['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt', 'pdf-to-jpg', 'word-to-pdf', 'excel-to-pdf', 'ppt-to-pdf', 'jpg-to-pdf', 'pdf-lock', 'pdf-unlock', 'pdf-merge', 'pdf-split', 'pdf-rotate', 'pdf-compress', 'pdf-getimg', 'font-recognition', 'video-to-ppt'];

function attr(html: string, selector: RegExp): string | undefined {
  return selector.exec(html)?.[1];
}

function headOf(html: string) {
  return {
    title: attr(html, /<title>([^<]*)<\/title>/),
    canonical: attr(html, /<link data-head="canonical" rel="canonical" href="([^"]*)"/),
    mobileAgent: attr(html, /<meta data-head="mobile-agent" name="mobile-agent" content="([^"]*)"/),
    alternate: attr(html, /<link data-head="alternate" rel="alternate" media="only screen and \(max-width: 640px\)" href="([^"]*)"/),
    ogUrl: attr(html, /property="og:url" content="([^"]*)"/),
    renderer: attr(html, /name="renderer" content="([^"]*)"/),
    description: attr(html, /name="description" content="([^"]*)"/),
  };
}

const pageCases = PAGES.filter((p) => p.id !== '404').map((p) => ({ id: p.id, url: SAMPLE[p.id] ?? p.path, mobile: p.id in MOBILE_TARGET ? MOBILE_TARGET[p.id] : null }));
const toolCases = TOOLS.map((t) => ({ id: t.id, url: t.path, mobile: MOBILE_TOOLS.includes(t.id) ? t.path : null }));

describe.each([...pageCases, ...toolCases])('page $url', ({ id, url, mobile }) => {
  it('renders on the server with Chinese head tags, canonical and mobile tags where due', async () => {
    const agent = request(site.app).get(url);
    const res = LOGIN_PAGES.includes(id) ? await agent.set('Cookie', 'accessToken=t0ken') : await agent;
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    const head = headOf(res.text);
    expect(head.title).toMatch(/[\u4e00-\u9fa5]/);
    expect(head.description).toMatch(/[\u4e00-\u9fa5]/);
    expect(head.renderer).toBe('webkit');
    expect(head.canonical).toBe(PUBLIC_ORIGIN + url);
    expect(head.ogUrl).toBe(PUBLIC_ORIGIN + url);
    if (mobile) {
      expect(head.mobileAgent).toBe(`format=html5;url=${MOBILE_ORIGIN}${mobile}`);
      expect(head.alternate).toBe(MOBILE_ORIGIN + mobile);
    } else {
      expect(head.mobileAgent).toBeUndefined();
      expect(head.alternate).toBeUndefined();
    }
    // The page body is server-rendered, not an empty root.
    expect(res.text).toMatch(/<div id="root"><div class="layout layout-/);
  });
});

describe('routing rules', () => {
  it('redirects a path without trailing slash with 301, keeping the query', async () => {
    const res = await request(site.app).get('/pdf-merge?from=home&x=1');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/pdf-merge/?from=home&x=1');
  });

  it('never turns //host into a protocol-relative redirect', async () => {
    const res = await request(site.app).get('//evil/path');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/evil/path/');
  });

  it('answers a missing file with a plain 404', async () => {
    const res = await request(site.app).get('/no-such-file.png');
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/plain');
  });

  it('sends unknown pages to /404/, which answers 404 with the SPEC message', async () => {
    const res = await request(site.app).get('/no-such-page/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/404/');
    const notFound = await request(site.app).get('/404/');
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('This page could not be found');
    expect(headOf(notFound.text).title).toMatch(/页面不存在/);
  });

  it.each(LOGIN_PAGES.map((id) => PAGES.find((p) => p.id === id)!.path))('sends an anonymous visitor of %s to the account login with a return address', async (path) => {
    const res = await request(site.app).get(`${path}?from=menu`);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.location);
    expect(target.origin).toBe(ACCOUNT_ORIGIN);
    expect(target.searchParams.get('redirect')).toBe(`${PUBLIC_ORIGIN}${path}?from=menu`);
  });

  it('names the page as the site spells it in canonical tags, whatever case it was asked in', async () => {
    const res = await request(site.app).get('/PDF-Merge/');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<link data-head="canonical" rel="canonical" href="${PUBLIC_ORIGIN}/pdf-merge/">`);
    const phone = await request(site.app).get('/PDF-Merge/?a=1').set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    expect(phone.headers.location).toBe(`${MOBILE_ORIGIN}/pdf-merge/?a=1`);
  });

  it('answers unknown API paths with the JSON envelope', async () => {
    const res = await request(site.app).get('/api/noSuchCall');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ret: 404, msg: '请求错误,未找到该资源' });
  });
});

describe('query cookies (SPEC §5)', () => {
  it('keeps only letters, digits and underscore, defaulting to 0', async () => {
    const res = await request(site.app).get('/?agent=36%3Cscript%3E0ald&MD=&productname=pdf_365&foxit_version=1.2.3&other=x');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const value = (name: string) => cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0].split('=')[1];
    expect(value('agent')).toBe('36script0ald');
    expect(value('MD')).toBe('0');
    expect(value('productname')).toBe('pdf_365');
    expect(value('foxit_version')).toBe('123');
    expect(value('other')).toBeUndefined();
    // Tracking cookies carry no expiry (SPEC §9).
    expect(cookies.find((c) => c.startsWith('agent='))).not.toMatch(/Expires|Max-Age/i);
  });
});

describe('page cache and CSP nonce', () => {
  it('serves the second anonymous request from cache with a fresh nonce matching the CSP', async () => {
    await request(site.app).get('/pdf-split/?cachetest=1');
    // Identity, so Content-Length counts the document itself (gzip: tests/api/compressed-assets.test.ts).
    const res = await request(site.app).get('/pdf-split/?cachetest=1').set('Accept-Encoding', 'identity');
    expect(res.headers['x-page-cache']).toBe('hit');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
    const scripts = [...res.text.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(1); // the site config and the script loader (server/ssr/document.ts)
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    const again = await request(site.app).get('/pdf-split/?cachetest=1');
    expect(/'nonce-([^']+)'/.exec(again.headers['content-security-policy'])![1]).not.toBe(nonce);
  });

  it('answers a hit ahead of the middleware chain with the headers the chain gives', async () => {
    const miss = await request(site.app).get('/pdf-merge/?from=hit-test');
    const hit = await request(site.app).get('/pdf-merge/?from=hit-test');
    expect([miss.headers['x-page-cache'], hit.headers['x-page-cache']]).toEqual(['miss', 'hit']);
    const comparable = (headers: Record<string, string>) => {
      // Each response has its own request id (server/ops/request-log.ts), hit or miss.
      const { date, 'x-page-cache': _source, 'x-request-id': requestId, ...rest } = headers;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      return { ...rest, 'content-security-policy': rest['content-security-policy'].replace(/'nonce-[^']+'/, "'nonce-N'") };
    };
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[0-9a-f-]{36}'/);
    expect(hit.text).toBe(miss.text.replace(/nonce="[^"]+"/g, `nonce="${/nonce="([^"]+)"/.exec(hit.text)![1]}"`));
    const head = await request(site.app).head('/pdf-merge/?from=hit-test').set('Accept-Encoding', 'identity');
    expect(head.status).toBe(200);
    expect(head.headers['x-page-cache']).toBe('hit');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(hit.text));
  });

  it('never serves a cached page to a logged-in visitor, with or without a query', async () => {
    await request(site.app).get('/watermark/?from=login-test');
    expect((await request(site.app).get('/watermark/?from=login-test')).headers['x-page-cache']).toBe('hit');
    const loggedIn = await request(site.app).get('/watermark/?from=login-test').set('Cookie', 'theme=1; accessToken=abc');
    expect(loggedIn.headers['x-page-cache']).toBe('miss');
    expect(loggedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('still sets the channel cookies a cached page is asked with, even percent-encoded', async () => {
    for (const query of ['?agent=a1', '?%61gent=a1']) {
      await request(site.app).get(`/pdf-delete-page/${query}`);
      const hit = await request(site.app).get(`/pdf-delete-page/${query}`);
      expect(hit.headers['x-page-cache']).toBe('hit');
      expect(([] as string[]).concat(hit.headers['set-cookie'] ?? [])).toContainEqual(expect.stringMatching(/^agent=a1;/));
    }
  });

  it('still sends phones to the mobile site for a cached page', async () => {
    await request(site.app).get('/pdf-compress/?from=phone');
    expect((await request(site.app).get('/pdf-compress/?from=phone')).headers['x-page-cache']).toBe('hit');
    const phone = await request(site.app).get('/pdf-compress/?from=phone').set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    expect(phone.status).toBe(302);
    expect(phone.headers.location).toBe(`${MOBILE_ORIGIN}/pdf-compress/?from=phone`);
  });

  it('never caches a page for a logged-in visitor or a login page', async () => {
    const first = await request(site.app).get('/pdf-rotate/?logged=1').set('Cookie', 'accessToken=abc');
    const second = await request(site.app).get('/pdf-rotate/?logged=1').set('Cookie', 'accessToken=abc');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('miss');
    expect(second.headers['cache-control']).toBe('private, no-store');
    const anonymous = await request(site.app).get('/pdf-rotate/?logged=1');
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    const orders = await request(site.app).get('/myOrders/').set('Cookie', 'accessToken=abc');
    const ordersAgain = await request(site.app).get('/myOrders/').set('Cookie', 'accessToken=abc');
    expect(ordersAgain.headers['x-page-cache']).toBe('miss');
    expect(orders.status).toBe(200);
  });

  it("links the shell's stylesheet and the rendered page kind's, none of another kind's", async () => {
    const manifest = readManifest(site.config.publicDir);
    const read = (file: string) => fs.readFileSync(path.join(site.config.publicDir, 'assets', file), 'utf8');
    const css = (chunk: string) => manifest.chunks[chunk].css.map((f) => `/assets/${f}`);
    const shell = manifest.entry.css.map((f) => `/assets/${f}`);
    const linked = async (url: string) => [...(await request(site.app).get(url)).text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    for (const chunk of ['pages/tool/ToolPage', 'pages/mindmap/MindMapPage', 'pages/content/ContentPage', 'pages/account/AccountPage']) {
      expect(css(chunk)).toHaveLength(1);
    }
    expect(await linked('/pdf-to-word/')).toEqual([...shell, ...css('pages/tool/ToolPage')]);
    expect(await linked('/img-background-color/')).toEqual([...shell, ...css('pages/tool/ToolPage')]);
    expect(await linked('/online-mindmap/')).toEqual([...shell, ...css('pages/mindmap/MindMapPage')]);
    expect(await linked('/help/')).toEqual([...shell, ...css('pages/content/ContentPage')]);
    expect(await linked('/')).toEqual(shell);
    // Each file holds its own kind's rules and not another's: the shell no page's, a tool page no mind map's or article's.
    const shellCss = manifest.entry.css.map(read).join('');
    const toolCss = manifest.chunks['pages/tool/ToolPage'].css.map(read).join('');
    expect(shellCss).toContain('.site-header');
    expect(toolCss).toContain('.tool-head');
    expect(toolCss).toContain('.idp-'); // the ID photo studio, a lazy view of the tool page
    for (const own of ['.mm-toolbar', '.doc-layout', '.tool-head']) expect(shellCss).not.toContain(own);
    for (const other of ['.mm-toolbar', '.doc-layout', '.site-header']) expect(toolCss).not.toContain(other);
    // The client links a page kind's stylesheet on navigation from this map.
    const page = await request(site.app).get('/pdf-to-word/');
    const map = JSON.parse(/window\.__CHUNK_CSS__=(\{.*?\});/.exec(page.text)![1]) as Record<string, string[]>;
    expect(map['pages/mindmap/MindMapPage']).toEqual(css('pages/mindmap/MindMapPage'));
    expect(map['pages/content/ContentPage']).toEqual(css('pages/content/ContentPage'));
  });

  it('starts the scripts of the chunks the render used after the first frame, none from the head', async () => {
    const res = await request(site.app).get('/pdf-to-word/');
    expect(res.text).toMatch(/window\.__CHUNKS__=\["pages\/tool\/ToolPage"\]/);
    // Nothing in the markup fetches a script ahead of the stylesheets and the first frame.
    expect(res.text).not.toMatch(/<link rel="modulepreload"|<script[^>]* src=/);
    const files = JSON.parse(/\}\)\((\["\/assets\/[^\]]*\])\);<\/script>/.exec(res.text)![1]) as string[];
    const manifest = readManifest(site.config.publicDir);
    expect(files[0]).toBe(`/assets/${manifest.entry.file}`);
    expect(files).toContain(`/assets/${manifest.chunks['pages/tool/ToolPage'].file}`);
    for (const href of files) expect((await request(site.app).get(href)).status).toBe(200);
  });
});
