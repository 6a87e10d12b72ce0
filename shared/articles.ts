// Help and tutorial articles (server/articles): kinds, categories, tag names, and the shapes of the
// content pages' data, shared by the server (which resolves them), the API and the client pages.
import { findTool, TUTORIAL_CATEGORIES, type TutorialCategory } from './catalogue';
import type { HeadText } from './pages';

export type ArticleKind = 'tutorial' | 'help';

/** Help-centre sections: the `category` of a help article. */
export const HELP_CATEGORIES = {
  account: '账号与登录',
  vip: '会员权益',
  payment: '支付问题',
  invoice: '发票',
  refund: '退款',
  privacy: '隐私与文件安全',
  limits: '使用限制',
  files: '文件处理',
} as const;
export type HelpCategory = keyof typeof HELP_CATEGORIES;

/** Tag keys beyond the catalogue's tool ids, with the Chinese names the pages show. */
export const EXTRA_TAGS: Readonly<Record<string, string>> = {
  'pdf-convert': '转换PDF',
  'pdf-edit': 'PDF编辑',
  'pdf-security': 'PDF安全',
  office: '办公文档',
  image: '图片处理',
  media: '音视频',
  cad: 'CAD图纸',
  account: '账号',
  vip: '会员',
  payment: '支付',
  invoice: '发票',
  refund: '退款',
  privacy: '隐私与文件安全',
  limits: '使用限制',
};

/** A tag key's Chinese name: an extra tag's, or the catalogue tool's title; undefined for an unknown key. */
export function tagName(key: string): string | undefined {
  return Object.hasOwn(EXTRA_TAGS, key) ? EXTRA_TAGS[key] : findTool(key)?.title;
}

/** General tutorials (category 0) have no SPEC §2 category page of their own. */
export const GENERAL_CATEGORY = 0;

/** /news/{id}/ names a tutorial category when the id is one of SPEC §2's, an article otherwise. */
export function tutorialCategory(newsId: number): TutorialCategory | undefined {
  return TUTORIAL_CATEGORIES.find((c) => c.newsId === newsId);
}

/** Lists show 10 a page (SPEC §9); `?size=` picks another of PAGE_SIZES. */
export const CONTENT_PAGE_SIZE = 10;

export interface ArticleSummary {
  id: number;
  kind: ArticleKind;
  /** Tutorial category id as text ('0' general) or help category key. */
  category: string;
  tags: string[];
  tool?: string;
  title: string;
  summary: string;
  /** The cover's URL path (/content-images/…), when the article has one. */
  cover?: string;
  /** YYYY-MM-DD. */
  published: string;
  updated?: string;
}

export interface HowToStep {
  name: string;
  text: string;
}

export interface Article extends ArticleSummary {
  /** Safe HTML rendered from the Markdown body. */
  html: string;
  /** The body's ## headings, for the table of contents. */
  headings: { id: string; text: string }[];
  /** Steps of a tool how-to (the body's first ordered list), for HowTo JSON-LD. */
  steps: HowToStep[];
}

export interface Crumb {
  name: string;
  path: string;
}

export interface TagCount {
  key: string;
  name: string;
  count: number;
}

export interface ListPage {
  items: ArticleSummary[];
  total: number;
  page: number;
  size: number;
  /** The list's own first-page path; page N adds its suffix (see listPagePath). */
  basePath: string;
  pagePattern: 'help' | 'segment';
}

/** Head text of a content page, with the article extras (og:type article, cover as og:image). */
export interface ContentHead extends HeadText {
  ogType?: 'article';
  image?: string;
}

interface ViewBase {
  head: ContentHead;
  crumbs: Crumb[];
}

export type ContentView = ViewBase &
  (
    | { view: 'help-list'; list: ListPage }
    | { view: 'news-more'; categories: (TutorialCategory & { count: number; latest: ArticleSummary[] })[]; latest: ArticleSummary[] }
    | { view: 'category'; category: TutorialCategory; list: ListPage }
    | { view: 'tag-index'; tags: TagCount[] }
    | { view: 'tag'; tag: TagCount; list: ListPage }
    | { view: 'article'; article: Article; related: ArticleSummary[] }
  );

/** What resolving a content address gives: its data, a redirect to its canonical address, or nothing (404). */
export type ContentAnswer = { kind: 'view'; data: ContentView } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** Entries of the sitemap: every article's address and date. */
export interface ArticleIndexEntry {
  path: string;
  lastmod: string;
}

export interface ArticleIndex {
  articles: ArticleIndexEntry[];
  /** The list pages (help pages, category pages, tag pages) with their newest article's date. */
  lists: ArticleIndexEntry[];
}

/** Reads content pages: from the database on the API's server, over HTTP elsewhere. */
export interface ContentSource {
  /** `path` is a content page's address; `size` the list page size asked for. */
  page(path: string, size: number): Promise<ContentAnswer>;
  index(): Promise<ArticleIndex>;
}

/** The address of page `page` of a list: /help/pageN/ for help, /…/N/ for the others; page 1 is the base. */
export function listPagePath(basePath: string, pattern: ListPage['pagePattern'], page: number): string {
  if (page <= 1) return basePath;
  return pattern === 'help' ? `${basePath}page${page}/` : `${basePath}${page}/`;
}

export function articlePath(a: Pick<ArticleSummary, 'id' | 'kind'>): string {
  return a.kind === 'help' ? `/help/${a.id}/` : `/news/${a.id}/`;
}

/** The content page ids of shared/pages.ts whose data comes from a ContentSource. */
export const CONTENT_PAGE_IDS: ReadonlySet<string> = new Set(['help', 'help-detail', 'news-more', 'news-detail', 'news-page', 'tag', 'tags', 'tags-page']);

/** The content calls (server/articles/router.ts). */
export const CONTENT_PAGE_CALL = '/api/content/page';
export const CONTENT_INDEX_CALL = '/api/content/index';
