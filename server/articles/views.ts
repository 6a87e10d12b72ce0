// Content addresses → page data (README "Articles"): which list, page or article an address of
// SPEC §2 names, with its head text and breadcrumbs. Anything else is missing (a real 404), and
// a page 1 spelled out (/help/page1/, /news/1/1/, /tags/k/1/) redirects to the list's own address.
import {
  CONTENT_PAGE_SIZE,
  GENERAL_CATEGORY,
  HELP_CATEGORIES,
  articlePath,
  listPagePath,
  tagName,
  tutorialCategory,
  type ArticleIndex,
  type ArticleSummary,
  type ContentAnswer,
  type ContentSource,
  type ContentView,
  type Crumb,
  type ListPage,
  type TagCount,
} from '../../shared/articles';
import { TUTORIAL_CATEGORIES, findTool } from '../../shared/catalogue';
import { PAGE_SIZES } from '../../shared/paging';
import { helpPageNumber } from '../../shared/pages';
import { matchSiteRoute } from '../../shared/site-routes';
import type { ArticleStore } from './store';

const SITE = 'PDF365';
const HOME: Crumb = { name: '首页', path: '/' };
const HELP: Crumb = { name: '帮助中心', path: '/help/' };
const NEWS: Crumb = { name: '教程资讯', path: '/news/more/' };
const TAGS: Crumb = { name: '热门标签', path: '/tag/' };
const RELATED_COUNT = 6;

const MISSING: ContentAnswer = { kind: 'missing' };
const view = (data: ContentView): ContentAnswer => ({ kind: 'view', data });
const redirectTo = (location: string): ContentAnswer => ({ kind: 'redirect', location });

/** A path segment that is a number as the site writes it (no sign, no leading zero). */
function integer(segment: string | undefined): number | undefined {
  return segment && /^[1-9]\d{0,8}$/.test(segment) ? Number(segment) : undefined;
}

function pageSize(size: number): number {
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : CONTENT_PAGE_SIZE;
}

/** Page `page` of `all`, or undefined past the last page (page 1 of an empty list exists). */
function listPage(all: ArticleSummary[], page: number, size: number, basePath: string, pagePattern: ListPage['pagePattern']): ListPage | undefined {
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  if (page > pageCount) return undefined;
  return { items: all.slice((page - 1) * size, page * size), total: all.length, page, size, basePath, pagePattern };
}

const pageSuffix = (page: number) => (page > 1 ? ` 第${page}页` : '');
const lastmodOf = (a: ArticleSummary) => a.updated ?? a.published;

