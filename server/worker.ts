// `npm run worker`: a conversion worker for the shared queue (REDIS_URL). It takes task ids from
// BullMQ, WORKER_CONCURRENCY jobs at once (each engine's own limit applies within it), and runs
// them as the site does in process: the tasks table stays the source of truth, and the files live
// in the store the web processes read (the S3 bucket, or DATA_DIR/files on one machine). Its runs are
// counted on its own /metrics (WORKER_METRICS_PORT, METRICS_TOKEN). SIGTERM drains: no new job,
// running ones get SHUTDOWN_GRACE_SECONDS to finish, the rest go back to the queue, exit 0.
import path from 'node:path';
import { loadConfig } from './config';
import { createDb, migrateToLatest } from './db';
import { startOfficePool, stopOfficePool } from './convert/engines/libreoffice';
import { configureTimestamps } from './convert/tools/pdf-render';
import { createMetrics } from './ops/metrics';
import { serveWorkerMetrics } from './ops/worker-metrics';
import { Commerce } from './pay/service';
import { loadSecret } from './tasks/links';
import { processDirName, removeDeadProcessDirs } from './tasks/process-dirs';
import { guardProcess } from './tasks/process-guard';
import { TaskService } from './tasks/service';
import { logger } from './log';

/** How long the LibreOffice pool gets to stop before the process exits without waiting for it. */
const OFFICE_STOP_WAIT_MS = 3000;

async function main(): Promise<void> {
  guardProcess();
  const config = loadConfig();
  if (!config.redisUrl) {
    logger.fatal('worker: REDIS_URL is not set; without it the site runs its conversions itself');
    process.exit(1);
  }
  configureTimestamps({ authorityDir: path.join(config.dataDir, 'tsa'), tsaUrl: config.tsaUrl });
  const db = createDb(config);
  await migrateToLatest(db);
  // Only its bought uses: a failed task gives the use it took back, to the pack it came from.
  const commerce = new Commerce(config, db, loadSecret(config));
  // The runs end here, so they are counted here (the web processes see none): WORKER_METRICS_PORT.
  const metricsPort = config.workerMetricsPort;
  const metrics = metricsPort ? createMetrics(config.metricsToken, () => tasks) : undefined;
  const tasks: TaskService = new TaskService({
    config,
    db,
    role: 'worker',
    packs: commerce.packUses,
    onSettled: metrics?.taskSettled,
    // Every job but the office tools runs in a child process of its own, built beside this file.
    isolation: { entry: path.join(import.meta.dirname, 'convert-child.mjs') },
  });
  // Before any job: a port already taken stops the worker here, not after it has taken jobs.
  const metricsServer = metricsPort && metrics ? await serveWorkerMetrics(metricsPort, metrics) : undefined;
  await tasks.start();
  // One LibreOffice listener per job slot; the profiles are this process's own (DATA_DIR may be shared with other processes on this machine).
  const profiles = path.join(config.dataDir, 'workers');
  await removeDeadProcessDirs(profiles);
  const officeDir = path.join(profiles, processDirName());
  startOfficePool({ dataDir: officeDir, convertConcurrency: config.workerConcurrency }).catch((error) => logger.error({ err: error }, 'LibreOffice pool not started'));
  logger.info(`worker taking jobs from ${config.queuePrefix} (${config.workerConcurrency} at once)`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    logger.info(`worker draining: ${tasks.runningCount} running`);
    await tasks.drain(config.shutdownGraceMs).catch((error: unknown) => logger.error({ err: error }, 'drain failed'));
    await tasks.stop().catch((error: unknown) => logger.error({ err: error }, 'stop failed'));
    metricsServer?.close();
    // A pool still starting its listeners (a busy machine) can take half a minute to stop; they
    // run under bwrap --die-with-parent, so they end with this process anyway.
    await Promise.allSettled([Promise.race([stopOfficePool(), new Promise((resolve) => setTimeout(resolve, OFFICE_STOP_WAIT_MS))]), db.destroy()]);
    logger.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  logger.fatal({ err: error }, 'worker did not start');
  process.exit(1);
});
