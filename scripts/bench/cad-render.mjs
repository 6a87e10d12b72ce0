// cad-to-img (PNG, 2000 px), cad-to-pdf and cad-to-dwf per drawing of ../shared/fixtures/cad and
// the generated test drawing, against the reader alone on the same drawing in the same run (every
// tool reads first: what is above the baseline is drawing and writing). Median of BENCH_RUNS runs; the
// peak RSS of this process (the renderer runs in it; the reader in its own child) at the end.
// Usage: npm run build && node scripts/bench/cad-render.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cad-render-'));
const entry = path.join(scratch, 'entry.ts');
fs.writeFileSync(
  entry,
  `export { readCadDrawing } from ${JSON.stringify(path.join(root, 'server/convert/engines/cad-reader'))};\nexport { cadToImg, cadToPdf, cadToDwf } from ${JSON.stringify(path.join(root, 'server/convert/tools/cad/render'))};\n`,
);
// Bundled beside the built server, as main.mjs is: the reader's script (cad-reader.mjs) is found there
// and packages resolve from the project's node_modules.
const bundle = path.join(root, 'dist/server', `bench-cad-render-${process.pid}.mjs`);
await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { readCadDrawing, cadToImg, cadToPdf, cadToDwf } = await import(bundle);
fs.rmSync(bundle);

const fixtures = path.resolve(root, '../shared/fixtures/cad');
const drawings = fs.existsSync(fixtures) ? fs.readdirSync(fixtures).filter((n) => /\.(dwg|dxf)$/.test(n)).map((n) => path.join(fixtures, n)) : [];
const generated = path.join(scratch, 'generated.dxf');
execFileSync('/usr/bin/python3', [path.join(root, 'tests/support/cad/make-drawing.py'), generated, 'R2010']);
drawings.push(generated);

let jobs = 0;
const context = () => {
  const workDir = path.join(scratch, `job-${++jobs}`);
  fs.mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip', note() {} };
};
const input = (file) => ({ name: path.basename(file), path: file, size: fs.statSync(file).size, type: file.endsWith('.dxf') ? 'dxf' : 'dwg' });
/** Runs per measurement (BENCH_RUNS, 3 by default): the median is reported. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(work) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    runs.push(performance.now() - start);
  }
  return median(runs);
}

const rows = [];
for (const file of drawings) {
  const reader = await time(() => readCadDrawing(file, file.endsWith('.dxf') ? 'dxf' : 'dwg', context().workDir));
  const png = await time(() => cadToImg.convert({ inputs: [input(file)], options: cadToImg.options.parse({}) }, context()));
  const pdf = await time(() => cadToPdf.convert({ inputs: [input(file)], options: cadToPdf.options.parse({}) }, context()));
  const dwf = await time(() => cadToDwf.convert({ inputs: [input(file)], options: cadToDwf.options.parse({}) }, context()));
  rows.push([path.basename(file), fs.statSync(file).size, reader, png, pdf, dwf]);
  console.error(path.basename(file), 'done');
}
const ms = (v) => `${Math.round(v)} ms`;
console.log('| drawing | bytes | reader alone | cad-to-img (PNG 2000 px) | cad-to-pdf | cad-to-dwf |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, size, reader, png, pdf, dwf] of rows) console.log(`| ${name} | ${size} | ${ms(reader)} | ${ms(png)} (+${ms(png - reader)}) | ${ms(pdf)} (+${ms(pdf - reader)}) | ${ms(dwf)} (+${ms(dwf - reader)}) |`);
console.log(`\npeak RSS of the rendering process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
fs.rmSync(scratch, { recursive: true, force: true });
