// Starts the site: one process serving pages, the API and conversion jobs (in process, or on
// worker processes through Redis when REDIS_URL is set: server/worker.ts).
import path from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { startOfficePool, stopOfficePool } from './convert/engines/libreoffice';
import { TOOLS } from '../shared/catalogue';
import { guardProcess } from './tasks/process-guard';
import { logger } from './log';

/** The slowest link we still serve an upload over: 2 Mbit/s (a weak mobile connection). */
const SLOW_LINK_BYTES_PER_SECOND = 256 * 1024;
/** A connection that sends nothing for this long is dropped, whatever the request's total budget. */
const IDLE_SOCKET_MS = 2 * 60 * 1000;

/** Node's default 300 s cut off a large upload on a slow link: the budget is the largest file any tier may send, at that rate. */
function uploadRequestTimeoutMs(): number {
  const largest = Math.max(...TOOLS.map((tool) => Math.max(...Object.values(tool.maxFileSize))));
  return Math.ceil(largest / SLOW_LINK_BYTES_PER_SECOND) * 1000;
}

async function main(): Promise<void> {
  guardProcess();
  const config = loadConfig();
  // Every job but the office tools runs in a child process of its own (tasks/isolation), built beside this file.
  const { app, drain, close } = await createApp(config, { isolation: { entry: path.join(import.meta.dirname, 'convert-child.mjs') } });
  const server = app.listen(config.port, () => logger.info(`site listening on ${config.publicOrigin} (port ${config.port})`));
  server.requestTimeout = uploadRequestTimeoutMs();
  server.timeout = IDLE_SOCKET_MS;
  // The first office document should not wait for LibreOffice to start; without it, the office
  // tools are shown unavailable (server/convert/availability.ts) and the site runs on.
  // With REDIS_URL the workers (`npm run worker`, server/worker.ts) run the conversions, this process none.
  if (!config.apiOrigin && !config.redisUrl) startOfficePool(config).catch((error) => logger.error({ err: error }, 'LibreOffice pool not started'));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // /readyz turns 503 and submits are refused while running jobs finish (SHUTDOWN_GRACE_SECONDS);
    // what still runs then is handed back to the queue for the next start (close → tasks.stop).
    await drain(config.shutdownGraceMs).catch((error: unknown) => logger.error({ err: error }, 'drain failed'));
    // Finish requests in flight, drop idle keep-alive sockets, then release LibreOffice and the data layer.
    server.close(() => void Promise.all([stopOfficePool(), close()]).finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  logger.fatal({ err: error }, 'site did not start');
  process.exit(1);
});
