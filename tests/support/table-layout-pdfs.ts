// Test PDFs for tables without vertical rules and for text in drawn boxes (issue 14: multicolumn.pdf's
// booktabs table read column by column; TAMReview.pdf's box diagrams, whose boxes must keep their
// lines together; a header over two sub-columns, a cell wrapped onto a second line). Drawn with
// pdf-lib, y from the top of an A4 page.
import { rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import { a4Page } from './vector-figure-pdfs';

const PAGE_HEIGHT = 842;

/** The booktabs table, header first, row by row. */
export const BOOKTABS_TABLE = [
  ['City', 'Country', 'Population', 'Main river'],
  ['Salt Lake City', 'United States', '200,478', 'Jordan River'],
  ['Porto Alegre', 'Brazil', '1,332,570', 'Guaiba'],
  ['Cape Town', 'South Africa', '4,772,846', 'Liesbeek'],
  ['Oslo', 'Norway', '709,037', 'Akerselva'],
];
export const BOOKTABS_PROSE = ['The cities below were surveyed in spring.', 'Figures are the latest census counts.'];

/**
 * One A4 page: a paragraph, then a table as LaTeX's booktabs sets it — a rule above, one under the
 * header, one below, no vertical rules — then another paragraph.
 */
export async function booktabsTablePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  const rule = (y: number, thickness: number) => drawRule(page, 90, 500, y, thickness);
  text(BOOKTABS_PROSE[0], 90, 100, 11);
  const xs = [95, 200, 300, 400];
  rule(130, 0.8);
  BOOKTABS_TABLE.forEach((row, r) => row.forEach((cell, c) => text(cell, xs[c], 145 + r * 16 + (r > 0 ? 6 : 0))));
  rule(151, 0.5);
  rule(145 + 4 * 16 + 6 + 8, 0.8);
  text(BOOKTABS_PROSE[1], 90, 250, 11);
  return doc.save();
}

/** The labels of three boxes drawn side by side, left to right, each on two lines. */
export const BOXED_LABELS = [
  ['Input queue', 'of requests'],
  ['Worker pool', 'of threads'],
  ['Result cache', 'on disk'],
];

