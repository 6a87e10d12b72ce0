// Starts the site: one process serving pages, the API and (in-process) conversion jobs.
import { createApp } from './app';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, close } = await createApp(config);
  const server = app.listen(config.port, () => console.log(`site listening on ${config.publicOrigin} (port ${config.port})`));
  const stop = () => {
    // Finish requests in flight, drop idle keep-alive sockets, then release the data layer.
    server.close(() => void close().finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
