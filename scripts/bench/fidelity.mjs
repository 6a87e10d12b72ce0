// What PDF → PDF tools keep of real-world files (issue 14): each fixture of ../shared/fixtures/pdf
// and a generated file with links, labels and attachments (tests/support/rich-pdf.ts) goes through
// the page-keeping tools; each result is read with poppler, qpdf and mutool against its input as
// the baseline, and per tool the yardsticks are printed: characters kept (raw pdftotext, page by
// page as multisets of code points, pooled over all files; and the worst file), pages, bookmarks,
// form fields, links, attachments, page labels — kept / in the input.
//   node scripts/bench/fidelity.mjs [fixture name…]   (names pick some fixtures; the generated file always runs)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBundled } from './fidelity/bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.resolve(root, '../shared/fixtures/pdf');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pdf-fidelity-'));

const { pdfEditConverters, pdfRenderConverters, configureTimestamps, richPdf } = await importBundled('pdf-fidelity', [
  `export { pdfEditConverters } from '${root}/server/convert/tools/pdf-edit';`,
  `export { pdfRenderConverters, configureTimestamps } from '${root}/server/convert/tools/pdf-render';`,
  `export { richPdf } from '${root}/tests/support/rich-pdf';`,
].join('\n'));
configureTimestamps({ authorityDir: path.join(work, 'tsa') });
const converters = [...pdfEditConverters, ...pdfRenderConverters];

const LINKS_SCRIPT = path.join(work, 'links.js');
fs.writeFileSync(LINKS_SCRIPT, `var doc = new PDFDocument(scriptArgs[0]);
if (doc.needsPassword()) doc.authenticatePassword(scriptArgs[1]);
var n = 0; for (var i = 0; i < doc.countPages(); i++) n += doc.loadPage(i).getLinks().length; print(n);`);

const read = (command, args) => execFileSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });

/** The yardsticks of one file as the independent readers see them. */
function measure(file, password = '') {
  const pw = password ? [`--password=${password}`] : [];
  const json = JSON.parse(read('qpdf', [...pw, '--json', '--json-key=pages', '--json-key=outlines', '--json-key=acroform', '--json-key=attachments', file]));
  const countOutline = (items) => items.reduce((sum, item) => sum + 1 + countOutline(item.kids), 0);
  // pdftotext ends each page with a form feed: one text per page, so a character is only kept on its own page.
  const pageTexts = read('pdftotext', [...(password ? ['-upw', password] : []), '-raw', '-enc', 'UTF-8', file, '-']).split('\f').slice(0, json.pages.length);
  return {
    texts: pageTexts.map((text) => text.replace(/\s+/g, '')),
    pages: json.pages.length,
    bookmarks: countOutline(json.outlines),
    fields: json.acroform.fields.length,
    links: Number(read('mutool', ['run', LINKS_SCRIPT, file, password]).trim()),
    attachments: Object.keys(json.attachments).length,
    labels: json.pages.filter((page) => page.label).length,
  };
}

/**
 * Characters of each expected page found on the same page of the result (each counted as often as
 * it occurs), as [kept, expected]. Counted in code points: a string's length counts UTF-16 units,
 * so a character beyond the BMP (an emoji flag) was once two expected and one found.
 */
function keptChars(expectedPages, foundPages) {
  let kept = 0, expected = 0;
  for (const [index, page] of expectedPages.entries()) {
    const counts = new Map();
    for (const c of foundPages[index] ?? '') counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const c of page) {
      expected++;
      if ((counts.get(c) ?? 0) > 0) { kept++; counts.set(c, counts.get(c) - 1); }
    }
  }
  return [kept, expected];
}

const sum = (measures) => measures.reduce((total, m) => ({
  texts: [...total.texts, ...m.texts], pages: total.pages + m.pages, bookmarks: total.bookmarks + m.bookmarks, fields: total.fields + m.fields,
  links: total.links + m.links, attachments: total.attachments + m.attachments, labels: total.labels + m.labels,
}), { texts: [], pages: 0, bookmarks: 0, fields: 0, links: 0, attachments: 0, labels: 0 });

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(2)}%`;

// Tools that keep every page, and what their result is measured against. Merge joins a file with
// itself (baseline: twice the file); split's parts are measured together. Split parts carry a
// link only when its target is in the part, so its links can fall short by design.
const TOOLS = [
  { toolId: 'pdf-rotate', options: { angle: 90 } },
  { toolId: 'pdf-add-page-number', options: {} },
  { toolId: 'watermark', options: { text: '内部资料' } },
  { toolId: 'pdf-compress', options: { level: 'medium' } },
  { toolId: 'pdf-lock', options: { password: 'bench' }, password: 'bench' },
  { toolId: 'timestamp', options: {} },
  { toolId: 'pdf-merge', options: {}, twice: true },
  { toolId: 'pdf-split', options: { mode: 'single' } },
];

const chosen = process.argv.slice(2);
const inputs = fs
  .readdirSync(fixtures)
  .filter((name) => name.endsWith('.pdf') && !name.includes('password') && (chosen.length === 0 || chosen.includes(name)))
  .map((name) => path.join(fixtures, name));
const rich = path.join(work, 'generated-links-labels-attachments.pdf');
fs.writeFileSync(rich, await richPdf());
inputs.push(rich);

const rows = [];
for (const tool of TOOLS) {
  const converter = converters.find((c) => c.toolId === tool.toolId);
  const totals = { files: 0, failed: 0, charsKept: 0, chars: 0, worst: { share: 1, name: '' }, base: sum([]), kept: sum([]) };
  for (const file of inputs) {
    const input = { name: path.basename(file), path: file, size: fs.statSync(file).size, type: 'pdf' };
    const workDir = fs.mkdtempSync(path.join(work, 'job-'));
    const ctx = { workDir, signal: new AbortController().signal, progress: () => {}, tier: 'vip' };
    const base = measure(file);
    const baseline = tool.twice ? sum([base, base]) : base;
    totals.files++;
    let outputs;
    try {
      outputs = await converter.convert({ inputs: tool.twice ? [input, input] : [input], options: converter.options.parse(tool.options) }, ctx);
    } catch (error) {
      totals.failed++;
      console.error(`${tool.toolId} ${input.name}: ${error.message}`);
      continue;
    }
    const result = sum(outputs.filter((o) => o.path.endsWith('.pdf')).map((o) => measure(o.path, tool.password)));
    const [kept, expected] = keptChars(baseline.texts, result.texts);
    totals.charsKept += kept;
    totals.chars += expected;
    if (expected > 0 && kept / expected < totals.worst.share) totals.worst = { share: kept / expected, name: input.name };
    for (const key of ['pages', 'bookmarks', 'fields', 'links', 'attachments', 'labels']) {
      totals.base[key] += baseline[key];
      totals.kept[key] += Math.min(result[key], baseline[key]);
    }
  }
  const share = (key) => `${totals.kept[key]}/${totals.base[key]}`;
  const worst = totals.worst.name ? `${percent(totals.worst.share, 1)} ${totals.worst.name}` : '100.00%';
  rows.push([tool.toolId, `${totals.files - totals.failed}/${totals.files}`, `${percent(totals.charsKept, totals.chars)} of ${totals.chars}`, worst, share('pages'), share('bookmarks'), share('fields'), share('links'), share('attachments'), share('labels')]);
}

const header = ['tool', 'files ok', 'characters kept', 'worst file', 'pages', 'bookmarks', 'fields', 'links', 'attachments', 'labels'];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
fs.rmSync(work, { recursive: true, force: true });
