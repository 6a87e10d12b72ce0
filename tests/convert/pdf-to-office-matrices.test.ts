// Matrices and case distinctions through PDF → Word, HTML, PowerPoint and Excel (issue 14: the
// GeoTopo thesis's matrices came out as their first row, then the label in front of them, then
// each further row a paragraph of its own, and their tall delimiters lost). The page
// (tests/support/matrix-pdfs.ts) draws a 2×2 matrix, a 3×2 matrix after "JF(u, v) = " and a
// case distinction, between two lines of text. MuPDF reads the label apart from the rows (checked
// on the input); every output must read each one in its line: the label, the delimiter, the
// entries row by row, the closing delimiter, the rest of the line. Word gets an equation's
// matrix (m:d around m:m), the others the linear form (a b; c d).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { CASES, INTRO, JACOBI, MATRIX, matrixPdf, OUTRO, type DisplayMatrix } from '../support/matrix-pdfs';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-matrices-');
const input = path.join(scratch, 'matrices.pdf');
beforeAll(async () => {
  writeFileSync(input, await matrixPdf());
  pptxgenjsInBrowserMode();
});

const MATRICES = [MATRIX, JACOBI, CASES];
const run = async (toolId: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ebookConverters]), input, scratch)).path;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A matrix on one line: its delimiters as characters, entries parted by a space, rows by "; ". */
const linear = (m: DisplayMatrix) => squash(`${m.label}${m.open}${m.rows.map((row) => row.join(' ')).join('; ')}${m.close}${m.after}`);

it('the input: MuPDF reads the label of each matrix apart from its first row', () => {
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' });
  const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => squash([...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join('')));
  for (const matrix of MATRICES) expect(lines.find((line) => line.includes(squash(matrix.label)))).not.toContain(matrix.rows[0][0]);
});

describe('pdf-to-word', () => {
  /** Each paragraph as its pieces in order: plain text, or a matrix's delimiters and entries' text by row. */
  let paragraphs: (string | { open: string; close: string; rows: string[][] })[][];
  beforeAll(async () => {
    const document = (await readZipParts(await run('pdf-to-word'))).find((p) => p.name === 'word/document.xml')!.text;
    const mathText = (xml: string) => [...xml.matchAll(/<m:t(?: [^>]*)?>([^<]*)<\/m:t>/g)].map((t) => t[1]).join('');
    const character = (xml: string, name: string) => new RegExp(`<m:${name} m:val="([^"]*)"`).exec(xml)?.[1];
    paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) =>
      [...p.matchAll(/<m:d>([\s\S]*?<\/m:m>[\s\S]*?)<\/m:d>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, matrix, text]) =>
        matrix === undefined
          ? text
          : {
              open: character(matrix, 'begChr')!,
              close: character(matrix, 'endChr')!,
              rows: [...matrix.matchAll(/<m:mr>([\s\S]*?)<\/m:mr>/g)].map(([, row]) => [...row.matchAll(/<m:e>([\s\S]*?)<\/m:e>|<m:e\/>/g)].map(([, entry]) => squash(mathText(entry ?? '')))),
            },
      ),
    );
  });

  it.each([
    ['2×2 matrix', MATRIX],
    ['3×2 matrix after its label', JACOBI],
    ['case distinction', CASES],
  ])('writes the %s as an equation matrix (m:d around m:m) in its place in its paragraph', (_, matrix) => {
    const paragraph = paragraphs.find((pieces) => pieces.some((p) => typeof p === 'object' && p.rows[0]?.[0] === matrix.rows[0][0] && p.open === matrix.open));
    expect(paragraph).toBeDefined();
    const at = paragraph!.findIndex((p) => typeof p === 'object');
    expect(paragraph![at]).toEqual({ open: matrix.open, close: matrix.close, rows: matrix.rows });
    expect(squash(paragraph!.slice(0, at).join(''))).toBe(squash(matrix.label));
    expect(squash(paragraph!.slice(at + 1).join(''))).toBe(squash(matrix.after));
  });

  it('keeps the page text around the matrices in its order, one matrix a paragraph', () => {
    const texts = paragraphs.map((pieces) => squash(pieces.map((p) => (typeof p === 'string' ? p : '[matrix]')).join(''))).filter((t) => t);
    expect(texts).toEqual([INTRO, ...MATRICES.map((m) => squash(`${m.label}[matrix]${m.after}`)), OUTRO]);
  });
});

it('pdf-to-html writes each matrix on one line in its place', async () => {
  const html = readFileSync(await run('pdf-to-html'), 'utf8');
  const text = squash(html.replace(/<[^>]+>/g, ' '));
  const at = [INTRO, ...MATRICES.map(linear), OUTRO].map((line) => text.indexOf(line));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect(at).toEqual([...at].sort((a, b) => a - b));
});

it('pdf-to-ppt writes each matrix on one line in its place', async () => {
  const slide = (await readZipParts(await run('pdf-to-ppt'))).find((p) => p.name === 'ppt/slides/slide1.xml')!.text;
  const boxes = [...slide.matchAll(/<p:txBody>([\s\S]*?)<\/p:txBody>/g)].map(([, body]) => squash([...body.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('')));
  for (const matrix of MATRICES) expect(boxes).toContain(linear(matrix));
});

it('pdf-to-excel writes each matrix on one line in its cell', async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await run('pdf-to-excel'));
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(squash(cell.text))));
  for (const matrix of MATRICES) expect(cells).toContain(linear(matrix));
});
