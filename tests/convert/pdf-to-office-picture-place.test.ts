/**
 * A picture standing alone keeps its place across the column in Word: centred where it was centred
 * on the page's text (a book's margins differ: GeoTopo-komprimiert.pdf's figures, centred on the
 * text, came out at the left margin), else where it stood across the page. The
 * PDF is drawn with pdf-lib: text from x = 150 to 545 on a 595 pt page, one picture centred on
 * that text (not on the page) and one 50 pt in from its left edge; the DOCX is read as its XML.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { zipPartText } from '../support/zip';

const TEXT_LEFT = 150;
const TEXT_RIGHT = 545;
const PICTURE_WIDTH = 120;
const INDENT = 50;
const LINE = 'Text set from the left margin of this page to its right edge, far from centred on the page';

const scratch = scratchFolder('pdf-to-office-picture-place-');
/** The paragraph holding each picture, in order. */
let pictureParagraphs: string[];
/** The page's left margin in Word (points). */
let leftMargin: number;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 10.5;
  // Each line is stretched to fill the text's width exactly, so the text's edges are the margins.
  const line = (y: number) => page.drawText(LINE, { x: TEXT_LEFT, y: 842 - y, size: (size * (TEXT_RIGHT - TEXT_LEFT)) / font.widthOfTextAtSize(LINE, size), font });
  const png = await doc.embedPng(await sharp({ create: { width: 240, height: 160, channels: 3, background: '#3366cc' } }).png().toBuffer());
  [80, 96, 112].forEach(line);
  page.drawImage(png, { x: (TEXT_LEFT + TEXT_RIGHT - PICTURE_WIDTH) / 2, y: 842 - 260, width: PICTURE_WIDTH, height: 80 });
  [290, 306].forEach(line);
  page.drawImage(png, { x: TEXT_LEFT + INDENT, y: 842 - 420, width: PICTURE_WIDTH, height: 80 });
  [450, 466].forEach(line);
  const file = path.join(scratch, 'pictures.pdf');
  writeFileSync(file, await doc.save());
  const xml = await zipPartText((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path, 'word/document.xml');
  leftMargin = Number(/<w:pgMar [^>]*w:left="(\d+)"/.exec(xml)?.[1]) / 20;
  pictureParagraphs = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>)[\s\S])*?<\/w:p>/g)].map((m) => m[0]).filter((p) => p.includes('<pic:pic'));
});

it('centres a picture that was centred on the text, though not on the page', () => {
  expect(pictureParagraphs).toHaveLength(2);
  expect(pictureParagraphs[0]).toContain('<w:jc w:val="center"/>');
});

it('sets a picture off the text edge where it stood across the page', () => {
  expect(pictureParagraphs[1]).toContain('<w:jc w:val="left"/>');
  const indent = Number(/<w:ind w:left="(\d+)"/.exec(pictureParagraphs[1])?.[1]) / 20;
  expect(Math.abs(leftMargin + indent - (TEXT_LEFT + INDENT))).toBeLessThan(2);
});
