// A table ruled across only (LaTeX booktabs: rules above, under the header and below; no vertical
// rules) must come out as a table read row by row (issue 14: multicolumn.pdf's table was read column
// by column), while labels in boxes drawn side by side keep each box's lines together (TAMReview.pdf's
// diagrams), and stacked arrows of one width with letters between them stay a figure (GeoTopo.pdf's
// torus). Read back by independent readers: unzip for word/document.xml, exceljs for the sheet.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { arrowsAroundFigurePdf, ITEM_TABLE, itemTablePdf, BOOKTABS_PROSE, BOOKTABS_TABLE, booktabsTablePdf, BOXED_LABELS, boxesSideBySidePdf } from '../support/table-layout-pdfs';

const scratch = scratchFolder('pdf-to-office-booktabs-');
let tablePdf: string;
let boxesPdf: string;
beforeAll(async () => {
  tablePdf = path.join(scratch, 'booktabs.pdf');
  boxesPdf = path.join(scratch, 'boxes.pdf');
  writeFileSync(tablePdf, await booktabsTablePdf());
  writeFileSync(boxesPdf, await boxesSideBySidePdf());
});
const run = async (toolId: string, file: string) => (await convertFile(converterOf(toolId, pdfToOfficeConverters), file, scratch)).path;

const documentXml = (docx: string) => execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ').replace(/\s+/g, ' ').trim();
/** Each w:tbl's rows, each row's cells' text. */
const wordTables = (xml: string) =>
  [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((table) => [...table[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) => [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((cell) => textOf(cell[0]))));

/** The sheet's rows, each as its non-empty cells' text, left to right. */
async function sheetRows(xlsx: string): Promise<string[][]> {
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

describe('a table ruled across only (booktabs)', () => {
  it('the input: poppler reads it row by row in its layout order, with no vertical rule on the page', () => {
    const layout = execFileSync('pdftotext', ['-layout', tablePdf, '-'], { encoding: 'utf8' });
    for (const row of BOOKTABS_TABLE) expect(layout).toMatch(new RegExp(row.map((cell) => cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')));
  });

  it('PDF → Word gives it as a table, row by row, every cell its own text, between the paragraphs', async () => {
    const xml = documentXml(await run('pdf-to-word', tablePdf));
    const tables = wordTables(xml);
    expect(tables).toEqual([BOOKTABS_TABLE]);
    const text = textOf(xml);
    expect(text.indexOf(BOOKTABS_PROSE[0])).toBeLessThan(text.indexOf(BOOKTABS_TABLE[0][0]));
    expect(text.indexOf(BOOKTABS_TABLE.at(-1)!.at(-1)!)).toBeLessThan(text.indexOf(BOOKTABS_PROSE[1]));
  });

  it('PDF → Excel gives a row per table row, its cells in order', async () => {
    const rows = await sheetRows(await run('pdf-to-excel', tablePdf));
    const start = rows.findIndex((row) => row[0] === BOOKTABS_TABLE[0][0]);
    // Counts are stored as numbers (shown with thousands separators by their format).
    const digits = (table: string[][]) => table.map((row) => row.map((cell) => cell.replace(/(\d),(\d)/g, '$1$2')));
    expect(digits(rows.slice(start, start + BOOKTABS_TABLE.length))).toEqual(digits(BOOKTABS_TABLE));
  });
});

describe('a table of numbered items, each a sentence, ruled across only (TAMReview\'s tables)', () => {
  it('PDF → Word gives it as a table, a row per item', async () => {
    const file = path.join(scratch, 'items.pdf');
    writeFileSync(file, await itemTablePdf());
    expect(wordTables(documentXml(await run('pdf-to-word', file)))).toEqual([ITEM_TABLE]);
  });
});

describe('labels in boxes drawn side by side', () => {
  it('PDF → Word keeps each box\'s two lines together, box after box', async () => {
    const text = textOf(documentXml(await run('pdf-to-word', boxesPdf)));
    expect(text).toContain(BOXED_LABELS.map((lines) => lines.join(' ')).join(' '));
    expect(wordTables(documentXml(await run('pdf-to-word', boxesPdf)))).toEqual([]);
  });
});

describe('a figure between two arrows of the same width (GeoTopo\'s torus)', () => {
  it('PDF → Word keeps it a figure, not a table', async () => {
    const file = path.join(scratch, 'arrows.pdf');
    writeFileSync(file, await arrowsAroundFigurePdf());
    const xml = documentXml(await run('pdf-to-word', file));
    expect(wordTables(xml)).toEqual([]);
    expect(xml).toContain('<w:drawing>');
  });
});
