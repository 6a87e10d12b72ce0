// Builds the client (ESM, code splitting, hashed names, minified) and the server bundle, and
// writes dist/public/manifest.json: chunk name → file with its static import closure and CSS
// (the shell's for the entry, the page kind's own for a lazy page: scripts/page-styles.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { checkServerImports } from './check-server-imports.mjs';
import { buildServerBundle } from './server-bundle.mjs';
import { buildAssets } from './build-assets.mjs';
import { buildPageStyles } from './page-styles.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outPublic = path.join(root, 'dist/public');
const outAssets = path.join(outPublic, 'assets');
const production = process.env.NODE_ENV !== 'development';

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });

/** Chunk names are the source paths under client/ without extension (see client/routing/lazy-page.ts). */
function chunkNameOf(entryPoint) {
  return entryPoint.replace(/^client\//, '').replace(/\.[tj]sx?$/, '');
}

function writeManifest(metafile) {
  const outputs = metafile.outputs;
  const rel = (file) => path.relative(outAssets, path.join(root, file));
  const closure = (file, seen = new Set()) => {
    for (const imp of outputs[file].imports) {
      if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
        seen.add(imp.path);
        closure(imp.path, seen);
      }
    }
    return seen;
  };
  const describe = (file) => ({ file: rel(file), imports: [...closure(file)].map(rel), css: [] });
  const manifest = { entry: null, chunks: {} };
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js') || !output.entryPoint) continue;
    if (output.entryPoint === 'client/entry.tsx') manifest.entry = describe(file);
    else manifest.chunks[chunkNameOf(output.entryPoint)] = describe(file);
  }
  return manifest;
}

/** The bundle's own CSS files (everything in one per entry point) are replaced by per page kind ones. */
async function splitStyles(metafile, manifest) {
  for (const output of Object.values(metafile.outputs)) {
    if (!output.cssBundle) continue;
    fs.rmSync(path.join(root, output.cssBundle), { force: true });
    fs.rmSync(path.join(root, `${output.cssBundle}.map`), { force: true });
  }
  const styles = await buildPageStyles({
    root,
    metafile,
    entry: 'client/entry.tsx',
    pageLoader: 'client/routing/page-elements.tsx',
    chunkNameOf,
    outAssets,
    minify: production,
  });
  manifest.entry.css = styles.shell;
  for (const [name, chunk] of Object.entries(manifest.chunks)) chunk.css = styles.pages[name] ?? [];
}

/**
 * V8's explicit compile hint (Chrome 136+; to other engines a comment): every function of the
 * file is compiled as it streams in, off the main thread. The entry holds React DOM, which
 * esbuild wraps as one CommonJS factory function; compiled lazily, that factory was parsed a
 * second time on the main thread when hydration first required it, the largest single piece of a
 * first load's main-thread work. The comment must open the file.
 */
function markForEagerCompile(file) {
  fs.writeFileSync(file, `//# allFunctionsCalledOnLoad\n${fs.readFileSync(file, 'utf8')}`);
}

/** Copies a file into dir as name-HASH.ext (hashed like esbuild's names, so it is cached as immutable); returns the new name. */
function writeHashedCopy(file, dir) {
  const bytes = fs.readFileSync(file);
  const hash = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 8).toUpperCase();
  const name = `${path.basename(file, path.extname(file))}-${hash}${path.extname(file)}`;
  fs.writeFileSync(path.join(dir, name), bytes);
  return name;
}

const client = await esbuild.build({
  absWorkingDir: root,
  entryPoints: ['client/entry.tsx'],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: outAssets,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  minify: production,
  sourcemap: production ? false : 'linked',
  target: ['es2020'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  metafile: true,
  legalComments: 'none',
  // Chinese text as UTF-8 (3 bytes a character) rather than \u escapes (6): the pages are mostly Chinese.
  charset: 'utf8',
});
const manifest = writeManifest(client.metafile);
// Production only: development builds have source maps, which one more line would shift.
if (production) markForEagerCompile(path.join(outAssets, manifest.entry.file));
await splitStyles(client.metafile, manifest);
manifest.toolIconSprite = writeHashedCopy(path.join(root, 'client/icons/tool-icons.svg'), outAssets);
fs.writeFileSync(path.join(outPublic, 'manifest.json'), JSON.stringify(manifest, null, 2));
fs.cpSync(path.join(root, 'client/static'), outPublic, { recursive: true });
const precompressed = await buildAssets(path.join(root, 'client/static'), outPublic);
// Articles ship with the server (dist/content, imported at boot: config contentDir); their images
// are served from there under /content-images/ (server/app.ts), so CONTENT_DIR brings its own.
const content = path.join(root, 'server/content');
if (fs.existsSync(content)) {
  fs.cpSync(content, path.join(root, 'dist/content'), { recursive: true });
}

await buildServerBundle({ outdir: path.join(root, 'dist/server'), production });

// jest runs the sources through another interop than Node gives the bundle: refuse the imports where they differ.
const importProblems = [];
for (const bundle of ['main.mjs', 'convert-child.mjs', 'cad-reader.mjs']) importProblems.push(...(await checkServerImports(path.join(root, 'dist/server', bundle))));
if (importProblems.length) {
  for (const problem of importProblems) console.error(`server bundle: ${problem}`);
  process.exit(1);
}

console.log(`built client (${Object.keys(manifest.chunks).length} chunks, ${precompressed} files precompressed) and server`);
