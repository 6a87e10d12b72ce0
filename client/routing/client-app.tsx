// The browser's app: the page SITE_ROUTES names for the address, inside the site shell, hydrating
// what the server's static data router rendered (client/routes.tsx) — no router library ships.
// What the data router did on the server is done here without it: /404/ shows the error view,
// an unknown address moves to /404/, a page for logged-in users sends a visitor without a login
// to the account login, and a render error shows the error view instead of a blank page.
import { Component, useEffect, type ReactNode } from 'react';
import { ACCESS_TOKEN_COOKIE, readCookie } from '../../shared/cookies';
import { NOT_FOUND_MESSAGE, NOT_FOUND_PATH } from '../../shared/pages';
import { matchSiteRoute, type SiteRoute } from '../../shared/site-routes';
import { CONTENT_PAGE_IDS } from '../../shared/articles';
import { SiteShell } from '../layouts/SiteShell';
import { ClientContentData } from './content-data-client';
import { ErrorView } from '../pages/error/ErrorView';
import { loginUrl } from './login-url';
import { pageElement } from './page-elements';
import { ClientRouter, useLocation, useNavigate } from './router';
import type { SiteConfig } from './site-config';

/** A page for logged-in users (the server let this document through with a login; client navigation may not have one). */
function LoggedInOnly({ config, children }: { config: SiteConfig; children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (readCookie(document.cookie, ACCESS_TOKEN_COOKIE)) return children;
  window.location.assign(loginUrl(config, new URL(pathname + search, window.location.origin)));
  return null;
}

class RenderError extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    return error === undefined ? this.props.children : <ErrorView status={500} message={error instanceof Error ? error.message : String(error)} />;
  }
}

function clientElement(page: SiteRoute, config: SiteConfig) {
  if (page.path === NOT_FOUND_PATH) return <ErrorView status={404} message={NOT_FOUND_MESSAGE} />;
  const element = CONTENT_PAGE_IDS.has(page.id) ? (
    <RenderError>
      <ClientContentData>{pageElement(page)}</ClientContentData>
    </RenderError>
  ) : (
    <RenderError>{pageElement(page)}</RenderError>
  );
  return page.options.needsLogin ? <LoggedInOnly config={config}>{element}</LoggedInOnly> : element;
}

/** An address that is no page moves to /404/ (the server answers such an address with a redirect). */
function ToNotFound() {
  const navigate = useNavigate();
  useEffect(() => navigate(NOT_FOUND_PATH, { replace: true }), [navigate]);
  return null;
}

function CurrentPage({ config }: { config: SiteConfig }) {
  const matched = matchSiteRoute(useLocation().pathname);
  return <SiteShell config={config}>{matched ? clientElement(matched.route, config) : <ToNotFound />}</SiteShell>;
}

export function ClientApp({ config }: { config: SiteConfig }) {
  // The fragment's second child stands where StaticRouterProvider puts its (here absent)
  // hydration script, so useId numbers the tree as the server did.
  return (
    <>
      <ClientRouter>
        <CurrentPage config={config} />
      </ClientRouter>
      {null}
    </>
  );
}
