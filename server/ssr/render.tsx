// Server rendering (ARCHITECTURE.md "Request flow"): the static data router answers the request,
// redirects pass through, and the page renders inside a chunk collector so the document can
// modulepreload exactly the chunks it used.
import type { Request as ExpressRequest } from 'express';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';
import type { ContentSource } from '../../shared/articles';
import { buildHead, headFromLoaderData } from '../../shared/head';
import { matchSiteRoute } from '../../shared/site-routes';
import { findPage } from '../../shared/pages';
import { createRoutes } from '../../client/routes';
import { MarkupCacheContext } from '../../client/components/CachedMarkup';
import { ChunkRecorderContext, chunkNames, preloadChunks } from '../../client/routing/lazy-page';
import { StaticSiteRouter } from '../../client/routing/router';
import { SiteConfigContext, type SiteConfig } from '../../client/routing/site-config';
import { assetsFor, chunkStyles, readManifest } from './chunks';
import { renderDocument } from './document';
import { ServerMarkupCache } from './markup-cache';

export type RenderResult = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; html: string; needsLogin: boolean };

export interface PageRenderer {
  render(req: ExpressRequest, nonce: string): Promise<RenderResult>;
}

/** Express request → Fetch Request for the data router (only what loaders read: url, method, cookies). */
function toFetchRequest(req: ExpressRequest, url: URL): Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  return new Request(url, { method: 'GET', headers });
}

/** `content` answers the content pages' loaders in this process (client/routing/content-loader.ts). */
export async function createPageRenderer(site: SiteConfig, publicDir: string, content?: ContentSource): Promise<PageRenderer> {
  const manifest = readManifest(publicDir);
  const stylesByChunk = chunkStyles(manifest);
  // Every lazy page is loaded once at boot, so renders never meet an unloaded chunk.
  await preloadChunks(chunkNames());
  // One static handler per page, each with a table of just that page's route: the data router
  // matches a request by trying every branch of its table with freshly compiled patterns, and
  // converts the whole table again for each static router (~0.3 ms a render for the full table).
  // matchSiteRoute has already found the page with a Map lookup; the router only confirms it.
  // Addresses that are no page get the full table, whose fallback sends them to /404/.
  const handlers = new Map<string | undefined, StaticHandler>();
  const handlerFor = (pageId: string | undefined): StaticHandler => {
    let handler = handlers.get(pageId);
    if (!handler) handlers.set(pageId, (handler = createStaticHandler(createRoutes(site, pageId))));
    return handler;
  };
  // Cached parts may read the site config (SoonBadge): it is the same for every render of this server.
  const markupCache = new ServerMarkupCache((children) => <SiteConfigContext.Provider value={site}>{children}</SiteConfigContext.Provider>);

  return {
    async render(req, nonce) {
      const url = new URL(req.originalUrl, site.publicOrigin);
      const matched = matchSiteRoute(url.pathname);
      const handler = handlerFor(matched?.route.id);
      const context = await handler.query(toFetchRequest(req, url), { requestContext: { content } });
      if (context instanceof Response) {
        return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
      }
      const used = new Set<string>();
      // No hydration data: the browser's declarative routes need none (client/routing/client-app.tsx).
      const router = createStaticRouter(handler.dataRoutes, context);
      const body = renderToString(
        <ChunkRecorderContext.Provider value={(name) => used.add(name)}>
          <MarkupCacheContext.Provider value={markupCache}>
            <StaticSiteRouter location={context.location}>
              <StaticRouterProvider router={router} context={context} nonce={nonce} hydrate={false} />
            </StaticSiteRouter>
          </MarkupCacheContext.Provider>
        </ChunkRecorderContext.Provider>,
      );
      markupCache.fill();
      // A page whose loader found nothing (an unknown article, tag or page number) has the 404 page's head.
      const found = matched && context.statusCode !== 404;
      const route = found ? matched.route : findPage('404');
      const text = (found && headFromLoaderData(context.loaderData[matched.route.id])) || route.head(matched?.params ?? {});
      const head = buildHead(matched?.path ?? url.pathname, text, route.options.mobile, site);
      const { scripts, styles } = assetsFor(manifest, used);
      const html = renderDocument({ head, body, scripts, styles, chunks: [...used], chunkStyles: stylesByChunk, site, nonce, assetBase: '/assets/' });
      return { kind: 'page', status: context.statusCode, html, needsLogin: route.options.needsLogin };
    },
  };
}