export function tagCounts(all: ArticleSummary[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const a of all) for (const tag of a.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, name: tagName(key) ?? key, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Same tool, then same category, then shared tags; topped up with the newest of the same kind. */
function relatedTo(article: ArticleSummary, all: ArticleSummary[]): ArticleSummary[] {
  const generalCategory = article.kind === 'tutorial' && article.category === String(GENERAL_CATEGORY);
  const score = (other: ArticleSummary) =>
    (article.tool && other.tool === article.tool ? 4 : 0) +
    (!generalCategory && other.kind === article.kind && other.category === article.category ? 2 : 0) +
    other.tags.filter((t) => article.tags.includes(t)).length;
  const others = all.filter((a) => a.id !== article.id);
  const scored = others.map((a) => ({ a, s: score(a) })).filter((x) => x.s > 0);
  scored.sort((x, y) => y.s - x.s);
  const picked = scored.slice(0, RELATED_COUNT).map((x) => x.a);
  for (const a of others) {
    if (picked.length >= RELATED_COUNT) break;
    if (a.kind === article.kind && !picked.includes(a)) picked.push(a);
  }
  return picked;
}

function helpList(all: ArticleSummary[], page: number, size: number): ContentAnswer {
  const list = listPage(all.filter((a) => a.kind === 'help'), page, size, '/help/', 'help');
  if (!list) return MISSING;
  return view({
    view: 'help-list',
    list,
    head: { title: `帮助中心${pageSuffix(page)} - ${SITE}`, description: '账号登录、会员权益、支付与退款、发票、文件安全和使用限制等常见问题解答。', keywords: '帮助中心,常见问题,使用说明' },
    crumbs: page > 1 ? [HOME, HELP, { name: `第${page}页`, path: listPagePath('/help/', 'help', page) }] : [HOME, HELP],
  });
}

function categoryList(all: ArticleSummary[], newsId: number, page: number, size: number): ContentAnswer {
  const category = tutorialCategory(newsId)!;
  const basePath = `/news/${newsId}/`;
  const list = listPage(all.filter((a) => a.kind === 'tutorial' && a.category === String(newsId)), page, size, basePath, 'segment');
  if (!list) return MISSING;
  const tool = findTool(category.link.replaceAll('/', ''));
  return view({
    view: 'category',
    category,
    list,
    head: { title: `${category.title}${pageSuffix(page)} - ${SITE}`, description: category.description, keywords: `${category.title},${tool?.keywords ?? ''}` },
    crumbs: [HOME, NEWS, { name: category.title, path: basePath }, ...(page > 1 ? [{ name: `第${page}页`, path: listPagePath(basePath, 'segment', page) }] : [])],
  });
}

function tagList(all: ArticleSummary[], key: string, page: number, size: number): ContentAnswer {
  const name = tagName(key);
  const tagged = name ? all.filter((a) => a.tags.includes(key)) : [];
  const basePath = `/tags/${key}/`;
  // A tag nobody uses has no page, but for the tutorial categories' tag links (SPEC §2), which
  // the site links to whatever is written: those show their tool and an empty list.
  if (!name || (tagged.length === 0 && !TUTORIAL_CATEGORIES.some((c) => c.tagLink === basePath))) return MISSING;
  const list = listPage(tagged, page, size, basePath, 'segment');
  if (!list) return MISSING;
  return view({
    view: 'tag',
    tag: { key, name, count: tagged.length },
    list,
    head: { title: `${name}相关教程与帮助${pageSuffix(page)} - ${SITE}`, description: `与“${name}”相关的图文教程和帮助文章，共${tagged.length}篇。`, keywords: `${name},${name}教程,${name}怎么用` },
    crumbs: [HOME, TAGS, { name, path: basePath }, ...(page > 1 ? [{ name: `第${page}页`, path: listPagePath(basePath, 'segment', page) }] : [])],
  });
}

async function articlePage(store: ArticleStore, all: ArticleSummary[], id: number, kind: 'help' | 'tutorial'): Promise<ContentAnswer> {
  const summary = all.find((a) => a.id === id && a.kind === kind);
  const article = summary && (await store.article(id));
  if (!article) return MISSING;
  const path = articlePath(article);
  let crumbs: Crumb[];
  if (kind === 'help') crumbs = [HOME, HELP, { name: article.title, path }];
  else {
    const category = tutorialCategory(Number(article.category));
    crumbs = [HOME, NEWS, ...(category ? [{ name: category.title, path: `/news/${category.newsId}/` }] : []), { name: article.title, path }];
  }
  const section = kind === 'help' ? `帮助中心 - ${SITE}` : SITE;
  const keywords = [...new Set([...article.tags.map((t) => tagName(t) ?? t), ...(kind === 'help' ? [HELP_CATEGORIES[article.category as keyof typeof HELP_CATEGORIES]] : [])])].filter(Boolean).join(',');
  return view({
    view: 'article',
    article,
    related: relatedTo(article, all),
    head: { title: `${article.title} - ${section}`, description: article.summary, keywords, ogType: 'article', ...(article.cover ? { image: article.cover } : {}) },
    crumbs,
  });
}

/** The page data of a content address; `size` is the list size asked for (?size=), 10 by default. */
export async function resolveContent(store: ArticleStore, path: string, askedSize: number): Promise<ContentAnswer> {
  const matched = matchSiteRoute(path);
  if (!matched) return MISSING;
  const { params } = matched;
  const size = pageSize(askedSize);
  const all = await store.summaries();
  switch (matched.route.id) {
    case 'help':
      return helpList(all, 1, size);
    case 'help-detail': {
      const n = helpPageNumber(params.slug);
      if (n !== null) {
        // Only the site's own spelling: /help/page2/, never /help/page02/ or /help/page0/.
        if (params.slug !== `page${n}` || n < 1) return MISSING;
        return n === 1 ? redirectTo('/help/') : helpList(all, n, size);
      }
      const id = integer(params.slug);
      return id ? articlePage(store, all, id, 'help') : MISSING;
    }
    case 'news-more': {
      const tutorials = all.filter((a) => a.kind === 'tutorial');
      return view({
        view: 'news-more',
        categories: TUTORIAL_CATEGORIES.map((c) => {
          const inCategory = tutorials.filter((a) => a.category === String(c.newsId));
          return { ...c, count: inCategory.length, latest: inCategory.slice(0, 3) };
        }),
        latest: tutorials.slice(0, 10),
        head: { title: `教程资讯 - ${SITE}`, description: 'PDF转换、PDF编辑、Office文档、图片、CAD和音视频处理的图文教程与使用技巧。', keywords: '教程,PDF教程,PDF转Word教程,PDF技巧' },
        crumbs: [HOME, NEWS],
      });
    }
    case 'news-detail':
    case 'news-page': {
      const id = integer(params.id);
      if (!id) return MISSING;
      if (matched.route.id === 'news-detail') return tutorialCategory(id) ? categoryList(all, id, 1, size) : articlePage(store, all, id, 'tutorial');
      const page = integer(params.page);
      if (!page || !tutorialCategory(id)) return MISSING;
      return page === 1 ? redirectTo(`/news/${id}/`) : categoryList(all, id, page, size);
    }
    case 'tag':
      return view({
        view: 'tag-index',
        tags: tagCounts(all),
        head: { title: `热门标签 - ${SITE}`, description: '按标签浏览PDF转换、PDF编辑、图片处理、音视频和账号会员等教程与帮助文章。', keywords: '标签,教程,帮助' },
        crumbs: [HOME, TAGS],
      });
    case 'tags':
    case 'tags-page': {
      const key = params.key ?? '';
      if (matched.route.id === 'tags') return tagList(all, key, 1, size);
      const page = integer(params.page);
      if (!page) return MISSING;
      return page === 1 ? redirectTo(`/tags/${key}/`) : tagList(all, key, page, size);
    }
    default:
      return MISSING;
  }
}

/** Every article and every list page (at the default size), with the newest date each shows. */
export async function articleIndex(store: ArticleStore): Promise<ArticleIndex> {
  const all = await store.summaries();
  const newest = (list: ArticleSummary[]) => list.map(lastmodOf).sort().at(-1);
  const lists: ArticleIndex['lists'] = [];
  const addPages = (items: ArticleSummary[], basePath: string, pattern: ListPage['pagePattern']) => {
    const pages = Math.max(1, Math.ceil(items.length / CONTENT_PAGE_SIZE));
    for (let page = 1; page <= pages; page++) {
      const slice = items.slice((page - 1) * CONTENT_PAGE_SIZE, page * CONTENT_PAGE_SIZE);
      const lastmod = newest(slice);
      if (lastmod) lists.push({ path: listPagePath(basePath, pattern, page), lastmod });
    }
  };
  addPages(all.filter((a) => a.kind === 'help'), '/help/', 'help');
  const tutorials = all.filter((a) => a.kind === 'tutorial');
  const newestTutorial = newest(tutorials);
  if (newestTutorial) lists.push({ path: '/news/more/', lastmod: newestTutorial });
  for (const c of TUTORIAL_CATEGORIES) addPages(tutorials.filter((a) => a.category === String(c.newsId)), `/news/${c.newsId}/`, 'segment');
  const newestAll = newest(all);
  if (newestAll) lists.push({ path: '/tag/', lastmod: newestAll });
  for (const t of tagCounts(all)) addPages(all.filter((a) => a.tags.includes(t.key)), `/tags/${t.key}/`, 'segment');
  return { articles: all.map((a) => ({ path: articlePath(a), lastmod: lastmodOf(a) })), lists };
}

export function databaseContentSource(store: ArticleStore): ContentSource {
  return {
    page: (path, size) => resolveContent(store, path, size),
    index: () => articleIndex(store),
  };
}
