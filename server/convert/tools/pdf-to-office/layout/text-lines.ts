// Lines of text as the layout analysis uses them: MuPDF's lines cut where a wide gap says two
// things only share a baseline (table cells, columns, tab stops), trimmed of edge spaces.
import { isBlank, unionBox, type Box, type PdfChar, type PdfLine } from '../page-content';
import { median } from '../median';
import { isBareMarker } from './list-markers';
import { isCjk } from './scripts';
import { isHungGlyph } from './tex-fonts';

export interface TextLine {
  chars: PdfChar[];
  box: Box;
  text: string;
  /** The size most of its characters have. */
  size: number;
  baseline: number;
  /** A line of a code listing (listings.ts): its text keeps its spaces, indentation included. */
  preformatted?: true;
}

/** A gap wider than this many font sizes separates two pieces of text (word spaces are ~0.3). */
const SEPARATING_GAP_EMS = 1.5;

/**
 * Room (font sizes) wider than this between two glyphs set apart on one row (a sized bracket, a
 * big operator and its limits, pieces of a row read apart) is a space: TeX's thin one is 0.17, where
 * its script's \scriptspace or a \big bracket's sidebearing are less.
 */
export const SPACE_ROOM_EMS = 0.1;

export function dominantSize(chars: readonly PdfChar[]): number {
  const counts = new Map<number, number>();
  for (const c of chars) counts.set(c.size, (counts.get(c.size) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/** The baseline most of the characters of the text size sit on. */
export function rowBaseline(chars: readonly PdfChar[]): number {
  const size = dominantSize(chars);
  return median(chars.filter((c) => c.size === size).map((c) => c.baseline));
}

/** Narrower than this (in font sizes), a space between Chinese and Latin text is the renderer's spacing, not a typed space. */
const AUTOSPACE_EMS = 0.23;

/**
 * Word and LibreOffice put a little room between Chinese and Latin characters ("autospace");
 * MuPDF reads that room as a space character the author never typed.
 */
function withoutAutospace(chars: readonly PdfChar[]): PdfChar[] {
  return chars.filter((c, i) => {
    if (c.text !== ' ' || i === 0 || i === chars.length - 1) return true;
    const [before, after] = [chars[i - 1].text, chars[i + 1].text];
    const betweenScripts = isCjk(before) !== isCjk(after) && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after);
    return !(betweenScripts && c.box.x1 - c.box.x0 < AUTOSPACE_EMS * c.size);
  });
}

/** Undefined when only spaces remain. */
export function textLine(allChars: readonly PdfChar[]): TextLine | undefined {
  const chars = withoutAutospace(allChars);
  let start = 0;
  let end = chars.length;
  while (start < end && isBlank(chars[start])) start++;
  while (end > start && isBlank(chars[end - 1])) end--;
  if (start === end) return undefined;
  const kept = chars.slice(start, end);
  // A fraction's and a matrix's glyphs, scripts, and limits and notes read into the line
  // (PdfChar.stacked) stand over and under the line's baseline, not on it, most of them smaller (a
  // \binom's rows, ∑'s limits as scripts): the line's size and baseline are its other text's. TeX's
  // hung glyphs (a display ∑ first on its line) have their origins over it.
  const offBaseline = (c: PdfChar) => c.fraction !== undefined || c.matrix !== undefined || c.script !== undefined || c.stacked === true;
  const own = kept.filter((c) => !offBaseline(c));
  const size = dominantSize(own.length > 0 ? own : kept);
  const onBaseline = (c: PdfChar) => c.size === size && !isBlank(c) && !offBaseline(c);
  const baselineChar = kept.find((c) => onBaseline(c) && !isHungGlyph(c)) ?? kept.find(onBaseline) ?? kept.find((c) => c.size === size) ?? kept[0];
  return { chars: kept, box: unionBox(kept.map((c) => c.box)), text: kept.map((c) => c.text).join(''), size, baseline: baselineChar.baseline };
}

/**
 * A glyph's horizontal extent in its line: a fraction's reaches its bar's ends, a matrix's entry
 * its matrix's (a fraction in a matrix too: one entry's bar ends a column's room before the next's).
 */
export function inkExtent(c: PdfChar): { x0: number; x1: number } {
  const whole = c.matrix?.of.box ?? c.fraction?.of.bar;
  return whole ? { x0: Math.min(c.box.x0, whole.x0), x1: Math.max(c.box.x1, whole.x1) } : c.box;
}

/** Splits at wide gaps, except the gap after a leading list marker (bullet and text are one item). */
export function splitAtGaps(chars: readonly PdfChar[]): TextLine[] {
  const pieces: PdfChar[][] = [];
  let current: PdfChar[] = [];
  let lastInk: PdfChar | undefined;
  /** The right end of the ink so far: a fraction's is its bar's (its parts are narrower, and one ends before the other), a matrix's its own. */
  let reach = -Infinity;
  for (const c of chars) {
    if (!isBlank(c) && lastInk) {
      const gap = inkExtent(c).x0 - reach;
      const startsAfterMarker = pieces.length === 0 && isBareMarker(current.map((p) => p.text).join(''));
      if (gap > SEPARATING_GAP_EMS * Math.max(c.size, lastInk.size) && !startsAfterMarker) {
        pieces.push(current);
        current = [];
      }
    }
    current.push(c);
    if (!isBlank(c)) {
      reach = Math.max(reach, inkExtent(c).x1);
      lastInk = c;
    }
  }
  pieces.push(current);
  return pieces.map(textLine).filter((line): line is TextLine => line !== undefined);
}

/**
 * Punctuation justified text lets hang into the margin: at a line's end dashes, stops, commas and
 * quotes; at its start quotes only (a dash there is a list's bullet).
 */
const HANGING_AT_END = /^[\p{Pd}\p{Pi}\p{Pf}.,:;'"\u201E\u201A]$/u;
const HANGING_AT_START = /^[\p{Pi}\p{Pf}'"\u201E\u201A]$/u;

/**
 * Where the line's text block edges lie: its box without punctuation hung at either end. pdfTeX's
 * microtype sets a justified line's closing hyphen or stop into the margin (GeoTopo's "Kör-"
 * reaches 4.6 pt into the 12.8 pt gutter between its page columns), which is no text in the gutter.
 */
export function textBlockBox(line: TextLine): Box {
  const hangs = (c: PdfChar, punctuation: RegExp) => c.picture === undefined && punctuation.test(c.text);
  let start = 0;
  let end = line.chars.length;
  while (end - start > 1 && hangs(line.chars[end - 1], HANGING_AT_END)) end--;
  while (end - start > 1 && hangs(line.chars[start], HANGING_AT_START)) start++;
  return start === 0 && end === line.chars.length ? line.box : { ...unionBox(line.chars.slice(start, end).map((c) => c.box)), y0: line.box.y0, y1: line.box.y1 };
}

export function linesOfPage(lines: readonly PdfLine[]): TextLine[] {
  return lines.flatMap((line) => splitAtGaps(line.chars));
}

/** A script glyph is at most this share of its text's size (TeX: 0.7, Word: ~0.65). */
export const SCRIPT_SIZE_RATIO = 0.8;
