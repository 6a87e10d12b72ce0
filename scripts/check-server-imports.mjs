// Checks that every import of a package in the server bundle means in Node what it meant under
// jest. The bundle keeps packages external, so Node's ESM loader links them at start; jest's
// esbuild transform turns the same imports into require() with esbuild's interop. The two agree
// except for CommonJS packages in three shapes, which this refuses at build time:
// - `import * as ns` of CommonJS: Node exposes only the names cjs-module-lexer detects (this is
//   how `fontkit.create is not a function` broke every Chinese-text tool in the shipped server);
// - a default import of CommonJS marked __esModule with its own `default`: Node gives
//   module.exports, esbuild gives exports.default;
// - a named import Node cannot find (the server would not start; said here with the name).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const IMPORT = /^import\s+(.+?)\s+from\s+"([^"]+)";$/gm;

export async function checkServerImports(bundlePath) {
  const source = fs.readFileSync(bundlePath, 'utf8');
  const require = createRequire(bundlePath);
  const problems = [];
  const seen = new Set();
  for (const [, clause, specifier] of source.matchAll(IMPORT)) {
    if (specifier.startsWith('node:') || specifier.startsWith('.')) continue;
    const key = `${clause} ${specifier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let esm;
    try {
      // This script sits beside the bundle's node_modules, so bare specifiers resolve as they will for it.
      esm = await import(specifier);
    } catch (error) {
      problems.push(`${specifier}: cannot be loaded (${error.message})`);
      continue;
    }
    let cjs;
    try {
      cjs = require(specifier);
    } catch {
      cjs = undefined; // ESM only: the same module either way.
    }
    const commonJs = cjs !== undefined && esm.default === cjs;
    const namespace = /^\*\s+as\s+(\w+)$/.exec(clause);
    if (namespace && commonJs) {
      problems.push(`import * as ${namespace[1]} from "${specifier}": a CommonJS package; Node's loader exposes only the names its lexer detects. Use a default import.`);
      continue;
    }
    const defaultName = /^([\w$]+)\s*(?:,|$)/.exec(clause);
    if (defaultName && commonJs && cjs.__esModule && 'default' in cjs) {
      problems.push(`import ${defaultName[1]} from "${specifier}": CommonJS marked __esModule; Node gives module.exports where esbuild gives exports.default. Import the named export instead.`);
    }
    const named = /\{([^}]*)\}/.exec(clause);
    if (named) {
      for (const part of named[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !(name in esm)) problems.push(`import { ${name} } from "${specifier}": Node finds no such export.`);
      }
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bundle = path.resolve(process.argv[2] ?? 'dist/server/main.mjs');
  const problems = await checkServerImports(bundle);
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
