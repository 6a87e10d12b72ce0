// TeX's sized delimiters and big operators through PDF → Word, PowerPoint and Excel (issue 14: in the
// GeoTopo thesis every \left\| \bigl( \langle \sum \bigcup was lost). pdfTeX and Ghostscript write
// CMEX10 and CMSY10 as bare CFF programs on their builtin encoding without /ToUnicode; the glyphs'
// only names are in the CFF's string table, which MuPDF does not read (checked on the input). The
// page (tests/support/tex-cff-pdfs.ts) draws lines of Helvetica text with such glyphs between; each
// output must read each line whole, its delimiters and operators in place: ‖ for both \| (CMSY's
// bardbl) and \big\| (CMEX's vextenddouble), 〈 〉 as MuPDF reads CMSY's angle brackets, and CMSY's
// binary ∪ ∩ (named union, intersection) not as the big ⋃ ⋂ (uniondisplay).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { DELIMITER_LINES, texDelimitersPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-operators-');
const input = path.join(scratch, 'delimiters.pdf');
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const lines = DELIMITER_LINES.map((line) => line.text);

beforeAll(async () => {
  writeFileSync(input, await texDelimitersPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string) => (await convertFile(converterOf(toolId, pdfToOfficeConverters), input, scratch)).path;
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

it('the input: MuPDF alone reads the CMEX glyphs as U+FFFD', () => {
  const text = execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', input], { encoding: 'utf8' });
  expect(text.match(/\uFFFD/g)?.length).toBeGreaterThanOrEqual(8);
});

it('pdf-to-word reads each line whole, its delimiters and operators in place', async () => {
  const document = (await readZipParts(await run('pdf-to-word'))).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => squash(decode([...p.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''))));
  expect(paragraphs.filter((p) => p !== '')).toEqual(lines);
});

it('pdf-to-ppt reads each line whole', async () => {
  const slide = (await readZipParts(await run('pdf-to-ppt'))).find((p) => p.name === 'ppt/slides/slide1.xml')!.text;
  const text = squash(decode([...slide.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('')));
  for (const line of lines) expect(text).toContain(line);
});

it('pdf-to-excel reads each line whole', async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await run('pdf-to-excel'));
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => row.eachCell((cell) => void cells.push(squash(cell.text))));
  for (const line of lines) expect(cells.join(' ')).toContain(line);
});
