// The shell around every page: picks the layout (default, empty, mind-map, order) and the header
// options of the matched page, keeps head tags in step with client navigation, restores scroll.
import { useEffect, type MouseEvent } from 'react';
import type { ReactNode } from 'react';
import { buildHead } from '../../shared/head';
import { CONTENT_PAGE_IDS } from '../../shared/articles';
import { matchSiteRoute } from '../../shared/site-routes';
import { findPage, type PageOptions } from '../../shared/pages';
import { SiteConfigContext, type SiteConfig } from '../routing/site-config';
import { applyHead } from '../routing/apply-head';
import { useLinkNavigation } from '../routing/link-navigation';
import { useLocation } from '../routing/router';
import { useScrollRestoration } from '../routing/scroll-restoration';
import { Toaster } from '../components/toast/Toaster';
import { AdvertHead } from '../components/AdvertHead';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { ToolsBar } from '../components/ToolsBar';
import '../styles/base.css';

/**
 * Re-applies title and meta tags after client-side navigation (the server wrote the first set).
 * Content pages set their own once their data is there (routing/content-data-client.tsx): only
 * the data knows an article's title, or that the address is unknown.
 */
function useHeadSync(config: SiteConfig, pathname: string): void {
  useEffect(() => {
    const matched = matchSiteRoute(pathname);
    if (!matched || CONTENT_PAGE_IDS.has(matched.route.id)) return;
    applyHead(buildHead(matched.path, matched.route.head(matched.params), matched.route.options.mobile, config));
  }, [pathname, config]);
}

/** The order layout and custom-head pages replace the tool menus with their own title. */
function slimTitle(options: PageOptions): string | undefined {
  if (options.layout === 'order') return '支付中心';
  return options.customHead ? '限时福利' : undefined;
}

const MAIN_ID = 'main';

/**
 * The first stop of the Tab order: past the header's menus and links straight to the page. Before
 * hydration the browser follows the fragment itself; after, the focus is moved here, since the
 * shell's link handler would otherwise turn the click into a router navigation.
 */
function SkipLink() {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      跳到主要内容
    </a>
  );
}

/** `children` is the page: the server's router passes its <Outlet />, the browser the matched page. */
export function SiteShell({ config, children }: { config: SiteConfig; children: ReactNode }) {
  const { pathname } = useLocation();
  // Unknown addresses are on their way to /404/ and get its plain options meanwhile.
  const options = (matchSiteRoute(pathname)?.route ?? findPage('404')).options;
  useHeadSync(config, pathname);
  useScrollRestoration();
  const onClick = useLinkNavigation();
  const chrome = !options.hideHeaderFooter && options.layout !== 'empty';
  // The whole shell reads the config: the header's menus and the hot-tools row mark unavailable tools.
  return (
    <SiteConfigContext.Provider value={config}>
      <div className={`layout layout-${options.layout}`} onClick={onClick}>
        <SkipLink />
        {chrome && options.advertHead && <AdvertHead position={options.advertPosition ?? 0} />}
        {chrome && <Header slimTitle={slimTitle(options)} shadow={options.headerShadow} minWidth={options.minWidthHeader} accountOrigin={config.accountOrigin} />}
        {chrome && options.toolsBar && options.layout === 'default' && <ToolsBar />}
        <main className="layout-main" id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
        {chrome && options.layout !== 'mind-map' && <Footer compact={options.layout === 'order'} />}
        <Toaster />
      </div>
    </SiteConfigContext.Provider>
  );
}
