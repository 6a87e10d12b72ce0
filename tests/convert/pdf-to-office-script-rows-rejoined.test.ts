// Rows MuPDF breaks where TeX's pen goes back under a script, through PDF → Word (GeoTopo, pages 74
// and 36), each on a page built by tests/support/tex-cff-pdfs.ts. The rest of the row, read as a
// line of its own, goes back into its row (sub-superscripts.ts withScriptRowsRejoined):
// - when the text after the scripts is set a little larger than the formula before them (TeX's text
//   font beside its math font): the two pieces' text is of one size, not of one exact size;
// - when a fraction follows: the row is one line again before the fraction is read into it, which
//   would leave the first piece no longer ending in the scripts its rest goes on under.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { ACCENTED_SUBSCRIPT, SCRIPTS_BEFORE_TEXT, texAccentedSubscriptPdf, texScriptsBeforeTextPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-script-rows-rejoined-');
const bare = (text: string) => text.replace(/\s+/g, '');
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/&apos;/g, "'");
const texts = (xml: string) => decode([...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''));

/** Writes `pdf` as `name` in the scratch folder. */
function saved(pdf: Uint8Array, name: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  return file;
}

/** How many lines MuPDF reads on the file's page. */
const mupdfLines = (file: string) => [...execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file], { encoding: 'utf8' }).matchAll(/<line /g)].length;

/** The paragraphs (XML) of the Word document of the file's conversion that hold text. */
async function wordParagraphs(file: string): Promise<string[]> {
  const document = (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
  return [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => bare(texts(p)) !== '');
}

/** The texts of the runs of a paragraph raised (`superscript`) or lowered (`subscript`). */
const scripts = (paragraph: string, kind: 'superscript' | 'subscript') =>
  decode([...paragraph.matchAll(new RegExp(`<w:r>(?:(?!</w:r>)[\\s\\S])*?<w:vertAlign w:val="${kind}"/>[\\s\\S]*?<w:t[^>]*>([^<]*)</w:t>`, 'g'))].map(([, t]) => t).join(''));

it('pdf-to-word reads a row on whose scripts text a little larger than its formula follows as one line, the subscript lowered', async () => {
  const file = saved(await texScriptsBeforeTextPdf(), 'scripts-before-text.pdf');
  expect(mupdfLines(file)).toBe(2);
  const paragraphs = await wordParagraphs(file);
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(SCRIPTS_BEFORE_TEXT.text)]);
  expect(scripts(paragraphs[0], 'superscript')).toBe(SCRIPTS_BEFORE_TEXT.sup);
  expect(scripts(paragraphs[0], 'subscript')).toBe(SCRIPTS_BEFORE_TEXT.sub);
});

it('pdf-to-word reads a row broken under an accented subscript, a fraction after it, as one line, the whole subscript lowered', async () => {
  const file = saved(await texAccentedSubscriptPdf(), 'accented-subscript.pdf');
  expect(mupdfLines(file)).toBeGreaterThan(1);
  const paragraphs = await wordParagraphs(file);
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(ACCENTED_SUBSCRIPT.text)]);
  expect(paragraphs[0]).toContain('<m:f>');
  // The subscript holds a script of its own (j under F): Word can lower a run only once, so the
  // term is an equation, J with the whole subscript under it, j a subscript inside it.
  const term = /<m:oMath><m:sSub><m:sSubPr\/><m:e>([\s\S]*?)<\/m:e><m:sub>([\s\S]*)<\/m:sub><\/m:sSub><\/m:oMath>/.exec(paragraphs[0]);
  expect([texts(term?.[1] ?? ''), texts(term?.[2] ?? '')]).toEqual([ACCENTED_SUBSCRIPT.base, ACCENTED_SUBSCRIPT.accented + ACCENTED_SUBSCRIPT.subSub]);
  expect(term?.[2]).toMatch(/<m:sSub>[\s\S]*<m:sub><m:r><m:t>j<\/m:t><\/m:r><\/m:sub>/);
});
