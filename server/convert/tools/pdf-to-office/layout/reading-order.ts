// Reading order of a page's pieces (lines, images, tables): top to bottom, except where a vertical
// gutter runs down a stretch of rows — there the left column is read before the right one
// (recursively, so nested columns work too). A run of rows shares a gutter when every row leaves
// that strip empty; it must start at a row with text on both sides of the strip.
import { unionBox, type Box } from '../page-content';

export interface Placed<T> {
  item: T;
  /** Left and right edges of the column the item was read in. */
  columnLeft: number;
  columnRight: number;
}

interface Interval {
  from: number;
  to: number;
}

/** A gutter group needs this many rows; fewer (a form's label/value pairs) read row by row. */
const MIN_COLUMN_ROWS = 3;
/** A column narrower than this many gutter widths is list markers or line numbers, not text. */
const MIN_COLUMN_WIDTH_GUTTERS = 5;

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

function widest(intervals: Interval[]): Interval {
  return intervals.reduce((best, i) => (i.to - i.from > best.to - best.from ? i : best));
}

function bothSidesWide(items: readonly { box: Box }[], gutter: Interval, minWidth: number): boolean {
  const middle = (gutter.from + gutter.to) / 2;
  const left = items.filter((i) => i.box.x1 <= middle).map((i) => i.box);
  const right = items.filter((i) => i.box.x0 >= middle).map((i) => i.box);
  const width = (boxes: Box[]) => (boxes.length ? unionBox(boxes).x1 - unionBox(boxes).x0 : 0);
  return width(left) >= minWidth && width(right) >= minWidth;
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
  const rows = rowsOf(items);
  const placed: Placed<T>[] = [];
  const splitAt = (group: T[], gutter: Interval, inColumn?: Interval) => {
    const middle = (gutter.from + gutter.to) / 2;
    const leftSide = group.filter((i) => (i.box.x0 + i.box.x1) / 2 < middle);
    const rightSide = group.filter((i) => (i.box.x0 + i.box.x1) / 2 >= middle);
    placed.push(...readingOrder(leftSide, minGutter, inColumn), ...readingOrder(rightSide, minGutter, inColumn));
  };
  let index = 0;
  while (index < rows.length) {
    const row = rows[index];
    let gutters = emptyIntervals(row, left, right, minGutter, true);
    if (gutters.length === 0) {
      placed.push(...[...row].sort((a, b) => a.box.x0 - b.box.x0).map((item) => ({ item, columnLeft, columnRight })));
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
    const group = rows.slice(index, end).flat();
    if (end - index >= MIN_COLUMN_ROWS && bothSidesWide(group, widest(gutters), MIN_COLUMN_WIDTH_GUTTERS * minGutter)) {
      splitAt(group, widest(gutters));
      index = end;
    } else {
      splitAt(row, widest(emptyIntervals(row, left, right, minGutter, true)), { from: columnLeft, to: columnRight });
      index++;
    }
  }
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
  return readingOrder(units, minGutter).flatMap(({ item: unit, columnLeft, columnRight }) =>
    unit.members ? readingOrder(unit.members, minGutter, { from: unit.frame!.x0, to: unit.frame!.x1 }) : [{ item: unit.item!, columnLeft, columnRight }],
  );
}
