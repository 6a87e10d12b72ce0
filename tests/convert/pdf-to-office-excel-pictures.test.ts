// PDF → Excel keeps the page's pictures and vector figures (issue 14): each stands in rows of its
// own where it comes in reading order, at its size on the page, and no text lies under it; its
// caption and the text after it follow below. Read back with exceljs (anchors, sizes, rows), the
// pictures' files with sharp, and the workbook printed by LibreOffice with pdfimages.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { pdfLayoutConverter } from '../../server/convert/tools/pdf-to-office/office-converter';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { sheetFailingOn } from '../support/failing-sheet';
import { COLUMN_PICTURES, columnPicturesPdf, RIGHT_PROSE_LINE } from '../support/column-pictures-pdf';
import { imageRowPdf, ROW_FIGURE_CAPTION, ROW_PARAGRAPH, ROW_PICTURES } from '../support/image-row-pdf';
import { popplerPage, type Grey } from '../support/pixels';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { expectTransparentCircle, softMaskPdf } from '../support/transparent-image';
import { figureAndTablePdf } from '../support/vector-figure-pdfs';

const scratch = scratchFolder('pdf-to-excel-pictures-');
const toExcel = converterOf('pdf-to-excel', pdfToOfficeConverters);

const EMUS_PER_POINT = 12700;
/** The height of a row nobody sized, in Excel (points). */
const DEFAULT_ROW_HEIGHT = 15;

async function pdfFile(name: string, bytes: Promise<Uint8Array>): Promise<string> {
  const file = path.join(scratch, name);
  writeFileSync(file, await bytes);
  return file;
}

async function sheetOf(xlsx: string): Promise<{ workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  return { workbook, sheet: workbook.worksheets[0] };
}

/** The first row (1-based) with a cell holding `text`. */
function rowWith(sheet: ExcelJS.Worksheet, text: string): number {
  return cellWith(sheet, text).row;
}

/** The first cell (1-based row and column) holding `text`. */
function cellWith(sheet: ExcelJS.Worksheet, text: string): { row: number; column: number } {
  let found = { row: 0, column: 0 };
  sheet.eachRow((row, n) => row.eachCell((cell, c) => void (!found.row && cell.text.includes(text) && (found = { row: n, column: c }))));
  expect(found.row).toBeGreaterThan(0);
  return found;
}

/** Points from column A's left edge to column `column`'s (1-based), as Excel draws columns: 7 pixels a unit of width. */
function columnLeft(sheet: ExcelJS.Worksheet, column: number): number {
  let left = 0;
  for (let c = 1; c < column; c++) left += ((sheet.getColumn(c).width ?? 8.43) * 7 * 72) / 96;
  return left;
}

interface Placed {
  /** 1-based rows the picture lies over, first to last. */
  rows: [number, number];
  /** Points from column A's left edge (a column is 7 pixels wide per unit of its width, as Excel draws it). */
  left: number;
  width: number;
  height: number;
  picture: Buffer;
}

/** Each picture of the sheet: the rows its anchor and size cover (their heights as written), its size in points, its file. */
function pictures(workbook: ExcelJS.Workbook, sheet: ExcelJS.Worksheet): Placed[] {
  const rowHeight = (n: number) => sheet.getRow(n).height ?? DEFAULT_ROW_HEIGHT;
  return sheet.getImages().map(({ imageId, range }) => {
    const { ext } = range as unknown as { ext: { width: number; height: number } };
    const height = (ext.height * 72) / 96;
    const first = range.tl.nativeRow + 1;
    let last = first;
    let bottom = range.tl.nativeRowOff / EMUS_PER_POINT + height;
    // Less than a point over: the size rounded to whole pixels.
    while (bottom > rowHeight(last) + 1) bottom -= rowHeight(last++);
    let left = range.tl.nativeColOff / EMUS_PER_POINT;
    for (let c = 1; c <= range.tl.nativeCol; c++) left += ((sheet.getColumn(c).width ?? 8.43) * 7 * 72) / 96;
    return { rows: [first, last], left, width: (ext.width * 72) / 96, height, picture: Buffer.from(workbook.getImage(Number(imageId)).buffer!) };
  });
}

