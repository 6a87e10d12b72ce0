// Tables ruled across only (LaTeX booktabs: a rule above, one under the header, one below; no
// vertical rules, no boxes): the rules give the table's width and top and bottom, the text between
// them its rows and columns. Rules of the same width one above another frame a table when the text
// between them stands in columns, row by row, and stays inside the rules' width. A page's header
// and footer rules frame its body text too: body lines are long against the width (in more than one
// column) and run for most of the page, which a table's cells do not. Nothing else is drawn across such a table: a
// vertical line or a curve between the rules makes them a figure's strokes (arrows of a diagram).
// The rows and columns come from text-grid.ts (group headers spanning columns, wrapped cells kept
// whole); the table keeps which rules were drawn (table-rules.ts), shorter ones under a group header too.
import { overlaps, type Box, type PdfDrawing, type RuleSegment } from '../page-content';
import { rowsOf } from './reading-order';
import { isHorizontal, mergeCollinear, SNAP, touches, type GridCell, type RuledTable } from './ruled-tables';
import type { TableRules } from './table-rules';
import { textGrid, type GridPiece } from './text-grid';
import type { TextLine } from './text-lines';

/**
 * A piece of text longer than this share of the width is a sentence (a column of body text is about
 * half): one column of a table may hold sentences beside short cells (an item's number and its
 * wording) when a rule sets its header apart; two such columns are body text in columns, and
 * without the header's rule a code listing with its comments between a figure's rules is alike.
 */
const MAX_PIECE_SHARE = 0.45;
/** A table is at most this share of the page's height. */
const MAX_HEIGHT_SHARE = 0.5;
/** Share of its rows that must hold more than one piece. */
const MIN_SPLIT_ROW_SHARE = 0.5;
const MIN_ROWS = 2;
/** Text beside the rules' ends by more than this (points) says the rules are not a table's edges. */
const OVERHANG = 6;

const sameWidth = (a: RuleSegment, b: RuleSegment) => Math.abs(a.x0 - b.x0) <= SNAP && Math.abs(a.x1 - b.x1) <= SNAP;

interface Drawn {
  /** Vertical lines and curves: drawn across a table's rules, they make them a figure's. */
  strokes: readonly Box[];
  /** Left and right edges of filled shapes: cell shading gives the true border between two columns. */
  fillEdges: readonly number[];
}

/** Share of a column's width a rule must run along to be drawn under (or over) that column. */
const RULED_COLUMN_SHARE = 0.5;

/**
 * The table framed by the rules `top` and `bottom` (same width), with `inner` rules of that width
 * between them; `shorter` are the page's other rules across, some of which may run under a group
 * header inside the table (booktabs' \cmidrule).
 */
