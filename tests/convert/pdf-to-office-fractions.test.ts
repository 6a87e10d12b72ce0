// Stacked fractions through PDF → Word, HTML, PowerPoint and Excel (issue 14: the GeoTopo thesis's
// display formulas came out as every numerator of a line, then its middle, then every denominator).
// The page (tests/support/fraction-pdfs.ts) draws a display line with a fraction, a line of text
// with a small inline fraction, and a line underlined word by word with a line under it: no fractions.
// MuPDF reads the numerators as lines of their own (checked on the input); every output must read
// each fraction in its place: the text before it, the numerator, the denominator, the text after.
// Word gets an equation's fraction (m:f), the others the linear form (a + b)/(c + d).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { DISPLAY, fractionPdf, INLINE, scriptedDenominatorPdf, SQUARED, UNDERLINED } from '../support/fraction-pdfs';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { sofficeConvert, SOFFICE_TIMEOUT_MS } from '../support/soffice';
import { readZipParts, zipPartText } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-fractions-');
const input = path.join(scratch, 'fractions.pdf');
beforeAll(async () => {
  writeFileSync(input, await fractionPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ebookConverters]), input, scratch)).path;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A fraction on one line: brackets around a side of more than one term. */
const side = (text: string) => (/ [+−-] /.test(text) ? `(${text})` : text);
const linear = (line: typeof DISPLAY) => squash(`${line.before}${side(line.numerator)}/${side(line.denominator)}${line.after}`);

it('the input: MuPDF reads the display numerator as a line of its own, apart from the line it stands in', () => {
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' });
  const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => [...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join(''));
  expect(lines.map(squash)).toContain(DISPLAY.numerator);
});

describe('pdf-to-word', () => {
  /** Each paragraph as its pieces in order: plain text, or a fraction's numerator and denominator text. */
  let paragraphs: (string | { numerator: string; denominator: string })[][];
  beforeAll(async () => {
    const document = (await readZipParts(await run('pdf-to-word'))).find((p) => p.name === 'word/document.xml')!.text;
    const mathText = (xml: string) => [...xml.matchAll(/<m:t(?: [^>]*)?>([^<]*)<\/m:t>/g)].map((t) => t[1]).join('');
    paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) =>
      [...p.matchAll(/<m:f>([\s\S]*?)<\/m:f>|<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map(([, fraction, text]) =>
        fraction === undefined ? text : { numerator: mathText(/<m:num>([\s\S]*?)<\/m:num>/.exec(fraction)![1]), denominator: mathText(/<m:den>([\s\S]*?)<\/m:den>/.exec(fraction)![1]) },
      ),
    );
  });

  it.each([
    ['display', DISPLAY],
    ['inline', INLINE],
  ])('writes the %s fraction as an equation fraction (m:f) in its place in its paragraph', (_, line) => {
    const paragraph = paragraphs.find((pieces) => pieces.some((p) => typeof p === 'object' && squash(p.numerator) === line.numerator));
    expect(paragraph).toBeDefined();
    const at = paragraph!.findIndex((p) => typeof p === 'object');
    expect(paragraph![at]).toEqual({ numerator: line.numerator, denominator: line.denominator });
    expect(squash(paragraph!.slice(0, at).join(''))).toBe(squash(line.before));
    expect(squash(paragraph!.slice(at + 1).join(''))).toBe(squash(line.after));
  });

  it('keeps the underlined words and the line under them as text (no fraction)', () => {
    const texts = paragraphs.map((pieces) => squash(pieces.map((p) => (typeof p === 'string' ? p : '')).join('')));
    expect(texts).toEqual(expect.arrayContaining([UNDERLINED.line, UNDERLINED.under]));
    expect(paragraphs.flat().filter((p) => typeof p === 'object')).toHaveLength(2);
  });
});

it('pdf-to-html writes each fraction on one line in its place', async () => {
  const html = readFileSync(await run('pdf-to-html'), 'utf8');
  const text = squash(html.replace(/<[^>]+>/g, ' ').replace(/ +([.,])/g, '$1'));
  for (const line of [DISPLAY, INLINE]) expect(text).toContain(linear(line));
  expect(text).toContain(UNDERLINED.line);
});

it('pdf-to-ppt writes each fraction on one line in its place, and draws no bar', async () => {
  const slide = (await readZipParts(await run('pdf-to-ppt'))).find((p) => p.name === 'ppt/slides/slide1.xml')!.text;
  const boxes = [...slide.matchAll(/<p:txBody>([\s\S]*?)<\/p:txBody>/g)].map(([, body]) => squash([...body.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => t[1]).join('')));
  for (const line of [DISPLAY, INLINE]) expect(boxes).toContain(linear(line));
  // The underlines stay drawn lines; the fraction bars are the fractions' own.
  expect(slide.match(/prst="line"/g)).toHaveLength(UNDERLINED.line.split(' ').length);
});

it('pdf-to-excel writes each fraction on one line in its cell', async () => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await run('pdf-to-excel'));
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(squash(cell.text))));
  const text = cells.join(' ');
  for (const line of [DISPLAY, INLINE]) expect(text).toContain(linear(line));
});

describe('pdf-to-word: a script on a bracketed term in a fraction', () => {
  let docx: string;
  let denominator: string;
  beforeAll(async () => {
    const file = path.join(scratch, 'squared.pdf');
    writeFileSync(file, await scriptedDenominatorPdf());
    docx = (await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path;
    denominator = /<m:den>([\s\S]*?)<\/m:den>/.exec(await zipPartText(docx, 'word/document.xml'))![1];
  });
  const mathText = (xml: string) => [...xml.matchAll(/<m:t(?: [^>]*)?>([^<]*)<\/m:t>/g)].map((t) => t[1]).join('');

  it('squares the whole bracketed term (m:sSup over "(c + d)"), not its closing bracket', () => {
    const square = /<m:sSup>[\s\S]*?<m:e>([\s\S]*?)<\/m:e>[\s\S]*?<m:sup>([\s\S]*?)<\/m:sup>/.exec(denominator);
    expect(square).not.toBeNull();
    expect(squash(mathText(square![1]))).toBe(SQUARED.term);
    expect(mathText(square![2])).toBe(SQUARED.script);
  });

  it('writes the numerator\'s set minus (a backslash glyph) as ∖', async () => {
    const numerator = /<m:num>([\s\S]*?)<\/m:num>/.exec(await zipPartText(docx, 'word/document.xml'))![1];
    expect(squash(mathText(numerator))).toBe(SQUARED.numerator.replace('\\', '\u2216'));
  });

  // LibreOffice reads a lone ")" under a script as an unmatched bracket, and a backslash as an escape, and prints ¿ for the term.
  it('LibreOffice prints the denominator, no ¿ in its place', () => {
    const printed = execFileSync('pdftotext', [sofficeConvert(docx, 'pdf', scratch), '-'], { encoding: 'utf8' });
    expect(printed).not.toContain('¿');
    // LibreOffice spaces a formula's glyphs its own way: compared without spaces.
    expect(printed.replace(/\s+/g, '')).toContain(SQUARED.term.replace(/\s+/g, ''));
  }, SOFFICE_TIMEOUT_MS);
});
