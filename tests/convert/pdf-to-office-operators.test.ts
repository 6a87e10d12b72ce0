// TeX's sized delimiters and big operators through PDF → Word, PowerPoint and Excel (issue 14: in the
// GeoTopo thesis every \left\| \bigl( \langle \sum \bigcup was lost). pdfTeX and Ghostscript write
// CMEX10 and CMSY10 as bare CFF programs on their builtin encoding without /ToUnicode; the glyphs'
// only names are in the CFF's string table, which MuPDF does not read (checked on the input). The
// page (tests/support/tex-cff-pdfs.ts) draws lines of Helvetica text with such glyphs between; each
// output must read each line whole, its delimiters and operators in place: ‖ for both \| (CMSY's
// bardbl) and \big\| (CMEX's vextenddouble), the mathematical ⟨ ⟩ for CMSY's and CMEX's angle
// brackets alike (as pdfTeX's glyphtounicode.tex maps them, not Adobe's glyph list's CJK 〈 〉, which
// pdftotext and pdf.js give), and CMSY's binary ∪ ∩ (named union, intersection) not as the big ⋃ ⋂ (uniondisplay).
// A second page (texStacksPdf) draws display operators with limits over and under them and a long
// arrow with a label over it, each part in a text object of its own as TeX does (MuPDF reads each as
// a line): each line must read as pdftotext and pdf.js read GeoTopo's, upper limit (label), operator
// (arrow), lower limit, in the operator's place; the line of small type over each stays its own;
// and a norm whose tall bars are four pieces each, one under the other: one ‖ each, in the line,
// its power (raised to the bars' top) its superscript there.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { BRACED_LINE, BRACED_LINES, DELIMITER_LINES, NESTED_MATRIX, NOTE, SET_LINE, STACKED_LINES, SYMBOL_ROWS, TALL_BARS, TEX_CASES, texBracedPdf, texCasesPdf, texDelimitersPdf, texNestedMatrixPdf, texSetPdf, texStacksPdf, texSymbolRowsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-operators-');
const input = path.join(scratch, 'delimiters.pdf');
const stacks = path.join(scratch, 'stacks.pdf');
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const lines = DELIMITER_LINES.map((line) => line.text);

