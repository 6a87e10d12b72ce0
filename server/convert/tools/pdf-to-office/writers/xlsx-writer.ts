// Pages → an Excel workbook, a sheet per page with everything the page says, in reading order: ruled
// tables where they stand (merged cells, the borders drawn on the page), and the text around them laid out in columns by
// alignment, one page column after the other (a two-column article is not read across the gutter,
// line by line); numbers become numbers. Nothing outside a table is dropped. A page whose sheet
// cannot be written so goes in as plain rows of its text, top to bottom (and is counted as degraded).
// A cell's text cannot hold a picture: glyphs no table could read (TextRun.picture) are pictures
// anchored over the cell whose text they stood in, about where in it they stood. The page's
// pictures and vector figures (ImageBlock, drawn with their text: their labels are rows too) stand
// in the rows where they come in reading order, at their size on the page, in rows of their own
// that no text takes, their labels and captions below; pictures side by side (layout/image-rows.ts)
// share those rows.
import ExcelJS from 'exceljs';
import type { PageFallback } from '../degraded-pages';
import type { Block, ImageBlock, ImageRow, PageLayout, ParagraphBlock, SheetLines, TableBlock } from '../layout/blocks';
import { alignedTable, type AlignedRow, type CellPicture } from '../layout/aligned-table';
import { unionBox, type Script } from '../page-content';
import type { ScriptPiece } from '../layout/sub-superscripts';
import { cellEdges } from '../layout/table-rules';
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

/** A page's picture in its rows: `left` and `top` points from the first of them at column A, `width` and `height` points. */
interface PlacedFigure {
  file: string;
  row: number;
  rowHeight: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The cell (0-based) that lies `offset` points along cells as long as `length` says, and how far into it. */
function cellAndOffset(offset: number, length: (cell: number) => number): { cell: number; offset: number } {
  let cell = 0;
  let rest = offset;
  while (rest >= length(cell) && length(cell) > 0) rest -= length(cell++);
  return { cell, offset: rest };
}

const VERT_ALIGN = { super: 'superscript', sub: 'subscript' } as const satisfies Record<Script, string>;
const widthOf = (points: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(4, points / POINTS_PER_WIDTH_UNIT));
const paragraphText = (p: ParagraphBlock) => p.runs.map((r) => r.text).join('');

/** One page's sheet, filled row by row. */
class PageSheet {
  private row = 1;
  /** Cells covered by a merge: a second merge over them would make exceljs throw. */
  private readonly merged = new Set<string>();
  private readonly widths: number[] = [];
  /** Anchored once the columns have their widths, which place a picture inside its cell. */
  private readonly pictures: (CellPicture & { row: number })[] = [];
  /** The page's pictures in their rows; placed across the columns once these have their widths. */
  private readonly figures: PlacedFigure[] = [];

  constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly sheet: ExcelJS.Worksheet,
  ) {}

