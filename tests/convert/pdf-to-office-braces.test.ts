// TeX's \underbrace{…}_{…} and \overbrace{…}^{…} through PDF → Word, PowerPoint and Excel (issue 14:
// in the GeoTopo thesis each brace's four CMEX10 tips, which have no Unicode, came out as small glyph
// pictures scattered at line ends, and the label under the brace as a line apart). The page
// (tests/support/tex-cff-pdfs.ts) draws a line with an underbrace and an overbrace of such tips and
// rules, each label centred under (over) its brace. Word must set each brace as one equation, the
// spanned text under (over) the group character ⏟ (⏞) and the label as its lower (upper) limit, in
// the line's place, and LibreOffice must print it without a ¿; the other writers read the line with
// each brace's character and label right after what it spans.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { sofficeConvert, SOFFICE_TIMEOUT_MS } from '../support/soffice';
import { BRACED_TERMS, texBracedTermsPdf } from '../support/tex-cff-pdfs';
import { readZipParts } from '../support/zip';

const scratch = scratchFolder('pdf-to-office-braces-');
const input = path.join(scratch, 'braces.pdf');
/** Without white space, and without the zero-width space Word's label gets before a relation (for LibreOffice, which wants an operand there). */
const bare = (text: string) => text.replace(/[\s\u200B]+/g, '');
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** The text of w:t and m:t elements in document order. */
const texts = (xml: string) => decode([...xml.matchAll(/<[wm]:t(?: [^>]*)?>([^<]*)<\/[wm]:t>/g)].map((t) => t[1]).join(''));

beforeAll(async () => {
  writeFileSync(input, await texBracedTermsPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string) => (await convertFile(converterOf(toolId, pdfToOfficeConverters), input, scratch)).path;

it('the input: MuPDF alone reads the tips as U+FFFD and the labels as lines of their own', () => {
  const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' });
  expect(stext.match(/c="&#xfffd;"/gi)?.length).toBe(8);
  const lines = [...stext.matchAll(/<line [\s\S]*?<\/line>/g)].map((m) => bare([...m[0].matchAll(/ c="([^"]*)"/g)].map((c) => c[1]).join('')));
  expect(lines).toEqual(expect.arrayContaining([bare(BRACED_TERMS.under.label), bare(decode(BRACED_TERMS.over.label))]));
});

describe('pdf-to-word', () => {
  let docx: string;
  let document: string;
  beforeAll(async () => {
    docx = await run('pdf-to-word');
    document = (await readZipParts(docx)).find((p) => p.name === 'word/document.xml')!.text;
  });

  it('reads the line whole, each brace as one equation in its place, and draws no glyph pictures', async () => {
    const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => bare(texts(p))).filter((p) => p !== '');
    expect(paragraphs).toEqual([bare(BRACED_TERMS.text)]);
    expect((await readZipParts(docx)).filter((p) => p.name.startsWith('word/media/'))).toEqual([]);
  });

  it('sets an underbrace as m:limLow over m:groupChr ⏟, an overbrace as m:limUpp over m:groupChr ⏞', () => {
    const equations = [...document.matchAll(/<m:oMath>[\s\S]*?<\/m:oMath>/g)].map(([m]) => m);
    const [under, over] = [BRACED_TERMS.under, BRACED_TERMS.over].map(({ spanned }) => equations.find((m) => bare(texts(m)).startsWith(bare(spanned)))!);
    for (const [equation, { spanned, label }, limit, chr, pos] of [
      [under, BRACED_TERMS.under, 'limLow', '⏟', 'bot'],
      [over, BRACED_TERMS.over, 'limUpp', '⏞', 'top'],
    ] as const) {
      const structure = equation.match(new RegExp(`^<m:oMath><m:${limit}>(?:<m:${limit}Pr>[\\s\\S]*?</m:${limit}Pr>)?<m:e><m:groupChr><m:groupChrPr><m:chr m:val="${chr}"/><m:pos m:val="${pos}"/>[\\s\\S]*?</m:groupChrPr><m:e>([\\s\\S]*?)</m:e></m:groupChr></m:e><m:lim>([\\s\\S]*?)</m:lim></m:${limit}></m:oMath>$`));
      expect(structure).not.toBeNull();
      expect(bare(texts(structure![1]))).toBe(bare(spanned));
      expect(bare(texts(structure![2]))).toBe(bare(decode(label)));
    }
  });

  it(
    'LibreOffice prints the braces\' terms and labels, without a ¿',
    () => {
      const printed = execFileSync('pdftotext', [sofficeConvert(docx, 'pdf', scratch), '-'], { encoding: 'utf8' });
      expect(printed).not.toContain('¿');
      for (const part of ['closed', 'open', 'end']) expect(printed).toContain(part);
    },
    SOFFICE_TIMEOUT_MS,
  );
});

it.each(['pdf-to-ppt', 'pdf-to-excel'])('%s reads each brace and its label right after what it spans', async (toolId) => {
  const parts = await readZipParts(await run(toolId));
  const xml = parts.filter((p) => /^(ppt\/slides\/slide1|xl\/sharedStrings|xl\/worksheets\/sheet1)\.xml$/.test(p.name)).map((p) => p.text).join('');
  const text = bare(decode([...xml.matchAll(/<(?:a|x)?:?t(?: [^>]*)?>([^<]*)<\/(?:a|x)?:?t>/g)].map((t) => t[1]).join('')));
  const { before, under, middle, over, after } = BRACED_TERMS;
  expect(text).toContain(bare(`${before}${under.spanned} ⏟ ${under.label}${middle}${over.spanned} ⏞ ${decode(over.label)}${after}`));
});
