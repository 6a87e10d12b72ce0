// The converters are TypeScript: the fidelity benches bundle what they call with esbuild (packages
// stay external). The bundle goes in the checkout's own tmp/ (git-ignored), never in node_modules:
// a worktree's node_modules may be another checkout's, and its cache is not ours to write.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '../../..');

/** Bundles `source` (TypeScript, exporting what the bench needs) as tmp/bench/<name>.mjs and imports it. */
export async function importBundled(name, source) {
  const dir = path.join(root, 'tmp/bench');
  fs.mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, `${name}.entry.ts`);
  const outfile = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(entry, source);
  await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  return import(outfile);
}