/** One A4 page: a heading, three boxes side by side each holding a two-line label, a closing line. */
export async function boxesSideBySidePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  text('Processing stages', 90, 90, 16);
  BOXED_LABELS.forEach((lines, i) => {
    const left = 90 + i * 150;
    page.drawRectangle({ x: left, y: PAGE_HEIGHT - 180, width: 120, height: 50, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
    lines.forEach((label, k) => text(label, left + 12, 150 + k * 13));
  });
  text('Each stage hands its work to the next one.', 90, 220, 11);
  return doc.save();
}

/**
 * One A4 page: a figure like GeoTopo.pdf's torus (page 40) — a square with diagonals and a diamond between two
 * arrows of the same width, one above and one below, letters set in columns between them — then a
 * caption. The arrows are horizontal rules of one width with text in columns between: what a
 * booktabs table is made of, but for the strokes across them.
 */
export async function arrowsAroundFigurePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  const stroke = (x0: number, y0: number, x1: number, y1: number) => page.drawLine({ start: { x: x0, y: PAGE_HEIGHT - y0 }, end: { x: x1, y: PAGE_HEIGHT - y1 }, thickness: 1, color: rgb(0, 0, 0) });
  text('Gluing the square', 90, 90, 16);
  for (const y of [150, 250]) {
    stroke(150, y, 350, y);
    page.drawSvgPath('M 0 0 L -8 -4 L -8 4 Z', { x: 350, y: PAGE_HEIGHT - y, color: rgb(0, 0, 0) });
  }
  // The square and its diagonals, between the arrows.
  page.drawRectangle({ x: 190, y: PAGE_HEIGHT - 235, width: 120, height: 70, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  stroke(190, 165, 310, 235);
  stroke(190, 235, 310, 165);
  // A diamond through the middles of its sides.
  stroke(250, 165, 310, 200);
  stroke(310, 200, 250, 235);
  stroke(250, 235, 190, 200);
  stroke(190, 200, 250, 165);
  for (const [label, x, y] of [['b', 160, 175], ['M', 245, 190], ['c', 330, 175], ['d', 160, 225], ['e', 330, 225]] as const) text(label, x, y);
  text('Figure 2. The square glued along its edges.', 90, 290, 10);
  return doc.save();
}

/**
 * TAMReview.pdf's item tables: a number and a sentence longer than half the table, a header above
 * its rule whose two cells are set closer than a wide gap, the last item wrapped onto a second line.
 */
export const ITEM_TABLE = [
  ['Item No.', 'Candidate item for measuring ease of use'],
  ['1', 'I often become confused when I use the electronic mail system.'],
  ['2', 'I make errors frequently when using the electronic mail system.'],
  ['3', 'Interacting with the electronic mail system is often frustrating.'],
  ['4', 'It is easy for me to remember how to perform tasks using the electronic mail system.'],
];
/** How wide the items may run before they wrap. */
const ITEM_WIDTH = 355;

/** One A4 page: a caption, the item table ruled above, under its header and below, a paragraph. */
export async function itemTablePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rule = (y: number) => drawRule(page, 90, 500, y, 0.6);
  text('Table 2. Initial scale items.', 90, 110, 10);
  rule(120);
  let y = 133;
  ITEM_TABLE.forEach(([number, item], r) => {
    text(number, 95, y);
    for (const line of wrapped(item, ITEM_WIDTH, (s) => font.widthOfTextAtSize(s, 10))) {
      text(line, 140, y);
      y += 14;
    }
    if (r === 0) {
      rule(y - 9);
      y += 4;
    }
  });
  rule(y - 8);
  text('The pretest phase assessed the items.', 90, y + 20, 11);
  return doc.save();
}

/**
 * A booktabs table with a group header and wrapped cells: "Population" centred over its two
 * sub-columns (a short rule under it spanning them, as booktabs' \cmidrule), and remarks set in a
 * column of fixed width, two of them wrapped onto a second line.
 */
export const GROUPED_TABLE = {
  groupHeader: 'Population',
  header: ['City', '1990', '2020', 'Remarks'],
  rows: [
    ['Lyon', '415,000', '522,000', 'Old town between two rivers, listed by UNESCO in 1998'],
    ['Graz', '237,000', '291,000', 'Second city of Austria'],
    ['Turku', '159,000', '195,000', 'Former capital of Finland, on the banks of the Aura river'],
  ],
};
/** Where the table's columns start (points from the left), and how wide the remarks may run. */
const GROUPED_COLUMNS = [95, 190, 250, 330];
const REMARKS_WIDTH = 160;

/** Words of `text` in lines no wider than `width` at `size` points, as a typesetter wraps them. */
function wrapped(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** One A4 page: a paragraph, the grouped table ruled above, under its header and below, a paragraph. */
export async function groupedTablePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const measure = (s: string) => font.widthOfTextAtSize(s, 10);
  const [city, first, second, remarks] = GROUPED_COLUMNS;
  text('The cities compared in this survey:', 90, 100, 11);
  drawRule(page, 90, 500, 125, 0.8);
  // The group header, centred over both sub-columns (their numbers run right from their starts).
  const subColumnsEnd = second + measure('522,000');
  text(GROUPED_TABLE.groupHeader, (first + subColumnsEnd - measure(GROUPED_TABLE.groupHeader)) / 2, 138);
  drawRule(page, first - 2, subColumnsEnd + 2, 142, 0.4);
  GROUPED_TABLE.header.forEach((cell, c) => text(cell, GROUPED_COLUMNS[c], 153));
  drawRule(page, 90, 500, 158, 0.5);
  let y = 171;
  for (const row of GROUPED_TABLE.rows) {
    [city, first, second].forEach((x, c) => text(row[c], x, y));
    for (const line of wrapped(row[3], REMARKS_WIDTH, measure)) {
      text(line, remarks, y);
      y += 12;
    }
  }
  drawRule(page, 90, 500, y - 6, 0.8);
  text('Counts are from the national censuses.', 90, y + 30, 11);
  return doc.save();
}

/** A rule across the page from `from` to `to` (points from the left), `y` points from the top. */
function drawRule(page: PDFPage, from: number, to: number, y: number, thickness: number): void {
  page.drawLine({ start: { x: from, y: PAGE_HEIGHT - y }, end: { x: to, y: PAGE_HEIGHT - y }, thickness, color: rgb(0, 0, 0) });
}

/** A table whose middle column is centred (LaTeX's `c`): its header and numbers of three widths share a middle. */
export const CENTRED_COLUMN_TABLE = [
  ['Country', 'Area (km2)', 'Capital'],
  ['Austria', '83,879', 'Vienna'],
  ['Finland', '338,424', 'Helsinki'],
  ['Malta', '316', 'Valletta'],
];

/** One A4 page: a line, the table ruled across only with its middle column centred, a line. */
export async function centredColumnPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const measure = (s: string) => font.widthOfTextAtSize(s, 10);
  const middle = 240;
  text('Three capitals compared:', 90, 100, 11);
  drawRule(page, 90, 400, 125, 0.8);
  CENTRED_COLUMN_TABLE.forEach((row, r) => {
    const y = 140 + r * 16 + (r > 0 ? 6 : 0);
    text(row[0], 95, y);
    text(row[1], middle - measure(row[1]) / 2, y);
    text(row[2], 320, y);
  });
  drawRule(page, 90, 400, 146, 0.5);
  drawRule(page, 90, 400, 140 + 3 * 16 + 6 + 8, 0.8);
  text('Areas are rounded to the square kilometre.', 90, 240, 11);
  return doc.save();
}
