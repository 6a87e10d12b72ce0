// Paragraphs told apart by room between them (the GeoTopo thesis, p. 36): TeX sets the thesis's
// paragraphs half a line apart (\parskip), not by a shorter last line or an indent, and a paragraph
// of one line set full to the column's edge, "Idee: … = F⁻¹ⱼ.", ran on in Word into the next one,
// "Ausführung: …", a line and a half under it. A line ending a sentence at the column's edge whose
// paragraph goes on a line's pitch under it stays in its paragraph.
// The page is built by tests/support/tex-cff-pdfs.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { SPREAD_PARAGRAPHS, texSpreadParagraphsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-paragraph-room-');

it('pdf-to-word starts a paragraph where the page leaves room over a line, a full line ending a sentence above it', async () => {
  const file = path.join(scratch, 'spread.pdf');
  writeFileSync(file, await texSpreadParagraphsPdf());
  const document = (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map(([p]) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''))
    .filter((text) => text.trim() !== '');
  expect(paragraphs).toEqual(SPREAD_PARAGRAPHS.paragraphs.map(({ lines }) => lines.join(' ')));
});
