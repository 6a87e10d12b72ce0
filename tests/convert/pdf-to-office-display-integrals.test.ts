// Display integrals through PDF → Word (the GeoTopo thesis, page 99): TeX hangs CMEX10's big ∫
// 1.36 em over the line's baseline, its lower limit a subscript lowered to the ∫'s foot, some 0.9 em
// under the baseline, reaching on under the text after it; MuPDF reads the ∫, each script and each
// piece of text as lines apart. They came out of Word scattered: a paragraph "∫ ∫" over the
// formula's text, its limits a paragraph "V U" under it. Each formula line must be one paragraph,
// each ∫ in its place with its lower limit as its subscript, its upper limit as its superscript.
// The page is built by tests/support/tex-cff-pdfs.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { DISPLAY_INTEGRALS, texDisplayIntegralsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-display-integrals-');
const bare = (text: string) => text.replace(/\s+/g, '');
const texts = (xml: string) => [...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('');

it('pdf-to-word reads a line of display integrals as one paragraph, each limit a script of its ∫', async () => {
  const file = path.join(scratch, 'integrals.pdf');
  writeFileSync(file, await texDisplayIntegralsPdf());
  const document = (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => bare(texts(p)) !== '');
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(DISPLAY_INTEGRALS.text)]);
  const [paragraph] = paragraphs;
  // Runs lowered or raised, or an equation's scripts (m:sSubSup when a ∫ has both).
  const scripts = (align: string, tag: string) =>
    [...paragraph.matchAll(new RegExp(`<w:r>((?:(?!</w:r>)[\\s\\S])*?<w:vertAlign w:val="${align}"/>[\\s\\S]*?)</w:r>|<m:${tag}>([\\s\\S]*?)</m:${tag}>`, 'g'))].map(([, run, math]) => bare(texts(run ?? math))).join('');
  expect(scripts('subscript', 'sub')).toBe(DISPLAY_INTEGRALS.pieces.map((p) => p.sub).join(''));
  expect(scripts('superscript', 'sup')).toBe(DISPLAY_INTEGRALS.pieces.map((p) => p.sup).join(''));
  // The first ∫'s limit is a run set as a subscript, right after the ∫.
  expect(paragraph).toMatch(/∫<\/w:t>[\s\S]*?<w:vertAlign w:val="subscript"\/>[\s\S]*?<w:t[^>]*>Vk<\/w:t>/);
});
