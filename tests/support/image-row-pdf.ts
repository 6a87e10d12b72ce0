// A page with raster pictures side by side in one row, each with its caption under it (as GeoTopo's
// four knots (a)…(d) on its page 24), then a figure caption and a paragraph (issue 14).
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
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
/** Page coordinates from the top, as the layout reads them. */
const fromTop = (y: number) => PAGE.height - y;

/** A new document with one page, and Helvetica to write on it. */
async function helveticaPage() {
  const doc = await PDFDocument.create();
  return { doc, page: doc.addPage([PAGE.width, PAGE.height]), font: await doc.embedFont(StandardFonts.Helvetica) };
}

export async function imageRowPdf(): Promise<Uint8Array> {
  const { doc, page, font } = await helveticaPage();
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

/**
 * Two sub-figures as GeoTopo's page 41 sets them: (a) a flat vector drawing (a multigraph: two dots
 * joined by two arcs, 16 pt high), (b) a picture beside it, each caption two lines under the row,
 * 2.3 em under the picture's foot, the first lines of both one line of text.
 */
export const SUB_CAPTIONS = [
  { lines: ['(a) Two dots joined twice, often', 'called a multigraph.'], middle: 254 },
  { lines: ['(b) Planar embedding of the', 'tetrahedron in the plane.'], middle: 375 },
] as const;
export const SUB_FIGURE_CAPTION = 'Figure 2: Examples of graphs';

export async function subCaptionRowPdf(): Promise<Uint8Array> {
  const { doc, page, font } = await helveticaPage();
  page.drawText('A graph is a one-dimensional simplicial complex.', { x: ROW_LEFT, y: fromTop(250), size: 11, font });
  const ink = rgb(0, 0, 0);
  for (const x of [240, 269]) page.drawCircle({ x, y: fromTop(320), size: 2, color: ink });
  for (const bend of [-8, 8]) page.drawSvgPath(`M 240 320 C 250 ${320 + bend} 259 ${320 + bend} 269 320`, { x: 0, y: PAGE.height, borderColor: ink, borderWidth: 0.6 });
  const png = await sharp({ create: { width: 116, height: 102, channels: 3, background: { r: 30, g: 170, b: 30 } } }).png().toBuffer();
  page.drawImage(await doc.embedPng(png), { x: 346, y: fromTop(346), width: 58, height: 51 });
  // The first lines are one run of text, a word space apart (as TeX set GeoTopo's page 39); the second lines stand apart.
  const [a, b] = SUB_CAPTIONS;
  page.drawText(`${a.lines[0]} ${b.lines[0]}`, { x: a.middle - font.widthOfTextAtSize(a.lines[0], 9) / 2, y: fromTop(374), size: 9, font });
  for (const { lines, middle } of SUB_CAPTIONS) page.drawText(lines[1], { x: middle - font.widthOfTextAtSize(lines[1], 9) / 2, y: fromTop(385), size: 9, font });
  page.drawText(SUB_FIGURE_CAPTION, { x: (PAGE.width - font.widthOfTextAtSize(SUB_FIGURE_CAPTION, 11)) / 2, y: fromTop(420), size: 11, font });
  page.drawText('Every tree has Euler characteristic one.', { x: ROW_LEFT, y: fromTop(450), size: 11, font });
  return doc.save();
}

/**
 * Two pictures in a row, the left one's caption two rows: the first "(a) Graph G₁" (its subscript
 * reaching 0.24 em under the row's other text), then a piece of the same row a wide gap on, then the
 * second row 1.55 em under the first, 0.31 em under the subscript's foot but 0.55 em under the
 * shallower piece's. `rows` are the rows as they read, the subscript's digit after its letter.
 */
export const SCRIPT_CAPTION = { rows: ['(a) Graph G1 order five', 'drawn in the plane.'], right: '(b) Cycle C' };
export const SCRIPT_CAPTION_PARAGRAPH = 'Both graphs have five vertices, as the paragraph under the row says.';

export async function scriptCaptionRowPdf(): Promise<Uint8Array> {
  const { doc, page, font } = await helveticaPage();
  const [width, height, gap] = [200, 120, 27];
  for (const [i, background] of [{ r: 220, g: 30, b: 30 }, { r: 30, g: 30, b: 220 }].entries()) {
    const png = await sharp({ create: { width: 200, height: 120, channels: 3, background } }).png().toBuffer();
    page.drawImage(await doc.embedPng(png), { x: ROW_LEFT + i * (width + gap), y: fromTop(ROW_TOP + height), width, height });
  }
  const baseline = ROW_TOP + height + 14;
  const x = ROW_LEFT + 10;
  page.drawText('(a) Graph G', { x, y: fromTop(baseline), size: 10, font });
  page.drawText('1', { x: x + font.widthOfTextAtSize('(a) Graph G', 10), y: fromTop(baseline + 3), size: 7, font });
  page.drawText('order five', { x: x + 110, y: fromTop(baseline), size: 10, font });
  page.drawText(SCRIPT_CAPTION.rows[1], { x, y: fromTop(baseline + 15.5), size: 10, font });
  page.drawText(SCRIPT_CAPTION.right, { x: ROW_LEFT + width + gap + 10, y: fromTop(baseline), size: 10, font });
  page.drawText(SCRIPT_CAPTION_PARAGRAPH, { x: ROW_LEFT, y: fromTop(baseline + 60), size: 11, font });
  return doc.save();
}

/**
 * Two pictures in a row, their captions set to end on one line (LaTeX's bottom-aligned
 * sub-captions): (b) takes two lines, so it starts a line higher than (a), whose one line stands
 * beside (b)'s second. `lines` as they read.
 */
export const BOTTOM_ALIGNED_CAPTIONS = [{ lines: ['(a) Red field'] }, { lines: ['(b) Blue field, its caption', 'set on two lines'] }] as const;

export async function bottomAlignedCaptionRowPdf(): Promise<Uint8Array> {
  const { doc, page, font } = await helveticaPage();
  page.drawText('Two pictures in a row', { x: ROW_LEFT, y: fromTop(100), size: 16, font });
  for (const [i, background] of [{ r: 220, g: 30, b: 30 }, { r: 30, g: 30, b: 220 }].entries()) {
    const png = await sharp({ create: { width: 240, height: 180, channels: 3, background } }).png().toBuffer();
    const x = ROW_LEFT + i * (SIDE.width + GAP);
    page.drawImage(await doc.embedPng(png), { x, y: fromTop(ROW_TOP + SIDE.height), ...SIDE });
    const { lines } = BOTTOM_ALIGNED_CAPTIONS[i];
    lines.forEach((line, k) => page.drawText(line, { x: x + 4, y: fromTop(ROW_TOP + SIDE.height + 25 - 11 * (lines.length - 1 - k)), size: 10, font }));
  }
  page.drawText(ROW_PARAGRAPH, { x: ROW_LEFT, y: fromTop(ROW_TOP + SIDE.height + 60), size: 11, font });
  return doc.save();
}
