// Tables → an Excel workbook: a sheet per ruled table (merged cells, borders, numbers as numbers);
// a page without ruled tables gives one sheet laid out by text alignment.
import ExcelJS from 'exceljs';
import type { PageLayout, ParagraphBlock, TableBlock } from '../layout/blocks';
import { alignedTable, type AlignedTable } from '../layout/aligned-table';
import { cellValue } from './cell-values';

/** Excel column width unit is about one digit of the default font: ~5.6 points. */
const POINTS_PER_WIDTH_UNIT = 5.6;
const MAX_COLUMN_WIDTH = 80;
const THIN = { style: 'thin' } as const;

const widthOf = (points: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(4, points / POINTS_PER_WIDTH_UNIT));
const paragraphText = (p: ParagraphBlock) => p.runs.map((r) => r.text).join('');

function setValue(cell: ExcelJS.Cell, text: string): void {
  const { value, numberFormat } = cellValue(text);
  cell.value = value;
  if (numberFormat) cell.numFmt = numberFormat;
  if (typeof value === 'string' && value.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
}

function writeRuledTable(sheet: ExcelJS.Worksheet, table: TableBlock): void {
  table.xs.slice(1).forEach((x, i) => (sheet.getColumn(i + 1).width = widthOf(x - table.xs[i])));
  for (const cell of table.cells) {
    const top = cell.row + 1;
    const left = cell.column + 1;
    setValue(sheet.getCell(top, left), cell.paragraphs.map(paragraphText).join('\n'));
    if (cell.rowSpan > 1 || cell.columnSpan > 1) sheet.mergeCells(top, left, top + cell.rowSpan - 1, left + cell.columnSpan - 1);
    for (let r = top; r < top + cell.rowSpan; r++)
      for (let c = left; c < left + cell.columnSpan; c++) sheet.getCell(r, c).border = { top: THIN, left: THIN, bottom: THIN, right: THIN };
  }
}

function writeAlignedTable(sheet: ExcelJS.Worksheet, table: AlignedTable): void {
  table.columnWidths.forEach((width, i) => (sheet.getColumn(i + 1).width = widthOf(width)));
  table.rows.forEach((row, r) => row.forEach((text, c) => text && setValue(sheet.getCell(r + 1, c + 1), text)));
}

export async function writeXlsx(pages: readonly PageLayout[], file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  let tableNumber = 0;
  for (const page of pages) {
    const tables = page.blocks.filter((b): b is TableBlock => b.kind === 'table');
    for (const table of tables) writeRuledTable(workbook.addWorksheet(`表格${++tableNumber}`), table);
    const aligned = tables.length === 0 ? alignedTable(page.freeLines) : undefined;
    if (aligned) writeAlignedTable(workbook.addWorksheet(`第${page.number}页`), aligned);
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('第1页');
  await workbook.xlsx.writeFile(file);
}