/** Rows (1-based) holding a cell with text. */
function textRows(sheet: ExcelJS.Worksheet): number[] {
  const rows: number[] = [];
  sheet.eachRow((row, n) => row.eachCell((cell) => void (cell.text.trim() && !rows.includes(n) && rows.push(n))));
  return rows;
}

function expectNoTextUnder(sheet: ExcelJS.Worksheet, placed: readonly Placed[]): void {
  for (const { rows } of placed) expect(textRows(sheet).filter((n) => n >= rows[0] && n <= rows[1])).toEqual([]);
}

/** The leftmost pixel column between `from` and `to` dark for 60 pixels on end: a picture's left edge. */
function solidLeft({ width, height, data }: Grey, from: number, to: number): number {
  for (let x = Math.round(from); x < to; x++) {
    let run = 0;
    for (let y = 0; y < height && run < 60; y++) run = data[y * width + x] < 160 ? run + 1 : 0;
    if (run >= 60) return x;
  }
  return -1;
}

async function meanColour(png: Buffer): Promise<number[]> {
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('pdf-to-excel pictures', () => {
  let rowPdf: string;
  beforeAll(async () => {
    rowPdf = await pdfFile('image-row.pdf', imageRowPdf());
  });

  it('pictures side by side share their rows, left to right at their size and colour, between the heading and their captions', async () => {
    const { workbook, sheet } = await sheetOf((await convertFile(toExcel, rowPdf, scratch)).path);
    const placed = pictures(workbook, sheet).sort((a, b) => a.left - b.left);
    expect(placed).toHaveLength(3);
    const heading = rowWith(sheet, 'Three pictures in a row');
    const captions = rowWith(sheet, ROW_PICTURES[0].caption);
    for (const [i, { rows, width, height, picture }] of placed.entries()) {
      expect(rows).toEqual(placed[0].rows);
      expect(rows[0]).toBeGreaterThan(heading);
      expect(rows[1]).toBeLessThan(captions);
      // 120 × 90 points on the page.
      expect(width).toBeCloseTo(120, 0);
      expect(height).toBeCloseTo(90, 0);
      const { width: w, height: h } = await sharp(picture).metadata();
      expect(w! / h!).toBeCloseTo(4 / 3, 2);
      const [r, g, b] = await meanColour(picture);
      const { colour } = ROW_PICTURES[i];
      expect(Math.abs(r - colour.r) + Math.abs(g - colour.g) + Math.abs(b - colour.b)).toBeLessThan(15);
    }
    // Apart as on the page: 147 points from one picture's left edge to the next.
    expect(placed[1].left - placed[0].left).toBeCloseTo(147, -1);
    expect(placed[2].left - placed[1].left).toBeCloseTo(147, -1);
    expect(rowWith(sheet, ROW_FIGURE_CAPTION)).toBeGreaterThan(captions);
    expect(rowWith(sheet, ROW_PARAGRAPH)).toBeGreaterThan(rowWith(sheet, ROW_FIGURE_CAPTION));
    expectNoTextUnder(sheet, placed);
  });

  it('a vector figure is a picture drawn from the page between the text above it and its caption', async () => {
    const figurePdf = await pdfFile('figure-and-table.pdf', figureAndTablePdf());
    const { workbook, sheet } = await sheetOf((await convertFile(toExcel, figurePdf, scratch)).path);
    const placed = pictures(workbook, sheet);
    expect(placed).toHaveLength(1);
    const [{ rows, width, height, picture }] = placed;
    expect(rows[0]).toBeGreaterThan(rowWith(sheet, 'The plot below shows'));
    expect(rows[1]).toBeLessThan(rowWith(sheet, 'Figure 1. Values measured'));
    // The plot's frame and tick labels, 100…500 × 170…420 points or so, padded.
    expect(width).toBeGreaterThan(400);
    expect(width).toBeLessThan(480);
    expect(height).toBeGreaterThan(230);
    expect(height).toBeLessThan(280);
    const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width / info.height).toBeCloseTo(width / height, 1);
    // The bars' blue (0.3, 0.5, 0.8) is in it.
    let blue = 0;
    for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i] - 77) < 20 && Math.abs(data[i + 1] - 128) < 20 && Math.abs(data[i + 2] - 204) < 20) blue++;
    expect(blue).toBeGreaterThan(1000);
    expectNoTextUnder(sheet, placed);
  });

  it('a picture in either column of a two-column page stands in the sheet column its column\'s text goes in, as far right of that text as on the page', async () => {
    const pdf = await pdfFile('column-pictures.pdf', columnPicturesPdf());
    const { workbook, sheet } = await sheetOf((await convertFile(toExcel, pdf, scratch)).path);
    const placed = pictures(workbook, sheet).sort((a, b) => a.rows[0] - b.rows[0]);
    expect(placed).toHaveLength(2);
    // On the page (poppler at 72 dpi, a pixel a point): each column's text's left edge, and each
    // picture's, the leftmost pixel column dark all down 60 pixels (no line of text is so tall).
    const words = [...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)"/g)].map((m) => Number(m[1]));
    const page = await popplerPage(pdf, 1, 72);
    const half = page.width / 2;
    const textLeft = [Math.min(...words.filter((x) => x < half)), Math.min(...words.filter((x) => x >= half))];
    const pictureLeft = [solidLeft(page, 0, half), solidLeft(page, half, page.width)];
    // The left column's text is in column A; the right column's, under a numbered heading whose number stands apart, in the column after it.
    const textColumn = [cellWith(sheet, COLUMN_PICTURES[0].caption).column, cellWith(sheet, RIGHT_PROSE_LINE).column];
    expect(textColumn).toEqual([1, 2]);
    expect(cellWith(sheet, COLUMN_PICTURES[1].caption).column).toBe(2);
    for (const [i, { left, width, rows }] of placed.entries()) {
      expect(left - columnLeft(sheet, textColumn[i])).toBeCloseTo(pictureLeft[i] - textLeft[i], 0);
      expect(width).toBeCloseTo(COLUMN_PICTURES[i].width, 0);
      expect(rows[1]).toBeLessThan(rowWith(sheet, COLUMN_PICTURES[i].caption));
    }
    expectNoTextUnder(sheet, placed);
  });

  it('a soft-masked picture keeps its transparency, below the line above it', async () => {
    const { workbook, sheet } = await sheetOf((await convertFile(toExcel, await pdfFile('soft-mask.pdf', softMaskPdf()), scratch)).path);
    const placed = pictures(workbook, sheet);
    expect(placed).toHaveLength(1);
    expect(placed[0].rows[0]).toBeGreaterThan(rowWith(sheet, 'A red circle'));
    expect(placed[0].width).toBeCloseTo(240, 0);
    await expectTransparentCircle(placed[0].picture);
  });

  it('a page the sheet falls back to plain rows for keeps its pictures too', async () => {
    const notes: string[] = [];
    const { workbook, sheet } = await sheetOf((await convertFile(pdfLayoutConverter('pdf-to-excel', 'xlsx', sheetFailingOn(1)), rowPdf, scratch, { notes })).path);
    expect(notes).toHaveLength(1);
    const placed = pictures(workbook, sheet);
    expect(placed).toHaveLength(3);
    expect(placed[0].rows[0]).toBeGreaterThan(rowWith(sheet, 'Three pictures in a row'));
    expect(placed[0].rows[1]).toBeLessThan(rowWith(sheet, ROW_PICTURES[0].caption));
    expectNoTextUnder(sheet, placed);
  });

  it(
    'LibreOffice opens the workbook and prints the pictures',
    async () => {
      const printed = sofficeConvert((await convertFile(toExcel, rowPdf, scratch)).path, 'pdf', scratch);
      const listed = execFileSync('pdfimages', ['-list', printed], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(listed.filter((line) => / image /.test(line))).toHaveLength(3);
      expect(execFileSync('pdftotext', [printed, '-'], { encoding: 'utf8' })).toContain(ROW_PARAGRAPH);
    },
    SOFFICE_TIMEOUT_MS,
  );
});
