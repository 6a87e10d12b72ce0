// An XLSX read back as a person reads its first sheet: row by row, each row's non-empty cells left to right.
import ExcelJS from 'exceljs';

/** The first sheet's rows, each as its non-empty cells' text (trimmed), left to right. */
export async function sheetRows(xlsx: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    const cells: string[] = [];
    row.eachCell((cell) => void (cell.text.trim() && cells.push(cell.text.trim())));
    rows.push(cells);
  });
  return rows;
}
