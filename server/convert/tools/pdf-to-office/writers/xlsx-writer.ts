// Pages → an Excel workbook, a sheet per page with everything the page says, in reading order: ruled
// tables where they stand (merged cells, the borders drawn on the page), and the text around them laid out in columns by
// alignment, one page column after the other (a two-column article is not read across the gutter,
// line by line); numbers become numbers. Nothing outside a table is dropped. A page whose sheet
// cannot be written so goes in as plain rows of its text, top to bottom (and is counted as degraded).
// A cell's text cannot hold a picture: glyphs no table could read (TextRun.picture) are pictures
// anchored over the cell whose text they stood in, as far into it as they stood. The page's
// pictures and vector figures (ImageBlock, drawn with their text: their labels are rows too, in
// the order drawn, layout/label-rows.ts) stand in the rows where they come in reading order, at
// their size on the page, in rows of their own that no text takes, their labels and captions below;
// across, in the column the text of their page column goes in where they stand, as far right of its
// text's edge as on the page. Pictures
// side by side (layout/image-rows.ts) share those rows. A table cell keeps the alignment read for
// its text (centred, right; left is Excel's own, which keeps numbers right).
import ExcelJS from 'exceljs';
import type { PageFallback } from '../degraded-pages';
import type { Alignment, Block, ImageBlock, ImageRow, PageLayout, ParagraphBlock, SheetLines, TableBlock } from '../layout/blocks';
import { alignedTable, columnOf, spanOf, tableOfCells, type AlignedRow, type AlignedTable, type CellPicture } from '../layout/aligned-table';
import { unionBox, type Box, type Script } from '../page-content';
import type { ScriptPiece } from '../layout/sub-superscripts';
import { cellEdges } from '../layout/table-rules';
import { linearRuns, linearText } from '../layout/fractions';
import type { TextLine } from '../layout/text-lines';
import { cellValue } from './cell-values';
import { EMUS_PER_POINT, PIXELS_PER_POINT, pixelSize } from './units';
import { fixedWidthFamily } from './font-names';

/** Excel column width unit is about one digit of the default font: ~5.6 points. */
const POINTS_PER_WIDTH_UNIT = 5.6;
const MAX_COLUMN_WIDTH = 80;
const THIN = { style: 'thin' } as const;
/** Wider pictures are scaled down, keeping their shape: about an A4 page's width at 96 dpi (pixels). */
const MAX_PICTURE_WIDTH = 800;
/** The rows a picture takes are about as tall as Excel's default row (points), so the grid around it looks as usual. */
const PICTURE_ROW_HEIGHT = 15;

/**
 * Pixels a column is wide per unit of its width, as Excel and LibreOffice draw it (the default
 * font's widest digit): where a picture's left edge falls. POINTS_PER_WIDTH_UNIT sizes columns
 * to their text with some slack.
 */
const PIXELS_PER_WIDTH_UNIT = 7;
/** Excel's width of a column nobody sized (its units). */
const DEFAULT_COLUMN_WIDTH = 8.43;
/** Excel's height of a row nobody sized (points). */
const DEFAULT_ROW_HEIGHT = 15;

/**
 * A picture on the sheet, `width` × `height` points: its top left corner `left` points right of
 * column `column`'s left edge (0-based) and `top` points below row `row`'s top (1-based), however
 * many columns and rows that runs over. `within`: the columns from `column` it must stay inside
 * (a glyph picture, over its cell's text and not its neighbour's).
 */
interface SheetPicture {
  file: string;
  row: number;
  column: number;
  left: number;
  top: number;
  width: number;
  height: number;
  within?: number;
}

/** The cell (0-based, from `first`) that lies `offset` points along cells as long as `length` says, and how far into it. */
function cellAndOffset(offset: number, length: (cell: number) => number, first = 0): { cell: number; offset: number } {
  let cell = first;
  let rest = offset;
  while (rest >= length(cell) && length(cell) > 0) rest -= length(cell++);
  return { cell, offset: rest };
}

