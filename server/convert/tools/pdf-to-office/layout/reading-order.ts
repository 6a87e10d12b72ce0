// Reading order of a page's pieces (lines, images, tables): top to bottom, except where a vertical
// gutter runs down a stretch of rows — there the left column is read before the right one
// (recursively, so nested columns work too). A run of rows shares a gutter when every row leaves
// that strip empty; it must start at a row with text on both sides of the strip. A side holding
// one row only (a running header beside the column's head) is no column, and a stretch whose rows
// pair across the strip with no prose on either side (a code listing beside its comments, a table
// without rules) is read row by row (tracemonkey.pdf's Figures 3, 4 and 13); so is such a table
// whose last gap lines up with the gutter of two columns of prose right below it. Of the strips a
// stretch shares, the gutter is one the text beside does not read across: a symbol list's gap in
// the right page column may run down as far as the gutter between the page's columns (GeoTopo's
// Symbolverzeichnis). A listing in a fixed-width font reaches here as one piece already (listings.ts).
// Text set beside the first of a stack of rows, after them all (TeX's aligned[t]), is read after
// the stack (text-after-stacks.ts).
import { median } from '../median';
import { unionBox, type Box, type Interval } from '../page-content';
import { withTextAfterStacks } from './text-after-stacks';

export interface Placed<T> {
  item: T;
  /** Left and right edges of the column the item was read in. */
  columnLeft: number;
  columnRight: number;
  /** A piece of a row of a table without rules (a stretch read across its strips, as a symbol list): its line is a paragraph of its own. */
  tableRow?: true;
  /** Text set after a stack of rows beside their first (text-after-stacks.ts): it goes on from the stack's last row. */
  afterStack?: true;
}

/** A gutter group needs this many rows; fewer (a form's label/value pairs) read row by row. */
const MIN_COLUMN_ROWS = 3;
/** Each side of a gutter group has text in at least this many of its rows. */
const MIN_SIDE_ROWS = 2;
/** …and at least this share of them stacked on one another (and of its rows starting at its edge). */
const MIN_SIDE_DENSITY = 0.5;
/**
 * A row starts at a column's edge when within this many gutter widths of it (about three ems: a
 * list's hanging indent, a reference list's "[10] " label, is less; a centred formula is more).
 */
const EDGE_SLACK_GUTTERS = 4;
/** A first row further above the next than this many times the next row's pitch is a header over the columns. */
const HEADER_APART = 1.5;
/** A column narrower than this many gutter widths is list markers or line numbers, not text. */
const MIN_COLUMN_WIDTH_GUTTERS = 5;
/** A prose line fills this share of its column's width… */
const FULL_LINE_SHARE = 0.75;
/** …and at least this share of a prose column's rows does. */
const MIN_FULL_ROWS_SHARE = 0.5;
/** A column of prose is at least this many gutter widths wide (12 ems: some 25 characters). */
const MIN_PROSE_WIDTH_GUTTERS = 15;
/** Space above a row beyond the usual by more than this share of its height is a blank line. */
const BLANK_LINE_SHARE = 0.5;

/** Items side by side, row by row from the top. */
export function rowsOf<T extends { box: Box }>(items: readonly T[]): T[][] {
  const sorted = [...items].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const rows: { bottom: number; items: T[] }[] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const height = item.box.y1 - item.box.y0;
    // Sharing more than half its height with the row puts an item beside, not below, the row.
    if (row && item.box.y0 < row.bottom - height / 2) {
      row.items.push(item);
      row.bottom = Math.max(row.bottom, item.box.y1);
    } else {
      rows.push({ bottom: item.box.y1, items: [item] });
    }
  }
  return rows.map((r) => r.items);
}

/** Empty x-intervals of a row within [left, right]; `interior` leaves out the two edge intervals. */
function emptyIntervals(row: readonly { box: Box }[], left: number, right: number, minWidth: number, interior: boolean): Interval[] {
  const spans = row.map((i) => ({ from: i.box.x0, to: i.box.x1 })).sort((a, b) => a.from - b.from);
  const gaps: Interval[] = [];
  let reach = left;
  for (const [index, span] of spans.entries()) {
    if (span.from - reach >= minWidth && (!interior || index > 0)) gaps.push({ from: reach, to: span.from });
    reach = Math.max(reach, span.to);
  }
  if (!interior && right - reach >= minWidth) gaps.push({ from: reach, to: right });
  return gaps;
}

