// Is a ruled grid a table? Plots draw grids too (frame, grid lines, ticks, stroked bars), and a
// form's box split by a rule looks like a 2×2 grid. A table holds text in a good share of its
// cells, and it is not full of what figures are made of: slanted lines, curves, and filled shapes
// that do not line up with its cells (cell shading does; bars and markers do not).
import { insideBox, type Box, type PdfDrawing } from '../page-content';
import { SNAP, type RuledTable } from './ruled-tables';

/** Share of the grid's cells that must hold text. */
const MIN_TEXT_CELL_SHARE = 0.4;
const MIN_TEXT_CELLS = 2;
/** Slanted or curved pieces inside a grid that make it a figure (an arrow head is 2 or 3). */
const MAX_SLANTED_PIECES = 6;
/** Filled shapes inside a grid that are not cell shading. */
const MAX_LOOSE_FILLS = 2;

/** Centres of the page's characters, in page points. */
export type CharCentre = readonly [x: number, y: number];

function onGridLine(value: number, lines: readonly number[]): boolean {
  return lines.some((line) => Math.abs(line - value) <= SNAP);
}

/** Shading fills a run of cells exactly: its edges lie on grid lines. */
function isCellShading(box: Box, table: RuledTable): boolean {
  return onGridLine(box.x0, table.xs) && onGridLine(box.x1, table.xs) && onGridLine(box.y0, table.ys) && onGridLine(box.y1, table.ys);
}

export function isRealTable(table: RuledTable, chars: readonly CharCentre[], drawings: readonly PdfDrawing[]): boolean {
  const within = drawings.filter((d) => insideBox(d.box, table.box, SNAP));
  const slanted = within.filter((d) => d.kind === 'slanted').reduce((sum, d) => sum + d.pieces, 0);
  const looseFills = within.filter((d) => d.kind === 'fill' && !isCellShading(d.box, table)).length;
  if (slanted > MAX_SLANTED_PIECES || looseFills > MAX_LOOSE_FILLS) return false;
  const withText = table.cells.filter((cell) => chars.some(([x, y]) => x > cell.box.x0 && x < cell.box.x1 && y > cell.box.y0 && y < cell.box.y1)).length;
  return withText >= MIN_TEXT_CELLS && withText >= MIN_TEXT_CELL_SHARE * table.cells.length;
}
