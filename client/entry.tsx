// Browser entry: load the chunks the server rendered with, then hydrate the server's DOM with the
// declarative routes (routing/client-app.tsx; the server's data router is not shipped).
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MarkupCacheContext, markupInDocument } from './components/CachedMarkup';
import { ClientApp } from './routing/client-app';
import { preloadChunks } from './routing/lazy-page';

async function start(): Promise<void> {
  await preloadChunks(window.__CHUNKS__);
  const root = document.getElementById('root')!;
  // The server's static parts are taken over as they stand instead of hydrated element by element.
  const markup = markupInDocument(root);
  // As a transition, hydration is time-sliced: it yields to the browser every few milliseconds
  // instead of one long task over the whole page (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <MarkupCacheContext.Provider value={markup}>
        <ClientApp config={window.__SITE__} />
      </MarkupCacheContext.Provider>,
    );
  });
}

void start();
