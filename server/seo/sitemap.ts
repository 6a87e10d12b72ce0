// sitemap.xml (sitemaps.org 0.9): every public, indexable page of the site routes and every
// article and article list, with lastmod. Past 50,000 addresses the file becomes a sitemap
// index of numbered parts (/sitemap-1.xml …), as the protocol's per-file limit asks.
import type { ArticleIndex, ArticleIndexEntry } from '../../shared/articles';
import { CONTENT_PAGE_IDS } from '../../shared/articles';
import { escapeHtml } from '../../shared/head';
import { SITE_ROUTES } from '../../shared/site-routes';

export const SITEMAP_MAX_URLS = 50_000;

/** Pages that are no destination of their own: not found, blank returns, login, payment steps. */
const NOT_INDEXED = new Set(['404', 'iamEmpty', 'login', 'invoice', 'postage_pay', 'sitemap-html']);

/** Fixed-address pages a search engine may list (content lists come from the index, with their dates). */
export function indexablePaths(): string[] {
  return SITE_ROUTES.filter((r) => !r.path.includes(':') && !r.options.needsLogin && !NOT_INDEXED.has(r.id) && !CONTENT_PAGE_IDS.has(r.id)).map((r) => r.path);
}

/** Paths robots.txt keeps crawlers out of: the account, order, payment, invoice and task pages. */
export function disallowedPaths(): string[] {
  const pages = SITE_ROUTES.filter((r) => r.options.needsLogin || (NOT_INDEXED.has(r.id) && r.id !== '404' && r.id !== 'sitemap-html')).map((r) => r.path);
  return [...new Set([...pages, '/payCode/'])];
}

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export function sitemapEntries(origin: string, index: ArticleIndex, pagesLastmod: string): SitemapEntry[] {
  const base = origin.replace(/\/$/, '');
  const fixed = indexablePaths().map((path) => ({ loc: base + path, lastmod: pagesLastmod }));
  const content = (entries: ArticleIndexEntry[]) => entries.map((e) => ({ loc: base + e.path, lastmod: e.lastmod }));
  // The help and tag roots are fixed pages too; they come with the lists when there are articles.
  const listed = new Set(index.lists.map((e) => e.path));
  const roots = ['/help/', '/news/more/', '/tag/'].filter((p) => !listed.has(p)).map((path) => ({ loc: base + path, lastmod: pagesLastmod }));
  return [...fixed, ...roots, ...content(index.lists), ...content(index.articles)];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `<url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(parts: SitemapEntry[]): string {
  const items = parts.map((e) => `<sitemap><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The files to serve: one urlset, or an index plus its parts when there are too many addresses. */
export function sitemapFiles(origin: string, entries: SitemapEntry[], maxUrls = SITEMAP_MAX_URLS): Map<string, string> {
  const files = new Map<string, string>();
  if (entries.length <= maxUrls) {
    files.set('/sitemap.xml', urlsetXml(entries));
    return files;
  }
  const base = origin.replace(/\/$/, '');
  const parts: SitemapEntry[] = [];
  for (let i = 0; i * maxUrls < entries.length; i++) {
    const chunk = entries.slice(i * maxUrls, (i + 1) * maxUrls);
    const path = `/sitemap-${i + 1}.xml`;
    files.set(path, urlsetXml(chunk));
    parts.push({ loc: base + path, lastmod: chunk.map((e) => e.lastmod ?? '').sort().at(-1) || undefined });
  }
  files.set('/sitemap.xml', sitemapIndexXml(parts));
  return files;
}

export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', ...disallowedPaths().map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin.replace(/\/$/, '')}/sitemap.xml`];
  return `${lines.join('\n')}\n`;
}
