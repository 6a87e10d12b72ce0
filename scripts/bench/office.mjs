// Office → PDF on the warm LibreOffice pool against the cold `soffice --headless --convert-to pdf`
// CLI for the same documents (target: warm ≥ 8× faster per document), and two documents at once
// against one at a time on the pool (target ≥ 1.7× the throughput on 2 cores).
//   node scripts/bench/office.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, PageBreak, Paragraph, Table, TableCell, TableRow } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-office-'));

// The pool is TypeScript: bundle it (packages stay external, resolved from the project).
const bundle = path.join(root, 'node_modules/.cache/bench/libreoffice.mjs');
await build({ entryPoints: [path.join(root, 'server/convert/engines/libreoffice/index.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'error' });
const { OfficePool } = await import(bundle);

const PARAGRAPH = '这是一段用于测试的中文正文，包含 English words 与数字 2024，用来检验版式和换行。'.repeat(6);

async function makeDocuments() {
  const cell = (text) => new TableCell({ children: [new Paragraph(text)] });
  const rows = Array.from({ length: 12 }, (_, i) => new TableRow({ children: [cell(`第${i + 1}行`), cell(String(i * 137.5)), cell('备注 note')] }));
  const pages = Array.from({ length: 3 }, (_, page) => [
    new Paragraph(`第${page + 1}页 Page ${page + 1}`),
    ...Array.from({ length: 6 }, () => new Paragraph(PARAGRAPH)),
    new Table({ rows }),
    new Paragraph({ children: [new PageBreak()] }),
  ]).flat();
  const docx = path.join(work, 'report.docx');
  fs.writeFileSync(docx, await Packer.toBuffer(new Document({ sections: [{ children: pages }] })));

  const workbook = new ExcelJS.Workbook();
  for (const name of ['销售', '库存']) {
    const sheet = workbook.addWorksheet(name);
    for (let i = 0; i < 200; i++) sheet.addRow([`产品${i}`, i * 3, i * 2.5, '上海']);
  }
  const xlsx = path.join(work, 'sheets.xlsx');
  await workbook.xlsx.writeFile(xlsx);

  const deck = new PptxGenJS();
  for (let i = 0; i < 5; i++) deck.addSlide().addText(`第${i + 1}张幻灯片 Slide ${i + 1}\n${PARAGRAPH.slice(0, 60)}`, { x: 0.5, y: 0.5, w: 9, h: 4, fontSize: 24 });
  const pptx = path.join(work, 'slides.pptx');
  await deck.writeFile({ fileName: pptx });
  return [
    { file: docx, filter: 'writer_pdf_Export' },
    { file: xlsx, filter: 'calc_pdf_Export' },
    { file: pptx, filter: 'impress_pdf_Export' },
  ];
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const pages = (pdf) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))[1]);

const loadAtStart = os.loadavg();
const documents = await makeDocuments();
const cores = os.availableParallelism();
const pool = new OfficePool({ size: 2, profileRoot: path.join(work, 'profiles'), maxJobsPerListener: 200, jobTimeoutMs: 120_000, maxQueued: 64, startTimeoutMs: 60_000, listenerWaitMs: 180_000 });
await pool.start();

let outputs = 0;
const convertWarm = (doc) => pool.convert({ input: doc.file, output: path.join(work, `warm-${++outputs}.pdf`), exportFilter: doc.filter });

// The CLI keeps its profile between runs (a first run creates it, untimed): only the process start is cold.
const cliProfile = `file://${path.join(work, 'cli-profile')}`;
const convertCold = (doc, outdir) => execFileSync('soffice', ['--headless', `-env:UserInstallation=${cliProfile}`, '--convert-to', 'pdf', '--outdir', outdir, doc.file], { stdio: 'ignore' });
convertCold(documents[0], path.join(work, 'cli-warmup'));

const ROUNDS = 5;
console.log(`office → PDF, ${cores} cores, mean of ${ROUNDS} runs per document`);
const ratios = [];
for (const doc of documents) {
  await convertWarm(doc); // each document once untimed: LibreOffice loads its filter libraries lazily
  let warm = 0;
  let cold = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = process.hrtime.bigint();
    await convertWarm(doc);
    warm += seconds(start);
    const outdir = path.join(work, `cold-${round}`);
    start = process.hrtime.bigint();
    convertCold(doc, outdir);
    cold += seconds(start);
  }
  const pdfPages = pages(path.join(work, `warm-${outputs}.pdf`));
  const coldPages = pages(path.join(work, `cold-0`, `${path.basename(doc.file, path.extname(doc.file))}.pdf`));
  ratios.push(cold / warm);
  console.log(
    `${path.basename(doc.file).padEnd(13)} warm pool ${((warm / ROUNDS) * 1000).toFixed(0).padStart(5)} ms (${pdfPages} pages)   cold CLI ${((cold / ROUNDS) * 1000).toFixed(0).padStart(5)} ms (${coldPages} pages)   ratio ${(cold / warm).toFixed(1)}×`,
  );
}
console.log(`warm vs cold: lowest ratio ${Math.min(...ratios).toFixed(1)}× (target >= 8)`);

// Throughput: the same jobs through one worker, then through two pulling from one list (each
// keeps a listener busy; pairs in lockstep would wait for the slower document of every pair).
const JOBS = 24;
const batch = Array.from({ length: JOBS }, (_, i) => documents[i % documents.length]);
/** CPU seconds used so far by the pool's processes (each helper leads the process group of its soffice). */
async function poolCpuSeconds() {
  const groups = new Set(await pool.listenerPids());
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (groups.has(Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / 100; // USER_HZ
}

/** Wall seconds for the batch with `workers` jobs in flight, and the cores LibreOffice kept busy meanwhile. */
async function drain(workers) {
  const queue = [...batch];
  const cpuBefore = await poolCpuSeconds();
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: workers }, async () => {
    for (let doc = queue.shift(); doc; doc = queue.shift()) await convertWarm(doc);
  }));
  const wall = seconds(start);
  return { wall, cores: ((await poolCpuSeconds()) - cpuBefore) / wall };
}
// Best of three, interleaved: the 2 cores are shared, and a busy neighbour costs the parallel run most.
const best = (runs) => runs.reduce((a, b) => (b.wall < a.wall ? b : a));
const single = [];
const double = [];
for (let run = 0; run < 3; run++) {
  single.push(await drain(1));
  double.push(await drain(2));
}
const [one, two] = [best(single), best(double)];
console.log(
  `${JOBS} documents (best of 3): one at a time ${one.wall.toFixed(2)} s (LibreOffice busy on ${one.cores.toFixed(2)} cores), two at once ${two.wall.toFixed(2)} s (${two.cores.toFixed(2)} cores); throughput ratio ${(one.wall / two.wall).toFixed(2)} (target >= 1.7)`,
);
console.log(`load average when the bench started: ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} (other work on the same cores)`);

await pool.stop();
fs.rmSync(work, { recursive: true, force: true });
