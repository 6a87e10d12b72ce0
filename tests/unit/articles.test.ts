// Article files and their Markdown: the fixed file format (and every shipped file keeping to it),
// safe HTML, heading ids, images, how-to steps; the sitemap's split into an index past its limit.
import fs from 'node:fs';
import path from 'node:path';
import { parseArticle, readArticleFiles } from '../../server/articles/files';
import { renderMarkdown } from '../../server/articles/markdown';
import { sitemapFiles, type SitemapEntry } from '../../server/seo/sitemap';
import { tagName } from '../../shared/articles';
import { CONTENT_SOURCE, articleFile } from '../support/articles';
import { validateSitemapXml, sitemapLocs } from '../support/sitemap';

const front = { id: 1001, kind: 'tutorial', category: 1, tool: 'pdf-to-word', tags: ['pdf-to-word', 'pdf-convert'], title: '标题', summary: '摘要', published: '2026-10-02' };

describe('article files', () => {
  it('reads the fixed format: numbers, tag list and dates as the page shows them', () => {
    const { article, problems } = parseArticle(articleFile({ ...front, updated: '2026-11-20', cover: 'a.png' }, '正文'), 'a.md');
    expect(problems).toEqual([]);
    expect(article).toMatchObject({ id: 1001, kind: 'tutorial', category: '1', tool: 'pdf-to-word', tags: ['pdf-to-word', 'pdf-convert'], published: '2026-10-02', updated: '2026-11-20', cover: 'a.png', body: '正文' });
  });

  it.each([
    [{ ...front, id: 3 }, 'id 3 与教程分类 id 冲突'],
    [{ ...front, category: 9 }, '教程分类 9 不存在'],
    [{ ...front, kind: 'help', category: 'nope' }, '帮助分类 nope 不存在'],
    [{ ...front, tool: 'no-such-tool' }, '工具 no-such-tool 不在目录中'],
    [{ ...front, tags: ['pdf-to-word', 'made-up'] }, '标签 made-up 未定义'],
    [{ ...front, published: '2026-13-40' }, '日期格式应为 YYYY-MM-DD'],
    [{ ...front, cover: '../secret.png' }, '封面应为 images 目录中的图片文件名'],
  ])('refuses a broken file with a Chinese reason naming it (%#)', (fields, reason) => {
    const { article, problems } = parseArticle(articleFile(fields as never, '正文'), 'bad.md');
    expect(article).toBeUndefined();
    expect(problems.join('\n')).toContain(reason);
    expect(problems.every((p) => p.startsWith('bad.md: '))).toBe(true);
  });

  it('refuses a file without front matter or without a body', () => {
    expect(parseArticle('# 只有正文', 'x.md').problems[0]).toContain('缺少 --- 包围的文件头');
    expect(parseArticle(articleFile(front, ''), 'y.md').problems[0]).toContain('正文为空');
  });

  it('every article shipped in server/content/articles keeps to the format, with unique ids and existing images', () => {
    const { articles, problems } = readArticleFiles(path.join(CONTENT_SOURCE, 'articles'));
    expect(problems).toEqual([]);
    expect(articles.length).toBeGreaterThanOrEqual(4);
    for (const a of articles) {
      for (const image of renderMarkdown(a.body).images) expect(`${a.file}: ${image} ${fs.existsSync(path.join(CONTENT_SOURCE, 'images', image))}`).toBe(`${a.file}: ${image} true`);
    }
  });

  it('names tags in Chinese: the extra keys and the catalogue tools', () => {
    expect(tagName('pdf-convert')).toBe('转换PDF');
    expect(tagName('privacy')).toBe('隐私与文件安全');
    expect(tagName('pdf-to-word')).toBe('PDF转Word');
    expect(tagName('toString')).toBeUndefined();
    expect(tagName('nope')).toBeUndefined();
  });
});

describe('Markdown rendering', () => {
  it('shows raw HTML as text and drops script links', () => {
    const { html } = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) [b](vbscript:x) [c](data:text/html,x)');
    expect(html).not.toMatch(/<script|<img src="x"|href="(javascript|vbscript|data):/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('[a](javascript:alert(1))');
  });

  it('gives headings unique ids, lists the ## headings and reads a how-to\'s steps from the first ordered list', () => {
    const r = renderMarkdown('## 操作步骤\n\n1. 打开 **页面**\n2. 上传文件\n   - 可多选\n3. 下载\n\n## 操作步骤\n\n### Step 2: 设置\n\n1. 其他');
    expect(r.html).toContain('<h2 id="操作步骤">');
    expect(r.html).toContain('<h2 id="操作步骤-2">');
    expect(r.html).toContain('<h3 id="step-2-设置">');
    expect(r.headings).toEqual([
      { id: '操作步骤', text: '操作步骤' },
      { id: '操作步骤-2', text: '操作步骤' },
    ]);
    expect(r.steps.map((s) => s.name)).toEqual(['打开 页面', '上传文件', '下载']);
    expect(r.steps[1].text).toBe('上传文件 可多选');
  });

  it('serves relative images from /content-images/, lazily, and opens outside links apart', () => {
    const r = renderMarkdown('![说明](pic-1.png) ![远程](https://example.com/x.png)\n\n[站内](/pdf-to-word/) [站外](https://example.com/)');
    expect(r.html).toContain('<img src="/content-images/pic-1.png" alt="说明" loading="lazy">');
    expect(r.html).toContain('src="https://example.com/x.png"');
    expect(r.images).toEqual(['pic-1.png']);
    expect(r.html).toContain('<a href="/pdf-to-word/">站内</a>');
    expect(r.html).toContain('<a href="https://example.com/" target="_blank" rel="nofollow noopener noreferrer">站外</a>');
  });

  it('wraps tables so they scroll on a phone', () => {
    expect(renderMarkdown('| a | b |\n| - | - |\n| 1 | 2 |').html).toMatch(/^<div class="table-wrap"><table>[\s\S]*<\/table><\/div>\n$/);
  });
});

describe('sitemap files', () => {
  const entries: SitemapEntry[] = Array.from({ length: 7 }, (_, i) => ({ loc: `https://www.pdf365.test/news/${9000 + i}/`, lastmod: `2026-10-0${i + 1}` }));

  it('is one urlset up to the limit', () => {
    const files = sitemapFiles('https://www.pdf365.test', entries, 10);
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    expect(validateSitemapXml(files.get('/sitemap.xml')!)).toBe('valid');
  });

  it('becomes an index of parts past the limit, each part valid and every address kept once', () => {
    const files = sitemapFiles('https://www.pdf365.test', entries, 3);
    expect([...files.keys()].sort()).toEqual(['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml', '/sitemap.xml']);
    const index = files.get('/sitemap.xml')!;
    expect(validateSitemapXml(index, 'index')).toBe('valid');
    expect(sitemapLocs(index)).toEqual(['https://www.pdf365.test/sitemap-1.xml', 'https://www.pdf365.test/sitemap-2.xml', 'https://www.pdf365.test/sitemap-3.xml']);
    expect(index).toContain('<lastmod>2026-10-07</lastmod>');
    const parts = ['/sitemap-1.xml', '/sitemap-2.xml', '/sitemap-3.xml'].map((p) => files.get(p)!);
    for (const part of parts) expect(validateSitemapXml(part)).toBe('valid');
    expect(parts.flatMap(sitemapLocs)).toEqual(entries.map((e) => e.loc));
  });
});
