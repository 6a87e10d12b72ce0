// TeX's scripts through PDF → Word (the GeoTopo thesis):
// - TeX sets a superscript past its base's italic correction ("Torus T²", "F⁻¹ⱼ", "P′"), 0.14 em
//   that MuPDF reads as a space, and Word set "T ²" with the script parted from its base. A word
//   space before a raised numerator ("Länge ¹/n") is the text's own and stays.
// - A root in a subscript (ℝ_{<√2}, p. 16): CMSY8's √ hangs from over its radicand, MuPDF reads it
//   with the radicand and the text after as lines apart, and Word set "ℝ_< √₂" with the √ on the line.
// - A display ∫'s limit with indices of its own (∫_{V_i ∩ V_j} f dA, p. 99): Word raises and lowers a
//   run only once, and set the i as a run of the limit ("∫ V i ∩ V j", all one subscript), and the
//   text after the limit ran on into it ("V_jf dA"): the ∫ and its limit are an equation, each index
//   a subscript of its V, and a space stands after the limit.
// - A tilde over a letter with scripts (F̃⁻¹ⱼ, p. 36): MuPDF ends a line with the accent and starts
//   the next at the letter the pen went back to, and Word set "˜" at the end of one paragraph and
//   "F ⁻¹ⱼ" at the start of the next: the letter takes the tilde as its mark, its scripts right on it.
//   Its text after the scripts is a text object starting with a space glyph, set past them: MuPDF
//   reads the room before it as a space of its own, and Word read "j  in W", two spaces.
// - A bracket or a full stop TeX sets right after a script ("J_F(u, v)", "= F⁻¹ⱼ.", p. 36): past the
//   script's italic correction and \scriptspace, which MuPDF reads as a space (or, where it reads
//   the full stop as a line apart, the lines were joined with one), and Word set "J_F (u, v)".
// The pages are built by tests/support/tex-cff-pdfs.ts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import {
  NESTED_LIMIT,
  SCRIPT_GAPS,
  SCRIPTS_BEFORE_BRACKETS,
  SUBSCRIPT_ROOT,
  TILDE_OVER_SCRIPTED,
  texNestedLimitPdf,
  texScriptGapsPdf,
  texScriptsBeforeBracketsPdf,
  texSubscriptRootPdf,
  texTildeOverScriptedPdf,
} from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-tex-scripts-');
const unescaped = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The document.xml of the PDF converted to Word. */
async function wordDocument(name: string, pdf: Uint8Array): Promise<string> {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  return (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
}

/** The document's paragraphs that hold text, each as its runs' text and vertical alignment. */
async function wordParagraphs(name: string, pdf: Uint8Array) {
  const document = await wordDocument(name, pdf);
  return [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map(([p]) =>
      [...p.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map(([, r]) => ({
        text: unescaped([...r.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')),
        vertAlign: /<w:vertAlign w:val="(\w+)"\/>/.exec(r)?.[1],
      })),
    )
    .filter((runs) => runs.some((r) => r.text.trim() !== ''));
}

it('pdf-to-word sets a superscript right on its base, a word space before a raised numerator kept', async () => {
  const paragraphs = await wordParagraphs('gaps.pdf', await texScriptGapsPdf());
  expect(paragraphs.map((runs) => runs.map((r) => r.text).join(''))).toEqual(SCRIPT_GAPS.map((line) => line.text));
  for (const [i, runs] of paragraphs.entries()) {
    const { script, after, text } = SCRIPT_GAPS[i];
    const at = runs.findIndex((r) => r.vertAlign === 'superscript');
    expect(runs[at].text).toBe(script);
    // What stands before the script: "a torus T" with no space, "of length " with its word space.
    expect(runs.slice(0, at).map((r) => r.text).join('')).toBe(text.slice(0, text.indexOf(script + after)));
  }
});

it('pdf-to-word keeps a root in a subscript, its radical sign with its radicand', async () => {
  const [runs, ...more] = await wordParagraphs('root.pdf', await texSubscriptRootPdf());
  expect(more).toEqual([]);
  expect(runs.map((r) => r.text).join('')).toBe(SUBSCRIPT_ROOT.text);
  expect(runs.filter((r) => r.vertAlign === 'subscript').map((r) => r.text).join('')).toBe(SUBSCRIPT_ROOT.sub.join(''));
});

it('pdf-to-word sets a display ∫ with indexed limits as an equation, each index a subscript in the limit, a space after it', async () => {
  const document = await wordDocument('nested.pdf', await texNestedLimitPdf());
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => /<[wm]:t[ >]/.test(p));
  expect(paragraphs).toHaveLength(1);
  const [paragraph] = paragraphs;
  const texts = (xml: string) => [...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('');
  expect(texts(paragraph)).toBe(NESTED_LIMIT.text);
  // ∫ with its limit as m:sSub, the limit's V's each an m:sSub of their index.
  const [equation] = paragraph.match(/<m:oMath>[\s\S]*?<\/m:oMath>/) ?? [''];
  const subscripts = (xml: string) => [...xml.matchAll(/<m:sSub>\s*(?:<m:sSubPr\/>|<m:sSubPr>[\s\S]*?<\/m:sSubPr>)?\s*<m:e>([\s\S]*?)<\/m:e>\s*<m:sub>/g)].map(([, base]) => texts(base));
  expect(subscripts(equation)).toEqual(['∫', ...NESTED_LIMIT.limit.map(([symbol]) => symbol.trim().split(' ').at(-1))]);
  expect(texts(equation)).toBe(`∫${NESTED_LIMIT.limit.flat().join('')}`);
  // What follows the limit starts with a space: "∫_{V_i ∩ V_j} f dA".
  expect(texts(paragraph.slice(paragraph.indexOf(equation) + equation.length))).toBe(` ${NESTED_LIMIT.after}`);
});

describe('a tilde over a letter with scripts', () => {
  it('the input shows the defect: MuPDF ends a line with the accent and starts the next at its letter', async () => {
    const file = path.join(scratch, 'tilde-input.pdf');
    writeFileSync(file, await texTildeOverScriptedPdf());
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file], { encoding: 'utf8' });
    const lines = (stext.match(/<line [\s\S]*?<\/line>/g) ?? []).map((line) => [...line.matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join('').trim());
    const { before, accent, letter } = TILDE_OVER_SCRIPTED;
    expect(lines).toContain(before + accent);
    expect(lines.some((line) => line.startsWith(letter))).toBe(true);
  });

  it('pdf-to-word writes the letter with a combining tilde in one paragraph, its scripts right after it', async () => {
    const [runs, ...more] = await wordParagraphs('tilde.pdf', await texTildeOverScriptedPdf());
    expect(more).toEqual([]);
    const { accented, sup, sub, text } = TILDE_OVER_SCRIPTED;
    // One space between words, as the page shows them: "j in", not "j  in".
    expect(runs.map((r) => r.text).join('')).toBe(text);
    const at = runs.findIndex((r) => r.vertAlign === 'superscript');
    expect(runs[at].text).toBe(sup);
    expect(runs[at + 1]).toMatchObject({ text: sub, vertAlign: 'subscript' });
    // No space between the accented letter and its superscript (TeX's italic correction).
    expect(runs.slice(0, at).map((r) => r.text).join('').endsWith(` ${accented}`)).toBe(true);
  });
});

it('pdf-to-word sets a bracket or a full stop right after a script, a word space after one kept', async () => {
  const paragraphs = await wordParagraphs('brackets.pdf', await texScriptsBeforeBracketsPdf());
  expect(paragraphs.map((runs) => runs.map((r) => r.text).join(''))).toEqual(SCRIPTS_BEFORE_BRACKETS.map((line) => line.text));
  for (const [i, runs] of paragraphs.entries()) {
    const { sup, sub } = SCRIPTS_BEFORE_BRACKETS[i];
    const scripts = (align: string) => runs.filter((r) => r.vertAlign === align).map((r) => r.text).join('');
    expect([scripts('superscript'), scripts('subscript')]).toEqual([sup, sub]);
  }
});
