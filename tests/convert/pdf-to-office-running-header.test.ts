/**
 * A running header's two halves on one line ("21" at the left, "1.6. WEGE UND KNOTEN" at the right,
 * GeoTopo's page 24) stay together at the top: the gap between them, over the body's first short
 * lines, is no column gutter (issue 14: the right half came after "Beispiel 19 (Knoten)"). In Word
 * the title stays flush right (a right tab stop), as does an equation's number beside its formula;
 * before, both became one line set from the left ("21 1.6. WEGE UND KNOTEN").
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToHtml } from '../../server/convert/tools/ebook/from-pdf';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, jobContext, scratchFolder } from '../support/convert-job';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { zipPartText } from '../support/zip';

const HEADER = { left: '21', right: '1.6. WEGE UND KNOTEN' };
const BODY = ['Definition 20', 'Eine geschlossene Jordankurve heisst Knoten.', 'Beispiel 19 (Knoten)'];
const FORMULA = { text: 'H(z, 0) = g(z) fuer alle z', number: '(1.4)' };

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
  // A centred formula with its number flush with the text's right edge (539).
  page.drawText(FORMULA.text, { x: 297.5 - font.widthOfTextAtSize(FORMULA.text, 11) / 2, y: 640, size: 11, font });
  page.drawText(FORMULA.number, { x: 539 - font.widthOfTextAtSize(FORMULA.number, 11), y: 640, size: 11, font });
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

describe('Word keeps the running header\'s title and an equation\'s number flush right', () => {
  let docx: string;
  let documentXml: string;
  beforeAll(async () => {
    const pdf = path.join(scratch, 'flush.pdf');
    writeFileSync(pdf, await headerPdf());
    docx = (await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), pdf, scratch)).path;
    documentXml = await zipPartText(docx, 'word/document.xml');
  });

  const paragraphWith = (text: string) => [...documentXml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes(text))!;

  it.each([
    ['the header', HEADER.left, HEADER.right],
    ['the formula', FORMULA.text, FORMULA.number],
  ])('%s: one paragraph, a right tab stop and a tab before the right-hand piece', (_, left, right) => {
    const p = paragraphWith(right);
    expect(p).toContain(left);
    expect(p).toMatch(/<w:tabs><w:tab w:val="right" w:pos="\d+"\/><\/w:tabs>/);
    const text = [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((m) => m[1] ?? '\t').join('');
    expect(text.replace(/ +\t/, '\t').trim()).toBe(`${left}\t${right}`);
  });

  it('LibreOffice prints both right-hand pieces ending at the text\'s right edge, the formula where it stood', () => {
    const printed = sofficeConvert(docx, 'pdf', scratch);
    const words = [...execFileSync('pdftotext', ['-bbox', printed, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ x0: Number(m[1]), x1: Number(m[2]), text: m[3] }));
    const word = (text: string) => words.find((w) => w.text === text)!;
    // Both end within a few points of the same right edge, the page's text edge (539 on the input).
    const ends = [word('KNOTEN').x1, word(FORMULA.number).x1];
    expect(Math.abs(ends[0] - ends[1])).toBeLessThan(3);
    expect(Math.abs(ends[0] - 539)).toBeLessThan(15);
    // The header's number stays at the left margin, the formula starts near where it did (centred).
    expect(Math.abs(word(HEADER.left).x0 - 90)).toBeLessThan(15);
    expect(Math.abs(word('H(z,').x0 - (297.5 - 60))).toBeLessThan(40);
  }, SOFFICE_TIMEOUT_MS);
});
