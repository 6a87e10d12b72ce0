// A table ruled across only (LaTeX booktabs: rules above, under the header and below; no vertical
// rules) must come out as a table read row by row (issue 14: multicolumn.pdf's table was read column
// by column), with the rules that were drawn and no others (it had Word's full grid), a header over
// two sub-columns spanning them (they were made one column) and a cell wrapped onto a second line
// kept one cell (TAMReview.pdf's items: the line was a row of its own), while labels in boxes drawn
// side by side keep each box's lines together (TAMReview.pdf's diagrams), and stacked arrows of one
// width with letters between them stay a figure (GeoTopo.pdf's torus). Read back by independent readers: unzip for word/document.xml, exceljs for the sheet.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToHtml } from '../../server/convert/tools/ebook';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { launchBrowser } from '../support/browser';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { arrowsAroundFigurePdf, CENTRED_COLUMN_TABLE, centredColumnPdf, ITEM_TABLE, itemTablePdf, BOOKTABS_PROSE, BOOKTABS_TABLE, booktabsTablePdf, BOXED_LABELS, boxesSideBySidePdf, GROUPED_TABLE, groupedTablePdf } from '../support/table-layout-pdfs';
import { figureAndTablePdf } from '../support/vector-figure-pdfs';
import { sheetRows } from '../support/sheet-rows';

const scratch = scratchFolder('pdf-to-office-booktabs-');
let tablePdf: string;
let boxesPdf: string;
beforeAll(async () => {
  tablePdf = path.join(scratch, 'booktabs.pdf');
  boxesPdf = path.join(scratch, 'boxes.pdf');
  writeFileSync(tablePdf, await booktabsTablePdf());
  writeFileSync(boxesPdf, await boxesSideBySidePdf());
});
const run = async (toolId: string, file: string) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, pdfToHtml]), file, scratch)).path;

const documentXml = (docx: string) => execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ').replace(/\s+/g, ' ').trim();
/** Each w:tbl's rows, each row's cells' text. */
const wordTables = (xml: string) =>
  [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((table) => [...table[0].matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) => [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((cell) => textOf(cell[0]))));

/** The w:tbl elements of document.xml. */
const wordTableXml = (xml: string) => [...xml.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>/g)].map((m) => m[0]);
/** Each row's cells: their text, gridSpan, and the style of each side of w:tcBorders (absent: none given). */
const wordCells = (table: string) =>
  [...table.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) =>
    [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map(([cell]) => {
      const borders = /<w:tcBorders>([\s\S]*?)<\/w:tcBorders>/.exec(cell)?.[1] ?? '';
      const side = (name: string) => new RegExp(`<w:${name} [^>]*w:val="(\\w+)"`).exec(borders)?.[1];
      return { text: textOf(cell), span: Number(/<w:gridSpan w:val="(\d+)"/.exec(cell)?.[1] ?? 1), top: side('top'), bottom: side('bottom'), left: side('left'), right: side('right') };
    }),
  );
