/**
 * A note TeX sets over a relation (\stackrel{\text{Binomischer}\\\text{Lehrsatz}}{=}, GeoTopo p. 41):
 * MuPDF reads each of its rows as a line of its own, so the formula came out of Word as six
 * paragraphs — "Binomischer", the formula's start, "Lehrsatz", "=" and the rest. Word must read the
 * formula as one paragraph, the note's rows (a word apart) before the relation, as pdftotext reads it;
 * a line whose subscript stands right over the next line's "=" keeps its subscript. The PDF is drawn
 * with pdf-lib, each part in a text object of its own as TeX draws them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-stacked-relations-');

const NOTE = ['Binomial', 'theorem'];
const FORMULA = { before: 'f(x) = (x + 1) ', after: ' sum end' };
/** Two lines further down: the first's subscript "ij" stands right over the second's "=". */
const ABOVE = { text: 'then a', sub: 'ij', after: ' holds' };
const BELOW = { before: 'so g ', after: ' h end' };

async function stackedRelationPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const top = (y: number) => 842 - y;
  const put = (s: string, x: number, y: number, size: number) => page.drawText(s, { x, y: top(y), size, font });
  const width = (s: string, size: number) => font.widthOfTextAtSize(s, size);
  const [SIZE, NOTE_SIZE, SUB] = [12, 6, 8];
  const left = 72;
  const baseline = 200;
  put(FORMULA.before, left, baseline, SIZE);
  const equals = left + width(FORMULA.before, SIZE);
  const middle = equals + width('=', SIZE) / 2;
  // The note's two rows centred over the relation, the lower 0.55 em over the line's baseline.
  NOTE.forEach((row, k) => put(row, middle - width(row, NOTE_SIZE) / 2, baseline - 0.55 * SIZE - (NOTE.length - 1 - k) * 1.1 * NOTE_SIZE, NOTE_SIZE));
  put('=', equals, baseline, SIZE);
  put(FORMULA.after, equals + width('=', SIZE), baseline, SIZE);
  // 14 pt apart: the subscript, 3 pt under its line's baseline, stands 0.9 em over the next line's.
  const subLeft = left + width(ABOVE.text, SIZE);
  put(ABOVE.text, left, 300, SIZE);
  put(ABOVE.sub, subLeft, 303, SUB);
  put(ABOVE.after, subLeft + width(ABOVE.sub, SUB), 300, SIZE);
  const belowEquals = subLeft + width(ABOVE.sub, SUB) / 2 - width('=', SIZE) / 2;
  put(BELOW.before, belowEquals - width(BELOW.before, SIZE), 314, SIZE);
  put('=', belowEquals, 314, SIZE);
  put(BELOW.after, belowEquals + width('=', SIZE), 314, SIZE);
  return doc.save();
}

it('pdf-to-word reads a note over a relation in the formula\'s line, its rows a word apart, and leaves a subscript over a relation with its own line', async () => {
  const file = path.join(scratch, 'stacked-relation.pdf');
  writeFileSync(file, await stackedRelationPdf());
  const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch);
  const xml = (await readZipParts(docx.path)).find((part) => part.name === 'word/document.xml')!.text;
  const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map(([p]) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
  expect(paragraphs).toEqual([`${FORMULA.before}${NOTE.join(' ')}=${FORMULA.after}`, `${ABOVE.text}${ABOVE.sub}${ABOVE.after}`, `${BELOW.before}=${BELOW.after}`]);
});
