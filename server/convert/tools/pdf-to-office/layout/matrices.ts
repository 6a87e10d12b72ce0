// Matrices and case distinctions: a tall delimiter (TeX draws it from CMEX10's big glyphs or its
// stacked pieces ⎛ ⎝), entries in rows and columns beside it, and the closing delimiter (none for
// cases). MuPDF reads them as lines of their own: the delimiter's glyph apart, each row (or each
// entry) a line, and the label in front of it ("JF(u, v) =") after the first row, on the math axis
// between the rows. Here each one's glyphs are taken out of those lines and put back into the line
// of its label (or of the text after it) at the delimiter's place, entry by entry, row by row, as
// the content stream draws them (TeX's \halign); the delimiters go into PdfChar.matrix. The writers
// set it as a matrix (Word: an equation's m:d around m:m) or write it on one line (linearMatrices).
//
// The test is kept narrow: a delimiter of TeX's extension font (or one much taller than the
// entries), at least two rows within its height, and text of the line it stands in beside it.
import { CLOSING_BRACKET_OF } from './brackets';
import { BIG_OPERATORS, isTallBar } from './extensible-delimiters';
import { dominantSize, inkExtent } from './text-lines';
import { median } from '../median';
import { stretches } from './stretches';
import { TEX_AXIS_EMS, TEX_EXTENSION_FONT } from './tex-fonts';
import { isBlank, unionBox, type Matrix, type MatrixEntry, type PdfChar, type PdfLine } from '../page-content';

/** A delimiter's pieces (TeX's tall ones are stacked from these) and sizes, as the character it stands for. */
const DELIMITERS: Record<string, string> = {
  '(': '(', '⎛': '(', '⎜': '(', '⎝': '(',
  ')': ')', '⎞': ')', '⎟': ')', '⎠': ')',
  '[': '[', '⎡': '[', '⎢': '[', '⎣': '[',
  ']': ']', '⎤': ']', '⎥': ']', '⎦': ']',
  '{': '{', '⎧': '{', '⎨': '{', '⎩': '{', '⎪': '{',
  '}': '}', '⎫': '}', '⎬': '}', '⎭': '}',
  '|': '|', '∣': '|', '‖': '‖', '∥': '‖', '⟨': '⟨', '⟩': '⟩',
};
/** Each opening delimiter's closing one, a bar its like; a case distinction's brace may have none. */
const CLOSING: Readonly<Record<string, string>> = { ...Object.fromEntries(CLOSING_BRACKET_OF), '|': '|', '‖': '‖' };
/** A delimiter glyph of another font this many times the page's text size may be a tall one. */
const LARGER_THAN_BODY = 1.2;
/** A delimiter of another font is tall when its box is this many times its entries' size. */
const TALL_EMS = 1.6;
/**
 * Under this height (font sizes of its line) a delimiter is a \big one, which holds rows of script
 * size only (a \binom in running text): a glyph of text size in it says it encloses one row.
 */
const BIG_EMS = 1.5;
/** Entries this share of their line's size or more are of text size, not script size. */
const TEXT_SIZE_SHARE = 0.85;
/** How far (font sizes) the text of the line the matrix stands in may be from its delimiter. */
const HOST_REACH_EMS = 3;
/** The text a delimiter of TeX's extension font stands in is at least this share of its size. */
const HOST_SIZE_SHARE = 0.8;
/** Pieces of one delimiter stand in a column, this close (font sizes) one under the next. */
const PIECE_STEP_EMS = 2.5;
/** Baselines within this many font sizes make one row of entries. */
const ROW_EMS = 0.45;
/** A gap this wide (font sizes) between glyphs of a row parts two entries (a word space is ~0.3, TeX's column room 1). */
const COLUMN_GAP_EMS = 0.75;
/** The widest room (font sizes) between a delimiter and its entries, or between two columns of entries. */
const EMPTY_ROOM_EMS = 2.5;
/** Room (font sizes) an entry's glyph may stand past its delimiter's edge, and a row's baseline under the delimiter's foot. */
const SLACK_EMS = 0.5;

const middle = (box: { x0: number; x1: number }) => (box.x0 + box.x1) / 2;

/** A delimiter: its pieces stacked in one column, and the ink's top. */
interface Delimiter {
  kind: string;
  chars: PdfChar[];
  x0: number;
  x1: number;
  top: number;
  /** Its ink's foot where the glyph's box tells (not TeX's extension font, whose boxes are an em high wherever the ink is). */
  foot?: number;
  size: number;
}

