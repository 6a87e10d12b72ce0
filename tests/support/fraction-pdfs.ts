// Stacked fractions (issue 14: the GeoTopo thesis's display formulas came out as every numerator
// of a line, then its middle, then every denominator), drawn with pdf-lib as TeX sets them: the
// numerator over a thin filled bar on the math axis, the denominator under it, both centred on it.
// Top to bottom:
// - a display line "s = " (a + b over c + d) " + x", its numerator drawn first, as TeX does;
// - a line of text with a small inline fraction (1 over n + 1, at script size) in it;
// - a line underlined word by word (as LaTeX's ulem does) with a line right under it, which is no
//   fraction: the lines run on past each rule's ends, and no text stands on a rule's axis;
// - (scriptedDenominatorPdf) a display fraction whose denominator squares a bracketed term, (c + d)².
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export const DISPLAY = { before: 's = ', numerator: 'a + b', denominator: 'c + d', after: ' + x' };
export const INLINE = { before: 'Then the ratio ', numerator: '1', denominator: 'n + 1', after: ' is small.' };
export const UNDERLINED = { line: 'Each word underlined here.', under: 'The next line runs on right under it.' };

const PAGE_HEIGHT = 842;
const SIZE = 12;
const SCRIPT_SIZE = 8;
const LEFT = 60;
/** TeX's math axis, and its numerator and denominator shifts from the bar (font sizes). */
const AXIS = 0.25;
const NUMERATOR_UP = { display: 0.45, text: 0.28 };
const DENOMINATOR_DOWN = { display: 0.95, text: 0.85 };

interface Fraction {
  before: string;
  numerator: string;
  denominator: string;
  after: string;
}

/** Draws a line with a fraction on the baseline (from the top): its numerator first, then the rest. */
function drawFractionLine(page: PDFPage, font: PDFFont, line: Fraction, baseline: number, partSize: number, style: 'display' | 'text'): void {
  const width = (text: string, size: number) => font.widthOfTextAtSize(text, size);
  const barLeft = LEFT + width(line.before, SIZE) + 1;
  const barWidth = Math.max(width(line.numerator, partSize), width(line.denominator, partSize)) + 2;
  const bar = baseline - AXIS * SIZE;
  const centred = (text: string) => barLeft + (barWidth - width(text, partSize)) / 2;
  const y = (fromTop: number) => PAGE_HEIGHT - fromTop;
  page.drawText(line.numerator, { x: centred(line.numerator), y: y(bar - NUMERATOR_UP[style] * SIZE), size: partSize, font });
  page.drawText(line.before, { x: LEFT, y: y(baseline), size: SIZE, font });
  page.drawRectangle({ x: barLeft, y: y(bar) - 0.2, width: barWidth, height: 0.4, color: rgb(0, 0, 0) });
  page.drawText(line.denominator, { x: centred(line.denominator), y: y(bar + DENOMINATOR_DOWN[style] * partSize), size: partSize, font });
  page.drawText(line.after, { x: barLeft + barWidth + 1, y: y(baseline), size: SIZE, font });
}

export async function fractionPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, PAGE_HEIGHT]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  drawFractionLine(page, font, DISPLAY, 120, SIZE, 'display');
  drawFractionLine(page, font, INLINE, 200, SCRIPT_SIZE, 'text');
  const baseline = 280;
  page.drawText(UNDERLINED.line, { x: LEFT, y: PAGE_HEIGHT - baseline, size: SIZE, font });
  const underY = PAGE_HEIGHT - baseline - 1.5;
  for (const word of UNDERLINED.line.matchAll(/\S+/g)) {
    const wordLeft = LEFT + font.widthOfTextAtSize(UNDERLINED.line.slice(0, word.index), SIZE);
    page.drawLine({ start: { x: wordLeft, y: underY }, end: { x: wordLeft + font.widthOfTextAtSize(word[0], SIZE), y: underY }, thickness: 0.5 });
  }
  page.drawText(UNDERLINED.under, { x: LEFT, y: PAGE_HEIGHT - baseline - 13, size: SIZE, font });
  return doc.save();
}

/** scriptedDenominatorPdf's fraction: its denominator's bracketed term carries a superscript. */
export const SQUARED = { before: 't = ', numerator: 'A \\ B + c', term: '(c + d)', script: '2', after: ' + y' };

/**
 * One display line "t = (A \ B + c) over (c + d)² + y", as TeX sets it (a set minus drawn as a
 * backslash, as CMSY draws it): the brackets upright, the
 * letters in italic (so the closing bracket is a run of its own), the square raised after the
 * bracket at script size (the numerator is the wider side: the bar runs past the square).
 */
export async function scriptedDenominatorPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, PAGE_HEIGHT]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const baseline = 120;
  // The denominator is drawn below, piece by piece: here a blank stands for it.
  drawFractionLine(page, font, { before: SQUARED.before, numerator: SQUARED.numerator, denominator: ' ', after: SQUARED.after }, baseline, SIZE, 'display');
  const inner = SQUARED.term.slice(1, -1);
  const pieces = [
    { text: '(', font },
    { text: inner, font: italic },
    { text: ')', font },
  ];
  const width = (text: string, face: PDFFont = font) => face.widthOfTextAtSize(text, SIZE);
  const termWidth = pieces.reduce((sum, piece) => sum + width(piece.text, piece.font), 0);
  const barLeft = LEFT + width(SQUARED.before) + 1;
  const barWidth = width(SQUARED.numerator) + 2;
  const y = PAGE_HEIGHT - (baseline - AXIS * SIZE + DENOMINATOR_DOWN.display * SIZE);
  let x = barLeft + (barWidth - termWidth) / 2;
  for (const piece of pieces) {
    page.drawText(piece.text, { x, y, size: SIZE, font: piece.font });
    x += width(piece.text, piece.font);
  }
  // Small and low enough that its glyph box stays under the bar, as TeX keeps a denominator's scripts.
  page.drawText(SQUARED.script, { x: x + 0.5, y: y + 0.3 * SIZE, size: 6, font });
  return doc.save();
}
