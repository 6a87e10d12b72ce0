// Tall delimiters around formulas through PDF → Word (issue 14, the GeoTopo thesis): TeX's \Bigg
// angle brackets around column vectors, MuPDF reads "⟨(", "⟩ ⟨(" and "⟩²" as lines over the
// formula's; they came out of Word as a paragraph "⟩ ⟨ ⟩2" over the formula, which lacked them,
// and the vectors' entries lost their subscripts (x₁ read x1). An evaluation bar's subscript
// (\right|_{t=0}), lowered to the bar's foot, came out as a paragraph of its own under the line,
// and an \underbrace whose label is a fraction lost the label to a paragraph after the formula.
// The pages are built by tests/support/tex-cff-pdfs.ts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { ANGLED_VECTORS, EVALUATION_BAR, FRACTION_LABEL, texAngledVectorsPdf, texEvaluationBarPdf, texFractionLabelPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-fences-');
const bare = (text: string) => text.replace(/\s+/g, '');
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const texts = (xml: string) => decode([...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''));

const angled = path.join(scratch, 'angled.pdf');
beforeAll(async () => writeFileSync(angled, await texAngledVectorsPdf()));

/** The paragraphs (XML) of the Word document of `pdf`'s conversion that hold text. */
async function wordParagraphs(pdf: Uint8Array | string, name: string): Promise<string[]> {
  const file = typeof pdf === 'string' ? pdf : path.join(scratch, name);
  if (typeof pdf !== 'string') writeFileSync(file, pdf);
  const document = (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
  return [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => bare(texts(p)) !== '');
}

describe('angle brackets around column vectors', () => {
  it('the input: MuPDF reads the brackets between the vectors, and the last with its power, as lines over the formula', () => {
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', angled], { encoding: 'utf8' });
    const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => [...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join(''));
    // Glyphs U+FFFD to MuPDF, with the vectors' parentheses: ")⟩ ⟨(" and ")⟩²".
    expect(lines.map((line) => bare(line).toLowerCase())).toEqual(expect.arrayContaining(['&#xfffd;'.repeat(4), `${'&#xfffd;'.repeat(2)}2`]));
  });

  it('pdf-to-word reads each bracket in its place in the line, each vector an equation matrix (m:d around m:m) between them', async () => {
    const paragraphs = await wordParagraphs(angled, 'angled.pdf');
    expect(paragraphs).toHaveLength(1);
    const [paragraph] = paragraphs;
    expect(bare(texts(paragraph))).toBe(bare(ANGLED_VECTORS.text));
    // Text and matrices in order: the text pieces between the matrices hold the brackets.
    const pieces = [...paragraph.matchAll(/<m:d>([\s\S]*?<\/m:m>[\s\S]*?)<\/m:d>|<w:r>([\s\S]*?)<\/w:r>/g)].map(([, matrix, run]) => (matrix === undefined ? bare(texts(run)) : { matrix }));
    const between = pieces.reduce<string[]>((parts, piece) => (typeof piece === 'string' ? [...parts.slice(0, -1), parts.at(-1)! + piece] : [...parts, '']), ['']);
    expect(between).toEqual(['g=⟨', ',', '⟩⟨', ',', '⟩2end']);
    const matrices = pieces.filter((piece): piece is { matrix: string } => typeof piece === 'object');
    const vectors = ANGLED_VECTORS.pairs.flat();
    expect(matrices).toHaveLength(vectors.length);
    matrices.forEach(({ matrix }, i) => {
      expect(/<m:begChr m:val="([^"]*)"/.exec(matrix)?.[1]).toBe('(');
      expect(/<m:endChr m:val="([^"]*)"/.exec(matrix)?.[1]).toBe(')');
      // Each entry a letter with its subscript (m:sSub), one row each.
      const rows = [...matrix.matchAll(/<m:mr>([\s\S]*?)<\/m:mr>/g)].map(([, row]) => [...row.matchAll(/<m:sSub>[\s\S]*?<m:e>([\s\S]*?)<\/m:e>[\s\S]*?<m:sub>([\s\S]*?)<\/m:sub>/g)].map(([, base, sub]) => [texts(base), texts(sub)]));
      expect(rows).toEqual(vectors[i].map((entry) => [entry]));
    });
    // The power is the last bracket's superscript.
    expect(paragraph).toMatch(/<w:vertAlign w:val="superscript"\/>[\s\S]*?<w:t[^>]*>2<\/w:t>/);
  });
});

it('pdf-to-word reads an evaluation bar in its line, its subscript lowered to its foot a subscript after it', async () => {
  const paragraphs = await wordParagraphs(await texEvaluationBarPdf(), 'evaluation-bar.pdf');
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(EVALUATION_BAR.text)]);
  const subscripts = [...paragraphs[0].matchAll(/<w:r>(?:(?!<\/w:r>)[\s\S])*?<w:vertAlign w:val="subscript"\/>[\s\S]*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map(([, t]) => t).join('');
  expect(bare(subscripts)).toBe(EVALUATION_BAR.sub);
});

it("pdf-to-word reads an underbrace's fraction label as the brace's lower limit, numerator over denominator", async () => {
  const paragraphs = await wordParagraphs(await texFractionLabelPdf(), 'fraction-label.pdf');
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(FRACTION_LABEL.text)]);
  const limit = /<m:limLow>[\s\S]*?<m:lim>([\s\S]*?)<\/m:lim>/.exec(paragraphs[0])?.[1] ?? '';
  const fraction = /<m:f>[\s\S]*?<m:num>([\s\S]*?)<\/m:num>[\s\S]*?<m:den>([\s\S]*?)<\/m:den>/.exec(limit);
  expect([texts(fraction?.[1] ?? ''), texts(fraction?.[2] ?? '')]).toEqual([FRACTION_LABEL.numerator, FRACTION_LABEL.denominator]);
  expect(bare(texts(limit))).toBe(bare(FRACTION_LABEL.numerator + FRACTION_LABEL.denominator + FRACTION_LABEL.label));
});