/** A glyph of TeX's extension font: its delimiters all stand taller than the text, their ink hung from the baseline down. */
const isExtension = (c: PdfChar) => TEX_EXTENSION_FONT.test(c.font.name);

/**
 * A delimiter drawn whole (a \Big\{ is one glyph): never a piece of a taller one, whose pieces are
 * glyphs of their own (⎧ ⎨ ⎩ ⎪, ⎛ ⎜ ⎝; a bar's are the bar again). Two \Big\{ one line under the
 * other (GeoTopo's "κ₁ := min{…}" over "κ₂ := max{…}") are two braces, not one brace of two rows.
 */
const WHOLE = new Set([...'()[]{}⟨⟩']);
const isWhole = (c: PdfChar) => WHOLE.has(c.text.trim());

/**
 * The page's tall delimiter glyphs (of TeX's extension font, or larger than the text's `bodySize`),
 * each column of pieces of one kind as one delimiter.
 */
function delimiters(chars: readonly PdfChar[], bodySize: number): Delimiter[] {
  const found: Delimiter[] = [];
  const glyphs = chars.filter((c) => DELIMITERS[c.text.trim()] !== undefined && (isExtension(c) || c.size > LARGER_THAN_BODY * bodySize)).sort((a, b) => a.baseline - b.baseline);
  for (const c of glyphs) {
    const kind = DELIMITERS[c.text.trim()];
    const top = isExtension(c) ? c.baseline : c.box.y0;
    const below = found.find((d) => d.kind === kind && !isWhole(c) && !isWhole(d.chars[0]) && Math.abs(d.x0 - c.box.x0) < 0.2 * c.size && isExtension(c) && isExtension(d.chars[0]) && c.baseline - d.chars.at(-1)!.baseline <= PIECE_STEP_EMS * c.size);
    if (below) {
      below.chars.push(c);
      below.x1 = Math.max(below.x1, c.box.x1);
      continue;
    }
    found.push({ kind, chars: [c], x0: c.box.x0, x1: c.box.x1, top, ...(!isExtension(c) && { foot: c.box.y1 }), size: c.size });
  }
  return found;
}

/** A fraction's parts are set at some 0.7 of the size of the text they stand in: that size per theirs. */
const TEXT_PER_PART_SIZE = 1.4;

/** The row a glyph stands in: a fraction's is the line its bar stands on (its axis), a glyph's its baseline. */
const rowBaseline = (c: PdfChar) => (c.fraction ? c.fraction.of.bar.y0 + TEX_AXIS_EMS * c.size * TEXT_PER_PART_SIZE : c.baseline);

/** Glyphs in reading order within a row: a fraction as one piece at its bar, the rest left to right. */
const rowOrder = (a: { c: PdfChar; index: number }, b: { c: PdfChar; index: number }) => inkExtent(a.c).x0 - inkExtent(b.c).x0 || a.index - b.index;

interface Found {
  open: Delimiter;
  close?: Delimiter;
  /** The glyph of the line the matrix stands in nearest to it: where its entries go. */
  host: PdfChar;
  /** Entries' glyphs, spaces among them, by row then column. */
  rows: PdfChar[][][];
}

/**
 * The glyph of the line the delimiter stands in, nearest to it on the side given, within reach:
 * its baseline within the delimiter's height (an extension font's last piece reaches some two
 * sizes under its baseline), no script.
 */
function hostBeside(edge: number, side: -1 | 1, delimiter: Delimiter, ink: readonly PdfChar[], skip: (c: PdfChar) => boolean): PdfChar | undefined {
  const lowest = delimiter.foot ?? delimiter.chars.at(-1)!.baseline + 2 * delimiter.size;
  // An extension font's delimiter is set at the size of the text it stands in (a note in the margin is smaller).
  const extension = isExtension(delimiter.chars[0]);
  const near = ink.filter((c) => {
    const gap = side < 0 ? edge - c.box.x1 : c.box.x0 - edge;
    return !skip(c) && !c.fraction && !c.script && gap >= -0.2 * c.size && gap <= HOST_REACH_EMS * c.size && c.baseline > delimiter.top + c.size * 0.5 && c.baseline <= lowest && (!extension || c.size >= HOST_SIZE_SHARE * delimiter.size);
  });
  return near.sort((a, b) => (side < 0 ? b.box.x1 - a.box.x1 : a.box.x0 - b.box.x0))[0];
}

