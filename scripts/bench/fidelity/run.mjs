// PDF → Word fidelity, ours against LibreOffice's PDF import, on a generated corpus:
//   DOCX (corpus.mjs) → PDF (LibreOffice) → DOCX (ours: pdf-to-word; theirs: writer_pdf_import),
// each result scored against the original DOCX (score.mjs) and printed as a table.
//   node scripts/bench/fidelity/run.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBundled } from './bundle.mjs';
import { buildCorpus } from './corpus.mjs';
import { documentXml, readDocument, score } from './score.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fidelity-'));
const dirs = Object.fromEntries(['docx', 'pdf', 'ours', 'libreoffice', 'jobs'].map((d) => [d, path.join(work, d)]));
Object.values(dirs).forEach((d) => fs.mkdirSync(d));

const { pdfToWord } = await importBundled('pdf-to-office', `export { pdfToWord } from '${root}/server/convert/tools/pdf-to-office';`);

function soffice(args, outDir) {
  execFileSync('soffice', [`-env:UserInstallation=file://${work}/profile`, '--headless', ...args, '--outdir', outDir], { stdio: 'ignore', timeout: 600_000 });
}

const corpus = await buildCorpus();
for (const { name, docx } of corpus) fs.writeFileSync(path.join(dirs.docx, `${name}.docx`), docx);
const files = (dir, ext) => corpus.map(({ name }) => path.join(dir, `${name}.${ext}`));
soffice(['--convert-to', 'pdf', ...files(dirs.docx, 'docx')], dirs.pdf);

let started = process.hrtime.bigint();
for (const [index, pdf] of files(dirs.pdf, 'pdf').entries()) {
  const workDir = path.join(dirs.jobs, String(index));
  fs.mkdirSync(workDir);
  const ctx = { workDir, signal: new AbortController().signal, progress() {}, tier: 'vip' };
  const [output] = await pdfToWord.convert({ inputs: [{ name: path.basename(pdf), path: pdf, size: fs.statSync(pdf).size, type: 'pdf' }], options: pdfToWord.options.parse({}) }, ctx);
  fs.copyFileSync(output.path, path.join(dirs.ours, path.basename(pdf, '.pdf') + '.docx'));
}
const oursSeconds = Number(process.hrtime.bigint() - started) / 1e9;
started = process.hrtime.bigint();
soffice(['--infilter=writer_pdf_import', '--convert-to', 'docx:MS Word 2007 XML', ...files(dirs.pdf, 'pdf')], dirs.libreoffice);
const libreofficeSeconds = Number(process.hrtime.bigint() - started) / 1e9;

const rows = [];
for (const { name } of corpus) {
  const original = readDocument(await documentXml(path.join(dirs.docx, `${name}.docx`)));
  const ours = score(original, readDocument(await documentXml(path.join(dirs.ours, `${name}.docx`))));
  const theirs = score(original, readDocument(await documentXml(path.join(dirs.libreoffice, `${name}.docx`))));
  rows.push({ name, original, ours, theirs });
}

const pct = (v) => (v === undefined ? '   -  ' : `${(v * 100).toFixed(1).padStart(5)}%`);
console.log(`${'document'.padEnd(24)} ${'chars ours/LO'.padEnd(16)} ${'paras ours/LO (orig)'.padEnd(24)} ${'frames ours/LO'.padEnd(15)} cells ours/LO`);
for (const { name, original, ours, theirs } of rows) {
  console.log(
    `${name.padEnd(24)} ${pct(ours.characterAccuracy)} ${pct(theirs.characterAccuracy)}  ${pct(ours.paragraphCount)} ${pct(theirs.paragraphCount)} (${String(original.paragraphs.length).padStart(3)})  ${String(ours.frames).padStart(5)} ${String(theirs.frames).padStart(6)}    ${pct(ours.tableCells)} ${pct(theirs.tableCells)}`,
  );
}
const mean = (key, side) => {
  const values = rows.map((r) => r[side][key]).filter((v) => v !== undefined);
  return values.reduce((s, v) => s + v, 0) / values.length;
};
console.log(
  `${'mean'.padEnd(24)} ${pct(mean('characterAccuracy', 'ours'))} ${pct(mean('characterAccuracy', 'theirs'))}  ${pct(mean('paragraphCount', 'ours'))} ${pct(mean('paragraphCount', 'theirs'))}        ${String(rows.reduce((s, r) => s + r.ours.frames, 0)).padStart(5)} ${String(rows.reduce((s, r) => s + r.theirs.frames, 0)).padStart(6)}    ${pct(mean('tableCells', 'ours'))} ${pct(mean('tableCells', 'theirs'))}`,
);
const wins = ['characterAccuracy', 'paragraphCount', 'tableCells'].map((key) => `${key}: ours ${rows.filter((r) => r.ours[key] !== undefined && r.ours[key] >= r.theirs[key]).length}/${rows.filter((r) => r.ours[key] !== undefined).length} documents at least as good`);
console.log(`${corpus.length} documents; ${wins.join('; ')}; frames: ours ${rows.every((r) => r.ours.frames === 0) ? 'none' : 'SOME'}`);
console.log(`time: ours ${oursSeconds.toFixed(1)} s, LibreOffice import ${libreofficeSeconds.toFixed(1)} s (cold start included)`);
fs.rmSync(work, { recursive: true, force: true });
