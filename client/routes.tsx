// The route table: one route per SITE_ROUTES entry (shared/site-routes.ts), rendered inside the
// site shell; unknown paths redirect to /404/, which answers 404 through the error boundary.
import { data, redirect, type RouteObject } from 'react-router';
import { NOT_FOUND_MESSAGE, NOT_FOUND_PATH } from '../shared/pages';
import { SITE_ROUTES, type SiteRoute } from '../shared/site-routes';
import { ErrorPage } from './pages/error/ErrorPage';
import { SiteShell } from './layouts/SiteShell';
import { lazyPage } from './routing/lazy-page';
import { runMiddleware } from './routing/middleware';
import type { SiteConfig } from './routing/site-config';

// Chunk names are the module paths under client/ (scripts/build.mjs maps them to files).
const HomePage = lazyPage('pages/home/HomePage', () => import('./pages/home/HomePage'));
const ToolPage = lazyPage('pages/tool/ToolPage', () => import('./pages/tool/ToolPage'));
const MindMapPage = lazyPage('pages/mindmap/MindMapPage', () => import('./pages/mindmap/MindMapPage'));
const ContentPage = lazyPage('pages/content/ContentPage', () => import('./pages/content/ContentPage'));
const AccountPage = lazyPage('pages/account/AccountPage', () => import('./pages/account/AccountPage'));

const ACCOUNT_PAGES = new Set(['myOrders', 'myintegral', 'task', 'invoice', 'postage_pay', 'yijian', 'xiezai-huodong', 'login', 'iamEmpty']);

export interface RouteHandle {
  siteRouteId: string;
}

function elementFor(route: SiteRoute) {
  if (route.tool?.layout === 'mind-map') return <MindMapPage />;
  if (route.tool) return <ToolPage toolId={route.tool.id} />;
  if (route.id === 'home') return <HomePage />;
  if (ACCOUNT_PAGES.has(route.id)) return <AccountPage pageId={route.id} />;
  return <ContentPage pageId={route.id} />;
}

function pageRoute(route: SiteRoute, config: SiteConfig): RouteObject {
  const middleware = route.options.needsLogin ? ['auth'] : [];
  const handle: RouteHandle = { siteRouteId: route.id };
  if (route.path === NOT_FOUND_PATH) {
    return { id: route.id, path: route.path, handle, loader: () => { throw data(NOT_FOUND_MESSAGE, { status: 404 }); } };
  }
  return {
    id: route.id,
    path: route.path,
    handle,
    element: elementFor(route),
    loader: middleware.length ? ({ request }) => runMiddleware(middleware, request, config) : undefined,
  };
}

export function createRoutes(config: SiteConfig): RouteObject[] {
  return [
    {
      id: 'root',
      element: <SiteShell config={config} />,
      errorElement: <ErrorPage />,
      children: [
        {
          id: 'pages',
          errorElement: <ErrorPage />,
          children: [...SITE_ROUTES.map((r) => pageRoute(r, config)), { path: '*', loader: () => redirect(NOT_FOUND_PATH) }],
        },
      ],
    },
  ];
}