/** Splits a row's glyphs (in order) into entries at gaps wider than a column's room. */
function entriesOf(row: readonly PdfChar[], size: number): PdfChar[][] {
  const entries: PdfChar[][] = [];
  let reach = -Infinity;
  for (const c of row) {
    if (isBlank(c)) {
      entries.at(-1)?.push(c);
      continue;
    }
    const { x0, x1 } = inkExtent(c);
    if (entries.length === 0 || x0 - reach > COLUMN_GAP_EMS * size) entries.push([]);
    entries.at(-1)!.push(c);
    reach = Math.max(reach, x1);
  }
  // Spaces at an entry's ends belong to the room between entries.
  return entries.map((entry) => {
    let [start, end] = [0, entry.length];
    while (start < end && isBlank(entry[start])) start++;
    while (end > start && isBlank(entry[end - 1])) end--;
    return entry.slice(start, end);
  });
}

/**
 * Whether the entries fill the room between the delimiters: from one to the other with no gap
 * wider than a few columns' room (a closing delimiter of another formula further on the line).
 */
function fills(left: number, right: number | undefined, extents: readonly { x0: number; x1: number }[], size: number): boolean {
  let reach = left;
  for (const { x0, x1 } of [...extents].sort((a, b) => a.x0 - b.x0)) {
    if (x0 - reach > EMPTY_ROOM_EMS * size) return false;
    reach = Math.max(reach, x1);
  }
  return right === undefined || right - reach <= EMPTY_ROOM_EMS * size;
}

/** The delimiter closing `open`, not yet taken: the nearest of its kind right of it, as tall, at its height. */
function closingOf(open: Delimiter, all: readonly Delimiter[], taken: ReadonlySet<PdfChar>): Delimiter | undefined {
  return all
    .filter((d) => d !== open && d.kind === CLOSING[open.kind] && d.x0 > open.x1 && Math.abs(d.top - open.top) <= SLACK_EMS * open.size && d.chars.length === open.chars.length && !d.chars.some((c) => taken.has(c)))
    .sort((a, b) => a.x0 - b.x0)[0];
}

/**
 * The opening delimiters, those inside another pair before it, then left to right: a matrix
 * within delimiters (GeoTopo's ⟨(x₁ x₂ x₃), (y₁ y₂ y₃)⟩, ((a b; c d) ∘ z)) takes its entries
 * first, and what is left between the outer pair (a comma, "∘ z") is no rows of a matrix of
 * theirs. Read left to right only, the angle brackets took the vectors' entries for rows of their
 * own (x₁ y₁; x₂ , y₂; x₃ y₃) and left "( ) ( )". Within one depth, left to right: a matrix's
 * entries taken leave the text before the next for its line (hostBeside).
 */
function innermostFirst(opening: readonly Delimiter[], all: readonly Delimiter[]): Delimiter[] {
  const none = new Set<PdfChar>();
  const spans = opening.map((open) => ({ open, close: closingOf(open, all, none) }));
  const depth = (d: Delimiter) => spans.filter(({ open, close }) => close && open !== d && open.x0 < d.x0 && d.x0 < close.x0).length;
  const depths = new Map(opening.map((d) => [d, depth(d)]));
  return [...opening].sort((a, b) => depths.get(b)! - depths.get(a)! || a.x0 - b.x0);
}

