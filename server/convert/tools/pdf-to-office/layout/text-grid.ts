// The rows and columns of a table known only by where its text stands (a table ruled across only):
// columns are the x-ranges its cells' pieces occupy. Two things are not what they look like there:
// - a header centred over two sub-columns (a group header) runs across the gap between them: it
//   spans those columns, which stay apart, rather than making them one;
// - a cell whose text wraps puts its second line one line lower, alone: that line continues the
//   cell above, it is not a row of its own.
import { isBlank, type Interval } from '../page-content';
import { columnOf, mergedIntervals } from './aligned-table';
import { inkExtent, type TextLine } from './text-lines';

/** A piece of text in its row: the columns it stands in. */
export interface GridPiece {
  line: TextLine;
  column: number;
  columnSpan: number;
}

export interface TextGrid {
  columns: Interval[];
  /** Rows top to bottom, each with its pieces (a wrapped cell's lines in the row they continue). */
  rows: GridPiece[][];
}

/** A line below the last one of its cell by at most this many font sizes is the cell's next line. */
const LINE_ADVANCE_EMS = 1.5;

/** A header over columns is centred on them, give or take this share of their width (or points). */
const CENTRED_SLACK = 0.05;
const MIN_CENTRED_SLACK = 3;

/** A part of a line lines up with its column when it starts, ends or is centred where the column's text does, within this (points). */
const ALIGNED_SLACK = 2;
/** Glyphs further apart than this many font sizes have a word space between them. */
const WORD_GAP_EMS = 0.15;

const overlapping = (line: TextLine, columns: readonly Interval[]) => columns.flatMap((c, i) => (line.box.x0 < c.to && line.box.x1 > c.from ? [i] : []));

/** The gaps between the words of a line, as x-ranges (none inside a fraction or matrix: inkExtent). */
function wordGaps(line: TextLine): Interval[] {
  const ink = line.chars.filter((c) => !isBlank(c));
  const extents = ink.map(inkExtent);
  return ink.slice(1).flatMap((c, i) => (extents[i + 1].x0 - extents[i].x1 > WORD_GAP_EMS * c.size ? [{ from: extents[i].x1, to: extents[i + 1].x0 }] : []));
}

const middle = (i: Interval) => (i.from + i.to) / 2;

/** Where the columns `across` (indices, left to right) part: the gaps between their text. */
const partingsOf = (across: readonly number[], columns: readonly Interval[]) => across.slice(1).map((c) => ({ from: columns[c - 1].to, to: columns[c].from }));

/** The line cut, in each of `partings`, at its widest word gap there, if any: x-ranges, left to right. */
function partsAt(line: TextLine, partings: readonly Interval[]): Interval[] {
  const gaps = wordGaps(line);
  const cuts = partings.flatMap((p) => {
    const inside = gaps.filter((gap) => gap.from < p.to && gap.to > p.from);
    return inside.length ? [inside.reduce((wide, gap) => (gap.to - gap.from > wide.to - wide.from ? gap : wide))] : [];
  });
  const parts: Interval[] = [];
  let from = line.box.x0;
  for (const cut of cuts) {
    parts.push({ from, to: cut.from });
    from = cut.to;
  }
  return [...parts, { from, to: line.box.x1 }];
}

/**
 * Whether a line running across the columns `across` (indices, left to right) spans them. Cells set
 * closer than a wide gap read as one line ("No.  Candidate item"): cut where the columns part, each
 * part lines up with its column as that column's other cells do. Otherwise the line spans the
 * columns when it is centred on them or no gap between its words lies where they part.
 */
function spansColumns(line: TextLine, across: readonly number[], columns: readonly Interval[]): boolean {
  if (across.length < 2) return false;
  const spanned = { from: columns[across[0]].from, to: columns[across.at(-1)!].to };
  const parts = partsAt(line, partingsOf(across, columns));
  const linesUp = (part: Interval) =>
    columns.some((c) => part.from < c.to && part.to > c.from && (Math.abs(part.from - c.from) <= ALIGNED_SLACK || Math.abs(part.to - c.to) <= ALIGNED_SLACK || Math.abs(middle(part) - middle(c)) <= ALIGNED_SLACK));
  if (parts.length > 1 && parts.every(linesUp)) return false;
  const centred = Math.abs(middle({ from: line.box.x0, to: line.box.x1 }) - middle(spanned)) <= Math.max(MIN_CENTRED_SLACK, CENTRED_SLACK * (spanned.to - spanned.from));
  return centred || parts.length === 1;
}

/**
 * Pieces that run across two or more columns the other rows keep apart, and across no column
 * another piece of their row stands in: they span those columns instead of defining them. Widest
 * first, as a group header is wider than what stands under it.
 */
