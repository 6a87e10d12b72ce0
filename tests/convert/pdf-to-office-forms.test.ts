// Filled form fields through PDF → Word, Excel and PowerPoint (issue 14: libreoffice-form.pdf lost
// "Alice" and "Bob"). The form (tests/support/form-pdfs.ts) keeps its values only in the fields'
// /V with /NeedAppearances set, as LibreOffice writes it; poppler's pdftotext draws such fields
// from their values and is the reference. Outputs are read back as their packages' XML.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ofdConverters } from '../../server/convert/tools/ofd';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { readPdfPages } from '../../server/convert/tools/pdf-to-office/extraction/read-pages';
import { DRAWN_FIELD_VALUE, filledFormPdf, FORM_LABELS, PASSWORD_VALUE, STALE_FIELD_VALUES } from '../support/form-pdfs';
import { readZipParts } from '../support/zip';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';

const scratch = scratchFolder('pdf-to-office-forms-');
let form: string;
beforeAll(async () => {
  form = path.join(scratch, 'form.pdf');
  writeFileSync(form, await filledFormPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, file: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ofdConverters]), file, scratch, { notes: [] })).path;

/** The text runs of the given parts of a package (OOXML, OFD), in order, joined by spaces. */
async function packageText(file: string, part: RegExp, run: RegExp): Promise<string> {
  const parts = (await readZipParts(file)).filter(({ name }) => part.test(name));
  return parts.map(({ text }) => [...text.matchAll(run)].map((m) => m[1]).join(' ')).join(' ');
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const count = (text: string, word: string) => words(text).filter((w) => w === word).length;
const FIELD_WORDS = words([STALE_FIELD_VALUES.first, ...STALE_FIELD_VALUES.notes, DRAWN_FIELD_VALUE].join(' '));

it('the input shows the defect: MuPDF reads only the field drawn by its own appearance, poppler all of them', () => {
  const mupdf = execFileSync('mutool', ['draw', '-q', '-F', 'text', '-o', '-', form], { encoding: 'utf8' });
  expect(words(mupdf)).toContain(DRAWN_FIELD_VALUE);
  expect(words(mupdf)).not.toContain(STALE_FIELD_VALUES.first);
  expect(words(mupdf)).not.toContain('Bob');
  const poppler = words(execFileSync('pdftotext', ['-enc', 'UTF-8', form, '-'], { encoding: 'utf8' }));
  expect(poppler).toEqual(expect.arrayContaining([...FORM_LABELS, ...FIELD_WORDS]));
});

it('pdf-to-word carries every field value once, as poppler reads the page, and no password', async () => {
  const docx = await run('pdf-to-word', form);
  const text = await packageText(docx, /^word\/document\.xml$/, /<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g);
  // Poppler's words, less the check mark and the password's bullets it draws: each one in the DOCX.
  const reference = words(execFileSync('pdftotext', ['-enc', 'UTF-8', form, '-'], { encoding: 'utf8' })).filter((w) => /\p{L}|\p{N}/u.test(w));
  for (const word of reference) expect({ word, found: count(text, word) }).toEqual({ word, found: 1 });
  expect(text).toContain(STALE_FIELD_VALUES.first);
  expect(text).toMatch(/Bob Smith\s+Room 12/);
  expect(text).not.toContain(PASSWORD_VALUE);
  // The ticked box is no text.
  expect(words(text).filter((w) => !reference.includes(w))).toEqual([]);
});

it('pdf-to-excel puts the values on the sheet', async () => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await run('pdf-to-excel', form));
  const cells: string[] = [];
  workbook.worksheets[0].eachRow((row) => cells.push(...(row.values as ExcelJS.CellValue[]).slice(1).map(String)));
  const text = cells.join(' ');
  for (const word of [...FORM_LABELS, ...FIELD_WORDS]) expect({ word, found: count(text, word) }).toEqual({ word, found: 1 });
  expect(text).not.toContain(PASSWORD_VALUE);
});

it('pdf-to-ppt shows the values as slide text', async () => {
  const text = await packageText(await run('pdf-to-ppt', form), /^ppt\/slides\/slide\d+\.xml$/, /<a:t>([^<]*)<\/a:t>/g);
  for (const word of FIELD_WORDS) expect({ word, found: count(text, word) }).toEqual({ word, found: 1 });
  expect(text).not.toContain(PASSWORD_VALUE);
});