/** A sheet cell has one alignment: the one its paragraphs share, else left. */
function sharedAlignment(paragraphs: readonly ParagraphBlock[]): Alignment {
  const [first, ...rest] = paragraphs.map((p) => p.alignment);
  return first !== undefined && rest.every((a) => a === first) ? first : 'left';
}

const VERT_ALIGN = { super: 'superscript', sub: 'subscript' } as const satisfies Record<Script, string>;
const widthOf = (points: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(4, points / POINTS_PER_WIDTH_UNIT));
const paragraphText = (p: ParagraphBlock) => linearRuns(p.runs).map((r) => r.text).join('');

/** One page's sheet, filled row by row. */
class PageSheet {
  private row = 1;
  /** Cells covered by a merge: a second merge over them would make exceljs throw. */
  private readonly merged = new Set<string>();
  private readonly widths: number[] = [];
  /** Glyph pictures and the page's pictures, anchored once the columns have their widths. */
  private readonly pictures: SheetPicture[] = [];

  constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly sheet: ExcelJS.Worksheet,
  ) {}

  text(row: AlignedRow, columnWidths: number[]): void {
    row.cells.forEach((text, c) => text && this.setValue(this.sheet.getCell(this.row, c + 1), text, row.scripted?.[c]));
    for (const picture of row.pictures ?? []) this.glyphPicture(this.row, picture, 1);
    columnWidths.forEach((width, c) => this.widen(c, width));
    this.row++;
  }

  /** A line of a code listing, a row of its own: its text as it stands (spaces kept, never a number), in a fixed-width face. */
  listingLine(line: TextLine): void {
    const cell = this.sheet.getCell(this.row, 1);
    cell.value = line.text;
    cell.font = { name: fixedWidthFamily(line.chars.find((c) => c.text.trim())?.font.name ?? '') };
    this.row++;
  }

  table(table: TableBlock): void {
    const first = this.row;
    table.xs.slice(1).forEach((x, i) => this.widen(i, x - table.xs[i]));
    for (const cell of table.cells) {
      const top = first + cell.row;
      const left = cell.column + 1;
      const bottom = top + cell.rowSpan - 1;
      const right = left + cell.columnSpan - 1;
      const text = cell.paragraphs.map(paragraphText).join('\n');
      const scripted = cell.paragraphs.some((p) => p.runs.some((r) => r.script)) ? cell.paragraphs.flatMap((p, i) => [...(i ? [{ text: '\n' }] : []), ...linearRuns(p.runs)]) : undefined;
      for (const { picture } of cell.paragraphs.flatMap((p) => p.runs)) {
        if (picture) this.glyphPicture(top, { column: left - 1, offset: picture.box.x0 - cell.box.x0, picture }, cell.columnSpan);
      }
      // Overlapping spans cannot both be merged: keep the text, skip the merge.
      if (this.coveredIn(top, left, bottom, right)) {
        if (text) this.append(this.sheet.getCell(top, left).master, text);
        continue;
      }
      if (text) this.setValue(this.sheet.getCell(top, left), text, scripted, sharedAlignment(cell.paragraphs), bottom - top + 1);
      if (bottom > top || right > left) {
        this.sheet.mergeCells(top, left, bottom, right);
        for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) this.merged.add(`${r},${c}`);
      }
      // The rules drawn along the cell's edges, on the sheet cells along them (a merged range's too).
      const edges = cellEdges(table.rules, cell);
      for (let r = top; r <= bottom; r++) {
        for (let c = left; c <= right; c++) {
          const border: Partial<ExcelJS.Borders> = {
            ...(edges.top && r === top ? { top: THIN } : {}),
            ...(edges.bottom && r === bottom ? { bottom: THIN } : {}),
            ...(edges.left && c === left ? { left: THIN } : {}),
            ...(edges.right && c === right ? { right: THIN } : {}),
          };
          if (Object.keys(border).length) this.sheet.getCell(r, c).border = border;
        }
      }
    }
    this.row = first + Math.max(1, table.ys.length - 1);
  }

  /**
   * Pictures standing side by side (one, mostly) in rows of their own, as tall as they are: the
   * next text starts below them. Each keeps its place in the band and its size, all scaled alike
   * when the band is wider than MAX_PICTURE_WIDTH; the band's left edge is `left` points right of
   * column `column`'s (0-based).
   */
  band(images: readonly ImageBlock[], { column, left }: { column: number; left: number } = { column: 0, left: 0 }): void {
    const box = unionBox(images.map((image) => image.box));
    const scale = Math.min(1, MAX_PICTURE_WIDTH / ((box.x1 - box.x0) * PIXELS_PER_POINT));
    const height = (box.y1 - box.y0) * scale;
    const rows = Math.max(1, Math.ceil(height / PICTURE_ROW_HEIGHT));
    for (let r = 0; r < rows; r++) this.sheet.getRow(this.row + r).height = height / rows;
    for (const { box: at, file } of images) {
      const size = { width: (at.x1 - at.x0) * scale, height: (at.y1 - at.y0) * scale };
      this.pictures.push({ file, row: this.row, column, left: left + (at.x0 - box.x0) * scale, top: (at.y0 - box.y0) * scale, ...size });
    }
    this.row += rows;
  }

  finish(): void {
    this.widths.forEach((width, c) => (this.sheet.getColumn(c + 1).width = width));
    const columnPoints = (c: number) => ((this.widths[c] ?? DEFAULT_COLUMN_WIDTH) * PIXELS_PER_WIDTH_UNIT) / PIXELS_PER_POINT;
    const rowPoints = (r: number) => this.sheet.getRow(r + 1).height ?? DEFAULT_ROW_HEIGHT;
    for (const { file, row, column, left, top, width, height, within } of this.pictures) {
      const room = within === undefined ? Infinity : Array.from({ length: within }, (_, i) => columnPoints(column + i)).reduce((sum, points) => sum + points, 0);
      const across = cellAndOffset(Math.max(0, Math.min(left, room - width)), columnPoints, column);
      const down = cellAndOffset(top, rowPoints, row - 1);
      this.place(file, { column: across.cell, left: across.offset, row: down.cell, top: down.offset }, width, height);
    }
  }

  /** A glyph picture over the text of the cell at `row` (1-based) and `column`, which spans `columns` columns. */
  private glyphPicture(row: number, { column, offset, picture: { box, file } }: CellPicture, columns: number): void {
    this.pictures.push({ file, row, column, left: offset, top: 0, width: box.x1 - box.x0, height: box.y1 - box.y0, within: columns });
  }

  /**
   * A PNG, `width` × `height` points, its top left corner `left` points into column `column` and
   * `top` points into row `row` (both 0-based), keeping its size when columns change. The anchor
   * is written in EMUs: exceljs's fractional {col, row} measures a column in units of its own,
   * which put a picture well left of where it was meant to be.
   */
  private place(file: string, at: { column: number; left: number; row: number; top: number }, width: number, height: number): void {
    const tl = { nativeCol: at.column, nativeColOff: Math.round(at.left * EMUS_PER_POINT), nativeRow: at.row, nativeRowOff: Math.round(at.top * EMUS_PER_POINT) };
    this.sheet.addImage(this.workbook.addImage({ filename: file, extension: 'png' }), { tl: tl as unknown as ExcelJS.ImagePosition['tl'], ext: pixelSize(width, height), editAs: 'oneCell' });
  }

  private widen(column: number, points: number): void {
    this.widths[column] = Math.max(this.widths[column] ?? 0, widthOf(points));
  }

  private coveredIn(top: number, left: number, bottom: number, right: number): boolean {
    for (let r = top; r <= bottom; r++) for (let c = left; c <= right; c++) if (this.merged.has(`${r},${c}`)) return true;
    return false;
  }

  private append(cell: ExcelJS.Cell, text: string): void {
    const before = cell.value === null || cell.value === undefined ? '' : cell.text;
    this.setValue(cell, before ? `${before}\n${text}` : text);
  }

  /**
   * `scripted` is the text in stretches when it has superscripts or subscripts: rich text then, never a number (10⁵ is not 105).
   * `alignment` as read on the page; left is left to Excel, which sets text left and numbers right.
   * `rows`: how many rows the cell spans (a merged cell's), tall enough together for its lines.
   */
  private setValue(cell: ExcelJS.Cell, text: string, scripted?: readonly ScriptPiece[], alignment: Alignment = 'left', rows = 1): void {
    const { value, numberFormat } = scripted ? { value: text } : cellValue(text);
    cell.value = scripted ? { richText: scripted.map(({ text, script }) => ({ text, ...(script && { font: { vertAlign: VERT_ALIGN[script] } }) })) } : value;
    if (numberFormat) cell.numFmt = numberFormat;
    const wrapped = typeof value === 'string' && value.includes('\n');
    if (wrapped || alignment !== 'left') cell.alignment = { ...(wrapped && { wrapText: true, vertical: 'top' }), ...(alignment !== 'left' && { horizontal: alignment }) };
    if (wrapped) this.tallEnough(Number(cell.row), value.split('\n').length, rows);
  }

  /**
   * Rows `first`… (`rows` of them) at least as tall together as `lines` lines: Excel and LibreOffice
   * keep a row at its height when a file is opened, and a wrapped cell's second line would run into
   * the row below (a diagram box's "Record" over "LIR Trace").
   */
  private tallEnough(first: number, lines: number, rows: number): void {
    for (let r = first; r < first + rows; r++) {
      const row = this.sheet.getRow(r);
      row.height = Math.max(row.height ?? DEFAULT_ROW_HEIGHT, (lines * DEFAULT_ROW_HEIGHT) / rows);
    }
  }
}

