// Scripts TeX sets where MuPDF breaks a formula's row through PDF → Word (GeoTopo, pages 41 and 97).
// A text-style ∑ with its limits beside it as scripts hangs over its row, and MuPDF read it as a line
// apart: the ∑ and its upper limit came out as a paragraph after the formula, its lower limit "k=0"
// after the note over the "=" ("Binomischer Lehrsatz"), and the formula's own power not raised (the
// note's small glyphs outnumbered the text's). A subscript set under a superscript (κ^{−n}_{Nor})
// is drawn where the pen goes back, and MuPDF starts a new line there: "Nor" came out as "N" on the
// line and "or" lowered, the first line's superscript not raised. The page
// (tests/support/tex-cff-pdfs.ts) draws both as TeX does, with CMEX10's ∑ and \big parentheses;
// Word must read each formula as one paragraph in reading order, its scripts raised and lowered
// whole, the \binom as a matrix in its place.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { SCRIPT_ROWS_PROSE, SIDE_LIMITS_LINE, STACKED_SCRIPTS_LINE, texScriptRowsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-script-rows-');
const input = path.join(scratch, 'script-rows.pdf');
const bare = (text: string) => text.replace(/\s+/g, '');

beforeAll(async () => writeFileSync(input, await texScriptRowsPdf()));

it('the input: MuPDF reads the lower limit, and each subscript under a superscript with the text after it, as lines of their own', () => {
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' });
  const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => bare([...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join('')));
  expect(lines).toEqual(expect.arrayContaining([SIDE_LIMITS_LINE.lower, 'K-n', 'Nor(s,x)=-Kn', 'Nor(x)end']));
});

describe('pdf-to-word', () => {
  let paragraphs: string[];
  beforeAll(async () => {
    const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), input, scratch);
    const document = (await readZipParts(docx.path)).find((p) => p.name === 'word/document.xml')!.text;
    paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => /<[wm]:t[ >]/.test(p));
  });
  const text = (xml: string) => [...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join('');
  const scripts = (xml: string) =>
    [...xml.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].flatMap(([, r]) => {
      const script = /<w:vertAlign w:val="(\w+)"\/>/.exec(r)?.[1];
      return script ? [{ text: text(r), script }] : [];
    });

  it('reads each formula as one paragraph in reading order: the ∑ with its limits after the note over "=", the subscripts with their symbols', () => {
    expect(paragraphs.map((p) => bare(text(p)))).toEqual([SCRIPT_ROWS_PROSE[0], SIDE_LIMITS_LINE.text, STACKED_SCRIPTS_LINE.text, SCRIPT_ROWS_PROSE[1]].map(bare));
  });

  it('raises and lowers each script whole: the power, the ∑\'s limits, each superscript and the subscript under it', () => {
    const [sup, sub] = [(text: string) => ({ text, script: 'superscript' }), (text: string) => ({ text, script: 'subscript' })];
    const { power, upper, lower, afterPower } = SIDE_LIMITS_LINE;
    expect(scripts(paragraphs[1])).toEqual([sup(power), sup(upper), sub(lower), sup(afterPower)]);
    expect(scripts(paragraphs[2])).toEqual(STACKED_SCRIPTS_LINE.pieces.flatMap((piece) => [sup(piece.sup), sub(piece.sub)]));
  });

  it('sets the \\binom as a matrix between parentheses, after the ∑\'s limits and before the x', () => {
    const formula = paragraphs[1];
    const equation = /<m:oMath><m:d><m:dPr><m:begChr m:val="\("\/><m:endChr m:val="\)"\/><\/m:dPr><m:e><m:m>([\s\S]*?)<\/m:m><\/m:e><\/m:d><\/m:oMath>/.exec(formula);
    expect(equation).not.toBeNull();
    expect([...equation![1].matchAll(/<m:mr>([\s\S]*?)<\/m:mr>/g)].map(([, row]) => text(row))).toEqual(SIDE_LIMITS_LINE.binomial);
    const before = bare(text(formula.slice(0, equation!.index)));
    expect(before.endsWith(`∑${SIDE_LIMITS_LINE.upper}${SIDE_LIMITS_LINE.lower}`)).toBe(true);
    expect(bare(text(formula.slice(equation!.index + equation![0].length)))).toBe(`${SIDE_LIMITS_LINE.after}${SIDE_LIMITS_LINE.afterPower}`);
  });
});
