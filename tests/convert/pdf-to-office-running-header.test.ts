/**
 * A running header's two halves on one line ("21" at the left, "1.6. WEGE UND KNOTEN" at the right,
 * GeoTopo's page 24) stay together at the top: the gap between them, over the body's first short
 * lines, is no column gutter (issue 14: the right half came after "Beispiel 19 (Knoten)").
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToHtml } from '../../server/convert/tools/ebook/from-pdf';
import { jobContext, scratchFolder } from '../support/convert-job';

const HEADER = { left: '21', right: '1.6. WEGE UND KNOTEN' };
const BODY = ['Definition 20', 'Eine geschlossene Jordankurve heisst Knoten.', 'Beispiel 19 (Knoten)'];

async function headerPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(HEADER.left, { x: 90, y: 808, size: 9, font: bold });
  page.drawText(HEADER.right, { x: 539 - bold.widthOfTextAtSize(HEADER.right, 9), y: 808, size: 9, font: bold });
  page.drawText(BODY[0], { x: 90, y: 778, size: 11, font: bold });
  page.drawText(BODY[1], { x: 110, y: 764, size: 11, font });
  page.drawText(BODY[2], { x: 90, y: 742, size: 11, font: bold });
  const paragraph = 'Zwei Knoten heissen aequivalent, wenn es eine stetige Abbildung gibt, die den einen in den anderen ueberfuehrt.';
  page.drawText(paragraph, { x: 90, y: 700, size: 11, font, maxWidth: 450, lineHeight: 14 });
  return doc.save();
}

const scratch = scratchFolder('pdf-to-office-running-header-');

it('reads both halves of the running header before the body', async () => {
  const pdf = path.join(scratch, 'header.pdf');
  writeFileSync(pdf, await headerPdf());
  const input = { name: 'header.pdf', path: pdf, size: statSync(pdf).size, type: 'pdf' };
  const [output] = await pdfToHtml.convert({ inputs: [input], options: pdfToHtml.options.parse({}) }, jobContext(scratch));
  const text = readFileSync(output.path, 'utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  const at = (piece: string) => text.indexOf(piece);
  for (const piece of [HEADER.left, HEADER.right, ...BODY]) expect(at(piece)).toBeGreaterThanOrEqual(0);
  expect(at(HEADER.right)).toBeLessThan(at(BODY[0]));
  expect(at(HEADER.left)).toBeLessThan(at(HEADER.right));
});
