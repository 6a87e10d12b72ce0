// Pages whose text does not run left to right on the page as shown (issue 14 item 11 part 3):
// /Rotate 90 and /Rotate 270 pages with ordinary text, and an upright page with text drawn at
// 90° and 270° by its text matrix. Each line's words are its own, so a line split into pieces or
// joined to another shows. Also pages of paragraphs for qpdf --rotate to turn, and a page turned by
// /Rotate whose text is drawn turned back so it reads upright as shown.
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

/** The lines of each page, in the order pdftotext reads them. */
export const ROTATED_LINES = [
  ['Rotated page alpha line one', 'Rotated page bravo line two', 'Rotated page charlie line three'],
  ['Turned text delta upward', 'Turned text echo downward'],
  ['Other way foxtrot line one', 'Other way golf line two'],
];

export async function rotatedTextPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const rotated = doc.addPage([595, 420]);
  rotated.setRotation(degrees(90));
  ROTATED_LINES[0].forEach((line, i) => rotated.drawText(line, { x: 60, y: 360 - 30 * i, size: 14, font }));
  const turned = doc.addPage([420, 595]);
  turned.drawText(ROTATED_LINES[1][0], { x: 100, y: 80, size: 14, font, rotate: degrees(90) });
  turned.drawText(ROTATED_LINES[1][1], { x: 300, y: 520, size: 14, font, rotate: degrees(270) });
  const other = doc.addPage([595, 420]);
  other.setRotation(degrees(270));
  ROTATED_LINES[2].forEach((line, i) => other.drawText(line, { x: 60, y: 360 - 30 * i, size: 14, font }));
  return doc.save();
}

/** PDF user space has y upwards; the pages below take y from the top of an A4 page. */
const A4: [number, number] = [595, 842];

/** The paragraphs of each page of paragraphPagesPdf, each as its lines: a run of words no page repeats. */
export const PAGE_PARAGRAPHS: string[][][] = [1, 2, 3].map((page) =>
  ['north', 'west', 'south'].map((side, paragraph) =>
    Array.from({ length: 4 - (paragraph % 2) }, (_, line) =>
      `Page ${page} ${side} paragraph line ${line + 1} carries words ${side}${page}x${line} and more of its own`,
    ),
  ),
);

/**
 * Pages of three paragraphs each (lines 14 pt apart, paragraphs 30 pt apart, the last line of each
 * shorter), upright on pages without /Rotate: qpdf --rotate turns them as a visitor's viewer would.
 */
export async function paragraphPagesPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of PAGE_PARAGRAPHS) {
    const page = doc.addPage(A4);
    let y = 90;
    for (const lines of paragraphs) {
      lines.forEach((line, i) => page.drawText(i === lines.length - 1 ? line.split(' ').slice(0, 7).join(' ') : line, { x: 72, y: A4[1] - y - 14 * i, size: 11, font }));
      y += 14 * lines.length + 30;
    }
  }
  return doc.save();
}

/** The lines of uprightLandscapePdf's one page, top to bottom as shown. */
export const LANDSCAPE_LINES = ['Landscape sheet drawn turned', 'Its text reads upright as shown', 'Nothing here runs down the page'];

/**
 * A portrait page with /Rotate 90 whose text is drawn running upwards, so the page shows landscape
 * with its text upright (as a landscape sheet printed from a word processor often is).
 */
export async function uprightLandscapePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage(A4);
  page.setRotation(degrees(90));
  // Turned clockwise for showing, text drawn upwards runs left to right; the shown top is x = 0.
  LANDSCAPE_LINES.forEach((line, i) => page.drawText(line, { x: 80 + 20 * i, y: 100, size: 14, font, rotate: degrees(90) }));
  return doc.save();
}
