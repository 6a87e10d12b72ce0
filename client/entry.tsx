// Browser entry: load the chunks the server rendered with, then hydrate the server's DOM.
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createRoutes } from './routes';
import { preloadChunks } from './routing/lazy-page';

async function start(): Promise<void> {
  await preloadChunks(window.__CHUNKS__);
  const router = createBrowserRouter(createRoutes(window.__SITE__), {
    hydrationData: (window as unknown as { __staticRouterHydrationData: never }).__staticRouterHydrationData,
  });
  hydrateRoot(document.getElementById('root')!, <RouterProvider router={router} />);
}

void start();
