// Pages whose text does not run left to right on the page as shown (issue 14 item 11 part 3):
// /Rotate 90 and /Rotate 270 pages with ordinary text, and an upright page with text drawn at
// 90° and 270° by its text matrix. Each line's words are its own, so a line split into pieces or
// joined to another shows.
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