function intersect(a: Interval[], b: Interval[], minWidth: number): Interval[] {
  return a.flatMap((x) =>
    b.map((y) => ({ from: Math.max(x.from, y.from), to: Math.min(x.to, y.to) })).filter((i) => i.to - i.from >= minWidth),
  );
}

function widest(intervals: readonly Interval[]): Interval {
  return intervals.reduce((best, i) => (i.to - i.from > best.to - best.from ? i : best));
}

/** Text starting at `x` starts at the right column's edge, by the gutter (EDGE_SLACK_GUTTERS). */
const startsAtEdge = (x: number, gutter: Interval, minGutter: number) => x <= gutter.to + EDGE_SLACK_GUTTERS * minGutter;

/**
 * Both sides of the gutter are columns: wide enough, each with text in more than one row (a
 * running header's right half, "21 … 1.6. WEGE UND KNOTEN", is one row, not a column beside the
 * body's start), and each stacks its text: most of its rows have text of that side right above or
 * below (a column may still leave room for a float: multicolumn.pdf's page 2). Run-in headings at
 * the margin ("Beweis:", "Definition 46") with centred formulas and figures between them leave a
 * strip free down the page too, but each stands alone, rows apart: they are read in their rows
 * (GeoTopo-komprimiert.pdf read every such heading of a page before its text). And the right side
 * has a left edge by the gutter that most of its rows start at.
 */
function bothSidesColumns(rows: readonly (readonly { box: Box }[])[], gutter: Interval, minWidth: number, minGutter: number): boolean {
  const middle = (gutter.from + gutter.to) / 2;
  const side = (onIt: (box: Box) => boolean) => {
    const boxes = rows.flatMap((row) => row.filter((i) => onIt(i.box)).map((i) => i.box));
    const holding = rows.map((row) => row.some((i) => onIt(i.box)));
    const rowCount = holding.filter(Boolean).length;
    // Rows with text in the row above or below on this side too: lines of a stack, not a lone line.
    const stacked = holding.filter((held, r) => held && (holding[r - 1] || holding[r + 1])).length;
    return boxes.length > 0 && unionBox(boxes).x1 - unionBox(boxes).x0 >= minWidth && rowCount >= MIN_SIDE_ROWS && stacked >= MIN_SIDE_DENSITY * rowCount;
  };
  // The right side's text starts at its left edge, by the gutter, in most of its rows: a column's
  // lines do (a list's hanging indent too: tracemonkey.pdf's bullets and references); centred formulas beside
  // margin headings ("Weiter gilt:", "Definition 33") do not.
  const rightStarts = rows.map((row) => row.filter((i) => i.box.x0 >= middle).map((i) => i.box.x0)).filter((starts) => starts.length > 0);
  const atEdge = rightStarts.filter((starts) => startsAtEdge(Math.min(...starts), gutter, minGutter)).length;
  return side((box) => box.x1 <= middle) && side((box) => box.x0 >= middle) && atEdge >= MIN_SIDE_DENSITY * rightStarts.length;
}

/** Items of each row left and right of the gutter's middle. */
function sidesOf<T extends { box: Box }>(rows: readonly T[][], gutter: Interval): { left: T[]; right: T[] }[] {
  const middle = (gutter.from + gutter.to) / 2;
  return rows.map((row) => ({
    left: row.filter((i) => (i.box.x0 + i.box.x1) / 2 < middle),
    right: row.filter((i) => (i.box.x0 + i.box.x1) / 2 >= middle),
  }));
}

/**
 * Not prose: narrower than a column of prose can be (a list's symbols or names, which all but fill
 * it), few of its rows fill the side's width (ragged code or a table's names), or most rows hold
 * several pieces (a table's cells).
 */