/** The style of each side of the table's w:tblBorders. */
const tableBorders = (table: string) => {
  const borders = /<w:tblBorders>([\s\S]*?)<\/w:tblBorders>/.exec(table)?.[1] ?? '';
  return Object.fromEntries(['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((name) => [name, new RegExp(`<w:${name} [^>]*w:val="(\\w+)"`).exec(borders)?.[1]]));
};
const drawn = (style: string | undefined) => style !== undefined && !['nil', 'none'].includes(style);

async function firstSheet(xlsx: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx);
  return workbook.worksheets[0];
}

/** The sheet's row whose first non-empty cell reads `text`. */
function sheetRowOf(sheet: ExcelJS.Worksheet, text: string): number {
  let found = 0;
  sheet.eachRow((row, n) => {
    const cells: string[] = [];
    row.eachCell((cell) => void (cell.text.trim() && cells.push(cell.text.trim())));
    if (!found && cells[0] === text) found = n;
  });
  return found;
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

describe('the rules of a booktabs table are its borders, and no others', () => {
  it('PDF → Word: no table borders; a rule over the header, under it and under the last row; nothing down', async () => {
    const [table] = wordTableXml(documentXml(await run('pdf-to-word', tablePdf)));
    expect(Object.values(tableBorders(table)).every((style) => !drawn(style))).toBe(true);
    const rows = wordCells(table);
    expect(rows).toHaveLength(BOOKTABS_TABLE.length);
    rows.forEach((cells, r) =>
      cells.forEach((cell) =>
        expect({ r, top: drawn(cell.top), bottom: drawn(cell.bottom), left: drawn(cell.left), right: drawn(cell.right) }).toEqual({
          r,
          top: r <= 1,
          bottom: r === 0 || r === rows.length - 1,
          left: false,
          right: false,
        }),
      ),
    );
  });

  it('PDF → Excel: the same rules as cell borders, none down the table', async () => {
    const sheet = await firstSheet(await run('pdf-to-excel', tablePdf));
    const header = sheetRowOf(sheet, BOOKTABS_TABLE[0][0]);
    expect(header).toBeGreaterThan(0);
    BOOKTABS_TABLE.forEach((cells, r) =>
      cells.forEach((_, c) => {
        const { border } = sheet.getCell(header + r, c + 1);
        expect({ r, c, top: !!border?.top, bottom: !!border?.bottom, left: !!border?.left, right: !!border?.right }).toEqual({
          r,
          c,
          top: r <= 1,
          bottom: r === 0 || r === BOOKTABS_TABLE.length - 1,
          left: false,
          right: false,
        });
      }),
    );
  });

  it('PDF → HTML: Chromium draws the same rules as cell borders, none down the table; a ruled grid keeps every border; a narrow screen scrolls the table, not the page', async () => {
    const gridPdf = path.join(scratch, 'grid-for-html.pdf');
    writeFileSync(gridPdf, await figureAndTablePdf());
    const browser = await launchBrowser();
    try {
      /** Each table's rows, each cell's text and which of its sides Chromium draws a border on. */
      const drawnBorders = async (html: string) => {
        const page = await browser.newPage();
        await page.goto(`file://${html}`);
        const tables = await page.$$eval('table', (found) =>
          found.map((table) =>
            [...table.querySelectorAll('tr')].map((tr) =>
              [...tr.querySelectorAll('td')].map((td) => {
                const style = getComputedStyle(td);
                const side = (name: string) => style.getPropertyValue(`border-${name}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${name}-width`)) > 0;
                return { text: td.textContent!.trim(), top: side('top'), bottom: side('bottom'), left: side('left'), right: side('right') };
              }),
            ),
          ),
        );
        await page.close();
        return tables;
      };
      const bookTabsHtml = await run('pdf-to-html', tablePdf);
      const [booktabs] = await drawnBorders(bookTabsHtml);
      expect(booktabs.map((row) => row.map((cell) => cell.text))).toEqual(BOOKTABS_TABLE);
      booktabs.forEach((cells, r) =>
        cells.forEach(({ top, bottom, left, right }) =>
          expect({ r, top, bottom, left, right }).toEqual({ r, top: r <= 1, bottom: r === 0 || r === booktabs.length - 1, left: false, right: false }),
        ),
      );
      const [grid] = await drawnBorders(await run('pdf-to-html', gridPdf));
      for (const cell of grid.flat()) expect([cell.top, cell.bottom, cell.left, cell.right]).toEqual([true, true, true, true]);
      // On a screen narrower than the table, the table scrolls in its own box: the page itself is no wider than the screen.
      const phone = await browser.newPage();
      await phone.setViewport({ width: 240, height: 700 });
      await phone.goto(`file://${bookTabsHtml}`);
      const widths = await phone.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth, table: document.querySelector('table')!.scrollWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      expect(widths.table).toBeGreaterThan(widths.screen);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('PDF → Word: a centred column stays centred, a column set from the left stays left', async () => {
    const file = path.join(scratch, 'centred-column.pdf');
    writeFileSync(file, await centredColumnPdf());
    const [table] = wordTableXml(documentXml(await run('pdf-to-word', file)));
    const rows = [...table.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((row) =>
      [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map(([cell]) => ({ text: textOf(cell), align: /<w:jc w:val="(\w+)"/.exec(cell)?.[1] ?? 'left' })),
    );
    expect(rows.map((row) => row.map((cell) => cell.text))).toEqual(CENTRED_COLUMN_TABLE);
    // The header is the column's widest text: set from its edges, whatever the column does.
    for (const row of rows.slice(1)) expect(row.map((cell) => cell.align)).toEqual(['left', 'center', 'left']);
  });

  it('PDF → Excel: the centred column\'s cells are centred, the others keep Excel\'s own alignment', async () => {
    const file = path.join(scratch, 'centred-column.pdf');
    writeFileSync(file, await centredColumnPdf());
    const sheet = await firstSheet(await run('pdf-to-excel', file));
    const top = sheetRowOf(sheet, CENTRED_COLUMN_TABLE[0][0]);
    expect(top).toBeGreaterThan(0);
    for (const [r, row] of CENTRED_COLUMN_TABLE.slice(1).entries()) {
      const cells = [1, 2, 3].map((c) => sheet.getCell(top + 1 + r, c));
      expect(cells.map((cell) => cell.text.replace(/(\d),(\d)/g, '$1$2'))).toEqual(row.map((text) => text.replace(/(\d),(\d)/g, '$1$2')));
      expect(cells.map((cell) => cell.alignment?.horizontal)).toEqual([undefined, 'center', undefined]);
    }
  });

  it('a ruled grid keeps its full grid in Word', async () => {
    const file = path.join(scratch, 'grid.pdf');
    writeFileSync(file, await figureAndTablePdf());
    const [table] = wordTableXml(documentXml(await run('pdf-to-word', file)));
    expect(Object.values(tableBorders(table)).every(drawn)).toBe(true);
    for (const cell of wordCells(table).flat()) expect([cell.top, cell.bottom, cell.left, cell.right].every((side) => side === undefined || drawn(side))).toBe(true);
  });
});

describe('a group header over two sub-columns, and cells wrapped onto a second line', () => {
  let groupedPdf: string;
  beforeAll(async () => {
    groupedPdf = path.join(scratch, 'grouped.pdf');
    writeFileSync(groupedPdf, await groupedTablePdf());
  });
  const { groupHeader, header, rows } = GROUPED_TABLE;

  it('the input: poppler reads each wrapped remark on two lines, the group header on a line of its own', () => {
    const layout = execFileSync('pdftotext', ['-layout', groupedPdf, '-'], { encoding: 'utf8' });
    expect(layout).toMatch(new RegExp(`^\\s+${groupHeader}\\s*$`, 'm'));
    expect(layout).toMatch(/^\s+by UNESCO in 1998\s*$/m);
    expect(layout).toMatch(/^\s+banks of the Aura river\s*$/m);
  });

  it('PDF → Word: the header spans the two columns, which stay apart; a wrapped remark stays in its row', async () => {
    const [table] = wordTableXml(documentXml(await run('pdf-to-word', groupedPdf)));
    expect(/<w:tblGrid>([\s\S]*?)<\/w:tblGrid>/.exec(table)![1].match(/<w:gridCol /g)).toHaveLength(4);
    const cells = wordCells(table);
    expect(cells.map((row) => row.map(({ text, span }) => ({ text, span })))).toEqual([
      [{ text: '', span: 1 }, { text: groupHeader, span: 2 }, { text: '', span: 1 }],
      header.map((text) => ({ text, span: 1 })),
      ...rows.map((row) => row.map((text) => ({ text, span: 1 }))),
    ]);
    // The short rule under the group header runs under it alone.
    expect(cells[0].map((cell) => drawn(cell.bottom))).toEqual([false, true, false]);
    // Centred over its columns as on the page (not set to the right).
    const headerCell = [...table.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((m) => m[0]).find((cell) => textOf(cell) === groupHeader)!;
    expect(/<w:jc w:val="(\w+)"/.exec(headerCell)?.[1]).toBe('center');
  });

  it('PDF → Excel: the header is merged across the two columns alone, centred; each wrapped remark is one cell', async () => {
    const sheet = await firstSheet(await run('pdf-to-excel', groupedPdf));
    const top = sheetRowOf(sheet, groupHeader);
    expect(top).toBeGreaterThan(0);
    const merges = (sheet.model as { merges?: string[] }).merges ?? [];
    expect(merges).toEqual([`B${top}:C${top}`]);
    expect(sheet.getCell(top, 2).text).toBe(groupHeader);
    // Centred over its columns as on the page, as in Word (Excel's own would set it left).
    expect(sheet.getCell(top, 2).alignment?.horizontal).toBe('center');
    const texts = (r: number) => [1, 2, 3, 4].map((c) => sheet.getCell(r, c).text.replace(/\s+/g, ' ').replace(/(\d),(\d)/g, '$1$2'));
    expect(texts(top + 1)).toEqual(header);
    rows.forEach((row, r) => expect(texts(top + 2 + r)).toEqual(row.map((cell) => cell.replace(/(\d),(\d)/g, '$1$2'))));
    // Nothing below the table's last row but the closing paragraph.
    expect(texts(top + 2 + rows.length)[0]).toBe('Counts are from the national censuses.');
  });
});

describe('a table of numbered items, each a sentence, ruled across only (TAMReview\'s tables)', () => {
  it('PDF → Word gives it as a table, a row per item, the header\'s two cells apart, the wrapped item whole', async () => {
    const file = path.join(scratch, 'items.pdf');
    writeFileSync(file, await itemTablePdf());
    // The input: the last item's last word on a line of its own, the header's cells a narrow gap apart.
    const layout = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(layout).toMatch(/^\s+system\.\s*$/m);
    expect(layout).toMatch(/Item No\. {1,3}Candidate/);
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