it('pdf-to-ofd writes the values as text objects', async () => {
  const text = await packageText(await run('pdf-to-ofd', form), /Content\.xml$/, /<ofd:TextCode[^>]*>([^<]*)<\/ofd:TextCode>/g);
  for (const word of FIELD_WORDS) expect(text).toContain(word);
  expect(text).not.toContain(PASSWORD_VALUE);
});

/** The sheet's cell texts, row by row. */
async function sheetCells(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells: string[] = [];
  workbook.worksheets[0].eachRow((row) => cells.push(...(row.values as ExcelJS.CellValue[]).slice(1).filter((v) => v != null).map(String)));
  return cells;
}

// A page turned by /Rotate alone (qpdf --rotate): the viewer turns the fields' values with the
// page, so they run along the page's own labels; MuPDF gives the widget's rectangle on the shown page.
describe.each([90, 180, 270])('the form on a page turned %i degrees', (turn) => {
  let turned: string;
  beforeAll(() => {
    turned = path.join(scratch, `form-${turn}.pdf`);
    execFileSync('qpdf', [form, `--rotate=+${turn}`, '--', turned]);
  });

  it('reads each value along its label, after it, as the shown page runs', async () => {
    // MuPDF's own structured text says which way the label runs on the shown page.
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', turned], { encoding: 'utf8' });
    const [, dx, dy] = /<line [^>]*dir="([-\d.]+) ([-\d.]+)">\s*<font [^>]*>\s*<char [^>]*c="F"/.exec(stext)!.map(Number);
    const { pages: [page] } = await readPdfPages(turned, [1], { workDir: mkdtempSync(path.join(scratch, 'read-')) });
    const line = (text: string) => page.lines.find((l) => l.chars.map((c) => c.text).join('') === text)!;
    const label = line('First Name');
    const value = line(STALE_FIELD_VALUES.first);
    expect(value.direction).toEqual({ x: dx, y: dy });
    // Along the label's direction the value starts after it; across it, both share a line.
    const centre = (l: typeof label) => ({ x: (l.chars[0].box.x0 + l.chars[0].box.x1) / 2, y: (l.chars[0].box.y0 + l.chars[0].box.y1) / 2 });
    const [a, b] = [centre(label), centre(value)];
    expect((b.x - a.x) * dx + (b.y - a.y) * dy).toBeGreaterThan(60);
    expect(Math.abs((b.x - a.x) * -dy + (b.y - a.y) * dx)).toBeLessThan(12);
  });

  it('reads the page upright in Word: a portrait page, every value after its label, labels in their order', async () => {
    const docx = await run('pdf-to-word', turned);
    const [, width, height] = /<w:pgSz w:w="(\d+)" w:h="(\d+)"/.exec(await packageText(docx, /^word\/document\.xml$/, /([\s\S]*)/g))!.map(Number);
    expect(width).toBeLessThan(height);
    const text = await packageText(docx, /^word\/document\.xml$/, /<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g);
    const order = ['Application', 'First Name', STALE_FIELD_VALUES.first, 'Notes', ...STALE_FIELD_VALUES.notes, 'City', DRAWN_FIELD_VALUE, 'Agree', 'Password'];
    const squashed = text.replace(/\s+/g, ' ');
    const places = order.map((shown) => squashed.indexOf(shown));
    expect(places.filter((place) => place < 0)).toEqual([]);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  it('keeps each line of a value whole in Word and Excel, as on the upright page', async () => {
    const text = await packageText(await run('pdf-to-word', turned), /^word\/document\.xml$/, /<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g);
    for (const word of FIELD_WORDS) expect({ word, found: count(text, word) }).toEqual({ word, found: 1 });
    for (const shown of STALE_FIELD_VALUES.notes) expect(text).toContain(shown);
    expect(text).not.toContain(PASSWORD_VALUE);
    const cells = await sheetCells(await run('pdf-to-excel', turned));
    expect(cells).toEqual(expect.arrayContaining([STALE_FIELD_VALUES.first, ...STALE_FIELD_VALUES.notes, DRAWN_FIELD_VALUE]));
    expect(cells.join(' ')).not.toContain(PASSWORD_VALUE);
  });
});
