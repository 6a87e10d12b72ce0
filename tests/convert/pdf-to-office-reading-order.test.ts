// Reading order across strips of white space that are not gutters between columns (issue 14:
// tracemonkey.pdf's code listings and rule-less table came out column by column, the GeoTopo
// thesis's running header after the list below it), while columns of prose or of an index's short
// entries stay columns. The page (tests/support/reading-order-pdfs.ts)
// draws everything in reading order, so poppler's pdftotext -raw (content stream order) is the
// independent witness; the DOCX is read back as its XML, the XLSX by exceljs, cell after cell, row
// after row (a sheet reads one column of prose after the other, not both across the gutter). A
// second page: bold run-in headings at the margin beside centred formulas (not a column).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { HEADER_ITEMS, INDEX_COLUMNS, LISTING, PROSE_COLUMNS, readingOrderPdf, RUN_IN, runInHeadingsPdf, RUNNING_HEADER, TABLE, TEXT_AFTER_STACK, textAfterStackPdf } from '../support/reading-order-pdfs';
import { zipPartText } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-reading-order-');
let word: string;
let sheet: string;
let raw: string;
const squash = (text: string) => text.replace(/\s+/g, '');

/** `pdf` written as `name`, read by pdftotext -raw, and its DOCX's and XLSX's text, each squashed. */
async function readBack(name: string, pdf: Uint8Array): Promise<{ raw: string; word: string; sheet: string }> {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch);
  const document = await zipPartText(docx.path, 'word/document.xml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await convertFile(converterOf('pdf-to-excel', pdfToOfficeConverters), file, scratch)).path);
  const cells: string[] = [];
  workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => void cells.push(cell.text)));
  return {
    raw: squash(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })),
    word: squash([...document.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
    sheet: squash(cells.join('')),
  };
}

beforeAll(async () => {
  ({ raw, word, sheet } = await readBack('reading-order.pdf', await readingOrderPdf()));
});

/** Pieces that must follow one another directly in reading order. */
const sequences = {
  'the running header, then the list below it': [RUNNING_HEADER.page, RUNNING_HEADER.title, HEADER_ITEMS[0]],
  ...Object.fromEntries(LISTING.map(([instruction, comment]) => [`the instruction ${instruction}, then its comment`, [instruction, comment]])),
  ...Object.fromEntries(TABLE.map((row) => [`the table row ${row[0]}, left to right`, row])),
  'the left prose column, then the right one': [PROSE_COLUMNS[0].at(-1)!, PROSE_COLUMNS[1][0]],
  'the left index column, then the right one': [INDEX_COLUMNS[0].flat().join(''), INDEX_COLUMNS[1].flat().join('')],
};

it.each(Object.entries(sequences))('pdftotext -raw reads %s', (_, pieces) => {
  expect(raw).toContain(squash(pieces.join('')));
});

it.each(Object.entries(sequences))('Word reads %s', (_, pieces) => {
  expect(word).toContain(squash(pieces.join('')));
});

it.each(Object.entries(sequences))('Excel reads %s', (_, pieces) => {
  expect(sheet).toContain(squash(pieces.join('')));
});

describe('run-in headings at the margin beside centred formulas (GeoTopo)', () => {
  let paragraphs: string[];
  let runInWord: string;
  let runInRaw: string;
  beforeAll(async () => {
    const file = path.join(scratch, 'run-in-headings.pdf');
    writeFileSync(file, await runInHeadingsPdf());
    runInRaw = squash(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
    const document = await zipPartText((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path, 'word/document.xml');
    paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
    runInWord = squash(paragraphs.join(''));
  });

  const runInSequences = {
    'the running header, then the caption': [...RUN_IN.header, RUN_IN.caption],
    'the caption, then the proof heading and its formula': [RUN_IN.caption, RUN_IN.proof, ...RUN_IN.formula],
    'the formula, then the definition heading and its text': [RUN_IN.formula.at(-1)!, RUN_IN.definition, ...RUN_IN.definitionText],
    'a running header over two columns, then the left column': [...RUN_IN.indexHeader, ...INDEX_COLUMNS[0].flat()],
    'a column of prose, then one with room for a float': [...RUN_IN.floatColumns[0], ...RUN_IN.floatColumns[1]],
    'a column under its figure, then a list hanging in from its markers under its figure': [RUN_IN.figureCaptions[0], ...RUN_IN.bulletColumns[0], RUN_IN.figureCaptions[1], ...RUN_IN.bulletColumns[1]],
    'margin lines and centred formulas row by row': [...RUN_IN.nextHeader, RUN_IN.further, ...RUN_IN.inverse, RUN_IN.differentiable, RUN_IN.nextDefinition, RUN_IN.nextDefinitionText],
  };

  it.each(Object.entries(runInSequences))('pdftotext -raw and Word read %s', (_, pieces) => {
    expect(runInRaw).toContain(squash(pieces.join('')));
    // Word numbers a list item itself: its bullet is not in its text.
    expect(runInWord).toContain(squash(pieces.map((piece) => piece.replace(/^- /, '')).join('')));
  });

  it('starts a paragraph at a bold heading under a full line of text', () => {
    expect(paragraphs.map((p) => p.trim())).toContain(RUN_IN.remark);
    expect(paragraphs.map((p) => p.trim())).toContain(RUN_IN.sentence);
  });
});

describe('text set after a stack of rows beside their first (GeoTopo, page 97)', () => {
  let stack: { raw: string; word: string; sheet: string };
  beforeAll(async () => {
    stack = await readBack('text-after-stack.pdf', await textAfterStackPdf());
  });

  const stackSequences = {
    'the stack of rows, then the text after it': [...TEXT_AFTER_STACK.rows, TEXT_AFTER_STACK.text, TEXT_AFTER_STACK.next],
    'a line of prose drawn in two pieces, then the short line under it': [...TEXT_AFTER_STACK.prose, TEXT_AFTER_STACK.proseEnd],
  };

  it.each(Object.entries(stackSequences))('pdftotext -raw, Word and Excel read %s', (_, pieces) => {
    expect(stack.raw).toContain(squash(pieces.join('')));
    // Word numbers a list item itself: its marker is not in its text.
    expect(stack.word).toContain(squash(pieces.join('')).replace(/^a\)/, '').replace('b)', ''));
    expect(stack.sheet).toContain(squash(pieces.join('')));
  });

  // Drawn after the line under it, so pdftotext -raw is no witness here.
  it('Word and Excel read a line of prose whose last piece stands off, then the short line under it', () => {
    const pieces = squash([...TEXT_AFTER_STACK.stretched, TEXT_AFTER_STACK.stretchedEnd].join(''));
    expect(stack.word).toContain(pieces);
    expect(stack.sheet).toContain(pieces);
  });
});
