// The server's route table (its static data router): one route per SITE_ROUTES entry
// (shared/site-routes.ts), rendered inside the site shell; unknown paths redirect to /404/, which
// answers 404 through the error boundary. The browser hydrates the same markup with declarative
// routes of the same shape (routing/client-app.tsx), so it ships without the data router.
import { data, Outlet, redirect, useLoaderData, useLocation, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { ContentView } from '../shared/articles';
import { ContentDataContext, ContentDataScript } from './pages/content/articles/content-data';
import { CONTENT_PAGE_IDS } from '../shared/articles';
import { NOT_FOUND_MESSAGE, NOT_FOUND_PATH } from '../shared/pages';
import { SITE_ROUTES, type SiteRoute } from '../shared/site-routes';
import { ErrorPage } from './pages/error/ErrorPage';
import { SiteShell } from './layouts/SiteShell';
import { pageElement } from './routing/page-elements';
import { runMiddleware } from './routing/middleware';
import { contentLoader } from './routing/content-loader';
import type { SiteConfig } from './routing/site-config';

/** A content page's loader data, handed down and written into the page for the browser to hydrate with. */
function ServerContentData({ children }: { children: ReactNode }) {
  const view = useLoaderData() as ContentView;
  const { pathname, search } = useLocation();
  return (
    <ContentDataContext.Provider value={{ status: 'ready', data: view }}>
      <ContentDataScript data={view} address={pathname + search} />
      {children}
    </ContentDataContext.Provider>
  );
}

function pageRoute(page: SiteRoute, config: SiteConfig): RouteObject {
  if (page.path === NOT_FOUND_PATH) {
    // Its loader always throws, so the error boundary draws the page; `element: null` says so.
    return { id: page.id, path: page.path, element: null, loader: () => { throw data(NOT_FOUND_MESSAGE, { status: 404 }); } };
  }
  if (CONTENT_PAGE_IDS.has(page.id)) return { id: page.id, path: page.path, element: <ServerContentData>{pageElement(page)}</ServerContentData>, loader: contentLoader };
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
      element: (
        <SiteShell config={config}>
          <Outlet />
        </SiteShell>
      ),
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
