// The browser's half of client/pages/content/articles/content-data.tsx: a content page's data
// from the JSON the server wrote for the address being hydrated, else from the content call; a
// spelled-out page 1 moves to its list's address, an unknown one shows the 404 view and head.
import { useEffect, useState, type ReactNode } from 'react';
import { headFromLoaderData, buildHead } from '../../shared/head';
import type { ContentView } from '../../shared/articles';
import { findPage, NOT_FOUND_MESSAGE } from '../../shared/pages';
import { matchSiteRoute } from '../../shared/site-routes';
import { ContentDataContext, ContentDataScript, CONTENT_DATA_ID } from '../pages/content/articles/content-data';
import { ErrorView } from '../pages/error/ErrorView';
import { applyHead } from './apply-head';
import { useLocation, useNavigate } from './router';
import { useSiteConfig } from './site-config';

type Loaded = { address: string; view?: ContentView; missing?: boolean };

function embedded(address: string): Loaded {
  const script = document.getElementById(CONTENT_DATA_ID);
  if (!script || script.dataset.address !== address) return { address: '' };
  try {
    return { address, view: JSON.parse(script.textContent ?? '') as ContentView };
  } catch {
    return { address: '' };
  }
}

export function ClientContentData({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const address = pathname + search;
  const [loaded, setLoaded] = useState<Loaded>(() => embedded(address));
  const current = loaded.address === address;

  useEffect(() => {
    if (current) return;
    let live = true;
    const size = Number(new URLSearchParams(search).get('size')) || 0;
    // The content call's client is loaded with the first content navigation, not with every page.
    import('../api/content')
      .then(({ httpContentSource }) => httpContentSource().page(pathname, size))
      .then((answer) => {
        if (!live) return;
        if (answer.kind === 'redirect') navigate(answer.location + search, { replace: true });
        else setLoaded(answer.kind === 'missing' ? { address, missing: true } : { address, view: answer.data });
      })
      .catch(() => live && setLoaded({ address, missing: true }));
    return () => {
      live = false;
    };
  }, [address, current, pathname, search, navigate]);

  // The shell leaves content pages' head to this: only the data knows the article's title.
  useEffect(() => {
    if (!current) return;
    const matched = matchSiteRoute(pathname);
    const text = loaded.view ? headFromLoaderData(loaded.view) : undefined;
    applyHead(text && matched ? buildHead(pathname, text, matched.route.options.mobile, config) : buildHead(pathname, findPage('404').head({}), undefined, config));
  }, [current, loaded, pathname, config]);

  if (current && loaded.missing) return <ErrorView status={404} message={NOT_FOUND_MESSAGE} />;
  const ready = current && loaded.view;
  // The same JSON script the server wrote beside the page, so hydration finds the markup it made.
  return (
    <ContentDataContext.Provider value={ready ? { status: 'ready', data: loaded.view! } : { status: 'loading' }}>
      {ready && <ContentDataScript data={loaded.view!} address={address} />}
      {children}
    </ContentDataContext.Provider>
  );
}
