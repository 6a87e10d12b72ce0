// Help, tutorial and tag pages of the built server over real HTTP: articles imported from their
// files (SQLite and PostgreSQL), rendered with head tags, JSON-LD and breadcrumbs, lists paged per
// SPEC §9, unknown ids real 404s that are never page-cached, sitemap.xml valid against the
// sitemaps.org schema with every article, robots.txt from PUBLIC_ORIGIN; the same behind API_ORIGIN.
import fs from 'node:fs';
import path from 'node:path';
import { importArticles } from '../../server/articles/import';
import { articleFile, writeContentDir, GENERATED_FIRST_ID } from '../support/articles';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';
import { sitemapLocs, validateSitemapXml } from '../support/sitemap';

const GENERATED = 11;
const BOOT = { startTimeoutMs: 120_000 };

describe.each(DB_MODES)('article import on %s', (mode) => {
  let t: TestDb;
  let dir: string;
  beforeAll(async () => {
    t = await openTestDb(mode);
    dir = writeContentDir(0);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const rows = () => t.db.selectFrom('articles').selectAll().orderBy('id').execute();

  it('upserts every file by id with its rendered body, and a second run changes nothing', async () => {
    expect(await importArticles(t.db, dir)).toEqual({ imported: 4, removed: 0, problems: [] });
    const first = await rows();
    expect(first.map((r) => r.id)).toEqual([9001, 9002, 9003, 9004]);
    const article = first[0];
    expect(article).toMatchObject({ kind: 'tutorial', category: '1', tool: 'pdf-to-word', cover: 'article-9001-cover.png', published: '2026-10-02', updated: '2026-11-20' });
    expect(JSON.parse(article.tags)).toEqual(['pdf-to-word', 'pdf-convert', 'office']);
    expect(article.body).toContain('## 操作步骤');
    expect(article.body_html).toContain('<h2 id="操作步骤">操作步骤</h2>');
    expect(first[2]).toMatchObject({ kind: 'help', category: 'account', tool: null, cover: null, updated: null });
    expect(await importArticles(t.db, dir)).toEqual({ imported: 4, removed: 0, problems: [] });
    expect(await rows()).toEqual(first);
  });

  it('takes an edited file, deletes the row of a removed one and reports a bad file without losing the rest', async () => {
    const file = path.join(dir, 'articles', '9002-organise-pdf.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('title: 整理PDF文件的小技巧', 'title: 整理PDF文件的五个技巧').replace('## 合并多个文件', '## 合并文件'));
    fs.rmSync(path.join(dir, 'articles', '9004-file-retention.md'));
    fs.writeFileSync(path.join(dir, 'articles', 'broken.md'), articleFile({ id: 9050, kind: 'help', category: 'nope', title: 'x', summary: 'y', published: '2026-01-01' }, '正文'));
    const result = await importArticles(t.db, dir);
    expect(result).toMatchObject({ imported: 3, removed: 1 });
    expect(result.problems).toEqual(['broken.md: category 帮助分类 nope 不存在']);
    const after = await rows();
    expect(after.map((r) => r.id)).toEqual([9001, 9002, 9003]);
    expect(after[1].title).toBe('整理PDF文件的五个技巧');
    expect(after[1].body_html).toContain('<h2 id="合并文件">合并文件</h2>');
  });

  it('keeps the rows when the folder holds no valid article at all (a broken deployment, not an empty site)', async () => {
    const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
    const result = await importArticles(t.db, empty);
    expect(result.imported).toBe(0);
    expect(result.problems[0]).toContain('文章目录不存在');
    expect((await rows()).length).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------

function title(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<(?:meta|link) data-head="${key}"[^>]*(?:content|href)="([^"]*)"`).exec(html)?.[1];
}
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}
function listTitles(html: string): string[] {
  return [...html.matchAll(/<h2 class="doc-title"><a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
}

describe('content pages of the built server (SQLite)', () => {
  let server: BuiltServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeContentDir(GENERATED);
    server = await startBuiltServer({ ...BOOT, env: { CONTENT_DIR: dir } });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = async (pathname: string) => {
    const res = await fetch(server.origin + pathname, { redirect: 'manual' });
    return { status: res.status, html: await res.text(), cache: res.headers.get('x-page-cache'), location: res.headers.get('location'), type: res.headers.get('content-type') };
  };

  it('renders a help article: heading, body, breadcrumbs, head tags from the article and its JSON-LD', async () => {
    const { status, html } = await get('/help/9003/');
    expect(status).toBe(200);
    expect(html).toContain('<h1>如何用手机号登录账号？</h1>');
    expect(html).toContain('<h2 id="登录步骤">登录步骤</h2>');
    expect(title(html)).toBe('如何用手机号登录账号？ - 帮助中心 - PDF365');
    expect(meta(html, 'description')).toBe('输入手机号获取短信验证码即可登录，未注册的手机号会自动创建账号。');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'canonical')).toBe(`${server.origin}/help/9003/`);
    // The help detail's mobile address is the help root (SPEC §2).
    expect(meta(html, 'alternate')).toBe(`${server.origin}/help/`);
    expect(html).toMatch(/<nav class="crumbs" aria-label="当前位置"><ol><li><a href="\/">首页<\/a><\/li><li><a href="\/help\/">帮助中心<\/a><\/li><li><span aria-current="page">如何用手机号登录账号？<\/span>/);
    const ld = jsonLd(html);
    expect(ld.map((d) => d['@type']).sort()).toEqual(['Article', 'BreadcrumbList']);
    expect(ld.find((d) => d['@type'] === 'Article')).toMatchObject({ headline: '如何用手机号登录账号？', datePublished: '2026-08-01', dateModified: '2026-08-01', mainEntityOfPage: `${server.origin}/help/9003/` });
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList')).toMatchObject({ itemListElement: [{ position: 1, name: '首页', item: `${server.origin}/` }, { position: 2, name: '帮助中心' }, { position: 3, name: '如何用手机号登录账号？' }] });
  });

  it('renders a tool how-to with its cover as og:image, HowTo steps, the tool button and related articles', async () => {
    const { status, html } = await get('/news/9001/');
    expect(status).toBe(200);
    expect(meta(html, 'og:image')).toBe(`${server.origin}/content-images/article-9001-cover.png`);
    const howTo = jsonLd(html).find((d) => d['@type'] === 'HowTo') as { step: { name: string }[] };
    expect(howTo.step.map((s) => s.name)).toEqual(['打开 PDF转Word 页面，点击“选择文件”上传PDF。', '等待转换完成，进度条走完后会出现下载按钮。', '点击“下载”保存Word文档，文件在保存期限后自动删除。']);
    expect(html).toContain('<a class="btn btn-primary" href="/pdf-to-word/">立即使用PDF转Word</a>');
    expect(html).toContain('<div class="table-wrap"><table>');
    expect(html).toContain('<img src="/content-images/article-9001-step.png" alt="PDF转Word页面" loading="lazy">');
    const related = /<section class="related"[\s\S]*?<\/section>/.exec(html)![0];
    expect(hrefs(related).length).toBe(6);
    expect(hrefs(related).every((h) => /^\/news\/91\d\d\/$/.test(h))).toBe(true);
    // The breadcrumbs pass through the article's tutorial category.
    expect(html).toContain('<li><a href="/news/1/">PDF转Word教程</a></li>');
    // The images the page shows are served.
    for (const src of ['/content-images/article-9001-cover.png', '/content-images/article-9001-step.png']) {
      const img = await fetch(server.origin + src);
      expect([img.status, img.headers.get('content-type')]).toEqual([200, 'image/png']);
    }
  });

  it('gives every article a tool button, derived from its tags or category when it names no tool', async () => {
    const { html } = await get('/news/9002/');
    expect(html).toContain('href="/pdf-merge/">立即使用PDF合并</a>');
    expect(jsonLd(html).map((d) => d['@type'])).not.toContain('HowTo');
  });

  it('pages a tutorial category 10 at a time with pager links, and ?size= picks another page size', async () => {
    const first = await get('/news/1/');
    expect(first.status).toBe(200);
    expect(title(first.html)).toBe('PDF转Word教程 - PDF365');
    expect(listTitles(first.html)).toHaveLength(10);
    expect(listTitles(first.html)[0]).toBe('PDF转Word的三个步骤和常见问题');
    expect(first.html).toContain('<time dateTime="2026-11-20">2026-11-20</time>');
    expect(first.html).toContain('<img src="/content-images/article-9001-cover.png"');
    expect(hrefs(first.html)).toContain('/news/1/2/');
    const second = await get('/news/1/2/');
    expect(second.status).toBe(200);
    expect(title(second.html)).toBe('PDF转Word教程 第2页 - PDF365');
    expect(listTitles(second.html)).toEqual(['PDF转Word技巧第2篇', 'PDF转Word技巧第1篇']);
    expect(meta(second.html, 'alternate')).toBe(`${server.origin}/news/1/`);
    const wide = await get('/news/1/?size=20');
    expect(listTitles(wide.html)).toHaveLength(1 + GENERATED);
    expect(wide.html).toContain('共 12 篇');
  });

  it('lists help articles, the tutorial categories and the tags, always with Chinese names', async () => {
    const help = await get('/help/');
    expect(listTitles(help.html)).toEqual(['上传的文件会保存多久？', '如何用手机号登录账号？']);
    const news = await get('/news/more/');
    expect(news.html).toContain('<a href="/news/149/">PDF转CAD教程</a>');
    expect(hrefs(news.html)).toContain('/news/9002/');
    const tags = await get('/tag/');
    expect(tags.html).toMatch(/<a href="\/tags\/pdf-to-word\/">PDF转Word<span class="count">12<\/span><\/a>/);
    expect(tags.html).toContain('隐私与文件安全');
    const tag = await get('/tags/pdf-convert/');
    expect(tag.status).toBe(200);
    expect(title(tag.html)).toBe('转换PDF相关教程与帮助 - PDF365');
    expect(tag.html).toContain('<h1>转换PDF相关文章</h1>');
    expect(tag.html).not.toMatch(/pdf-convert相关/);
    // A tutorial category's tag (SPEC §2 links it) has its page even before anything is tagged with it.
    const categoryTag = await get('/tags/word-to-pdf/');
    expect(categoryTag.status).toBe(200);
    expect(categoryTag.html).toContain('<h1>Word转PDF相关文章</h1>');
    expect(categoryTag.html).toContain('href="/word-to-pdf/">立即使用Word转PDF</a>');
    const tagPage = await get('/tags/pdf-to-word/2/');
    expect([tagPage.status, listTitles(tagPage.html).length]).toEqual([200, 2]);
  });

  it.each([
    '/help/99999/',
    '/help/9001/',
    '/help/page2/',
    '/help/page0/',
    '/help/page02/',
    '/help/abc/',
    '/news/9003/',
    '/news/99999/',
    '/news/01/',
    '/news/1/3/',
    '/news/5/2/',
    '/news/9001/2/',
    '/tags/nope/',
    '/tags/pdf-to-word/9/',
    '/tags/pdf-rotate/',
  ])('answers %s with a real 404 that is never page-cached', async (pathname) => {
    for (let i = 0; i < 2; i++) {
      const res = await get(pathname);
      expect([res.status, res.cache]).toEqual([404, 'miss']);
      expect(res.type).toMatch(/^text\/html/);
      expect(title(res.html)).toBe('页面不存在 - PDF365');
      expect(res.html).toContain('页面不存在');
      expect(meta(res.html, 'mobile-agent')).toBeUndefined();
    }
  });

  it('caches a found content page like any other page', async () => {
    await get('/news/9002/?cache-check=1');
    expect((await get('/news/9002/?cache-check=1')).cache).toBe('hit');
  });

  it.each([
    ['/help/page1/', '/help/'],
    ['/news/1/1/', '/news/1/'],
    ['/tags/pdf-to-word/1/?size=20', '/tags/pdf-to-word/?size=20'],
  ])('sends page 1 spelled out (%s) to the list itself', async (from, to) => {
    const res = await get(from);
    expect([res.status, res.location]).toEqual([301, to]);
  });

  it('answers the content call the pages use on client navigation, in the JSON envelope', async () => {
    const found = await fetch(`${server.origin}/api/content/page?path=/help/9004/`);
    const body = (await found.json()) as { ret: number; data: { kind: string; data: { view: string; article: { title: string; html: string } } } };
    expect(body).toMatchObject({ ret: 0, data: { kind: 'view', data: { view: 'article', article: { title: '上传的文件会保存多久？' } } } });
    const missing = await fetch(`${server.origin}/api/content/page?path=/help/123456/`);
    expect([missing.status, await missing.json()]).toEqual([404, { ret: 404, msg: '请求错误,未找到该资源' }]);
    const bad = await fetch(`${server.origin}/api/content/page?path=nope`);
    expect([bad.status, await bad.json()]).toEqual([400, { ret: 400, msg: '页面地址不正确' }]);
  });

  it('serves sitemap.xml, valid against the sitemaps.org 0.9 schema, with every article, list page and public page', async () => {
    const res = await fetch(`${server.origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(validateSitemapXml(xml)).toBe('valid');
    const locs = sitemapLocs(xml);
    expect(new Set(locs).size).toBe(locs.length);
    const paths = locs.map((l) => l.slice(server.origin.length));
    expect(locs.every((l) => l.startsWith(server.origin + '/'))).toBe(true);
    const articles = ['/news/9001/', '/news/9002/', '/help/9003/', '/help/9004/', ...Array.from({ length: GENERATED }, (_, i) => `/news/${GENERATED_FIRST_ID + i}/`)];
    expect(paths).toEqual(expect.arrayContaining([...articles, '/', '/pdf-to-word/', '/help/', '/news/more/', '/news/1/', '/news/1/2/', '/tag/', '/tags/pdf-to-word/', '/tags/pdf-to-word/2/', '/about/']));
    for (const hidden of ['/myOrders/', '/myintegral/', '/task/', '/invoice/', '/postage_pay/', '/login/', '/404/', '/iamEmpty/']) expect(paths).not.toContain(hidden);
    expect(xml).toContain(`<url><loc>${server.origin}/news/9001/</loc><lastmod>2026-11-20</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${server.origin}/help/9003/</loc><lastmod>2026-08-01</lastmod></url>`);
    expect([...xml.matchAll(/<url>/g)].length).toBe([...xml.matchAll(/<lastmod>/g)].length);
  });

  it('serves robots.txt with the absolute sitemap address and the account, order, pay, invoice and task pages disallowed', async () => {
    const res = await fetch(`${server.origin}/robots.txt`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${server.origin}/sitemap.xml`);
    for (const p of ['/myOrders/', '/myintegral/', '/task/', '/invoice/', '/postage_pay/', '/payCode/', '/login/', '/iamEmpty/']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => ['/help/', '/news/', '/tags/', '/'].includes(l.slice(10)))).toBe(false);
  });
});

describe('content pages on PostgreSQL', () => {
  let t: TestDb;
  let server: BuiltServer;
  let dir: string;
  beforeAll(async () => {
    t = await openTestDb('postgres');
    dir = writeContentDir(2);
    server = await startBuiltServer({ ...BOOT, env: { CONTENT_DIR: dir, DATABASE_URL: t.config.databaseUrl } });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports at boot into PostgreSQL and serves the articles and the sitemap from there', async () => {
    const ids = (await t.db.selectFrom('articles').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([9001, 9002, 9003, 9004, 9101, 9102]);
    const page = await fetch(`${server.origin}/news/9102/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>PDF转Word技巧第2篇</h1>');
    const xml = await (await fetch(`${server.origin}/sitemap.xml`)).text();
    expect(validateSitemapXml(xml)).toBe('valid');
    expect(sitemapLocs(xml)).toContain(`${server.origin}/news/9102/`);
  });
});

describe('a site server behind API_ORIGIN', () => {
  let api: BuiltServer;
  let site: BuiltServer;
  let dir: string;
  beforeAll(async () => {
    dir = writeContentDir(0);
    api = await startBuiltServer({ ...BOOT, env: { CONTENT_DIR: dir } });
    site = await startBuiltServer({ ...BOOT, env: { API_ORIGIN: api.origin } });
  }, 240_000);
  afterAll(async () => {
    await site?.stop();
    await api?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("renders the articles, 404s and sitemap from the API server's content calls", async () => {
    const page = await fetch(`${site.origin}/news/9001/`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(title(html)).toBe('PDF转Word的三个步骤和常见问题 - PDF365');
    expect(meta(html, 'canonical')).toBe(`${site.origin}/news/9001/`);
    expect((await fetch(`${site.origin}/help/424242/`)).status).toBe(404);
    const xml = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    expect(validateSitemapXml(xml)).toBe('valid');
    expect(sitemapLocs(xml)).toContain(`${site.origin}/help/9004/`);
  });
});