function tableBetween(top: RuleSegment, bottom: RuleSegment, inner: readonly RuleSegment[], shorter: readonly RuleSegment[], lines: readonly TextLine[], { strokes, fillEdges }: Drawn, pageHeight: number): RuledTable | undefined {
  const { x0, x1 } = top;
  if (bottom.y0 - top.y0 > MAX_HEIGHT_SHARE * pageHeight) return undefined;
  const between = { x0, y0: top.y0 + SNAP, x1, y1: bottom.y0 - SNAP };
  if (strokes.some((s) => overlaps(s, between))) return undefined;
  const across = lines.filter((l) => (l.box.y0 + l.box.y1) / 2 > top.y0 && (l.box.y0 + l.box.y1) / 2 < bottom.y0 && l.box.x1 > x0 && l.box.x0 < x1);
  if (across.some((l) => l.box.x0 < x0 - OVERHANG || l.box.x1 > x1 + OVERHANG)) return undefined;
  const rows = rowsOf(across).map((row) => [...row].sort((a, b) => a.box.x0 - b.box.x0));
  const ruledInside = [...inner, ...shorter.filter((r) => r.y0 > between.y0 && r.y0 < between.y1 && r.x0 >= x0 - SNAP && r.x1 <= x1 + SNAP)];
  const ruleBetween = (above: number, below: number) => ruledInside.find((r) => r.y0 >= above - 1 && r.y0 <= below + 1);
  const grid = textGrid(rows, (above, below) => ruleBetween(above, below) !== undefined);
  const { columns } = grid;
  if (rows.length < MIN_ROWS || columns.length < 2 || rows.filter((row) => row.length > 1).length < MIN_SPLIT_ROW_SHARE * rows.length) return undefined;
  // The header, above its rule, may run across columns (cells set closer than a gap are one piece).
  const headerRule = inner[0]?.y0 ?? top.y0;
  const long = across.filter((l) => l.box.x1 - l.box.x0 > MAX_PIECE_SHARE * (x1 - x0) && l.box.y0 > headerRule);
  const startColumn = (l: TextLine) => columns.findIndex((c) => l.box.x0 >= c.from - 1 && l.box.x0 <= c.to);
  if (long.length && (inner.length === 0 || new Set(long.map(startColumn)).size > 1)) return undefined;

  const border = (left: number, right: number) => fillEdges.find((e) => e >= left && e <= right) ?? (left + right) / 2;
  const xs = [x0, ...columns.slice(1).map((c, i) => border(columns[i].to, c.from)), x1];
  const ys = [top.y0];
  const drawnAt: (RuleSegment | undefined)[] = [top];
  grid.rows.slice(1).forEach((row, i) => {
    const above = Math.max(...grid.rows[i].map((p) => p.line.box.y1));
    const below = Math.min(...row.map((p) => p.line.box.y0));
    // A rule between two rows is their border; otherwise the middle of the space between them.
    const rule = ruleBetween(above, below);
    ys.push(rule?.y0 ?? (above + below) / 2);
    drawnAt.push(rule);
  });
  ys.push(bottom.y0);
  drawnAt.push(bottom);
  const cells: GridCell[] = grid.rows.flatMap((row, r) =>
    rowCells(row, columns.length).map(({ column, columnSpan }) => ({ row: r, column, rowSpan: 1, columnSpan, box: { x0: xs[column], y0: ys[r], x1: xs[column + columnSpan], y1: ys[r + 1] } })),
  );
  const under = (rule: RuleSegment | undefined, column: number) =>
    rule !== undefined && Math.min(rule.x1, xs[column + 1]) - Math.max(rule.x0, xs[column]) >= RULED_COLUMN_SHARE * (xs[column + 1] - xs[column]);
  const rules: TableRules = {
    across: drawnAt.map((rule) => columns.map((_, column) => under(rule, column))),
    // Nothing is drawn down such a table.
    down: xs.map(() => grid.rows.map(() => false)),
  };
  return { box: { x0, y0: top.y0, x1, y1: bottom.y0 }, xs, ys, cells, rules };
}

/** A row's cells left to right: one per column, but one across the columns a piece spans (pieces whose spans meet share it). */
function rowCells(row: readonly GridPiece[], columnCount: number): { column: number; columnSpan: number }[] {
  const spanEnd = new Array<number>(columnCount).fill(-1);
  for (const { column, columnSpan } of row) spanEnd[column] = Math.max(spanEnd[column], column + columnSpan - 1);
  const cells: { column: number; columnSpan: number }[] = [];
  for (let column = 0; column < columnCount; ) {
    let end = column;
    for (let c = column; c <= end; c++) end = Math.max(end, spanEnd[c]);
    cells.push({ column, columnSpan: end - column + 1 });
    column = end + 1;
  }
  return cells;
}

/**
 * Tables ruled across only. `lines` are the page's text pieces (split at wide gaps, left to right
 * text only); rules that meet a vertical rule belong to a grid or a box, not to such a table.
 * `drawings` are the page's paths (curves and slanted lines; fills, which may shade its cells).
 */
export function findBooktabsTables(rules: readonly RuleSegment[], lines: readonly TextLine[], drawings: readonly PdfDrawing[], pageHeight: number): RuledTable[] {
  const verticals = mergeCollinear(rules.filter((r) => !isHorizontal(r)), false);
  const drawn: Drawn = {
    strokes: [...verticals, ...drawings.filter((d) => d.kind === 'slanted').map((d) => d.box)],
    fillEdges: drawings.filter((d) => d.kind === 'fill').flatMap((d) => [d.box.x0, d.box.x1]),
  };
  const open = mergeCollinear(rules.filter(isHorizontal), true)
    .filter((h) => !verticals.some((v) => touches(h, v)))
    .sort((a, b) => a.y0 - b.y0);
  const tables: RuledTable[] = [];
  const used = new Set<RuleSegment>();
  for (const top of open) {
    if (used.has(top)) continue;
    const below = open.filter((r) => r.y0 > top.y0 + SNAP && sameWidth(r, top) && !used.has(r));
    // The tallest span that reads as a table: header and body between the outer rules.
    for (let end = below.length - 1; end >= 0; end--) {
      const table = tableBetween(top, below[end], below.slice(0, end), open, lines, drawn, pageHeight);
      if (!table) continue;
      tables.push(table);
      for (const r of [top, ...below.slice(0, end + 1)]) used.add(r);
      break;
    }
  }
  return tables;
}
