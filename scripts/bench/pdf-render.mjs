// PDF rendering and compression against plain engine runs measured in the same process:
//  - pdf-to-png at 150 dpi (mutool split over the cores) vs `pdftoppm -r 150 -png`: pages per second;
//  - pdf-compress level medium vs `gs -dPDFSETTINGS=/ebook` on an image-heavy PDF: size and time.
// Prints ratios (ours / baseline).   node scripts/bench/pdf-render.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.resolve(root, '../shared/fixtures/pdf');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-'));

// The converters are TypeScript: bundle them (packages stay external, resolved from the project).
const bundle = path.join(root, 'node_modules/.cache/bench/pdf-render.mjs');
await build({ entryPoints: [path.join(root, 'server/convert/tools/pdf-render/index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { pdfRenderConverters } = await import(bundle);
const sharp = (await import('sharp')).default;
const { PDFDocument } = await import('pdf-lib');

const tool = (id) => pdfRenderConverters.find((c) => c.toolId === id);
let jobs = 0;
async function convert(toolId, file, options) {
  const workDir = path.join(work, `job-${++jobs}`);
  fs.mkdirSync(workDir);
  const ctx = { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip' };
  const input = { name: path.basename(file), path: file, size: fs.statSync(file).size, type: 'pdf' };
  return tool(toolId).convert({ inputs: [input], options: tool(toolId).options.parse(options) }, ctx);
}

/** Best of `runs` wall-clock seconds. */
async function time(fn, runs = 3) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  return best;
}

// A text document of real producers' pages (pdfTeX, LibreOffice, Google Docs) when the fixtures are here.
const textPdf = path.join(work, 'text.pdf');
const sources = ['pdflatex-4-pages.pdf', 'multicolumn.pdf', 'google-doc-document.pdf', '002-trivial-libre-office-writer.pdf'].map((f) => path.join(fixtures, f));
if (!sources.every((f) => fs.existsSync(f))) throw new Error(`fixtures missing at ${fixtures}`);
execFileSync('qpdf', ['--empty', '--pages', ...sources, ...sources, ...sources, '--', textPdf]);
const pageCount = Number(execFileSync('qpdf', ['--show-npages', textPdf], { encoding: 'utf8' }));

const oursRender = await time(() => convert('pdf-to-png', textPdf, { dpi: 150 }));
const popplerDir = path.join(work, 'pdftoppm');
fs.mkdirSync(popplerDir);
const popplerRender = await time(() => execFileSync('pdftoppm', ['-r', '150', '-png', textPdf, path.join(popplerDir, 'p')]));

// Image-heavy: six different smooth photo-like pictures at ~300 dpi on letter pages.
const imagesPdf = path.join(work, 'images.pdf');
const pdf = await PDFDocument.create();
for (let i = 0; i < 6; i++) {
  const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120 + i * 5, sigma: 60 } } })
    .blur(4)
    .jpeg({ quality: 92 })
    .toBuffer();
  const image = await pdf.embedJpg(jpeg);
  pdf.addPage([612, 792]).drawImage(image, { x: 18, y: 200, width: 576, height: 432 });
}
fs.writeFileSync(imagesPdf, await pdf.save());

let oursOutput;
const oursCompress = await time(async () => ([oursOutput] = await convert('pdf-compress', imagesPdf, { level: 'medium' })), 2);
const gsOutput = path.join(work, 'gs-ebook.pdf');
const gsCompress = await time(
  () => execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${gsOutput}`, imagesPdf]),
  2,
);
const size = (f) => fs.statSync(f).size;

const fmt = (n) => n.toFixed(2);
console.log(`machine: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? ''}`);
console.log(`pdf-to-png 150 dpi, ${pageCount} pages: ours ${fmt(pageCount / oursRender)} pages/s, pdftoppm ${fmt(pageCount / popplerRender)} pages/s, ratio ${fmt(popplerRender / oursRender)}x`);
console.log(
  `pdf-compress medium on ${(size(imagesPdf) / 1e6).toFixed(2)} MB image PDF: ours ${(size(oursOutput.path) / 1e6).toFixed(3)} MB in ${fmt(oursCompress)} s, ` +
    `gs /ebook ${(size(gsOutput) / 1e6).toFixed(3)} MB in ${fmt(gsCompress)} s; size ratio ${fmt(size(oursOutput.path) / size(gsOutput))}, time ratio ${fmt(oursCompress / gsCompress)}`,
);
fs.rmSync(work, { recursive: true, force: true });
