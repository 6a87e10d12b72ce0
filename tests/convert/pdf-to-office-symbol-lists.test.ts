// Two page columns, each holding short two-column symbol lists whose rows line up across the gutter
// (issue 14: GeoTopo's Symbolverzeichnis, whose two columns were read interleaved at the foot of the
// page, a list's symbols before their descriptions). Each column must be read whole, one after the
// other, every row a symbol then its description, a wrapped description with its row. The page
// (tests/support/reading-order-pdfs.ts) draws column after column, so pdftotext -raw (content
// stream order) is the independent witness; the DOCX is read back as its XML, the XLSX by exceljs,
// cell after cell, row after row.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { SYMBOL_COLUMNS, symbolListsPdf } from '../support/reading-order-pdfs';
import { zipPartText } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-symbol-lists-');
const readings: Record<'pdftotext -raw' | 'Word' | 'Excel', string> = { 'pdftotext -raw': '', Word: '', Excel: '' };
/** Without white space and hyphens: a word hyphenated at a line's end reads the same joined again. */
const squash = (text: string) => text.replace(/[\s-]+/g, '');
/** The DOCX's paragraphs' texts, squashed. */
let wordParagraphs: string[] = [];
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

beforeAll(async () => {
  const input = path.join(scratch, 'symbol-lists.pdf');
  writeFileSync(input, await symbolListsPdf());
  readings['pdftotext -raw'] = squash(execFileSync('pdftotext', ['-raw', input, '-'], { encoding: 'utf8' }));
  const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), input, scratch);
  const document = await zipPartText(docx.path, 'word/document.xml');
  readings.Word = squash(textOf(document));
  wordParagraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) => squash(textOf(m[0])));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await convertFile(converterOf('pdf-to-excel', pdfToOfficeConverters), input, scratch)).path);
  const cells: string[] = [];
  workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => void cells.push(cell.text)));
  readings.Excel = squash(cells.join(''));
});

const { left, right } = SYMBOL_COLUMNS;
/** Each column's text in reading order: rows whole, a symbol then its description. */
const columns = {
  left: squash([left.heading, ...left.prose, ...left.rows.flat()].join('')),
  right: squash([...right.top.flat(), right.heading, ...right.rows.flat()].join('')),
};

describe.each(Object.keys(readings) as (keyof typeof readings)[])('%s', (reader) => {
  it('reads the left page column whole, row by row', () => {
    expect(readings[reader]).toContain(columns.left);
  });

  it('reads the right page column whole, row by row', () => {
    expect(readings[reader]).toContain(columns.right);
  });

  it('reads the left column before the right one', () => {
    expect(readings[reader].indexOf(columns.left)).toBeLessThan(readings[reader].indexOf(columns.right));
  });
});

it.each([...left.top, ...left.rows, ...right.top, ...right.rows].map((row) => [row[0], row]))('Word keeps the row of %s, its description wrapped or not, in a paragraph of its own', (_, row) => {
  expect(wordParagraphs).toContain(squash(row.join('')));
});