function notProse(pieces: { box: Box }[][], minGutter: number): boolean {
  const rows = pieces.filter((row) => row.length > 0);
  const width = unionBox(rows.flat().map((i) => i.box));
  if (width.x1 - width.x0 < MIN_PROSE_WIDTH_GUTTERS * minGutter) return true;
  const full = rows.filter((row) => {
    const box = unionBox(row.map((i) => i.box));
    return box.x1 - box.x0 >= FULL_LINE_SHARE * (width.x1 - width.x0);
  }).length;
  const split = rows.filter((row) => row.length > 1).length;
  return full < MIN_FULL_ROWS_SHARE * rows.length || split > rows.length / 2;
}

/**
 * On a side of the gutter, the row's text runs on from the row above: a cell's text wrapped onto
 * another line, which starts where that cell's line above does. The first such line hangs under a
 * line that all but reached the side's right edge (a symbol list's "Allgemeine lineare Gruppe
 * (von" over "General Linear Group)"), a further one under a line it would not have fitted on
 * (tracemonkey's Figure 9: "boolean", "null, or", "undefined" in a narrow column).
 */
function wrapsOnto(above: readonly { box: Box }[], row: readonly { box: Box }[], sideRight: number, minGutter: number, aboveWrapped: boolean): boolean {
  if (above.length === 0 || row.length === 0) return false;
  const cell = above.reduce((last, i) => (i.box.x0 > last.box.x0 ? i : last)).box;
  const line = unionBox(row.map((i) => i.box));
  if (Math.abs(line.x0 - cell.x0) >= minGutter) return false;
  return aboveWrapped ? cell.x1 + (line.x1 - line.x0) > sideRight : cell.x1 - cell.x0 >= FULL_LINE_SHARE * (sideRight - cell.x0);
}

/**
 * The rows left and right of the gutter pair up one by one and neither side is prose. A row holding
 * one side alone may stand above or below the paired ones (a table's header, a heading under a
 * list), inside them only where that side's text wraps onto it (wrapsOnto) or set off by a blank
 * line above it (a heading between two lists); such rows must be fewer than the paired ones. Two
 * independent columns of short lines (an index) break their runs at different rows, or one runs
 * on long after the other has ended.
 */
function readsAcross(rows: readonly { box: Box }[][], gutter: Interval, minGutter: number): boolean {
  const sides = sidesOf(rows, gutter);
  const paired = sides.map((s) => s.left.length > 0 && s.right.length > 0);
  const first = paired.indexOf(true);
  const last = paired.lastIndexOf(true);
  const rightEdge = (side: 'left' | 'right') => Math.max(...sides.flatMap((s) => s[side].map((i) => i.box.x1)));
  const wrapped: boolean[] = [];
  sides.forEach((row, index) => {
    const above = sides[index - 1];
    wrapped.push(!paired[index] && above !== undefined && (['left', 'right'] as const).some((side) => wrapsOnto(above[side], row[side], rightEdge(side), minGutter, wrapped[index - 1])));
  });
  const boxes = rows.map((row) => unionBox(row.map((i) => i.box)));
  const spaceAbove = (index: number) => boxes[index].y0 - boxes[index - 1].y1;
  const usualSpace = median(boxes.slice(1).map((_, i) => spaceAbove(i + 1)));
  const setOff = (index: number) => index > 0 && spaceAbove(index) > usualSpace + BLANK_LINE_SHARE * (boxes[index].y1 - boxes[index].y0);
  const pairedRows = paired.filter(Boolean).length;
  const alone = paired.filter((both, index) => !both && !wrapped[index]).length;
  return (
    first >= 0 &&
    pairedRows >= MIN_SIDE_ROWS &&
    pairedRows > alone &&
    paired.every((both, index) => both || index < first || index > last || wrapped[index] || setOff(index)) &&
    notProse(sides.map((s) => s.left), minGutter) &&
    notProse(sides.map((s) => s.right), minGutter)
  );
}

/**
 * The gutter between columns among the strips a stretch of rows shares: the widest one beside which
 * the text does not read across. A list's gap between its symbols and their descriptions is none,
 * though it may run as far down the page as the gutter between the page's columns (and be wider);
 * when every strip is such a gap (a table without rules), the widest.
 */
