// Formula shapes of the GeoTopo thesis through PDF → Word (issue 14), each on a page built by
// tests/support/tex-cff-pdfs.ts:
// - an \underbrace with a text label under a page's running-head rule: a rule of the brace, between
//   its tips, with a glyph of the braced text over it and one of the label under it, was read as a
//   fraction bar ("w" over "o") — the rule across the page kept the test of text running on beside
//   a bar from seeing the braced text;
// - "(x₁² + x₂² + x₃²)": MuPDF starts a line at each subscript stepping back under its superscript,
//   and the formula came out as paragraphs "(x²1 + x2", "2 + x2", …;
// - a matrix of text-style fractions (a Jacobian's ∂x/∂u): no text of the line stands on the axis
//   of its rows' bars, so no fraction was read, and Word showed "dxdxdudv".
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { FRACTION_MATRIX, STACKED_SCRIPTS, TEXT_LABEL_BRACE, texFractionMatrixPdf, texStackedScriptsPdf, texTextLabelBracePdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-formula-pieces-');
const bare = (text: string) => text.replace(/\s+/g, '');
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const texts = (xml: string) => decode([...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''));

/** Writes `pdf` as `name` in the scratch folder. */
function saved(pdf: Uint8Array, name: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, pdf);
  return file;
}

/** The paragraphs (XML) of the Word document of the file's conversion that hold text. */
async function wordParagraphs(file: string): Promise<string[]> {
  const document = (await readZipParts((await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), file, scratch)).path)).find((p) => p.name === 'word/document.xml')!.text;
  return [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => p).filter((p) => bare(texts(p)) !== '');
}

/** The texts of the runs of a paragraph raised (`superscript`) or lowered (`subscript`). */
const scripts = (paragraph: string, kind: 'superscript' | 'subscript') =>
  [...paragraph.matchAll(new RegExp(`<w:r>(?:(?!</w:r>)[\\s\\S])*?<w:vertAlign w:val="${kind}"/>[\\s\\S]*?<w:t[^>]*>([^<]*)</w:t>`, 'g'))].map(([, t]) => t).join('');

it("pdf-to-word reads an underbrace's rules as the brace's, its text label under it, no fraction", async () => {
  const paragraphs = await wordParagraphs(saved(await texTextLabelBracePdf(), 'text-label-brace.pdf'));
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(TEXT_LABEL_BRACE.head), bare(TEXT_LABEL_BRACE.text)]);
  const line = paragraphs[1];
  expect(line).not.toContain('<m:f>');
  const label = /<m:limLow>[\s\S]*?<m:groupChr>[\s\S]*?<m:lim>([\s\S]*?)<\/m:lim>/.exec(line)?.[1] ?? '';
  expect(bare(texts(label))).toBe(bare(TEXT_LABEL_BRACE.label));
});

describe('scripts stacked on one glyph', () => {
  const file = path.join(scratch, 'stacked-scripts.pdf');
  beforeAll(async () => writeFileSync(file, await texStackedScriptsPdf()));

  it('the input: MuPDF starts a line at each subscript, under its superscript', () => {
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', file], { encoding: 'utf8' });
    expect([...stext.matchAll(/<line /g)]).toHaveLength(STACKED_SCRIPTS.terms.length + 1);
  });

  it('pdf-to-word reads the formula as one line, each x with its superscript and its subscript', async () => {
    const paragraphs = await wordParagraphs(file);
    expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(STACKED_SCRIPTS.text)]);
    expect(scripts(paragraphs[0], 'superscript')).toBe('2'.repeat(STACKED_SCRIPTS.terms.length));
    expect(scripts(paragraphs[0], 'subscript')).toBe(STACKED_SCRIPTS.terms.join(''));
  });
});

it('pdf-to-word reads a matrix of fractions as an equation matrix (m:d around m:m) whose entries are fractions (m:f)', async () => {
  const paragraphs = await wordParagraphs(saved(await texFractionMatrixPdf(), 'fraction-matrix.pdf'));
  expect(paragraphs.map((p) => bare(texts(p)))).toEqual([bare(FRACTION_MATRIX.text)]);
  const matrix = /<m:d>([\s\S]*?<\/m:m>[\s\S]*?)<\/m:d>/.exec(paragraphs[0])?.[1] ?? '';
  expect(/<m:begChr m:val="([^"]*)"/.exec(matrix)?.[1]).toBe('(');
  expect(/<m:endChr m:val="([^"]*)"/.exec(matrix)?.[1]).toBe(')');
  const rows = [...matrix.matchAll(/<m:mr>([\s\S]*?)<\/m:mr>/g)].map(([, row]) =>
    [...row.matchAll(/<m:f>[\s\S]*?<m:num>([\s\S]*?)<\/m:num>[\s\S]*?<m:den>([\s\S]*?)<\/m:den>/g)].map(([, numerator, denominator]) => [texts(numerator), texts(denominator)]),
  );
  expect(rows).toEqual(FRACTION_MATRIX.rows);
});
