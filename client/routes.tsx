// The route table: one route per SITE_ROUTES entry (shared/site-routes.ts), rendered inside the
// site shell; unknown paths redirect to /404/, which answers 404 through the error boundary.
import { data, redirect, useParams, type RouteObject } from 'react-router';
import { findTool } from '../shared/catalogue';
import { NOT_FOUND_MESSAGE, NOT_FOUND_PATH } from '../shared/pages';
import { PAGES, type PageDef } from '../shared/pages';
import { ErrorPage } from './pages/error/ErrorPage';
import { SiteShell } from './layouts/SiteShell';
import { lazyPage } from './routing/lazy-page';
import { runMiddleware } from './routing/middleware';
import type { SiteConfig } from './routing/site-config';
import type { SiteRoute } from '../shared/site-routes';

// Chunk names are the module paths under client/ (scripts/build.mjs maps them to files).
const HomePage = lazyPage('pages/home/HomePage', () => import('./pages/home/HomePage'));
const ToolPage = lazyPage('pages/tool/ToolPage', () => import('./pages/tool/ToolPage'));
const MindMapPage = lazyPage('pages/mindmap/MindMapPage', () => import('./pages/mindmap/MindMapPage'));
const ContentPage = lazyPage('pages/content/ContentPage', () => import('./pages/content/ContentPage'));
const AccountPage = lazyPage('pages/account/AccountPage', () => import('./pages/account/AccountPage'));

const ACCOUNT_PAGES = new Set(['myOrders', 'myintegral', 'task', 'invoice', 'postage_pay', 'yijian', 'xiezai-huodong', 'login', 'iamEmpty']);

/** Every tool shares one route: a single pattern keeps route matching cheap on each render. */
function ToolRoute() {
  const tool = findTool(useParams().toolId ?? '')!;
  return tool.layout === 'mind-map' ? <MindMapPage /> : <ToolPage toolId={tool.id} />;
}

function pageElement(page: PageDef) {
  if (page.id === 'home') return <HomePage />;
  if (ACCOUNT_PAGES.has(page.id)) return <AccountPage pageId={page.id} />;
  return <ContentPage pageId={page.id} />;
}

function pageRoute(page: PageDef, config: SiteConfig): RouteObject {
  if (page.path === NOT_FOUND_PATH) {
    // Its loader always throws, so the error boundary draws the page; `element: null` says so.
    return { id: page.id, path: page.path, element: null, loader: () => { throw data(NOT_FOUND_MESSAGE, { status: 404 }); } };
  }
  const middleware = page.options.needsLogin ? ['auth'] : [];
  return {
    id: page.id,
    path: page.path,
    element: pageElement(page),
    loader: middleware.length ? ({ request }) => runMiddleware(middleware, request, config) : undefined,
  };
}

const toolRoute: RouteObject = {
  id: 'tool',
  path: '/:toolId/',
  element: <ToolRoute />,
  loader: ({ params }) => (findTool(params.toolId ?? '') ? null : redirect(NOT_FOUND_PATH)),
};

/** The route of this table that serves a page of SITE_ROUTES: its own, or the one route all tools share. */
export function routeIdOf(page: SiteRoute): string {
  return page.tool ? toolRoute.id! : page.id;
}

/**
 * The route table; with `onlyRouteId`, a table holding just that page's route and the fallback.
 * Either table gives a page the same matches and route ids, so hydration data from one fits the other.
 */
export function createRoutes(config: SiteConfig, onlyRouteId?: string): RouteObject[] {
  const pages = [...PAGES.map((p) => pageRoute(p, config)), toolRoute];
  return [
    {
      id: 'root',
      element: <SiteShell config={config} />,
      errorElement: <ErrorPage />,
      children: [
        {
          id: 'pages',
          errorElement: <ErrorPage />,
          children: [...(onlyRouteId ? pages.filter((r) => r.id === onlyRouteId) : pages), { path: '*', loader: () => redirect(NOT_FOUND_PATH) }],
        },
      ],
    },
  ];
}
