// Prometheus metrics at /metrics (prom-client), behind METRICS_TOKEN: request latency by route,
// tasks by tool and outcome, queue depth, engine slots in use and timeouts, LibreOffice listener
// restarts. Engines and the queue keep plain counters; this module reads them at scrape time.
import type express from 'express';
import client from 'prom-client';
import { engineSlotUsage, engineTimeouts } from '../convert/engines/run';
import { officePoolRestarts } from '../convert/engines/libreoffice';
import type { TaskService } from '../tasks/service';
import { holdsBearerToken } from '../http/bearer-token';

export interface Metrics {
  /** Times every response; labels are bounded (route groups, not paths). */
  middleware: express.RequestHandler;
  handler: express.RequestHandler;
  taskSettled(tool: string, outcome: 'done' | 'failed'): void;
}

/** A path's group: bounded label values, whatever a visitor sends. */
export function routeGroup(path: string): string {
  if (path.startsWith('/static/') || /\.[a-z0-9]+$/i.test(path)) return 'static';
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path;
  const api = /^\/(task|api|user|v2|auth|pay|admin|getUserInfoApi|setCookie|web_auto_login_v2)(\/|$)/.exec(path);
  if (api) return `/${api[1]}`;
  return 'page';
}

export function createMetrics(token: string | undefined, tasks: () => TaskService | undefined): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Response time by route group, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const tasksTotal = new client.Counter({ name: 'tasks_total', help: 'Conversion runs ended, by tool and outcome', labelNames: ['tool', 'outcome'], registers: [registry] });
  new client.Gauge({
    name: 'task_queue_depth',
    help: 'Jobs waiting or running: in this process, or on the Redis queue (REDIS_URL) for all workers',
    registers: [registry],
    collect() {
      this.set(tasks()?.queueDepth ?? 0);
    },
  });
  new client.Gauge({
    name: 'engine_slots_busy',
    help: 'Engine processes running now, by engine',
    labelNames: ['engine'],
    registers: [registry],
    collect() {
      for (const { engine, busy } of engineSlotUsage()) this.set({ engine }, busy);
    },
  });
  new client.Gauge({
    name: 'engine_timeouts',
    help: 'Engine runs ended by their timeout since start, by engine',
    labelNames: ['engine'],
    registers: [registry],
    collect() {
      for (const [engine, count] of engineTimeouts) this.set({ engine }, count);
    },
  });
  new client.Gauge({
    name: 'libreoffice_listener_restarts',
    help: 'LibreOffice listeners replaced since start (worn out, died or hung)',
    registers: [registry],
    collect() {
      this.set(officePoolRestarts());
    },
  });

  return {
    middleware(req, res, next) {
      const end = latency.startTimer();
      res.on('finish', () => end({ route: routeGroup(req.path), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` }));
      next();
    },
    async handler(req, res) {
      // Without a token the endpoint does not exist: nothing about the process leaks by default.
      if (!token) return void res.status(404).type('text/plain').send('Not Found');
      if (!holdsBearerToken(req, token)) return void res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('需要有效的访问令牌');
      res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(await registry.metrics());
    },
    taskSettled(tool, outcome) {
      tasksTotal.inc({ tool, outcome });
    },
  };
}
