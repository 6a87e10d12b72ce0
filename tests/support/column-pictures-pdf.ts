// A page of two columns of prose, each with a picture in it (issue 14: tracemonkey.pdf's figures in
// either column of its pages): the left column's picture stands indented into its column between
// its text; the right column's stands at the column's left edge at its top, its caption under it,
// then a numbered heading whose number stands apart (tracemonkey's page 2: Figure 2, then
// "2.  Overview: Example Tracing Run"), which lays that column's text out in a second sheet column.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';

const PAGE = { width: 595, height: 842 };
const SIZE = 10;
const LEADING = 13;
const TOP = 80;
/** Each column's left edge (points). */
export const COLUMN_LEFT = [56, 318];
/** The right column's heading: its number, and its title as far right of the number as LaTeX sets it. */
const RIGHT_HEADING = { number: '2.', title: 'Overview of the example run', indent: 18 };
const PROSE = ['Pictures in a column stand in it on the page', 'and keep to their column on the sheet too,', 'as far right of its text as they stand here.'];
/** Each column's picture: how far right of its column's left edge (points), its size, colour and caption. */
export const COLUMN_PICTURES = [
  { indent: 50, width: 130, height: 90, colour: { r: 200, g: 40, b: 40 }, caption: 'Figure 1. A red field, indented.' },
  { indent: 0, width: 200, height: 100, colour: { r: 40, g: 40, b: 200 }, caption: 'Figure 2. A blue field, flush left.' },
] as const;
/** A line of the prose under the right column's heading. */
export const RIGHT_PROSE_LINE = `${PROSE[0]} (2.1)`;

function write(page: PDFPage, font: PDFFont, text: string, x: number, yFromTop: number): void {
  page.drawText(text, { x, y: PAGE.height - yFromTop, size: SIZE, font });
}

export async function columnPicturesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const prose = (column: number, from: number, count: number, left: number, top: number) => {
    for (let i = 0; i < count; i++) write(page, font, `${PROSE[(from + i) % PROSE.length]} (${column + 1}.${from + i + 1})`, left, top + LEADING * i);
    return top + LEADING * count;
  };
  const picture = async (column: number, top: number) => {
    const { indent, width, height, colour, caption } = COLUMN_PICTURES[column];
    const png = await sharp({ create: { width: 2 * width, height: 2 * height, channels: 3, background: colour } }).png().toBuffer();
    page.drawImage(await doc.embedPng(png), { x: COLUMN_LEFT[column] + indent, y: PAGE.height - top - height, width, height });
    write(page, font, caption, COLUMN_LEFT[column], top + height + 2 * LEADING);
    return top + height + 4 * LEADING;
  };
  // Left: prose, the indented picture and its caption, prose.
  prose(0, 12, 12, COLUMN_LEFT[0], await picture(0, prose(0, 0, 12, COLUMN_LEFT[0], TOP) + LEADING));
  // Right: the picture and its caption, the heading, prose.
  let y = await picture(1, TOP - SIZE);
  write(page, font, RIGHT_HEADING.number, COLUMN_LEFT[1], y);
  write(page, font, RIGHT_HEADING.title, COLUMN_LEFT[1] + RIGHT_HEADING.indent, y);
  y += 2 * LEADING;
  prose(1, 0, 20, COLUMN_LEFT[1], y);
  return doc.save();
}
