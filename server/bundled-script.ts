// Scripts built beside the server bundle (scripts/server-bundle.mjs): the CAD reader's child process,
// the mind-map PDF thread. Found beside the running bundle (dist/server), or in the built one when
// the sources run (jest), from the app's own folder where the server starts.
import path from 'node:path';

export function bundledScript(file: string): string {
  const bundleDir = import.meta.dirname;
  return bundleDir ? path.join(bundleDir, file) : path.join(process.cwd(), 'dist', 'server', file);
}
