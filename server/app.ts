// Composition only: the middleware order of ARCHITECTURE.md "Request flow".
import cookieParser from 'cookie-parser';
import express from 'express';
import qs from 'qs';
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH, QUERY_PARAMETER_LIMIT } from '../shared/constants';
import type { Config } from './config';
import { createApiRouter } from './api';
import { createDb, migrateToLatest, type Db } from './db';
import { apiProxy } from './http/api-proxy';
import { apiNotFound, errorHandler } from './http/errors';
import { pages } from './http/pages';
import { queryCookies } from './http/query-cookies';
import { securityHeaders } from './http/security';
import { staticAssets } from './http/static-assets';
import { trailingSlash } from './http/trailing-slash';
import { PageCache } from './ssr/page-cache';
import { createPageRenderer } from './ssr/render';

export interface SiteApp {
  app: express.Express;
  pageCache: PageCache;
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<SiteApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', (query: string) => qs.parse(query, { depth: QUERY_DEPTH, arrayLimit: QUERY_ARRAY_LIMIT, parameterLimit: QUERY_PARAMETER_LIMIT }));

  const site = { publicOrigin: config.publicOrigin, mobileOrigin: config.mobileOrigin, accountOrigin: config.accountOrigin };
  const renderer = await createPageRenderer(site, config.publicDir);
  const pageCache = new PageCache();

  // The API lives here unless API_ORIGIN names another server.
  let db: Db | undefined;
  if (!config.apiOrigin) {
    db = createDb(config);
    await migrateToLatest(db);
  }

  app.use(securityHeaders(config.production));
  app.use(cookieParser());
  app.use(queryCookies());
  app.use(staticAssets(config.publicDir));
  if (config.apiOrigin) app.use(apiProxy(config.apiOrigin));
  else app.use(express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }), createApiRouter({ config, db: db! }));
  app.use(apiNotFound());
  app.use(trailingSlash());
  app.use(pages(renderer, pageCache));
  app.use(errorHandler());

  return {
    app,
    pageCache,
    async close() {
      await db?.destroy();
    },
  };
}