beforeAll(async () => {
  writeFileSync(input, await texDelimitersPdf());
  writeFileSync(stacks, await texStacksPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, file = input) => (await convertFile(converterOf(toolId, pdfToOfficeConverters), file, scratch)).path;
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

describe('stacked limits and arrow labels', () => {
  /** Without white space: the Word writer may set a raised label as its own run. */
  const bare = (text: string) => text.replace(/\s+/g, '');
  const stacked = STACKED_LINES.map((line) => bare(line.text));
  const tallBars = bare(TALL_BARS.text);

  it('the input: MuPDF reads the limits and the label as lines of their own', () => {
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', stacks], { encoding: 'utf8' });
    const lineTexts = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => bare([...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join('')));
    expect(lineTexts).toEqual(expect.arrayContaining(['k=0', 'i=1', 'Satz4.1']));
  });

  it('pdf-to-word reads upper part, operator or arrow, lower part in the line, the notes as lines of their own', async () => {
    const document = (await readZipParts(await run('pdf-to-word', stacks))).find((p) => p.name === 'word/document.xml')!.text;
    const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => bare(decode([...p.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''))));
    expect(paragraphs.filter((p) => p !== '')).toEqual([...stacked.flatMap((line) => [bare(NOTE), line]), tallBars]);
  });

  it.each(['pdf-to-ppt', 'pdf-to-excel'])('%s reads each stacked line in that order', async (toolId) => {
    const parts = await readZipParts(await run(toolId, stacks));
    const xml = parts.filter((p) => /^(ppt\/slides\/slide1|xl\/sharedStrings|xl\/worksheets\/sheet1)\.xml$/.test(p.name)).map((p) => p.text).join('');
    const text = bare(decode([...xml.matchAll(/<(?:a|x)?:?t(?: [^>]*)?>([^<]*)<\/(?:a|x)?:?t>/g)].map((t) => t[1]).join('')));
    for (const line of [...stacked, tallBars]) expect(text).toContain(line);
  });
});

/**
 * A display line MuPDF reads in pieces (issue 14: GeoTopo's "κ₁ⁿ(s) := min \Big\{ κ(s,x) | x ∈ T \Big\}"
 * came out of Word as eight paragraphs, one under the other): a piece starting under the scripts of
 * the one before and a \Big brace hung over the line's baseline are all one line.
 */
/**
 * The braces may be of any of TeX's extension fonts: Computer Modern's CMEX10, Euler's EUEX10, or a
 * math extension face named so outright (LucidaNewMath-Extension), each one pattern (layout/tex-fonts.ts).
 */
it.each(['CMEX10', 'EUEX10', 'LucidaNewMath-Extension'])('pdf-to-word reads a display line of pieces, its sized braces (%s) in place, as one paragraph', async (extensionFont) => {
  const braced = path.join(scratch, `braced-${extensionFont}.pdf`);
  writeFileSync(braced, await texBracedPdf([BRACED_LINE], extensionFont));
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', braced], { encoding: 'utf8' });
  expect(stext.match(/<line /g)?.length).toBeGreaterThanOrEqual(5);
  const document = (await readZipParts(await run('pdf-to-word', braced))).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => decode([...p.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('')).replace(/\s+/g, ''));
  expect(paragraphs.filter((p) => p !== '')).toEqual([BRACED_LINE.text.replace(/\s+/g, '')]);
});


/** A case distinction whose brace is one glyph of the extension font reads as one, whichever extension font it is. */
it.each(['CMEX10', 'EUEX10', 'LucidaNewMath-Extension'])('pdf-to-word reads a case distinction with a brace of %s as an equation matrix after its label', async (extensionFont) => {
  const cases = path.join(scratch, `cases-${extensionFont}.pdf`);
  writeFileSync(cases, await texCasesPdf(extensionFont));
  const document = (await readZipParts(await run('pdf-to-word', cases))).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => /<[wm]:t[ >]/.test(p));
  expect(paragraphs).toHaveLength(1);
  const [paragraph] = paragraphs;
  expect(/<m:begChr m:val="([^"]*)"/.exec(paragraph)?.[1]).toBe('{');
  const rows = [...paragraph.matchAll(/<m:mr>([\s\S]*?)<\/m:mr>/g)].map(([, row]) => [...row.matchAll(/<m:e>([\s\S]*?)<\/m:e>/g)].map(([, entry]) => squash(decode([...entry.matchAll(/<m:t(?: [^>]*)?>([^<]*)<\/m:t>/g)].map((t) => t[1]).join('')))));
  expect(rows).toEqual(TEX_CASES.rows);
  expect(squash(decode([...paragraph.split('<m:oMath')[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')))).toBe(squash(TEX_CASES.label));
});

/** The Word document of `pdf`'s conversion and its paragraphs' text without white space. */
async function wordText(pdf: Uint8Array, name: string): Promise<{ document: string; paragraphs: string[] }> {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  const document = (await readZipParts(await run('pdf-to-word', file))).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => decode([...p.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('')).replace(/\s+/g, ''));
  return { document, paragraphs: paragraphs.filter((p) => p !== '') };
}

/**
 * Two such lines one under the other (issue 14: GeoTopo's "κ₁ := min{…} und" over "κ₂ := max{…}"
 * came out of Word as one case distinction of both lines' glyphs, their braces its delimiters): a
 * \Big brace is one glyph, so two standing one under the other are two braces, not pieces of one.
 */
it('pdf-to-word reads two braced display lines one under the other, each whole, as no matrix', async () => {
  const { document, paragraphs } = await wordText(await texBracedPdf(BRACED_LINES), 'braced-two.pdf');
  expect(document).not.toContain('<m:m>');
  expect(paragraphs.join('')).toBe(BRACED_LINES.map((line) => line.text.replace(/\s+/g, '')).join(''));
});

/**
 * A set in tall braces of pieces (issue 14: GeoTopo's "Cₙ(K) = {∑_{σ∈Aₙ(K)} c_σ·σ | c_σ ∈ ℝ}" came out
 * as a case distinction whose second row was the sum's limit, the ∑ and the bar after it, each
 * brace's pieces paragraphs of their own): the braces enclose one row, the sum with its limit in
 * place, the bar, the condition, and each brace is one character in that row.
 */
it('pdf-to-word reads a set in tall braces as one paragraph, the limit of its sum in place, as no case distinction', async () => {
  const { document, paragraphs } = await wordText(await texSetPdf(), 'set.pdf');
  expect(document).not.toContain('<m:m>');
  expect(paragraphs).toEqual([SET_LINE.text.replace(/\s+/g, '')]);
});

/**
 * A matrix in parentheses of their own (issue 14: GeoTopo's "((a′ b′; c′ d′) ∘ z)" left its outer
 * "(" a paragraph of its own, a list item's whole text, over the formula): MuPDF reads that "(" with
 * the matrix's "(", and once the matrix takes its glyphs it goes into the line in its place.
 */
it('pdf-to-word reads a matrix inside parentheses of its own in one paragraph, the outer "(" before it', async () => {
  const { document, paragraphs } = await wordText(await texNestedMatrixPdf(), 'nested-matrix.pdf');
  expect(document).toContain('<m:m>');
  expect(paragraphs).toEqual([NESTED_MATRIX.text.replace(/\s+/g, '')]);
});

/**
 * A symbol table's rows (issue 14: GeoTopo's "Z = N ∪ {0, −1, −2, …}" lost its "}" to the numerator
 * of the z/n under it, and "Q = Z ∪ {½, ⅓, ⅔} = {z/n …}" its \big braces to a line of their own):
 * a fraction's numerator is the row nearest its bar, and a \big brace MuPDF read apart goes into the
 * line it encloses, in its place.
 */
it('pdf-to-word reads the rows of a symbol table whole, each brace in its place, each fraction its own parts', async () => {
  const { document, paragraphs } = await wordText(await texSymbolRowsPdf(), 'symbol-rows.pdf');
  expect(document).not.toContain('<m:m>');
  expect(document.match(/<m:f>/g)?.length).toBe(3);
  expect(paragraphs).toEqual(SYMBOL_ROWS.rows.map((row) => row.replace(/\s+/g, '')));
});