/** Text that ran down or up the page (layout/turned-text.ts): a row per paragraph, as long as its text ran. */
const isTurned = (block: Block): block is ParagraphBlock => block.kind === 'paragraph' && block.flow !== undefined;
const turnedRow = (p: ParagraphBlock) => ({ box: p.box, text: paragraphText(p), width: p.box.y1 - p.box.y0 });

/**
 * The page's pictures (raster images and figures drawn from it) in bands, by the first of each
 * (in reading order): the pictures of a row side by side together, every other picture alone.
 * These are the pictures Word and PowerPoint place, as many (the layout bounds them; glyph
 * pictures go over their text).
 */
function pictureBands(page: PageLayout): Map<ImageBlock, ImageBlock[]> {
  const bands = new Map<ImageBlock | ImageRow, ImageBlock[]>();
  for (const block of page.blocks) {
    if (block.kind !== 'image' || !block.file) continue;
    const key = block.row ?? block;
    bands.set(key, [...(bands.get(key) ?? []), block]);
  }
  return new Map([...bands.values()].map((images) => [images[0], images]));
}

/** A group of lines on the sheet: laid out in cells by alignment (a listing's lines in column A, a row each). */
interface SheetGroup extends SheetLines {
  aligned?: AlignedTable;
}

/** Where on the page the text of each of the group's sheet columns stands (a listing's lines all go in column A). */
function pageXOfColumns({ lines, aligned }: SheetGroup): AlignedTable['columns'] {
  return aligned?.columns ?? [spanOf(lines)];
}