function spanningPieces(rows: readonly TextLine[][]): Set<TextLine> {
  const spanning = new Set<TextLine>();
  const defining = rows.filter((row) => row.length > 1).flat();
  for (const piece of [...defining].sort((a, b) => b.box.x1 - b.box.x0 - (a.box.x1 - a.box.x0))) {
    const others = mergedIntervals(defining.filter((p) => p !== piece && !spanning.has(p)));
    const across = overlapping(piece, others);
    if (!spansColumns(piece, across, others)) continue;
    const row = rows.find((r) => r.includes(piece))!;
    const claimed = new Set(row.filter((p) => p !== piece).flatMap((p) => overlapping(p, others)));
    if (!across.some((c) => claimed.has(c))) spanning.add(piece);
  }
  return spanning;
}

/** Each piece in the column nearest it, or across the columns it spans; pieces whose columns meet share a cell. */
function placeRow(row: readonly TextLine[], columns: readonly Interval[], spanning: ReadonlySet<TextLine>, oneRowPiece: boolean): GridPiece[] {
  const placed = row.map((line) => {
    const across = overlapping(line, columns);
    // A line alone in its row that runs across columns spans them too (a header over sub-columns).
    const spans = spanning.has(line) || (oneRowPiece && spansColumns(line, across, columns));
    return spans ? { line, column: across[0], columnSpan: across.at(-1)! - across[0] + 1 } : { line, column: columnOf(line, columns), columnSpan: 1 };
  });
  return placed.sort((a, b) => a.column - b.column || a.line.box.x0 - b.line.box.x0);
}

/** Width of the text's first word (up to its first space). */
function firstWordWidth(line: TextLine): number {
  const end = line.chars.findIndex(isBlank);
  const word = end < 0 ? line.chars : line.chars.slice(0, end);
  return word.at(-1)!.box.x1 - word[0].box.x0;
}

/**
 * Whether `row` holds next lines of cells of the row above it: every piece stands, in a column of
 * its own, one line below a line of several words that its first word did not fit after (the
 * column's text reaches no farther right), and the row leaves empty a column the row above fills.
 */
function continues(above: readonly GridPiece[], row: readonly GridPiece[], reach: readonly number[]): boolean {
  const inRow = new Set(row.map((p) => p.column));
  if (above.every((p) => inRow.has(p.column)) || inRow.size < row.length) return false;
  return row.every((piece) => {
    if (piece.columnSpan !== 1) return false;
    const last = above.filter((p) => p.columnSpan === 1 && p.column === piece.column).sort((a, b) => b.line.baseline - a.line.baseline)[0]?.line;
    if (!last || !last.text.includes(' ')) return false;
    const advance = piece.line.baseline - last.baseline;
    return advance > 0 && advance <= LINE_ADVANCE_EMS * piece.line.size && last.box.x1 + firstWordWidth(piece.line) > reach[piece.column];
  });
}

/**
 * A line of cells set closer than a wide gap (a header wider than its column's other cells) has
 * its parts in their columns: each column takes in its part, so the border between the columns
 * falls in the gap between the parts, not through a word.
 */
function widenBySetCloseCells(columns: Interval[], pieces: readonly GridPiece[]): void {
  for (const { line, columnSpan } of pieces) {
    const across = overlapping(line, columns);
    if (columnSpan > 1 || across.length < 2) continue;
    const parts = partsAt(line, partingsOf(across, columns));
    if (parts.length !== across.length) continue;
    parts.forEach((part, i) => {
      const column = columns[across[i]];
      column.from = Math.min(column.from, part.from);
      column.to = Math.max(column.to, part.to);
    });
  }
}

/**
 * The table's columns and rows. `rows` are its text pieces row by row, left to right;
 * `ruledBetween(above, below)` says whether a rule runs between those heights (a rule always
 * separates rows).
 */
export function textGrid(rows: readonly TextLine[][], ruledBetween: (above: number, below: number) => boolean): TextGrid {
  const spanning = spanningPieces(rows);
  const columns = mergedIntervals(rows.filter((row) => row.length > 1).flat().filter((p) => !spanning.has(p)));
  const placed = rows.map((row) => placeRow(row, columns, spanning, row.length === 1));
  widenBySetCloseCells(columns, placed.flat());
  /** How far right each column's text reaches: a wrapped line's next word would have gone past it. */
  const reach = columns.map((c, i) => Math.max(c.to, ...placed.flat().filter((p) => p.columnSpan === 1 && p.column === i).map((p) => p.line.box.x1)));
  const joined: GridPiece[][] = [];
  for (const row of placed) {
    const above = joined.at(-1);
    const between = () => ruledBetween(Math.max(...above!.map((p) => p.line.box.y1)), Math.min(...row.map((p) => p.line.box.y0)));
    if (above && continues(above, row, reach) && !between()) above.push(...row);
    else joined.push([...row]);
  }
  return { columns, rows: joined };
}