/** The matrix opened by `open`, among the glyphs not yet taken, if there is one. */
function matrixAt(open: Delimiter, all: readonly Delimiter[], ink: readonly { c: PdfChar; index: number }[], blanks: readonly { c: PdfChar; index: number }[], taken: ReadonlySet<PdfChar>): Found | undefined {
  if (!CLOSING[open.kind]) return undefined;
  const close = closingOf(open, all, taken);
  if (!close && open.kind !== '{') return undefined;
  const plain = ink.map((i) => i.c);
  const delimiterGlyphs = new Set(all.flatMap((d) => d.chars));
  const skip = (c: PdfChar) => taken.has(c) || delimiterGlyphs.has(c);
  const host = hostBeside(open.x0, -1, open, plain, skip) ?? (close && hostBeside(close.x1, 1, open, plain, skip));
  if (!host) return undefined;
  // The delimiter is centred on the axis of the line it stands in.
  const axis = host.baseline - TEX_AXIS_EMS * host.size;
  const foot = open.foot ?? 2 * axis - open.top;
  if (foot - open.top < TALL_EMS * host.size * (isExtension(open.chars[0]) ? 0.5 : 1)) return undefined;
  const right = close?.x0 ?? Infinity;
  const slack = SLACK_EMS * open.size;
  const between = (c: PdfChar) => middle(inkExtent(c)) > open.x1 - slack && middle(inkExtent(c)) < right + slack;
  const inside = (c: PdfChar) => c.box.x0 >= open.x1 - slack && c.box.x1 <= right + slack && c.box.y1 > open.top && c.box.y0 < foot;
  // A tall bar between braces divides a set's formula from its condition: {∑ c·σ | c ∈ R} is no case distinction.
  if (open.kind === '{' && ink.some(({ c }) => isTallBar(c) && inside(c) && !taken.has(c))) return undefined;
  // A big operator's limits stand over and under it, smaller: no rows of their own.
  const operators = ink.filter(({ c }) => BIG_OPERATORS.has(c.text) && inside(c) && !taken.has(c)).map(({ c }) => c);
  const isLimit = (c: PdfChar) => operators.some((op) => c.size < op.size && c.box.x0 < op.box.x1 && c.box.x1 > op.box.x0);
  // An extension font's glyph (a big operator) hangs from its baseline: no row tells where it stands.
  const within = ink.filter(({ c }) => !skip(c) && !isExtension(c) && !isLimit(c) && between(c) && rowBaseline(c) > open.top && rowBaseline(c) <= foot + slack);
  // Cases have no closing delimiter: their rows end where the rows off the line's baseline end.
  const offHost = within.filter(({ c }) => Math.abs(c.baseline - host.baseline) > ROW_EMS * host.size);
  const end = close ? right : Math.max(...offHost.map(({ c }) => inkExtent(c).x1)) + slack;
  const glyphs = within.filter(({ c }) => inkExtent(c).x0 < end && c !== host);
  if (glyphs.length === 0 || !fills(open.x1, close?.x0, glyphs.map(({ c }) => inkExtent(c)), open.size)) return undefined;
  const size = dominantSize(glyphs.map((g) => g.c));
  // A \big\{ around "½, ⅓" on the line over "√2, ∛3" is no matrix of the two lines' glyphs.
  if (foot - open.top < BIG_EMS * host.size && glyphs.some(({ c }) => c.size >= TEXT_SIZE_SHARE * host.size)) return undefined;
  // Rows: the baselines of the glyphs but scripts (a fraction's is its bar's line), then every glyph to the nearest.
  const baselines = glyphs
    .filter(({ c }) => !c.script)
    .map(({ c }) => rowBaseline(c))
    .sort((a, b) => a - b)
    .reduce<number[][]>((rows, b) => {
      if (rows.length && b - rows.at(-1)!.at(-1)! <= ROW_EMS * size) rows.at(-1)!.push(b);
      else rows.push([b]);
      return rows;
    }, [])
    .map((row) => row[Math.floor(row.length / 2)]);
  if (baselines.length < 2) return undefined;
  const nearestRow = (c: PdfChar) => baselines.reduce((best, b, i) => (Math.abs(b - rowBaseline(c)) < Math.abs(baselines[best] - rowBaseline(c)) ? i : best), 0);
  const rows = baselines.map(() => [] as { c: PdfChar; index: number }[]);
  for (const g of glyphs) rows[nearestRow(g.c)].push(g);
  const ordered = rows.map((row, r) => {
    if (row.length === 0) return [];
    const [x0, x1] = [Math.min(...row.map((g) => inkExtent(g.c).x0)), Math.max(...row.map((g) => inkExtent(g.c).x1))];
    const spaces = blanks.filter(({ c }) => !taken.has(c) && Math.abs(c.baseline - baselines[r]) <= ROW_EMS * size && middle(c.box) > x0 && middle(c.box) < x1);
    return entriesOf([...row, ...spaces].sort(rowOrder).map((g) => g.c), size);
  });
  if (ordered.some((row) => row.length === 0)) return undefined;
  return { open, close, host, rows: ordered };
}

/**
 * The page's lines with each matrix or case distinction read in its place in the line it stands
 * in (PdfChar.matrix), its delimiters' glyphs taken out.
 */
