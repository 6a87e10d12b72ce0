// /healthz (the process answers) and /readyz (it can do its work: database, the data dir, the
// file store (S3_* or DATA_DIR/files), job queue; engines listed). A load balancer stops sending to
// a process whose /readyz is 503, which is what a draining process (SIGTERM) answers, so its last
// jobs finish undisturbed.
import fs from 'node:fs/promises';
import express from 'express';
import { sql } from 'kysely';
import { engineAvailability } from '../convert/engines';
import type { Db } from '../db';
import type { TaskService } from '../tasks/service';

export interface HealthDeps {
  /** Undefined behind API_ORIGIN: this process serves pages only. */
  db?: Db;
  tasks?: TaskService;
  dataDir: string;
  /** True from SIGTERM on. */
  draining: () => boolean;
}

type Check = { ok: boolean; detail?: string };

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref())]);
}

async function check(work: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(work());
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
}

export function healthRoutes(deps: HealthDeps): express.Router {
  const router = express.Router();
  const started = Date.now();

  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) });
  });

  router.get('/readyz', async (_req, res) => {
    const checks: Record<string, Check> = {};
    checks.accepting = deps.draining() ? { ok: false, detail: 'draining: shutting down' } : { ok: true };
    if (deps.db) {
      const db = deps.db;
      checks.database = await check(() => sql`select 1`.execute(db));
      checks.storage = await check(() => fs.access(deps.dataDir, fs.constants.W_OK));
    }
    if (deps.tasks) {
      const store = deps.tasks.store;
      const reached = await check(() => store.reachable());
      checks.fileStore = { ok: reached.ok, detail: reached.ok ? store.location : `${store.location}: ${reached.detail}` };
      const tasks = deps.tasks;
      if (tasks.isDraining) checks.queue = { ok: false, detail: 'draining' };
      // On Redis (REDIS_URL) the queue is reachable or not; in process it always is.
      else if (tasks.sharedQueue) checks.queue = await check(() => tasks.pingQueue()).then((c) => (c.ok ? { ok: true, detail: `redis: ${tasks.queueDepth} waiting or running` } : c));
      else checks.queue = { ok: true, detail: `${tasks.queueDepth} waiting or running` };
    }
    const ready = Object.values(checks).every((c) => c.ok);
    // Engines do not decide readiness: a tool whose engine is missing is shown unavailable and the rest work.
    const engines = deps.db ? Object.entries(await engineAvailability()).filter(([, a]) => !a.available).map(([id]) => id) : [];
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', checks, unavailableEngines: engines });
  });

  return router;
}