function columnGutter(rows: readonly { box: Box }[][], gutters: readonly Interval[], minGutter: number): Interval {
  const beside = (index: number) => {
    const [from, to] = [gutters[index - 1]?.to ?? -Infinity, gutters[index + 1]?.from ?? Infinity];
    return rows.map((row) => row.filter((i) => (i.box.x0 + i.box.x1) / 2 > from && (i.box.x0 + i.box.x1) / 2 < to)).filter((row) => row.length > 0);
  };
  const between = gutters.filter((gutter, index) => !readsAcross(beside(index), gutter, minGutter));
  return widest(between.length > 0 ? between : gutters);
}

/** The strips every row leaves empty: interior ones of the first row, met by any of the others'. */
function sharedGutters(rows: readonly (readonly { box: Box }[])[], left: number, right: number, minGutter: number): Interval[] {
  return rows.slice(1).reduce((gutters, row) => intersect(gutters, emptyIntervals(row, left, right, minGutter, false), minGutter), emptyIntervals(rows[0], left, right, minGutter, true));
}

/**
 * How many of the first rows are a table read across its strips (rows paired across, neither side
 * prose, the rows of one side cut into cells) before columns of prose that share a strip with it
 * begin below; 0 when they are not. A table without rules right above two columns takes their
 * gutter for one of its own.
 */
function tableHead(rows: readonly { box: Box }[][], left: number, right: number, minGutter: number): number {
  for (let count = rows.length - 1; count >= MIN_COLUMN_ROWS; count--) {
    const head = rows.slice(0, count);
    const gutters = sharedGutters(head, left, right, minGutter);
    if (gutters.length === 0) continue;
    const gutter = widest(gutters);
    // Every row but perhaps a header's cut into cells: a row of prose never is.
    const cut = (side: 'left' | 'right') => sidesOf(head, gutter).slice(1).every((s) => s[side].length > 1);
    if (readsAcross(head, gutter, minGutter) && (cut('left') || cut('right'))) return count;
  }
  return 0;
}

const topOf = (row: readonly { box: Box }[]) => Math.min(...row.map((i) => i.box.y0));

/**
 * The first of the rows is a line standing apart above the columns under it — no higher than a
 * row's pitch, further above the second than the second is above the third by half again — and
 * what it holds right of the gutter does not start at the right column's edge: a running header
 * over two columns ("113 … Stichwortverzeichnis" over an index), read on its own before them, not
 * as the head of each column.
 */
function headerOverColumns(rows: readonly (readonly { box: Box }[])[], gutter: Interval, minGutter: number): boolean {
  if (rows.length < 3) return false;
  const middle = (gutter.from + gutter.to) / 2;
  const right = rows[0].filter((i) => i.box.x0 >= middle);
  const pitch = topOf(rows[2]) - topOf(rows[1]);
  // A line of text, not a row of figures (tracemonkey.pdf's page 7 opens with two).
  const lineHigh = Math.max(...rows[0].map((i) => i.box.y1)) - topOf(rows[0]) <= pitch;
  const apart = topOf(rows[1]) - topOf(rows[0]) > HEADER_APART * pitch;
  return lineHigh && apart && right.length > 0 && !startsAtEdge(Math.min(...right.map((i) => i.box.x0)), gutter, minGutter);
}

/**
 * `column` is the column the items lie in when the caller already knows it: pieces of one row
 * split at a gap are still read in the column around them.
 */
