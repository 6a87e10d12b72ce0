// Browser entry: load the chunks the server rendered with, then hydrate the server's DOM with the
// declarative routes (routing/client-app.tsx; the server's data router is not shipped).
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ClientApp } from './routing/client-app';
import { preloadChunks } from './routing/lazy-page';

async function start(): Promise<void> {
  await preloadChunks(window.__CHUNKS__);
  // As a transition, hydration is time-sliced: it yields to the browser every few milliseconds
  // instead of one long task over the whole page (Lighthouse's total blocking time).
  startTransition(() => {
    hydrateRoot(document.getElementById('root')!, <ClientApp config={window.__SITE__} />);
  });
}

void start();
