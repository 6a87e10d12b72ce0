// A table from text positions alone, for pages without ruling lines: lines sharing a baseline
// form a row; columns are the x-ranges that pieces of multi-piece rows occupy.
import { charPictures, type Box, type GlyphPicture, type Interval } from '../page-content';
import { linearText } from './fractions';
import { scriptPieces, type ScriptPiece } from './sub-superscripts';
import type { TextLine } from './text-lines';

/** A glyph picture in a row's cell: `offset` points right of the start of the cell's text. */
export interface CellPicture {
  column: number;
  offset: number;
  picture: GlyphPicture;
}

export interface AlignedRow {
  /** The row's baseline, points from the top of the page. */
  y: number;
  cells: string[];
  /** Each cell's text in stretches raised, lowered or neither; absent when the row holds no script. */
  scripted?: ScriptPiece[][];
  /** Glyph pictures of its lines (their text holds none of them); absent when none. */
  pictures?: CellPicture[];
}

/** The row's glyph pictures, by the column each line went in. */
function rowPictures(row: readonly TextLine[], columnOfLine: (line: TextLine) => number): CellPicture[] | undefined {
  const starts = new Map<number, number>();
  for (const line of row) starts.set(columnOfLine(line), Math.min(starts.get(columnOfLine(line)) ?? Infinity, line.box.x0));
  const pictures = row.flatMap((line) => {
    const column = columnOfLine(line);
    return charPictures(line.chars).map((picture) => ({ column, offset: picture.box.x0 - starts.get(column)!, picture }));
  });
  return pictures.length ? pictures : undefined;
}

/** Each cell's text in stretches of one script, when some line of the row has a script; `separator` between the lines of a cell. */
export function rowScripts(row: readonly TextLine[], columns: number, columnOfLine: (line: TextLine) => number, separator = ' '): ScriptPiece[][] | undefined {
  if (!row.some((line) => line.chars.some((c) => c.script))) return undefined;
  const cells = Array.from({ length: columns }, (): ScriptPiece[] => []);
  for (const line of row) {
    const cell = cells[columnOfLine(line)];
    if (cell.length) cell.push({ text: separator });
    cell.push(...scriptPieces(line.chars));
  }
  return cells;
}

export interface AlignedTable {
  rows: AlignedRow[];
  /** Points, one per column. */
  columnWidths: number[];
  /** Where on the page each column's text stands (x-ranges, points): a picture standing there goes in that column too. */
  columns: Interval[];
}

function rowsByBaseline(lines: readonly TextLine[]): TextLine[][] {
  const rows: TextLine[][] = [];
  for (const line of [...lines].sort((a, b) => a.baseline - b.baseline || a.box.x0 - b.box.x0)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].baseline - line.baseline) <= 0.3 * line.size) row.push(line);
    else rows.push([line]);
  }
  return rows.map((row) => row.sort((a, b) => a.box.x0 - b.box.x0));
}

/** From the leftmost line's left edge to the rightmost's right edge. */
export const spanOf = (lines: readonly TextLine[]): Interval => ({ from: Math.min(...lines.map((l) => l.box.x0)), to: Math.max(...lines.map((l) => l.box.x1)) });

/** The x-ranges the pieces of multi-piece rows occupy, overlapping ones merged, left to right. */
export function columnIntervals(rows: TextLine[][]): Interval[] {
  return mergedIntervals(rows.filter((row) => row.length > 1).flat());
}

/** The x-ranges the pieces occupy, overlapping ones merged, left to right. */
export function mergedIntervals(pieces: readonly TextLine[]): Interval[] {
  const spans = pieces.map((l) => ({ from: l.box.x0, to: l.box.x1 })).sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.from <= last.to) last.to = Math.max(last.to, span.to);
    else merged.push({ ...span });
  }
  return merged;
}

/** The column nearest the middle of the line (or of anything else standing among the columns). */
export function columnOf(line: { box: Box }, columns: readonly Interval[]): number {
  const middle = (line.box.x0 + line.box.x1) / 2;
  const distance = (c: Interval) => (middle < c.from ? c.from - middle : middle > c.to ? middle - c.to : 0);
  return columns.reduce((best, c, i) => (distance(c) < distance(columns[best]) ? i : best), 0);
}

/**
 * Lines already set in rows and cells (SheetLines.rows): each row's cells left to right, each
 * cell's lines one under the other, a line each in its text. A column is as wide as its cells' lines.
 */
export function tableOfCells(rows: readonly (readonly TextLine[][])[]): AlignedTable {
  const count = Math.max(...rows.map((row) => row.length));
  const columns = Array.from({ length: count }, (_, c) => spanOf(rows.flatMap((row) => row[c] ?? [])));
  return {
    rows: rows.map((row) => {
      const cellOf = new Map(row.flatMap((lines, c) => lines.map((line) => [line, c] as const)));
      return { y: row[0][0].baseline, cells: row.map((lines) => lines.map((l) => linearText(l.chars)).join('\n')), scripted: rowScripts(row.flat(), count, (line) => cellOf.get(line)!, '\n') };
    }),
    columnWidths: Array.from({ length: count }, (_, c) => Math.max(...rows.flatMap((row) => (row[c] ?? []).map((l) => l.box.x1 - l.box.x0)))),
    columns,
  };
}

export function alignedTable(lines: readonly TextLine[]): AlignedTable | undefined {
  if (lines.length === 0) return undefined;
  const rows = rowsByBaseline(lines);
  const columns = columnIntervals(rows);
  if (columns.length === 0) {
    const width = Math.max(...lines.map((l) => l.box.x1 - l.box.x0));
    return { rows: rows.map((row) => ({ y: row[0].baseline, cells: [row.map((l) => linearText(l.chars)).join(' ')], scripted: rowScripts(row, 1, () => 0), pictures: rowPictures(row, () => 0) })), columnWidths: [width], columns: [spanOf(lines)] };
  }
  return {
    rows: rows.map((row) => {
      const cells = new Array<string>(columns.length).fill('');
      for (const line of row) {
        const column = columnOf(line, columns);
        cells[column] = cells[column] ? `${cells[column]} ${linearText(line.chars)}` : linearText(line.chars);
      }
      return { y: row[0].baseline, cells, scripted: rowScripts(row, columns.length, (line) => columnOf(line, columns)), pictures: rowPictures(row, (line) => columnOf(line, columns)) };
    }),
    columnWidths: columns.map((c) => c.to - c.from),
    columns,
  };
}
