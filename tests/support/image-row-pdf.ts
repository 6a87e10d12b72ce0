// A page with raster pictures side by side in one row, each with its caption under it (as GeoTopo's
// four knots (a)…(d) on its page 24), then a figure caption and a paragraph (issue 14).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Left to right: each picture's colour and the caption under it. */
export const ROW_PICTURES = [
  { colour: { r: 220, g: 30, b: 30 }, caption: '(a) Red field' },
  { colour: { r: 30, g: 170, b: 30 }, caption: '(b) Green field' },
  { colour: { r: 30, g: 30, b: 220 }, caption: '(c) Blue field' },
] as const;
export const ROW_FIGURE_CAPTION = 'Figure 1: Three colour fields';
export const ROW_PARAGRAPH = 'The three fields stand side by side in one row above this paragraph.';

/** Picture size and gap between pictures, in points; the row starts at ROW_LEFT. */
const SIDE = { width: 120, height: 90 };
const GAP = 27;
const ROW_LEFT = 90;
const ROW_TOP = 142;
const PAGE = { width: 595, height: 842 };

export async function imageRowPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Three pictures in a row', { x: ROW_LEFT, y: PAGE.height - 100, size: 16, font });
  for (const [i, { colour, caption }] of ROW_PICTURES.entries()) {
    const png = await sharp({ create: { width: 240, height: 180, channels: 3, background: colour } }).png().toBuffer();
    const x = ROW_LEFT + i * (SIDE.width + GAP);
    const bottom = PAGE.height - ROW_TOP - SIDE.height;
    page.drawImage(await doc.embedPng(png), { x, y: bottom, ...SIDE });
    const width = font.widthOfTextAtSize(caption, 10);
    page.drawText(caption, { x: x + (SIDE.width - width) / 2, y: bottom - 14, size: 10, font });
  }
  const below = PAGE.height - ROW_TOP - SIDE.height - 40;
  const captionWidth = font.widthOfTextAtSize(ROW_FIGURE_CAPTION, 11);
  page.drawText(ROW_FIGURE_CAPTION, { x: (PAGE.width - captionWidth) / 2, y: below, size: 11, font });
  page.drawText(ROW_PARAGRAPH, { x: ROW_LEFT, y: below - 30, size: 11, font });
  return doc.save();
}
