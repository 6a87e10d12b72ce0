// A worker's own /metrics (WORKER_METRICS_PORT): with REDIS_URL the conversions run on the
// workers, so their runs (tasks_total), engine slots, engine timeouts and LibreOffice restarts are
// counted there, one scrape target per worker; the web processes count none of them. The same
// metrics and token as the site's /metrics (metrics.ts), and nothing else on that port.
import type { Server } from 'node:http';
import express from 'express';
import type { Metrics } from './metrics';

export function serveWorkerMetrics(port: number, metrics: Metrics): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metrics.handler);
  return new Promise((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.once('error', reject);
  });
}