  text(row: AlignedRow, columnWidths: number[]): void {
    row.cells.forEach((text, c) => text && this.setValue(this.sheet.getCell(this.row, c + 1), text, row.scripted?.[c]));
    for (const picture of row.pictures ?? []) this.pictures.push({ ...picture, row: this.row });
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
      const scripted = cell.paragraphs.some((p) => p.runs.some((r) => r.script)) ? cell.paragraphs.flatMap((p, i) => [...(i ? [{ text: '\n' }] : []), ...p.runs]) : undefined;
      for (const { picture } of cell.paragraphs.flatMap((p) => p.runs)) {
        if (picture) this.pictures.push({ row: top, column: left - 1, offset: picture.box.x0 - cell.box.x0, picture });
      }
      // Overlapping spans cannot both be merged: keep the text, skip the merge.
      if (this.coveredIn(top, left, bottom, right)) {
        if (text) this.append(this.sheet.getCell(top, left).master, text);
        continue;
      }
      if (text) this.setValue(this.sheet.getCell(top, left), text, scripted);
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
   * when the band is wider than MAX_PICTURE_WIDTH.
   */
  band(images: readonly ImageBlock[]): void {
    const box = unionBox(images.map((image) => image.box));
    const scale = Math.min(1, MAX_PICTURE_WIDTH / ((box.x1 - box.x0) * PIXELS_PER_POINT));
    const height = (box.y1 - box.y0) * scale;
    const rows = Math.max(1, Math.ceil(height / PICTURE_ROW_HEIGHT));
    const rowHeight = height / rows;
    for (let r = 0; r < rows; r++) this.sheet.getRow(this.row + r).height = rowHeight;
    for (const { box: at, file } of images) {
      const size = { width: (at.x1 - at.x0) * scale, height: (at.y1 - at.y0) * scale };
      this.figures.push({ file, row: this.row, rowHeight, left: (at.x0 - box.x0) * scale, top: (at.y0 - box.y0) * scale, ...size });
    }
    this.row += rows;
  }

  finish(): void {
    this.widths.forEach((width, c) => (this.sheet.getColumn(c + 1).width = width));
    const columnPoints = (c: number) => ((this.widths[c] ?? DEFAULT_COLUMN_WIDTH) * PIXELS_PER_WIDTH_UNIT) / PIXELS_PER_POINT;
    for (const { file, row, rowHeight, left, top, width, height } of this.figures) {
      const across = cellAndOffset(left, columnPoints);
      const down = cellAndOffset(top, () => rowHeight);
      // The anchor's cell and offset in it (EMUs): exceljs's fractional {col, row} measures a column in its own units.
      const tl = { nativeCol: across.cell, nativeColOff: Math.round(across.offset * EMUS_PER_POINT), nativeRow: row - 1 + down.cell, nativeRowOff: Math.round(down.offset * EMUS_PER_POINT) };
      this.place(file, tl as unknown as ExcelJS.ImagePosition['tl'], width, height);
    }
    for (const { row, column, offset, picture } of this.pictures) {
      const { box, file } = picture;
      const share = Math.min(0.9, Math.max(0, offset / ((this.widths[column] ?? DEFAULT_COLUMN_WIDTH) * POINTS_PER_WIDTH_UNIT)));
      this.place(file, { col: column + share, row: row - 1 }, box.x1 - box.x0, box.y1 - box.y0);
    }
  }

  /** A PNG anchored at `tl` by its top left corner, `width` × `height` points, keeping its size when columns change. */
  private place(file: string, tl: ExcelJS.ImagePosition['tl'], width: number, height: number): void {
    this.sheet.addImage(this.workbook.addImage({ filename: file, extension: 'png' }), { tl, ext: pixelSize(width, height), editAs: 'oneCell' });
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

  /** `scripted` is the text in stretches when it has superscripts or subscripts: rich text then, never a number (10⁵ is not 105). */
  private setValue(cell: ExcelJS.Cell, text: string, scripted?: readonly ScriptPiece[]): void {
    const { value, numberFormat } = scripted ? { value: text } : cellValue(text);
    cell.value = scripted ? { richText: scripted.map(({ text, script }) => ({ text, ...(script && { font: { vertAlign: VERT_ALIGN[script] } }) })) } : value;
    if (numberFormat) cell.numFmt = numberFormat;
    if (typeof value === 'string' && value.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
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

/**
 * Everything in reading order: each group of lines read together (a column's stretch, a figure's
 * labels) laid out in cells by alignment, tables, turned text and pictures where they fall among
 * them; a picture's labels and captions (grouped at its place in the blocks) below it.
 */
function fillSheet(sheet: PageSheet, page: PageLayout): void {
  const writeLines = (lines: SheetLines['lines']) => {
    // A code listing's lines go in as set, a row each (layout/listings.ts).
    for (const line of lines.filter((l) => l.preformatted)) sheet.listingLine(line);
    const aligned = alignedTable(lines.filter((l) => !l.preformatted));
    for (const row of aligned?.rows ?? []) sheet.text(row, aligned!.columnWidths);
  };
  const bands = pictureBands(page);
  let next = 0;
  page.blocks.forEach((block, index) => {
    // Lines grouped at a picture's place are its labels and captions: they go below it.
    const upTo = block.kind === 'image' ? index - 1 : index;
    for (; next < page.sheetLines.length && page.sheetLines[next].at <= upTo; next++) writeLines(page.sheetLines[next].lines);
    const band = block.kind === 'image' ? bands.get(block) : undefined;
    if (band) sheet.band(band);
    else if (block.kind === 'table') sheet.table(block);
    else if (isTurned(block)) {
      const { box, text, width } = turnedRow(block);
      sheet.text({ y: box.y0, cells: [text] }, [width]);
    }
  });
  for (const group of page.sheetLines.slice(next)) writeLines(group.lines);
  sheet.finish();
}

/** The page's text without structure: every line and every table cell's paragraphs, a row each, top to bottom. */
function fillPlainRows(sheet: PageSheet, page: PageLayout): void {
  const pieces = [
    ...page.sheetLines.flatMap((group) => group.lines).map((line) => ({ box: line.box, text: line.text })),
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
