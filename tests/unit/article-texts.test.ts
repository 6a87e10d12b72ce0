// The texts of the help and tutorial articles (server/content/articles/*.md, issue 17; their file
// format and import are tests/unit/articles.test.ts) are content, but what
// they state about the site must hold: every file parses, its front matter has the fields the
// importer reads, ids are unique, categories and tags are ones the site knows, the tool it is
// about exists, every picture it shows is in server/content/images, and every link to a page of
// ours is a real route (a /help/{id}/ or /news/{id}/ link to an article that exists).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { TOOLS, TUTORIAL_CATEGORIES, findTool } from '../../shared/catalogue';
import { matchSiteRoute } from '../../shared/site-routes';
import { EXTRA_TAGS, HELP_CATEGORIES } from '../../shared/articles';

const CONTENT = path.resolve(__dirname, '../../server/content');
const ARTICLES = path.join(CONTENT, 'articles');
const IMAGES = path.join(CONTENT, 'images');

const HELP_CATEGORY_KEYS = Object.keys(HELP_CATEGORIES);
/** Tags that are not a tool key: the families of tools and the help topics (their Chinese names are in shared/articles.ts). */
const GENERAL_TAGS = Object.keys(EXTRA_TAGS);
/** Tools no how-to is written for: the mind map is drawn in the browser and has its own page. */
const TOOLS_WITHOUT_HOWTO = new Set(['online-mindmap']);
const MAX_IMAGE_BYTES = 120 * 1024;

interface Article {
  file: string;
  meta: Record<string, unknown>;
  body: string;
}

function readArticle(file: string): Article {
  const text = fs.readFileSync(path.join(ARTICLES, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter`);
  return { file, meta: parse(match[1]!) as Record<string, unknown>, body: match[2]! };
}

const files = fs.readdirSync(ARTICLES).filter((f) => f.endsWith('.md')).sort();
const articles = files.map(readArticle);
const byId = new Map(articles.map((a) => [a.meta.id, a]));

/** A date as YAML reads it (a string in YAML 1.2, a Date if the importer's schema makes one). */
function isDay(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** Links and images of the body, outside code spans and blocks. */
function targets(body: string): { images: string[]; links: string[] } {
  const prose = body.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const images = [...prose.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  const links = [...prose.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return { images, links };
}

describe('articles', () => {
  it('are at least 60, among them at least 15 help answers', () => {
    expect(articles.length).toBeGreaterThanOrEqual(60);
    expect(articles.filter((a) => a.meta.kind === 'help').length).toBeGreaterThanOrEqual(15);
  });

  it.each(articles.map((a) => [a.file, a] as const))('%s has the front matter the importer reads', (file, { meta, body }) => {
    expect(Number.isInteger(meta.id)).toBe(true);
    expect(meta.id).toBeGreaterThanOrEqual(1000);
    expect(meta.id).toBeLessThanOrEqual(9999);
    expect(file).toMatch(new RegExp(`^${meta.id}-[a-z0-9]+(?:-[a-z0-9]+)*\\.md$`));
    expect(['tutorial', 'help']).toContain(meta.kind);
    if (meta.kind === 'tutorial') expect([0, ...TUTORIAL_CATEGORIES.map((c) => c.newsId)]).toContain(meta.category);
    else expect(HELP_CATEGORY_KEYS).toContain(meta.category);
    if (meta.tool !== undefined) expect(findTool(String(meta.tool))).toBeDefined();
    expect(Array.isArray(meta.tags) && meta.tags.length > 0).toBe(true);
    for (const tag of meta.tags as unknown[]) expect(typeof tag === 'string' && (findTool(tag) !== undefined || GENERAL_TAGS.includes(tag))).toBe(true);
    expect(typeof meta.title).toBe('string');
    expect((meta.title as string).length).toBeGreaterThanOrEqual(8);
    expect(typeof meta.summary).toBe('string');
    expect([...(meta.summary as string)].length).toBeGreaterThanOrEqual(60);
    expect([...(meta.summary as string)].length).toBeLessThanOrEqual(120);
    expect(isDay(meta.published)).toBe(true);
    if (meta.updated !== undefined) expect(isDay(meta.updated)).toBe(true);
    expect(body).toMatch(/^## /m);
    expect(Object.keys(meta).filter((k) => !['id', 'kind', 'category', 'tool', 'tags', 'title', 'summary', 'cover', 'published', 'updated'].includes(k))).toEqual([]);
  });

  it('have unique ids', () => {
    const ids = articles.map((a) => a.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('give a how-to for every tool of the catalogue, each linking to its tool page', () => {
    const howTos = new Map(articles.filter((a) => a.meta.kind === 'tutorial' && a.meta.tool).map((a) => [a.meta.tool, a]));
    const missing = TOOLS.filter((t) => !TOOLS_WITHOUT_HOWTO.has(t.id) && !howTos.has(t.id)).map((t) => t.id);
    expect(missing).toEqual([]);
    const unlinked = [...howTos].filter(([toolId, a]) => !targets(a.body).links.includes(findTool(String(toolId))!.path)).map(([, a]) => a.file);
    expect(unlinked).toEqual([]);
  });

  it('fill every tutorial category of SPEC §2', () => {
    const empty = TUTORIAL_CATEGORIES.filter((c) => !articles.some((a) => a.meta.kind === 'tutorial' && a.meta.category === c.newsId)).map((c) => c.newsId);
    expect(empty).toEqual([]);
  });

  it('contain no raw HTML', () => {
    const withHtml = articles.filter((a) => /<\/?[a-zA-Z][^>]*>|<!--/.test(a.body.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, ''))).map((a) => a.file);
    expect(withHtml).toEqual([]);
  });

  it('show only pictures that exist, each small enough', () => {
    const problems: string[] = [];
    for (const { file, meta, body } of articles) {
      const pictures = [...targets(body).images, ...(meta.cover === undefined ? [] : [String(meta.cover)])];
      for (const picture of pictures) {
        const at = path.join(IMAGES, picture);
        if (picture.includes('/') || !fs.existsSync(at)) problems.push(`${file}: ${picture} is not in server/content/images`);
        else if (fs.statSync(at).size > MAX_IMAGE_BYTES) problems.push(`${file}: ${picture} is over 120 KB`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('link only to real pages of the site', () => {
    const problems: string[] = [];
    for (const { file, body } of articles) {
      for (const link of targets(body).links) {
        if (/^https:\/\//.test(link)) continue;
        const url = new URL(link, 'http://site.invalid');
        const route = link.startsWith('/') ? matchSiteRoute(url.pathname) : null;
        if (!route || route.route.id === '404' || !url.pathname.endsWith('/')) {
          problems.push(`${file}: ${link} is not a page of the site`);
          continue;
        }
        const article = /^\/(help|news)\/(\d+)\/$/.exec(url.pathname);
        if (article) {
          const target = byId.get(Number(article[2]));
          const kind = article[1] === 'help' ? 'help' : 'tutorial';
          if (target?.meta.kind !== kind) problems.push(`${file}: ${link} names no ${kind} article`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
