// Superscripts and subscripts through PDF → Word, PowerPoint, HTML and Excel (issue 14: the GeoTopo
// thesis's x², ℝ³, γ₁ came out on the baseline as plain text, and scripts MuPDF read as a line
// apart were read after the whole line). The page (tests/support/script-pdfs.ts) draws each script
// as a smaller glyph raised or lowered after its text, one line's scripts only after the next line,
// and lines of mixed sizes that hold no script. pdftotext reads every line's text in order and is
// the reference for it; the outputs are read back as their packages' XML (and exceljs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { LATE_SCRIPT_LINE, LINE_UNDER_LATE, MIXED_SIZE_LINES, pieceText, SCRIPT_LINES, scriptPdf } from '../support/script-pdfs';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-scripts-');
const input = path.join(scratch, 'scripts.pdf');
beforeAll(async () => {
  writeFileSync(input, await scriptPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ebookConverters]), input, scratch)).path;

const SCRIPTED = [...SCRIPT_LINES, LATE_SCRIPT_LINE];
/** Every script glyph run of the page, in reading order. */
const SCRIPTS = SCRIPTED.flatMap((line) => line.flatMap((piece) => (typeof piece === 'string' ? [] : 'super' in piece ? [{ text: piece.super, script: 'super' }] : [{ text: piece.sub, script: 'sub' }])));
const LINE_TEXTS = [...SCRIPTED.map(pieceText), LINE_UNDER_LATE, ...MIXED_SIZE_LINES.map((line) => line.map(([text]) => text).join(''))];
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

it('the input: pdftotext reads each line with its scripts in place; MuPDF reads the late scripts as a line apart', () => {
  const text = squash(execFileSync('pdftotext', ['-enc', 'UTF-8', input, '-'], { encoding: 'utf8' }));
  for (const line of SCRIPTED.map(pieceText)) expect(text).toContain(line);
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' });
  const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => [...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join(''));
  expect(lines).toContain('2');
});

describe('pdf-to-word', () => {
  let paragraphs: { text: string; runs: { text: string; vertAlign?: string }[] }[];
  beforeAll(async () => {
    const document = (await readZipParts(await run('pdf-to-word'))).find((p) => p.name === 'word/document.xml')!.text;
    paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => {
      const runs = [...p.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map(([, r]) => ({
        text: [...r.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
        vertAlign: /<w:vertAlign w:val="(\w+)"\/>/.exec(r)?.[1],
      }));
      return { text: runs.map((r) => r.text).join(''), runs };
    });
  });

  it('reads every line in order, the scripts where they stood (the late ones too, not as a line of their own)', () => {
    expect(paragraphs.map((p) => squash(p.text)).filter(Boolean)).toEqual(LINE_TEXTS);
  });

  it('raises and lowers exactly the script glyphs (w:vertAlign), nothing on the lines of mixed sizes', () => {
    const scripts = paragraphs.flatMap((p) => p.runs.filter((r) => r.vertAlign).map((r) => ({ text: r.text, script: r.vertAlign })));
    expect(scripts).toEqual(SCRIPTS.map(({ text, script }) => ({ text, script: `${script}script` })));
  });

  it('each script follows the text it belongs to: "E = mc" then a raised "2", "H" then a lowered "2"', () => {
    const [mc, water] = paragraphs.filter((p) => p.text.startsWith('E = mc') || p.text.startsWith('Water'));
    const after = (p: typeof mc, text: string) => p.runs[p.runs.findIndex((r) => r.text.endsWith(text)) + 1];
    expect(after(mc, 'E = mc')).toEqual({ text: '2', vertAlign: 'superscript' });
    expect(after(water, 'Water is H')).toEqual({ text: '2', vertAlign: 'subscript' });
  });
});

it('pdf-to-html marks the scripts <sup> and <sub> in their place', async () => {
  const html = readFileSync(await run('pdf-to-html'), 'utf8');
  expect(html).toContain('E = mc<sup>2</sup> is famous.');
  expect(html).toContain('Water is H<sub>2</sub>O.');
  expect(html).toContain('5 m<sup>2</sup> and the flow is 3 m<sup>3</sup> a second.');
  expect(html.match(/<su[bp]>/g)).toHaveLength(SCRIPTS.length);
});

it('pdf-to-ppt raises superscripts (baseline 30000) and lowers subscripts (−25000)', async () => {
  const slide = (await readZipParts(await run('pdf-to-ppt'))).find((p) => p.name === 'ppt/slides/slide1.xml')!.text;
  const runs = [...slide.matchAll(/<a:r>\s*<a:rPr([^>]*)>[\s\S]*?<a:t>([^<]*)<\/a:t>/g)].map(([, props, text]) => ({ text, baseline: / baseline="(-?\d+)"/.exec(props)?.[1] }));
  expect(runs.filter((r) => r.baseline && r.baseline !== '0')).toEqual(SCRIPTS.map(({ text, script }) => ({ text, baseline: script === 'super' ? '30000' : '-25000' })));
});

it('pdf-to-excel writes a cell with scripts as rich text (font.vertAlign), and such a cell never as a number', async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await run('pdf-to-excel'));
  const cells: ExcelJS.Cell[] = [];
  book.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(cell)));
  const scripts = cells.flatMap((cell) => (typeof cell.value === 'object' && cell.value && 'richText' in cell.value ? cell.value.richText : [])).filter((piece) => piece.font?.vertAlign);
  expect(scripts.map((piece) => ({ text: piece.text, script: piece.font!.vertAlign }))).toEqual(SCRIPTS.map(({ text, script }) => ({ text, script: `${script}script` })));
  expect(cells.map((cell) => squash(cell.text))).toEqual(expect.arrayContaining(SCRIPTED.map(pieceText)));
  expect(cells.filter((cell) => typeof cell.value === 'number')).toEqual([]);
});
