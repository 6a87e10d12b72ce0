// The shell around every page: picks the layout (default, empty, mind-map, order) and the header
// options of the matched page, keeps head tags in step with client navigation, restores scroll.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { buildHead } from '../../shared/head';
import { SITE_ROUTES, matchSiteRoute } from '../../shared/site-routes';
import type { PageOptions } from '../../shared/pages';
import type { RouteHandle } from '../routes';
import type { SiteConfig } from '../routing/site-config';
import { applyHead } from '../routing/apply-head';
import { Toaster } from '../components/toast/Toaster';
import { AdvertHead } from '../components/AdvertHead';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { ToolsBar } from '../components/ToolsBar';
import '../styles/base.css';

function usePageOptions(): PageOptions {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.siteRouteId)?.handle as RouteHandle | undefined;
  const route = SITE_ROUTES.find((r) => r.id === handle?.siteRouteId) ?? SITE_ROUTES.find((r) => r.id === '404')!;
  return route.options;
}

/** Re-applies title and meta tags after client-side navigation (the server wrote the first set). */
function useHeadSync(config: SiteConfig): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const matched = matchSiteRoute(pathname);
    if (!matched) return;
    applyHead(buildHead(pathname, matched.route.head(matched.params), matched.route.options.mobile, config));
  }, [pathname, config]);
}

export function SiteShell({ config }: { config: SiteConfig }) {
  const options = usePageOptions();
  useHeadSync(config);
  const chrome = !options.hideHeaderFooter && options.layout !== 'empty';
  return (
    <div className={`layout layout-${options.layout}`}>
      {chrome && options.advertHead && <AdvertHead position={options.advertPosition ?? 0} />}
      {chrome && <Header variant={options.layout === 'order' ? 'order' : 'full'} shadow={options.headerShadow} minWidth={options.minWidthHeader} accountOrigin={config.accountOrigin} />}
      {chrome && options.toolsBar && options.layout === 'default' && <ToolsBar />}
      <main className="layout-main">
        <Outlet />
      </main>
      {chrome && options.layout !== 'mind-map' && <Footer compact={options.layout === 'order'} />}
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
