// Tables drawn with ruling lines: connected horizontal and vertical rules form a grid; a cell
// spans the grid lines that have no rule between them (merged cells). A grid must be framed: two
// horizontal and two vertical rules run (nearly) its whole width and height. Whether a grid holds a
// table or is part of a figure is decided with the page's text and drawings (table-evidence.ts).
import type { Box, RuleSegment } from '../page-content';
import type { TableRules } from './table-rules';

export interface GridCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  box: Box;
}

export interface RuledTable {
  box: Box;
  /** Grid line positions, left to right and top to bottom. */
  xs: number[];
  ys: number[];
  cells: GridCell[];
  /** Which grid lines are drawn along which cells. */
  rules: TableRules;
}

/** Rules this close count as touching, and grid lines this close as one. */
export const SNAP = 2.5;
/** Share of the grid's width (height) a rule must run to count as framing it. */
const FRAMING_SHARE = 0.85;

export const isHorizontal = (r: RuleSegment) => r.y0 === r.y1;

/** Joins collinear pieces (producers often draw each cell's border separately). */
export function mergeCollinear(rules: RuleSegment[], horizontal: boolean): RuleSegment[] {
  const along = (r: RuleSegment) => (horizontal ? [r.x0, r.x1] : [r.y0, r.y1]);
  const across = (r: RuleSegment) => (horizontal ? r.y0 : r.x0);
  const sorted = [...rules].sort((a, b) => across(a) - across(b) || along(a)[0] - along(b)[0]);
  const merged: RuleSegment[] = [];
  for (const rule of sorted) {
    const last = merged.at(-1);
    if (last && Math.abs(across(last) - across(rule)) <= 1 && along(rule)[0] <= along(last)[1] + SNAP) {
      if (horizontal) last.x1 = Math.max(last.x1, rule.x1);
      else last.y1 = Math.max(last.y1, rule.y1);
    } else {
      merged.push({ ...rule });
    }
  }
  return merged;
}

export function touches(h: RuleSegment, v: RuleSegment): boolean {
  return v.x0 >= h.x0 - SNAP && v.x0 <= h.x1 + SNAP && h.y0 >= v.y0 - SNAP && h.y0 <= v.y1 + SNAP;
}

function snapPositions(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const groups: number[][] = [];
  for (const v of sorted) {
    const group = groups.at(-1);
    if (group && v - group.at(-1)! <= SNAP) group.push(v);
    else groups.push([v]);
  }
  return groups.map((g) => g.reduce((sum, v) => sum + v, 0) / g.length);
}

function connectedGroups(horizontals: RuleSegment[], verticals: RuleSegment[]): RuleSegment[][] {
  const all = [...horizontals, ...verticals];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  horizontals.forEach((h, i) =>
    verticals.forEach((v, j) => {
      if (touches(h, v)) parent[find(i)] = find(horizontals.length + j);
    }),
  );
  const groups = new Map<number, RuleSegment[]>();
  all.forEach((rule, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), rule]));
  return [...groups.values()];
}

function gridOf(rules: RuleSegment[]): RuledTable | undefined {
  const horizontals = rules.filter(isHorizontal);
  const verticals = rules.filter((r) => !isHorizontal(r));
  const xs = snapPositions(verticals.map((v) => v.x0));
  const ys = snapPositions(horizontals.map((h) => h.y0));
  // One rectangle is a frame around something, not a table.
  if (xs.length < 2 || ys.length < 2 || (xs.length === 2 && ys.length === 2)) return undefined;
  const width = xs.at(-1)! - xs[0];
  const height = ys.at(-1)! - ys[0];
  const framing = (segments: RuleSegment[], span: (s: RuleSegment) => number, full: number) => segments.filter((s) => span(s) >= FRAMING_SHARE * full).length >= 2;
  if (!framing(horizontals, (h) => h.x1 - h.x0, width) || !framing(verticals, (v) => v.y1 - v.y0, height)) return undefined;

  const coveredBy = (segments: RuleSegment[], at: number, from: number, to: number, horizontal: boolean) =>
    segments.some((s) =>
      horizontal
        ? Math.abs(s.y0 - at) <= SNAP && s.x0 <= from + SNAP && s.x1 >= to - SNAP
        : Math.abs(s.x0 - at) <= SNAP && s.y0 <= from + SNAP && s.y1 >= to - SNAP,
    );
  const verticalRuleAt = (column: number, row: number) => coveredBy(verticals, xs[column], ys[row], ys[row + 1], false);
  const horizontalRuleAt = (row: number, column: number) => coveredBy(horizontals, ys[row], xs[column], xs[column + 1], true);

  const rows = ys.length - 1;
  const columns = xs.length - 1;
  const taken = Array.from({ length: rows }, () => new Array<boolean>(columns).fill(false));
  const cells: GridCell[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      if (taken[row][column]) continue;
      let columnSpan = 1;
      while (column + columnSpan < columns && !verticalRuleAt(column + columnSpan, row)) columnSpan++;
      let rowSpan = 1;
      const ruledBelow = (r: number) => Array.from({ length: columnSpan }, (_, k) => horizontalRuleAt(r, column + k)).some(Boolean);
      while (row + rowSpan < rows && !ruledBelow(row + rowSpan)) rowSpan++;
      for (let r = row; r < row + rowSpan; r++) for (let c = column; c < column + columnSpan; c++) taken[r][c] = true;
      cells.push({ row, column, rowSpan, columnSpan, box: { x0: xs[column], y0: ys[row], x1: xs[column + columnSpan], y1: ys[row + rowSpan] } });
    }
  }
  const drawn: TableRules = {
    across: ys.map((_, line) => Array.from({ length: columns }, (_, column) => horizontalRuleAt(line, column))),
    down: xs.map((_, line) => Array.from({ length: rows }, (_, row) => verticalRuleAt(line, row))),
  };
  return { box: { x0: xs[0], y0: ys[0], x1: xs.at(-1)!, y1: ys.at(-1)! }, xs, ys, cells, rules: drawn };
}

export function findRuledTables(rules: readonly RuleSegment[]): RuledTable[] {
  const horizontals = mergeCollinear(rules.filter(isHorizontal), true);
  const verticals = mergeCollinear(rules.filter((r) => !isHorizontal(r)), false);
  return connectedGroups(horizontals, verticals)
    .map(gridOf)
    .filter((table): table is RuledTable => table !== undefined);
}

/** The cell whose box holds the point, if any. */
export function cellAt(table: RuledTable, x: number, y: number): GridCell | undefined {
  return table.cells.find((cell) => x >= cell.box.x0 && x <= cell.box.x1 && y >= cell.box.y0 && y <= cell.box.y1);
}
