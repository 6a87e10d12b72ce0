// Starts the site: one process serving pages, the API and (in-process) conversion jobs.
import { createApp } from './app';
import { loadConfig } from './config';
import { startOfficePool, stopOfficePool } from './convert/engines/libreoffice';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, close } = await createApp(config);
  const server = app.listen(config.port, () => console.log(`site listening on ${config.publicOrigin} (port ${config.port})`));
  // The first office document should not wait for LibreOffice to start; without it, the office
  // tools are shown unavailable (server/convert/availability.ts) and the site runs on.
  if (!config.apiOrigin) startOfficePool(config).catch((error) => console.error('LibreOffice pool not started:', error));
  const stop = () => {
    // Finish requests in flight, drop idle keep-alive sockets, then release LibreOffice and the data layer.
    server.close(() => void Promise.all([stopOfficePool(), close()]).finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
