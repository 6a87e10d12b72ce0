// Server rendering (ARCHITECTURE.md "Request flow"): the static data router answers the request,
// redirects pass through, and the page renders inside a chunk collector so the document can
// modulepreload exactly the chunks it used.
import { ChunkExtractorManager } from '@loadable/server';
import type { Request as ExpressRequest } from 'express';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { buildHead } from '../../shared/head';
import { matchSiteRoute } from '../../shared/site-routes';
import { findPage } from '../../shared/pages';
import { createRoutes } from '../../client/routes';
import { chunkNames, preloadChunks } from '../../client/routing/lazy-page';
import type { SiteConfig } from '../../client/routing/site-config';
import { assetsFor, readManifest } from './chunks';
import { renderDocument } from './document';

export type RenderResult = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; html: string; needsLogin: boolean };

export interface PageRenderer {
  render(req: ExpressRequest, nonce: string): Promise<RenderResult>;
}

/** Express request → Fetch Request for the data router (only what loaders read: url, method, cookies). */
function toFetchRequest(req: ExpressRequest, origin: string): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return new Request(new URL(req.originalUrl, origin), { method: 'GET', headers });
}

export async function createPageRenderer(site: SiteConfig, publicDir: string): Promise<PageRenderer> {
  const manifest = readManifest(publicDir);
  // Every lazy page is loaded once at boot, so renders never meet an unloaded chunk.
  await preloadChunks(chunkNames());
  const handler = createStaticHandler(createRoutes(site));

  return {
    async render(req, nonce) {
      const context = await handler.query(toFetchRequest(req, site.publicOrigin));
      if (context instanceof Response) {
        return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
      }
      const used = new Set<string>();
      const router = createStaticRouter(handler.dataRoutes, context);
      const body = renderToString(
        <ChunkExtractorManager extractor={{ addChunk: (name: string) => used.add(name) } as never}>
          <StaticRouterProvider router={router} context={context} nonce={nonce} />
        </ChunkExtractorManager>,
      );
      const pathname = new URL(req.originalUrl, site.publicOrigin).pathname;
      const matched = matchSiteRoute(pathname);
      const route = matched?.route ?? findPage('404');
      const head = buildHead(pathname, route.head(matched?.params ?? {}), route.options.mobile, site);
      const { scripts, styles } = assetsFor(manifest, used);
      const html = renderDocument({ head, body, scripts, styles, chunks: [...used], site, nonce, assetBase: '/assets/' });
      return { kind: 'page', status: context.statusCode, html, needsLogin: route.options.needsLogin };
    },
  };
}
