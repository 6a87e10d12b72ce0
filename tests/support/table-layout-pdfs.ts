// Test PDFs for tables without vertical rules and for text in drawn boxes (issue 14: multicolumn.pdf's
// booktabs table read column by column; TAMReview.pdf's box diagrams, whose boxes must keep their
// lines together). Drawn with pdf-lib, y from the top of an A4 page.
import { rgb } from 'pdf-lib';
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
  const rule = (y: number, thickness: number) => page.drawLine({ start: { x: 90, y: PAGE_HEIGHT - y }, end: { x: 500, y: PAGE_HEIGHT - y }, thickness, color: rgb(0, 0, 0) });
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