export function readingOrder<T extends { box: Box }>(items: readonly T[], minGutter: number, column?: Interval): Placed<T>[] {
  if (items.length === 0) return [];
  const { x0: left, x1: right } = unionBox(items.map((i) => i.box));
  const columnLeft = column?.from ?? left;
  const columnRight = column?.to ?? right;
  const { rows, moved } = withTextAfterStacks(rowsOf(items), minGutter);
  const placed: Placed<T>[] = [];
  const splitAt = (group: T[], gutter: Interval, inColumn?: Interval) => {
    const middle = (gutter.from + gutter.to) / 2;
    const leftSide = group.filter((i) => (i.box.x0 + i.box.x1) / 2 < middle);
    const rightSide = group.filter((i) => (i.box.x0 + i.box.x1) / 2 >= middle);
    placed.push(...readingOrder(leftSide, minGutter, inColumn), ...readingOrder(rightSide, minGutter, inColumn));
  };
  /**
   * One row on its own: left to right, pieces beside a gap each read in the column around them;
   * `ofTable` when its stretch reads across (Placed.tableRow).
   */
  const readRow = (row: T[], ofTable = false) => {
    const gaps = emptyIntervals(row, left, right, minGutter, true);
    if (gaps.length === 0) {
      placed.push(...[...row].sort((a, b) => a.box.x0 - b.box.x0).map((item) => ({ item, columnLeft, columnRight })));
      return;
    }
    const from = placed.length;
    splitAt(row, widest(gaps), { from: columnLeft, to: columnRight });
    if (ofTable) for (const piece of placed.slice(from)) piece.tableRow = true;
  };
  let index = 0;
  while (index < rows.length) {
    const row = rows[index];
    let gutters = emptyIntervals(row, left, right, minGutter, true);
    if (gutters.length === 0) {
      readRow(row);
      index++;
      continue;
    }
    let end = index + 1;
    while (end < rows.length) {
      const shared = intersect(gutters, emptyIntervals(rows[end], left, right, minGutter, false), minGutter);
      if (shared.length === 0) break;
      gutters = shared;
      end++;
    }
    const groupRows = rows.slice(index, end);
    const group = groupRows.flat();
    const gutter = columnGutter(groupRows, gutters, minGutter);
    const columns = end - index >= MIN_COLUMN_ROWS && bothSidesColumns(groupRows, gutter, MIN_COLUMN_WIDTH_GUTTERS * minGutter, minGutter);
    const across = readsAcross(groupRows, gutter, minGutter);
    const headRows = columns && !across ? tableHead(groupRows, left, right, minGutter) : 0;
    if (columns && !across && headerOverColumns(groupRows, gutter, minGutter)) {
      // The header alone; the columns are found again from the next row on.
      readRow(rows[index++]);
    } else if (headRows > 0) {
      // The table's rows one by one; the columns below are read on the next turn.
      for (const last = index + headRows; index < last; index++) readRow(rows[index], true);
    } else if (columns && !across) {
      splitAt(group, gutter);
      index = end;
    } else {
      // Row by row: a lone row, or a stretch whose rows read across the strip, all of it (a side
      // too narrow for a column is a table's first column, a list's symbols).
      const last = across ? end : index + 1;
      for (; index < last; index++) readRow(rows[index], across);
    }
  }
  for (const piece of placed) if (moved.has(piece.item)) piece.afterStack = true;
  return placed;
}

/**
 * Reading order where drawn boxes hold text: what one box holds is read together, as one piece
 * beside the others (a diagram's boxes side by side, each labelled on two lines, are read box by
 * box, not line by line across them). An item belongs to the smallest frame around its centre; a
 * frame around everything says nothing.
 */
export function framedReadingOrder<T extends { box: Box }>(items: readonly T[], minGutter: number, frames: readonly Box[]): Placed<T>[] {
  const area = (b: Box) => (b.x1 - b.x0) * (b.y1 - b.y0);
  const held = new Map<Box, T[]>();
  const loose: T[] = [];
  for (const item of items) {
    const [x, y] = [(item.box.x0 + item.box.x1) / 2, (item.box.y0 + item.box.y1) / 2];
    const frame = frames.filter((f) => x > f.x0 && x < f.x1 && y > f.y0 && y < f.y1).sort((a, b) => area(a) - area(b))[0];
    if (frame) held.set(frame, [...(held.get(frame) ?? []), item]);
    else loose.push(item);
  }
  const groups = [...held].filter(([, members]) => members.length > 1 && members.length < items.length);
  if (groups.length === 0) return readingOrder(items, minGutter);
  for (const [frame, members] of held) if (!groups.some(([f]) => f === frame)) loose.push(...members);
  type Unit = { box: Box; members?: T[]; frame?: Box; item?: T };
  const units: Unit[] = [
    ...groups.map(([frame, members]) => ({ box: unionBox([frame, ...members.map((m) => m.box)]), members, frame })),
    ...loose.map((item) => ({ box: item.box, item })),
  ];
  return readingOrder(units, minGutter).flatMap(({ item: unit, ...placing }) =>
    unit.members ? readingOrder(unit.members, minGutter, { from: unit.frame!.x0, to: unit.frame!.x1 }) : [{ ...placing, item: unit.item! }],
  );
}