export function withMatrices(lines: readonly PdfLine[]): PdfLine[] {
  const indexed = lines.flatMap((line, l) => (line.direction ? [] : line.chars.map((c, i) => ({ c, index: l * 100000 + i }))));
  const ink = indexed.filter(({ c }) => !isBlank(c) && c.picture === undefined);
  const blanks = indexed.filter(({ c }) => isBlank(c));
  const all = delimiters(
    ink.map((i) => i.c),
    median(ink.map((i) => i.c.size), 10),
  );
  const opening = all.filter((d) => CLOSING[d.kind] !== undefined);
  const taken = new Set<PdfChar>();
  /** Each matrix's glyphs, the glyph of the line it goes in, and its place there (its opening delimiter's left). */
  const placed: { host: PdfChar; at: number; chars: PdfChar[] }[] = [];
  for (const open of innermostFirst(opening, all)) {
    if (open.chars.some((c) => taken.has(c))) continue;
    const found = matrixAt(open, all, ink, blanks, taken);
    if (!found) continue;
    const { close, host, rows } = found;
    const matrixGlyphs = rows.flat(2);
    const of: Matrix = { open: open.kind, close: close?.kind ?? '', box: unionBox([...open.chars, ...(close?.chars ?? []), ...matrixGlyphs].map((c) => c.box)) };
    const chars = rows.flatMap((row, r) =>
      row.flatMap((entry, column) => {
        const part: MatrixEntry = { of, row: r, column };
        return entry.map((c) => ({ ...c, matrix: part }));
      }),
    );
    for (const c of [...open.chars, ...(close?.chars ?? []), ...matrixGlyphs]) taken.add(c);
    placed.push({ host, at: open.x0, chars });
  }
  if (placed.length === 0) return [...lines];
  // In place: before the first glyph (or matrix put in) right of the delimiter, the spaces after it too.
  const place = (c: PdfChar) => (c.matrix ? c.matrix.of.box.x0 : middle(c.box));
  const result = lines.map((line) => {
    const mine = placed.filter((p) => line.chars.includes(p.host)).sort((a, b) => a.at - b.at);
    if (mine.length === 0 && !line.chars.some((c) => taken.has(c))) return line;
    const chars = line.chars.filter((c) => !taken.has(c));
    for (const p of mine) {
      let index = chars.findIndex((c) => !isBlank(c) && place(c) > p.at);
      if (index === -1) index = chars.length;
      while (index > 0 && isBlank(chars[index - 1]) && middle(chars[index - 1].box) > p.at) index--;
      chars.splice(index, 0, ...p.chars);
    }
    return { ...line, chars };
  });
  // The text after a matrix on its line's baseline that MuPDF read as a line of its own (with the
  // closing delimiter) runs on after it in the matrix's line (matrices after it in that text too).
  for (const p of [...placed].sort((a, b) => a.at - b.at)) {
    const { host } = p;
    const of = p.chars[0].matrix!.of;
    const hostIndex = result.findIndex((line) => line.chars.includes(host));
    const runOn = result.findIndex((line, l) => {
      const ink = line.chars.filter((c) => !isBlank(c));
      if (l === hostIndex || line.direction || ink.length === 0) return false;
      const onBaseline = ink.every((c) => c.matrix !== undefined || c.script !== undefined || Math.abs(c.baseline - host.baseline) <= ROW_EMS * host.size);
      const gap = Math.min(...ink.map(place)) - of.box.x1;
      return onBaseline && gap >= -SLACK_EMS * host.size && gap <= HOST_REACH_EMS * host.size;
    });
    if (hostIndex === -1 || runOn === -1) continue;
    const chars = [...result[hostIndex].chars];
    chars.splice(chars.indexOf(p.chars.at(-1)!) + 1, 0, ...result[runOn].chars);
    result[hostIndex] = { ...result[hostIndex], chars };
    result[runOn] = { ...result[runOn], chars: [] };
  }
  return result.filter((line, i) => line === lines[i] || line.chars.some((c) => !isBlank(c)));
}

/**
 * Items (characters or runs) with each matrix written on one line, where none can be set (a
 * sheet's cell, a slide's text, HTML): its delimiters as characters, entries parted by a space and
 * rows by "; " ((a b; c d), {0 falls x = y; 1 falls x ≠ y). `piece` makes an item of some added
 * text from the item beside it (no matrix, fraction or script).
 */
export function linearMatrices<T extends { text: string; matrix?: MatrixEntry }>(items: readonly T[], piece: (text: string, like: T) => T): T[] {
  return stretches(items, (item) => item.matrix?.of).flatMap(({ of, items: stretch }) => {
    if (!of) return stretch;
    const result = [piece(of.open, stretch[0])];
    stretch.forEach((item, i) => {
      const last = stretch[i - 1]?.matrix;
      if (last && last !== item.matrix) result.push(piece(item.matrix!.row !== last.row ? '; ' : ' ', item));
      result.push(item);
    });
    return of.close ? [...result, piece(of.close, stretch.at(-1)!)] : result;
  });
}
