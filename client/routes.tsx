// The route table: one route per SITE_ROUTES entry (shared/site-routes.ts), rendered inside the
// site shell; unknown paths redirect to /404/, which answers 404 through the error boundary.
import { data, redirect, type RouteObject } from 'react-router';
import { CONTENT_PAGE_IDS } from '../shared/articles';
import { NOT_FOUND_MESSAGE, NOT_FOUND_PATH } from '../shared/pages';
import { SITE_ROUTES, type SiteRoute } from '../shared/site-routes';
import { ErrorPage } from './pages/error/ErrorPage';
import { SiteShell } from './layouts/SiteShell';
import { lazyPage } from './routing/lazy-page';
import { runMiddleware } from './routing/middleware';
import { contentLoader } from './routing/content-loader';
import type { SiteConfig } from './routing/site-config';

// Chunk names are the module paths under client/ (scripts/build.mjs maps them to files).
const HomePage = lazyPage('pages/home/HomePage', () => import('./pages/home/HomePage'));
const ToolPage = lazyPage('pages/tool/ToolPage', () => import('./pages/tool/ToolPage'));
const MindMapPage = lazyPage('pages/mindmap/MindMapPage', () => import('./pages/mindmap/MindMapPage'));
const ContentPage = lazyPage('pages/content/ContentPage', () => import('./pages/content/ContentPage'));
const AccountPage = lazyPage('pages/account/AccountPage', () => import('./pages/account/AccountPage'));
const LoginPage = lazyPage('pages/account/LoginPage', () => import('./pages/account/LoginPage'));

const ACCOUNT_PAGES = new Set(['myOrders', 'myintegral', 'task', 'invoice', 'postage_pay', 'yijian', 'xiezai-huodong', 'iamEmpty']);

function pageElement(page: SiteRoute) {
  if (page.tool) return page.tool.layout === 'mind-map' ? <MindMapPage /> : <ToolPage toolId={page.tool.id} />;
  if (page.id === 'home') return <HomePage />;
  if (page.id === 'login') return <LoginPage />;
  if (ACCOUNT_PAGES.has(page.id)) return <AccountPage pageId={page.id} />;
  return <ContentPage pageId={page.id} />;
}

function pageRoute(page: SiteRoute, config: SiteConfig): RouteObject {
  if (page.path === NOT_FOUND_PATH) {
    // Its loader always throws, so the error boundary draws the page; `element: null` says so.
    return { id: page.id, path: page.path, element: null, loader: () => { throw data(NOT_FOUND_MESSAGE, { status: 404 }); } };
  }
  if (CONTENT_PAGE_IDS.has(page.id)) return { id: page.id, path: page.path, element: pageElement(page), loader: contentLoader };
  const middleware = page.options.needsLogin ? ['auth'] : [];
  return {
    id: page.id,
    path: page.path,
    element: pageElement(page),
    loader: middleware.length ? ({ request }) => runMiddleware(middleware, request, config) : undefined,
  };
}

/**
 * One route per page of SITE_ROUTES, tools included (each tool its own static path: an unknown
 * tool name matches nothing and meets the fallback, so no loader has to check it). With `onlyId`,
 * a table holding just that page's route and the fallback: a page gets the same matches and
 * route ids from either table, so the server's hydration data from one fits the client's other.
 */
export function createRoutes(config: SiteConfig, onlyId?: string): RouteObject[] {
  const pages = (onlyId ? SITE_ROUTES.filter((r) => r.id === onlyId) : SITE_ROUTES).map((page) => pageRoute(page, config));
  return [
    {
      id: 'root',
      element: <SiteShell config={config} />,
      errorElement: <ErrorPage />,
      children: [
        {
          id: 'pages',
          errorElement: <ErrorPage />,
          children: [...pages, { path: '*', loader: () => redirect(NOT_FOUND_PATH) }],
        },
      ],
    },
  ];
}
