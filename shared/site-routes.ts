// Every addressable page of the site — the pages of pages.ts and one page per catalogue tool —
// with a matcher shared by the server (status, login, head), client (head sync) and worker.
import { TOOLS, type Tool } from './catalogue';
import { PAGES, TOOL_PAGE_OPTIONS, type HeadText, type PageOptions } from './pages';

export interface SiteRoute {
  id: string;
  path: string;
  options: PageOptions;
  head: (params: Record<string, string | undefined>) => HeadText;
  tool?: Tool;
}

function toolRoute(tool: Tool): SiteRoute {
  return {
    id: `tool:${tool.id}`,
    path: tool.path,
    tool,
    options: { ...TOOL_PAGE_OPTIONS, layout: tool.layout, mobile: tool.mobile ? 'same' : undefined },
    head: () => ({
      title: `${tool.title}在线转换_免费${tool.title}工具 - PDF365`,
      description: `${tool.summary}。${tool.title}在线完成，无需安装软件，文件处理后自动删除。`,
      keywords: tool.keywords,
    }),
  };
}

export const SITE_ROUTES: readonly SiteRoute[] = [...PAGES, ...TOOLS.map(toolRoute)];

const STATIC_ROUTES = new Map(SITE_ROUTES.filter((r) => !r.path.includes(':')).map((r) => [r.path.toLowerCase(), r]));
/**
 * Pattern paths (`/news/:id/`) as react-router's matchPath reads them with `end: true`: each
 * `:name` one non-empty segment, the trailing slash optional, case ignored. Our own matcher, so
 * the browser, which matches every address here, need not load the router for it.
 */
const PATTERN_ROUTES = SITE_ROUTES.filter((r) => r.path.includes(':')).map((route) => {
  const names: string[] = [];
  const source = route.path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^\\/]+)';
    })
    .join('/');
  return { route, names, pattern: new RegExp(`^${source}\\/?$`, 'i') };
});

/** As matchPath gives a parameter: still percent-encoded, but for an encoded slash. */
function decodeSegment(text: string): string {
  return text.replace(/%2F/g, '/');
}

export interface SiteRouteMatch {
  route: SiteRoute;
  params: Record<string, string | undefined>;
  /** The page's own address for canonical tags: a fixed path as the site spells it, whatever case it was asked in. */
  path: string;
}

/** Static paths win over patterns, as in react-router's ranking; like the router, case is ignored. */
export function matchSiteRoute(pathname: string): SiteRouteMatch | null {
  const exact = STATIC_ROUTES.get(pathname.toLowerCase());
  if (exact) return { route: exact, params: {}, path: exact.path };
  for (const { route, names, pattern } of PATTERN_ROUTES) {
    const m = pattern.exec(pathname);
    if (m) return { route, params: Object.fromEntries(names.map((name, i) => [name, decodeSegment(m[i + 1]!)])), path: pathname };
  }
  return null;
}
