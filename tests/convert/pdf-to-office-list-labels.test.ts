/**
 * A list item keeps the marker it was printed with (issue 14: GeoTopo-komprimiert.pdf's "a)"
 * items came out of Word as "a.", its "1)" as "1.", and PowerPoint numbered letter items 1. 2. 3.).
 * Word and PowerPoint number the items themselves, so the label they print is what is checked:
 * Word's as LibreOffice prints the DOCX (pdftotext of its PDF: the labels as drawn), PowerPoint's in the slide XML (its autonumber scheme, bullet character, or the
 * marker kept as text where no scheme prints it).
 */
import { execFileSync } from 'node:child_process';
import { Document, Packer, Paragraph } from 'docx';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { printDocx, SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { zipPartText } from '../support/zip';

const LISTS = [
  ['a) The first point holds words.', 'b) The second point holds words.', 'c) The third point holds words.'],
  ['(1) One stands in parentheses.', '(2) Two stands in parentheses.'],
  ['– A dash starts this item.', '– A dash starts this one too.'],
  ['一、第一条规定的内容', '二、第二条规定的内容'],
];
const BETWEEN = 'Plain prose between the lists keeps them apart from each other.';

const scratch = scratchFolder('pdf-to-office-list-labels-');
let input: string;
beforeAll(async () => {
  pptxgenjsInBrowserMode();
  const children = LISTS.flatMap((items) => [...items.map((text) => new Paragraph({ text, spacing: { after: 60 } })), new Paragraph({ text: BETWEEN, spacing: { before: 200, after: 200 } })]);
  input = printDocx(await Packer.toBuffer(new Document({ sections: [{ children }] })), scratch);
}, SOFFICE_TIMEOUT_MS);

const run = async (toolId: string) => (await convertFile(converterOf(toolId, pdfToOfficeConverters), input, scratch)).path;
/** Label and text are set apart by a tab, drawn as a gap: compared without spaces. */
const unspaced = (text: string) => text.replace(/\s+/g, '');

describe('PDF → Word: list labels as printed', () => {
  let lines: string[];
  let numbering: string;
  beforeAll(async () => {
    const docx = await run('pdf-to-word');
    numbering = await zipPartText(docx, 'word/numbering.xml');
    const printed = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', sofficeConvert(docx, 'pdf', scratch), '-'], { encoding: 'utf8' });
    lines = printed.split('\n').map(unspaced).filter(Boolean);
  }, SOFFICE_TIMEOUT_MS);

  it('numbers each list itself, with the shape of its marker', () => {
    for (const label of ['%1)', '(%1)', '–', '%1、']) expect(numbering).toContain(`w:lvlText w:val="${label}"`);
    expect(numbering).not.toContain('w:lvlText w:val="%1."');
  });

  it('reads as printed, each item with its own label, in order', () => {
    const items = LISTS.flat().map(unspaced);
    expect(lines).toEqual(expect.arrayContaining(items));
    const found = items.map((item) => lines.indexOf(item));
    expect([...found].sort((a, b) => a - b)).toEqual(found);
  });
});

describe('PDF → PowerPoint: list labels as printed', () => {
  /** Each paragraph of the slide: its numbering scheme and first number, its bullet character, its text. */
  let paragraphs: { scheme?: string; bullet?: string; text: string }[];
  beforeAll(async () => {
    const slide = await zipPartText(await run('pdf-to-ppt'), 'ppt/slides/slide1.xml');
    paragraphs = [...slide.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)].map(([, p]) => ({
      scheme: /<a:buAutoNum type="([^"]+)" startAt="(\d+)"/.exec(p)?.slice(1).join(' '),
      bullet: /<a:buChar char="([^"]+)"/.exec(p)?.[1].replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))),
      text: [...p.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join(''),
    }));
  });
  const item = (text: string) => paragraphs.find((p) => p.text === text.replace(/^\S+ /, '') || p.text === text);

  it('numbers letter and bracketed items with the scheme that prints their marker, each from its own number', () => {
    expect(LISTS[0].map((text) => item(text)?.scheme)).toEqual(['alphaLcParenR 1', 'alphaLcParenR 2', 'alphaLcParenR 3']);
    expect(LISTS[1].map((text) => item(text)?.scheme)).toEqual(['arabicParenBoth 1', 'arabicParenBoth 2']);
  });

  it('bullets dash items with the dash, and keeps a marker no scheme prints as text', () => {
    expect(LISTS[2].map((text) => item(text)?.bullet)).toEqual(['–', '–']);
    expect(LISTS[3].map((text) => item(text))).toEqual(LISTS[3].map((text) => ({ text })));
  });
});

/**
 * A composition operator that a display formula starts with is not a bullet (issue 14: GeoTopo's
 * "(a b; c d) ◦ z := (az+b)/(cz+d)" became a list item, its "◦" put into Word's numbering); the
 * same "◦" before prose, item after item, still is one.
 */
describe('PDF → Word: an operator heading a formula is not a bullet', () => {
  const bullets = ['◦ A hollow circle marks this point.', '◦ A hollow circle marks this one too.'];
  const formulas = ['◦ z := w + 1', '· x = y + 2'];
  const listScratch = scratchFolder('pdf-to-office-operator-marker-');
  let paragraphs: { numbered: boolean; text: string }[];
  beforeAll(async () => {
    const children = [
      ...bullets.map((text) => new Paragraph({ text, spacing: { after: 60 } })),
      ...[BETWEEN, formulas[0], BETWEEN, formulas[1], BETWEEN].map((text) => new Paragraph({ text, spacing: { before: 200, after: 200 } })),
    ];
    const pdf = printDocx(await Packer.toBuffer(new Document({ sections: [{ children }] })), listScratch);
    const docx = await convertFile(converterOf('pdf-to-word', pdfToOfficeConverters), pdf, listScratch);
    const xml = await zipPartText(docx.path, 'word/document.xml');
    paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([p]) => ({
      numbered: p.includes('<w:numPr>'),
      text: [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    }));
  }, SOFFICE_TIMEOUT_MS);
  const paragraph = (text: string) => paragraphs.find((p) => unspaced(p.text).endsWith(unspaced(text.slice(1))));

  it('keeps the operator in the formula line, which is no list item', () => {
    for (const text of formulas) expect(paragraph(text)).toEqual({ numbered: false, text: expect.stringMatching(new RegExp(`^\\s*${text[0]}`)) });
  });

  it('still bullets prose items after the same marker', () => {
    for (const text of bullets) expect(paragraph(text)).toEqual({ numbered: true, text: text.slice(2) });
  });
});
