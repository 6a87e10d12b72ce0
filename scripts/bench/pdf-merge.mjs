// pdf-merge of 200 PDFs against the qpdf CLI doing the same merge, measured in the same process.
// Target: ours ≤ 1.5× qpdf's time.   node scripts/bench/pdf-merge.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.resolve(root, '../shared/fixtures/pdf');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-merge-'));

// The converter is TypeScript: bundle it (packages stay external, resolved from the project).
const bundle = path.join(root, 'node_modules/.cache/bench/pdf-edit.mjs');
await build({ entryPoints: [path.join(root, 'server/convert/tools/pdf-edit/index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { pdfEditConverters } = await import(bundle);
const merge = pdfEditConverters.find((c) => c.toolId === 'pdf-merge');

// 200 inputs cycling through real producers' files (unencrypted ones).
const sources = ['pdflatex-4-pages.pdf', 'multicolumn.pdf', 'google-doc-document.pdf', '002-trivial-libre-office-writer.pdf', 'annotated_pdf.pdf', 'grayscale-image.pdf', 'pdflatex-forms.pdf', 'imagemagick-lzw.pdf'].map((f) => path.join(fixtures, f));
if (!sources.every((f) => fs.existsSync(f))) throw new Error(`fixtures missing at ${fixtures}`);
const inputs = Array.from({ length: 200 }, (_, i) => {
  const file = path.join(work, `in-${String(i).padStart(3, '0')}.pdf`);
  fs.copyFileSync(sources[i % sources.length], file);
  return { name: path.basename(file), path: file, size: fs.statSync(file).size, type: 'pdf' };
});

/** Best of three wall-clock seconds. */
async function time(fn) {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.hrtime.bigint();
    await fn(run);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return best;
}

let outputs;
const ours = await time(async (run) => {
  const workDir = path.join(work, `ours-${run}`);
  fs.mkdirSync(workDir);
  outputs = await merge.convert({ inputs, options: merge.options.parse({}) }, { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip' });
});
const qpdfOut = path.join(work, 'qpdf.pdf');
const qpdf = await time(() => execFileSync('qpdf', ['--empty', '--pages', ...inputs.map((i) => i.path), '--', qpdfOut]));

const pages = (file) => Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }));
console.log(`merge 200 PDFs (${pages(qpdfOut)} pages): ours ${ours.toFixed(2)} s (${pages(outputs[0].path)} pages, ${(fs.statSync(outputs[0].path).size / 1e6).toFixed(1)} MB), qpdf ${qpdf.toFixed(2)} s (${(fs.statSync(qpdfOut).size / 1e6).toFixed(1)} MB); time ratio ${(ours / qpdf).toFixed(2)} (target <= 1.5)`);
fs.rmSync(work, { recursive: true, force: true });