/**
 * Where a band of pictures (`box`, its first block `index`) goes across the sheet: in the column a
 * line of its page column's text would go in standing where the band stands, as far right of that
 * column's text as on the page (never left of it) — a figure in a paper's right column sits over
 * that column's text, not at column A. Its page column's text is the nearest after it in reading
 * order (its caption, the text below), else before it; with none (a page of pictures), column A.
 */
function bandPlace(box: Box, index: number, groups: readonly SheetGroup[]): { column: number; left: number } {
  const inColumn = groups.filter(({ pageColumn }) => pageColumn && pageColumn.from < box.x1 && box.x0 < pageColumn.to);
  const group = inColumn.find((g) => g.at >= index) ?? inColumn.filter((g) => g.at < index).at(-1);
  if (!group) return { column: 0, left: 0 };
  const columns = pageXOfColumns(group);
  const column = columnOf({ box }, columns);
  return { column, left: Math.max(0, box.x0 - columns[column].from) };
}

/**
 * Everything in reading order: each group of lines read together (a column's stretch, a figure's
 * labels) laid out in cells by alignment, tables, turned text and pictures where they fall among
 * them; a picture's labels and captions (grouped at its place in the blocks) below it.
 */
function fillSheet(sheet: PageSheet, page: PageLayout): void {
  // Lines set in rows already (a figure's labels as drawn, pictures' captions side by side) go in so, the rest by alignment.
  const groups: SheetGroup[] = page.sheetLines.map((group) => ({ ...group, aligned: group.rows ? tableOfCells(group.rows) : alignedTable(group.lines.filter((l) => !l.preformatted)) }));
  const writeLines = ({ lines, aligned }: SheetGroup) => {
    // A code listing's lines go in as set, a row each (layout/listings.ts).
    for (const line of lines.filter((l) => l.preformatted)) sheet.listingLine(line);
    for (const row of aligned?.rows ?? []) sheet.text(row, aligned!.columnWidths);
  };
  const bands = pictureBands(page);
  let next = 0;
  page.blocks.forEach((block, index) => {
    // Lines grouped at a picture's place are its labels and captions: they go below it.
    const upTo = block.kind === 'image' ? index - 1 : index;
    for (; next < groups.length && groups[next].at <= upTo; next++) writeLines(groups[next]);
    const band = block.kind === 'image' ? bands.get(block) : undefined;
    if (band) sheet.band(band, bandPlace(unionBox(band.map((image) => image.box)), index, groups));
    else if (block.kind === 'table') sheet.table(block);
    else if (isTurned(block)) {
      const { box, text, width } = turnedRow(block);
      sheet.text({ y: box.y0, cells: [text] }, [width]);
    }
  });
  for (const group of groups.slice(next)) writeLines(group);
  sheet.finish();
}

