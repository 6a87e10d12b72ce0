// Display integrals through PDF → Word (the GeoTopo thesis, page 99): TeX hangs CMEX10's big ∫
// 1.36 em over the line's baseline, its lower limit a subscript lowered to the ∫'s foot, some 0.9 em
// under the baseline, reaching on under the text after it; MuPDF reads the ∫, each script and each
// piece of text as lines apart. They came out of Word scattered: a paragraph "∫ ∫" over the
// formula's text, its limits a paragraph "V U" under it. Each formula line must be one paragraph,
// each ∫ in its place with its lower limit as its subscript, its upper limit as its superscript.
// After text that ends with no space of its own (an item's label "a)", words: "Dann ist ∫_S f dA"),
// the ∫ ran on from it: "a)∫_V", which Word did not read as an item, "ist∫_S"; the room before the ∫
// is a space. The pages are built by tests/support/tex-cff-pdfs.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { DISPLAY_INTEGRALS, INTEGRALS_AFTER_WORDS, texDisplayIntegralsPdf, texIntegralsAfterWordsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-display-integrals-');
const bare = (text: string) => text.replace(/\s+/g, '');
const texts = (xml: string) => [...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('');

/** The DOCX's document.xml and numbering.xml of the PDF converted to Word. */
async function wordParts(name: string, pdf: Uint8Array): Promise<{ document: string; numbering: string }> {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  const parts = await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path);
  const part = (partName: string) => parts.find((p) => p.name === partName)?.text ?? '';
  return { document: part('word/document.xml'), numbering: part('word/numbering.xml') };
}

it('pdf-to-word reads a line of display integrals as one paragraph, each limit a script of its ∫', async () => {
  const { document } = await wordParts('integrals.pdf', await texDisplayIntegralsPdf());
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

it('pdf-to-word sets a space before a display ∫ after words, and reads an item label before one as the label of its item', async () => {
  const { document, numbering } = await wordParts('after-words.pdf', await texIntegralsAfterWordsPdf());
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => texts(p).trim() !== '');
  expect(paragraphs.map((p) => texts(p))).toEqual(INTEGRALS_AFTER_WORDS.map((line) => line.text));
  // "a)" numbers its item: Word prints it, "a) ∫_V f dA".
  const [item, words] = paragraphs;
  expect(item).toContain('<w:numPr>');
  expect(words).not.toContain('<w:numPr>');
  expect(numbering).toContain(`w:lvlText w:val="${INTEGRALS_AFTER_WORDS[0].label!.replace('a', '%1')}"`);
});
