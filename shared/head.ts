// Head tags of SPEC §2 and the mobile address rules, in one place: the server renders them, the
// client re-applies them on navigation, the worker and the server's mobile redirect use mobileUrl.
import type { HeadText, MobileRule } from './pages';

export interface Origins {
  publicOrigin: string;
  mobileOrigin: string;
}

export interface HeadTag {
  tag: 'meta' | 'link';
  /** Identifies the tag so the client can find and replace it on navigation. */
  key: string;
  attrs: Record<string, string>;
}

export interface Head {
  title: string;
  tags: HeadTag[];
}

export const OG_IMAGE_PATH = '/og-image.png';

/** Keeps the first two path segments: /news/12/3/ → /news/12/ (news and tags detail). */
function cutToFirstSegments(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean).slice(0, 2);
  return `/${segments.join('/')}/`;
}

/** The mobile site's address for a page with a mobile rule (query dropped: the mobile site has its own). */
export function mobileUrl(pathname: string, rule: MobileRule, mobileOrigin: string): string {
  const path = rule === 'help-root' ? '/help/' : rule === 'cut' ? cutToFirstSegments(pathname) : pathname;
  return mobileOrigin.replace(/\/$/, '') + path;
}

export function canonicalUrl(pathname: string, publicOrigin: string): string {
  return publicOrigin.replace(/\/$/, '') + pathname;
}

/** Head text with what an article adds: og:type article and its cover as og:image (a path on this site). */
export interface PageHeadText extends HeadText {
  ogType?: string;
  image?: string;
}

/** A loader's data may carry the page's head text (content pages: the article's title and summary). */
export function headFromLoaderData(data: unknown): PageHeadText | undefined {
  const head = (data as { head?: PageHeadText } | null | undefined)?.head;
  return head && typeof head.title === 'string' ? head : undefined;
}

export function buildHead(pathname: string, text: PageHeadText, mobile: MobileRule | undefined, origins: Origins): Head {
  const canonical = canonicalUrl(pathname, origins.publicOrigin);
  const tags: HeadTag[] = [
    { tag: 'meta', key: 'description', attrs: { name: 'description', content: text.description } },
    { tag: 'meta', key: 'keywords', attrs: { name: 'keywords', content: text.keywords } },
    { tag: 'meta', key: 'renderer', attrs: { name: 'renderer', content: 'webkit' } },
    { tag: 'meta', key: 'og:title', attrs: { property: 'og:title', content: text.title } },
    { tag: 'meta', key: 'og:description', attrs: { property: 'og:description', content: text.description } },
    { tag: 'meta', key: 'og:url', attrs: { property: 'og:url', content: canonical } },
    { tag: 'meta', key: 'og:type', attrs: { property: 'og:type', content: text.ogType ?? 'website' } },
    { tag: 'meta', key: 'og:image', attrs: { property: 'og:image', content: canonicalUrl(text.image ?? OG_IMAGE_PATH, origins.publicOrigin) } },
    { tag: 'link', key: 'canonical', attrs: { rel: 'canonical', href: canonical } },
  ];
  if (mobile) {
    const url = mobileUrl(pathname, mobile, origins.mobileOrigin);
    tags.push(
      { tag: 'meta', key: 'mobile-agent', attrs: { name: 'mobile-agent', content: `format=html5;url=${url}` } },
      { tag: 'link', key: 'alternate', attrs: { rel: 'alternate', media: 'only screen and (max-width: 640px)', href: url } },
    );
  }
  return { title: text.title, tags };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  // Most values have nothing to escape: testing first skips building a copy (every render escapes ~30).
  return /[&<>"']/.test(value) ? value.replace(/[&<>"']/g, (c) => ESCAPES[c]) : value;
}

/** Serialises head tags for the server document; data-head marks them for the client to replace. */
export function renderHeadHtml(head: Head): string {
  const tags = head.tags.map((t) => {
    const attrs = Object.entries(t.attrs)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
    return `<${t.tag} data-head="${escapeHtml(t.key)}"${attrs}>`;
  });
  return `<title>${escapeHtml(head.title)}</title>\n${tags.join('\n')}`;
}
