// The server bundle's build options in one place: `npm run build` writes dist/server with them, and
// the scratch builds that break the server on purpose (scripts/mutation-check.mjs, the process
// guard test) use the same options with a plugin on top, so they test what ships but for the fault.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Bundles the site (main.mjs), the queue worker (worker.mjs, with REDIS_URL) and the child process
 * each job runs in (convert-child.mjs), the CAD reader's child and the mind-map PDF thread into
 * outdir. A scratch outdir outside the project gets a node_modules link, since dependencies stay
 * external (one copy of React and @loadable: two copies give two contexts).
 */
export async function buildServerBundle({ outdir, production = true, plugins = [] }) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts', worker: 'server/worker.ts', 'convert-child': 'server/tasks/isolation/child-main.ts', 'cad-reader': 'server/convert/engines/cad-reader/child.ts', 'mindmap-pdf': 'server/mindmaps/pdf-thread.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    outExtension: { '.js': '.mjs' },
    packages: 'external',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    sourcemap: 'linked',
    plugins,
    logLevel: 'warning',
  });
  const modules = path.join(outdir, 'node_modules');
  if (!path.resolve(outdir).startsWith(root + path.sep) && !fs.existsSync(modules)) fs.symlinkSync(path.join(root, 'node_modules'), modules);
  return path.join(outdir, 'main.mjs');
}

/**
 * A plugin that appends `code` to server/convert/registry.ts, where `ALL` (every converter) is in
 * scope: the place to wrap converters with a fault.
 */
export function appendToRegistry(code) {
  return {
    name: 'append-to-registry',
    setup(build) {
      build.onLoad({ filter: /server[\\/]convert[\\/]registry\.ts$/ }, async (args) => ({
        contents: (await fs.promises.readFile(args.path, 'utf8')) + code,
        loader: 'ts',
      }));
    },
  };
}