/** The page's text without structure: every line and every table cell's paragraphs, a row each, top to bottom. */
function fillPlainRows(sheet: PageSheet, page: PageLayout): void {
  const pieces = [
    ...page.sheetLines.flatMap((group) => group.lines).map((line) => ({ box: line.box, text: linearText(line.chars) })),
    ...page.blocks.flatMap((b) => (b.kind === 'table' ? b.cells.flatMap((cell) => cell.paragraphs) : [])).map((p) => ({ box: p.box, text: paragraphText(p) })),
  ]
    .map((piece) => ({ ...piece, width: piece.box.x1 - piece.box.x0 }))
    .sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const rows = [...pieces, ...page.blocks.filter(isTurned).map(turnedRow)].map((piece) => ({ y: piece.box.y0, write: () => sheet.text({ y: piece.box.y0, cells: [piece.text] }, [piece.width]) }));
  const bands = [...pictureBands(page).values()].map((images) => ({ y: Math.min(...images.map((i) => i.box.y0)), write: () => sheet.band(images) }));
  for (const item of [...rows, ...bands].sort((a, b) => a.y - b.y)) item.write();
  sheet.finish();
}

export async function writeXlsx(pages: readonly PageLayout[], file: string, _title?: string, fallback?: PageFallback): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  for (const page of pages) {
    const name = `第${page.number}页`;
    try {
      fillSheet(new PageSheet(workbook, workbook.addWorksheet(name)), page);
    } catch (error) {
      workbook.removeWorksheet(workbook.getWorksheet(name)!.id);
      fallback?.degraded(page.number, error);
      fillPlainRows(new PageSheet(workbook, workbook.addWorksheet(name)), page);
    }
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('第1页');
  await workbook.xlsx.writeFile(file);
}
