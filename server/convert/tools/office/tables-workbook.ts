// Document tables → an Excel workbook: merged cells kept, numbers written as numbers (so they sum)
// with their thousands separators and percentages as formats, columns sized to their text.
import ExcelJS from 'exceljs';
import type { DocumentTable } from './docx-tables';

export type SheetLayout = 'sheets' | 'single';

interface CellValue {
  value: string | number;
  numFmt?: string;
}

/** At most 15 significant digits survive as a number; longer digit strings (IDs, card numbers) stay text. */
const NUMBER = /^([-+]?)(\d{1,3}(?:,\d{3})+|\d{1,15})(\.\d+)?(%?)$/;

export function cellValue(text: string): CellValue {
  const match = NUMBER.exec(text.replace(/[\s\u00a0]/g, '') === text ? text : '');
  // A leading zero (编号 007, 电话 010…) means the digits are a code, not a quantity.
  if (!match || /^[-+]?0\d/.test(text)) return { value: text };
  const [, sign, integer, fraction = '', percent] = match;
  const value = Number(`${sign}${integer.replace(/,/g, '')}${fraction}`);
  const decimals = fraction.length > 0 ? `.${'0'.repeat(fraction.length - 1)}` : '';
  if (percent) return { value: value / 100, numFmt: `0${decimals}%` };
  if (integer.includes(',')) return { value, numFmt: `#,##0${decimals}` };
  return { value };
}

/** Display width in Excel's character units: CJK characters take two. */
function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.split('\n')) {
    let width = 0;
    for (const char of line) width += /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(char) ? 2 : 1;
    widest = Math.max(widest, width);
  }
  return widest;
}

const MIN_COLUMN_WIDTH = 8;
const MAX_COLUMN_WIDTH = 60;
const THIN = { style: 'thin' } as const;

/** Writes `table` with its top-left corner at `firstRow` (1-based); returns the widest text per column. */
function writeTable(sheet: ExcelJS.Worksheet, table: DocumentTable, firstRow: number, widths: number[]): void {
  for (const cell of table.cells) {
    const top = firstRow + cell.row;
    const left = 1 + cell.column;
    const target = sheet.getCell(top, left);
    const { value, numFmt } = cellValue(cell.text);
    target.value = value;
    if (numFmt) target.numFmt = numFmt;
    target.alignment = { vertical: 'middle', wrapText: cell.text.includes('\n') };
    if (cell.rowSpan > 1 || cell.columnSpan > 1) sheet.mergeCells(top, left, top + cell.rowSpan - 1, left + cell.columnSpan - 1);
    for (let row = top; row < top + cell.rowSpan; row++) {
      for (let column = left; column < left + cell.columnSpan; column++) sheet.getCell(row, column).border = { top: THIN, left: THIN, bottom: THIN, right: THIN };
    }
    if (cell.columnSpan === 1) widths[cell.column] = Math.max(widths[cell.column] ?? 0, textWidth(cell.text));
  }
}

function sizeColumns(sheet: ExcelJS.Worksheet, widths: number[]): void {
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, (width ?? 0) + 2));
  });
}

/** `sheets`: one sheet per table (表格1, 表格2…); `single`: all tables on one sheet, a blank row apart. */
export async function writeTablesWorkbook(tables: readonly DocumentTable[], layout: SheetLayout, file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  if (layout === 'sheets') {
    for (const [index, table] of tables.entries()) {
      const sheet = workbook.addWorksheet(`表格${index + 1}`);
      const widths: number[] = [];
      writeTable(sheet, table, 1, widths);
      sizeColumns(sheet, widths);
    }
  } else {
    const sheet = workbook.addWorksheet('表格');
    const widths: number[] = [];
    let firstRow = 1;
    for (const table of tables) {
      writeTable(sheet, table, firstRow, widths);
      firstRow += table.rowCount + 1;
    }
    sizeColumns(sheet, widths);
  }
  await workbook.xlsx.writeFile(file);
}
