// Composition only: the middleware order of ARCHITECTURE.md "Request flow".
import path from 'node:path';
import express from 'express';
import type { Config } from './config';
import { createApiRouter } from './api';
import { importArticles } from './articles/import';
import { createContentRouter } from './articles/router';
import { ArticleStore } from './articles/store';
import { databaseContentSource } from './articles/views';
import { httpContentSource } from '../client/api/content';
import { createSeoRouter } from './seo/router';
import type { ContentSource } from '../shared/articles';
import { createDb, migrateToLatest } from './db';
import type { ApiDeps } from './api/deps';
import { AccountService } from './account/service';
import { Commerce } from './pay/service';
import { PAY_NOTIFY_PREFIX } from './pay/orders';
import { createSmsProvider } from './account/sms';
import { loadSecret } from './tasks/links';
import { TaskService, type TaskServiceOptions } from './tasks/service';
import { configureTimestamps } from './convert/tools/pdf-render';
import { unavailableTools } from './convert/availability';
import { engineAvailability } from './convert/engines';
import { FeedbackService } from './feedback/service';
import { apiProxy } from './http/api-proxy';
import { apiNotFound, onlyApiPaths } from './http/api-paths';
import { errorHandler } from './http/errors';
import { mobileRedirect } from './http/mobile-redirect';
import { pageCacheHits, pages } from './http/pages';
import { parseQuery } from './http/query';
import { queryCookies } from './http/query-cookies';
import { securityHeaders } from './http/security';
import { staticAssets } from './http/static-assets';
import { trailingSlash } from './http/trailing-slash';
import { CONTENT_IMAGES_PATH } from './articles/markdown';
import { healthRoutes } from './ops/health';
import { createMetrics } from './ops/metrics';
import { requestLog } from './ops/request-log';
import { PageCache } from './ssr/page-cache';
import type { Advert } from '../shared/adverts';
import { keepPageAdverts } from './adverts/adverts';
import { readManifest } from './ssr/chunks';
import { createPageRenderer } from './ssr/render';
import { logger } from './log';

export interface SiteApp {
  app: express.Express;
  pageCache: PageCache;
  /** The embedded API's parts; undefined behind API_ORIGIN. */
  api?: ApiDeps;
  /**
   * Graceful shutdown's first half: /readyz answers 503 and submits are refused while running jobs
   * get up to `deadlineMs` to finish; pages, status polls and downloads are still served.
   */
  drain(deadlineMs: number): Promise<void>;
  close(): Promise<void>;
}

/** What is not configuration: how main.ts runs jobs (isolation), and what a test may put in place of the defaults. */
export interface AppSeams extends Pick<TaskServiceOptions, 'store' | 'fairness' | 'isolation'> {
  /** False leaves the job workers stopped (as in a process that has not booted them yet). */
  startTasks?: boolean;
}

export async function createApp(config: Config, seams: AppSeams = {}): Promise<SiteApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustedProxies);
  app.set('query parser', parseQuery);

  const pageCache = new PageCache();
  let draining = false;
  let api: ApiDeps | undefined;
  const metrics = createMetrics(config.metricsToken, () => api?.tasks);

  // The API (data layer and conversion jobs) lives here unless API_ORIGIN names another server.
  let content: ContentSource | undefined;
  if (!config.apiOrigin) {
    configureTimestamps({ authorityDir: path.join(config.dataDir, 'tsa'), tsaUrl: config.tsaUrl });
    const db = createDb(config);
    await migrateToLatest(db);
    const secret = loadSecret(config);
    const commerce = new Commerce(config, db, secret);
    const tasks = new TaskService({ config, db, store: seams.store, fairness: seams.fairness, isolation: seams.isolation, packs: commerce.packUses, onSettled: metrics.taskSettled });
    if (seams.startTasks !== false) await tasks.start();
    const accounts = new AccountService({ db, secret, sms: createSmsProvider(config) });
    if (seams.startTasks !== false) commerce.start();
    const feedback = new FeedbackService(db, tasks.store, config.feedbackRetentionDays);
    if (seams.startTasks !== false) feedback.start();
    api = { config, db, tasks, accounts, commerce, feedback };
    const imported = await importArticles(db, config.contentDir);
    for (const problem of imported.problems) logger.error(`articles: ${problem}`);
    content = databaseContentSource(new ArticleStore(db));
  }
  // Behind API_ORIGIN the articles are read from that server's content calls.
  content ??= httpContentSource(config.apiOrigin);

  // Behind API_ORIGIN the tools run elsewhere: this server cannot tell, and the API answers for them.
  // What this server cannot run is said in the log with the probe's answer, once, as it starts.
  if (api) for (const [engine, { available, detail }] of Object.entries(await engineAvailability())) if (!available) logger.warn({ engine, detail }, 'engine unavailable: its tools are shown as such');
  const site = {
    publicOrigin: config.publicOrigin,
    mobileOrigin: config.mobileOrigin,
    accountOrigin: config.accountOrigin,
    unavailableTools: api ? await unavailableTools() : {},
    toolIconSprite: `/assets/${readManifest(config.publicDir).toolIconSprite}`,
    footer: config.footer,
    adverts: [] as Advert[],
  };
  const stopAdverts = api ? await keepPageAdverts(api.db, site) : () => undefined;
  const renderer = await createPageRenderer(site, config.publicDir, content);

  const security = securityHeaders(config.production, config.accountOrigin === config.publicOrigin ? [] : [config.accountOrigin]);
  // Without a separate mobile site the rule can never fire: page requests skip it.
  const mobile = site.mobileOrigin !== site.publicOrigin ? mobileRedirect(site) : undefined;
  const pageLayers = mobile ? [security, mobile] : [security];

  app.use(metrics.middleware);
  app.use(requestLog());
  app.use(pageCacheHits(pageCache, pageLayers));
  app.use(security);
  app.use(healthRoutes({ db: api?.db, tasks: api?.tasks, dataDir: config.dataDir, draining: () => draining }));
  app.get('/metrics', metrics.handler);
  app.use(queryCookies());
  app.use(staticAssets(config.publicDir));
  // Article pictures live with the articles (CONTENT_DIR/images); their names are not hashed.
  app.use(CONTENT_IMAGES_PATH, express.static(path.join(config.contentDir, 'images'), { index: false, maxAge: '1d', dotfiles: 'ignore' }));
  // Payment notifies are signed over their exact bytes: the JSON parser keeps them for those paths.
  const keepNotifyBytes = (req: express.Request, _res: unknown, buf: Buffer) => {
    if (req.url.startsWith(PAY_NOTIFY_PREFIX)) (req as express.Request & { rawBody?: Buffer }).rawBody = buf;
  };
  if (api) app.use(onlyApiPaths(express.json({ limit: '1mb', verify: keepNotifyBytes }), express.urlencoded({ extended: false, limit: '1mb' }), createApiRouter(api), createContentRouter(content)));
  else app.use(apiProxy(config.apiOrigin!));
  app.use(apiNotFound());
  app.use(createSeoRouter({ publicOrigin: config.publicOrigin, publicDir: config.publicDir, content }));
  app.use(trailingSlash());
  if (mobile) app.use(mobile);
  app.use(pages(renderer, pageCache));
  app.use(errorHandler());

  return {
    app,
    pageCache,
    api,
    async drain(deadlineMs) {
      draining = true;
      await api?.tasks.drain(deadlineMs);
    },
    async close() {
      stopAdverts();
      api?.feedback?.stop();
      await api?.commerce?.stop();
      await api?.tasks.stop();
      await api?.db.destroy();
    },
  };
}
