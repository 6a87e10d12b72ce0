// The site's own navigation state, read through the hooks below by every component. The server
// fills it from its static data router's answer (server/ssr/render.tsx); the browser runs
// ClientRouter, which keeps it in step with the History API. The browser thus ships no
// react-router at all (about 14 KB gzip even for its hooks alone): the site's pages are a fixed
// table (shared/site-routes.ts) found by a Map lookup, so there is nothing else to route.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { matchSiteRoute } from '../../shared/site-routes';

export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
  /** The history entry's own key ('default' for the entry the visitor landed on). */
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface RouterState {
  location: SiteLocation;
  navigationType: NavigationType;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('navigation hooks outside the site router');
  return state;
}

export const useLocation = (): SiteLocation => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;
export const useNavigate = (): RouterState['navigate'] => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => matchSiteRoute(useLocation().pathname)?.params ?? {};
/** Read-only, as react-router's first element: [params]. */
export const useSearchParams = (): [URLSearchParams] => [new URLSearchParams(useLocation().search)];

/** The server's render: the location its router answered, and no navigation (a render never navigates). */
export function StaticSiteRouter({ location, children }: { location: Omit<SiteLocation, 'key'>; children: ReactNode }) {
  const value: RouterState = {
    location: { ...location, key: 'default' },
    navigationType: 'POP',
    navigate() {
      throw new Error('navigate during a server render');
    },
  };
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

let entryCount = 0;

function currentLocation(): SiteLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: (window.history.state as { key?: string } | null)?.key ?? 'default' };
}

/** The browser: the address bar is the state; push and replace write history entries with a key of their own. */
export function ClientRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ location: SiteLocation; navigationType: NavigationType }>(() => ({ location: currentLocation(), navigationType: 'POP' }));

  useEffect(() => {
    const onPop = () => setState({ location: currentLocation(), navigationType: 'POP' });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string, options?: { replace?: boolean }) => {
    const key = `${Date.now().toString(36)}-${(entryCount++).toString(36)}`;
    if (options?.replace) window.history.replaceState({ key }, '', to);
    else window.history.pushState({ key }, '', to);
    setState({ location: currentLocation(), navigationType: options?.replace ? 'REPLACE' : 'PUSH' });
  }, []);

  const value = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}
