// Per page kind stylesheets. esbuild gives an entry point one CSS file holding all the CSS it can
// reach, lazy chunks included (evanw/esbuild#1590), so every first load would block on every page
// kind's rules. Instead, from the client build's metafile: the shell's CSS (reachable from the
// entry without entering a lazy page, lazy views such as the pay layer included) and, for each
// lazy page, the CSS only it reaches — each bundled as its own hashed file. The server links the
// shell's and the rendered page's; client navigation links a page's before rendering it.
import path from 'node:path';
import * as esbuild from 'esbuild';

const JS_IMPORTS = new Set(['import-statement', 'dynamic-import', 'require-call']);

/** CSS files reachable from start (in import order, as esbuild orders them), not entering stop. */
function cssReachable(inputs, start, stop) {
  const seen = new Set();
  const css = [];
  const visit = (file) => {
    if (seen.has(file) || stop.has(file) || !inputs[file]) return;
    seen.add(file);
    if (file.endsWith('.css')) {
      css.push(file);
      return;
    }
    for (const imp of inputs[file].imports) if (JS_IMPORTS.has(imp.kind) && !imp.external) visit(imp.path);
  };
  visit(start);
  return css;
}

/**
 * Builds shell.css and one CSS file per lazy page into outAssets; returns
 * { shell: [file], pages: { chunkName: [file] } } with names relative to outAssets.
 */
export async function buildPageStyles({ root, metafile, entry, pageLoader, chunkNameOf, outAssets, minify }) {
  const inputs = metafile.inputs;
  const pages = inputs[pageLoader].imports.filter((imp) => imp.kind === 'dynamic-import').map((imp) => imp.path);
  const shellCss = cssReachable(inputs, entry, new Set(pages));
  const groups = { shell: shellCss };
  for (const page of pages) {
    const own = cssReachable(inputs, page, new Set()).filter((file) => !shellCss.includes(file));
    if (own.length) groups[chunkNameOf(page)] = own;
  }
  const VIRTUAL = 'page-styles';
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.keys(groups).map((name) => ({ in: `${VIRTUAL}:${name}`, out: name.replace(/\//g, '-') })),
    bundle: true,
    outdir: outAssets,
    entryNames: '[name]-[hash]',
    minify,
    metafile: true,
    legalComments: 'none',
    charset: 'utf8',
    plugins: [
      {
        name: VIRTUAL,
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${VIRTUAL}:`) }, (args) => ({ path: args.path.slice(VIRTUAL.length + 1), namespace: VIRTUAL }));
          build.onLoad({ filter: /.*/, namespace: VIRTUAL }, (args) => ({
            contents: groups[args.path].map((file) => `@import ${JSON.stringify(path.join(root, file))};`).join('\n'),
            loader: 'css',
            resolveDir: root,
          }));
        },
      },
    ],
  });
  const styles = { shell: [], pages: {} };
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = output.entryPoint?.slice(VIRTUAL.length + 1);
    if (!name) continue;
    const rel = path.relative(outAssets, path.join(root, file));
    if (name === 'shell') styles.shell = [rel];
    else styles.pages[name] = [rel];
  }
  return styles;
}
