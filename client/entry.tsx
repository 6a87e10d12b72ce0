// Browser entry: load the chunks the server rendered with, then hydrate the server's DOM with the
// declarative routes (routing/client-app.tsx; the server's data router is not shipped).
import { hydrateRoot } from 'react-dom/client';
import { ClientApp } from './routing/client-app';
import { preloadChunks } from './routing/lazy-page';

async function start(): Promise<void> {
  await preloadChunks(window.__CHUNKS__);
  hydrateRoot(document.getElementById('root')!, <ClientApp config={window.__SITE__} />);
}

void start();
