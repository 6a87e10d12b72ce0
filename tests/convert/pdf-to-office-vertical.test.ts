// Vertical writing through PDF → Word, Excel, PowerPoint, HTML and EPUB (issue 14: pdf.js's
// vertical.pdf came out with its columns left to right). The page (tests/support/vertical-text-pdfs.ts)
// has an upright title and Chinese columns on Identity-V; poppler's pdftotext reads them title
// first, then the columns right to left, and is the reference. Outputs are read back as their
// packages' XML.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { ofdConverters } from '../../server/convert/tools/ofd';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { VERTICAL_COLUMN_TOP, VERTICAL_COLUMNS, VERTICAL_PAGE_TWO, VERTICAL_TITLE, verticalTextPdf } from '../support/vertical-text-pdfs';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { readZipParts } from '../support/zip';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { pageDifference, popplerPage } from '../support/pixels';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';

const scratch = scratchFolder('pdf-to-office-vertical-');
let input: string;
beforeAll(async () => {
  input = path.join(scratch, 'vertical.pdf');
  writeFileSync(input, await verticalTextPdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, file = input) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, ...ebookConverters, ...ofdConverters]), file, scratch)).path;

/** The text runs of the given parts of a package, in order, with nothing between them. */
async function packageText(file: string, part: RegExp, run: RegExp): Promise<string> {
  const parts = (await readZipParts(file)).filter(({ name }) => part.test(name));
  return parts.map(({ text }) => [...text.matchAll(run)].map((m) => m[1]).join('')).join('');
}

const withoutSpace = (text: string) => text.replace(/\s+/g, '');
const READING = [VERTICAL_TITLE, ...VERTICAL_COLUMNS, ...VERTICAL_PAGE_TWO].join('');

it('the input is vertical writing: MuPDF sees its columns running down, pdftotext reads the title, then the columns right to left', () => {
  expect(execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', input], { encoding: 'utf8' })).toContain('wmode="1"');
  expect(withoutSpace(execFileSync('pdftotext', ['-enc', 'UTF-8', input, '-'], { encoding: 'utf8' }))).toBe(READING);
});

describe('pdf-to-word', () => {
  let docx: string;
  beforeAll(async () => {
    docx = await run('pdf-to-word');
  });

  it('reads the title, then the columns right to left, each top to bottom', async () => {
    expect(withoutSpace(await packageText(docx, /^word\/document\.xml$/, /<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g))).toBe(READING);
  });

  /** The pieces (paragraphs, tables) of a stretch of document.xml's body that hold text, with that text. */
  const textPieces = (xml: string) =>
    [...xml.matchAll(/<w:(p|tbl)\b[\s\S]*?<\/w:\1>/g)].map(([piece, kind]) => ({ kind, text: [...piece.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('') })).filter((p) => p.text);
  /** A table's cells, the way its text runs and its top border. */
  const tableShape = (table: string) => ({ cells: table.match(/<w:tc>/g)!.length, direction: /<w:textDirection w:val="(\w+)"/.exec(table)?.[1], borders: /<w:top w:val="(\w+)"/.exec(table)?.[1] });

  it('sets the columns under the upright title vertically where they stood: a borderless one-cell table whose text runs down (tbRl)', async () => {
    const xml = (await readZipParts(docx)).find(({ name }) => name === 'word/document.xml')!.text;
    const pageOne = /<w:body>([\s\S]*?)<w:sectPr>/.exec(xml)![1];
    expect(textPieces(pageOne)).toEqual([
      { kind: 'p', text: VERTICAL_TITLE },
      { kind: 'tbl', text: VERTICAL_COLUMNS.join('') },
    ]);
    expect(tableShape(/<w:tbl>[\s\S]*?<\/w:tbl>/.exec(pageOne)![0])).toEqual({ cells: 1, direction: 'tbRl', borders: 'none' });
  });

  it('sets the page of vertical writing alone the same way, in place: a one-cell tbRl table, not a turned section that reflows its columns', async () => {
    const xml = (await readZipParts(docx)).find(({ name }) => name === 'word/document.xml')!.text;
    const sections = [...xml.matchAll(/<w:sectPr>([\s\S]*?)<\/w:sectPr>/g)].map((m) => /<w:textDirection w:val="(\w+)"/.exec(m[1])?.[1]);
    expect(sections).toEqual([undefined, undefined]);
    const pageTwo = xml.slice(xml.indexOf('</w:sectPr>'));
    expect(textPieces(pageTwo)).toEqual([{ kind: 'tbl', text: VERTICAL_PAGE_TWO.join('') }]);
    expect(tableShape(/<w:tbl>[\s\S]*?<\/w:tbl>/.exec(pageTwo)![0])).toEqual({ cells: 1, direction: 'tbRl', borders: 'none' });
  });

  /** Page `page` of a PDF as pdftotext reads its CJK columns: their texts right to left, each top to bottom, their left edges and top. */
  function columnsOn(pdf: string, page: number, skip: readonly string[] = []) {
    const words = [...execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)]
      .map((m) => ({ x: Math.round(Number(m[1])), y: Number(m[2]), text: m[3] }))
      .filter((w) => !skip.includes(w.text));
    const xs = [...new Set(words.map((w) => w.x))].sort((a, b) => b - a);
    const texts = xs.map((x) => words.filter((w) => w.x === x).sort((a, b) => a.y - b.y).map((w) => w.text).join(''));
    return { texts, xs, top: Math.min(...words.map((w) => w.y)) };
  }

  describe('LibreOffice draws the columns right to left, each top to bottom, as far apart as printed and where they stood', () => {
    let printed: string;
    beforeAll(() => {
      printed = sofficeConvert(docx, 'pdf', scratch);
    }, SOFFICE_TIMEOUT_MS);

    // The fixture's columns stand 36 points apart, and start as far below the top as printed
    // (a character's line box, 26 points tall here, holds its 20-point glyph). LibreOffice sets a
    // column's glyphs 4 points left of where the page drew them (its line box's descent).
    it.each([
      [1, VERTICAL_COLUMNS],
      [2, VERTICAL_PAGE_TWO],
    ])('page %i', (page, columns) => {
      const drawn = columnsOn(printed, page, [VERTICAL_TITLE]);
      expect(drawn.texts).toEqual(columns);
      expect(drawn.xs.slice(1).map((x, i) => drawn.xs[i] - x)).toEqual(columns.slice(1).map(() => 36));
      expect(Math.abs(drawn.top - VERTICAL_COLUMN_TOP)).toBeLessThan(8);
      const stood = columnsOn(input, page, [VERTICAL_TITLE]);
      expect(stood.texts).toEqual(columns);
      drawn.xs.forEach((x, i) => expect(Math.abs(x - stood.xs[i])).toBeLessThanOrEqual(6));
    });
  });
});

it('pdf-to-excel puts the title, then the columns in reading order on its sheets', async () => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await run('pdf-to-excel'));
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
  expect(withoutSpace(cells.join(''))).toBe(READING);
});

it('pdf-to-ppt keeps the order and sets the columns as vertical East Asian text', async () => {
  const pptx = await run('pdf-to-ppt');
  expect(withoutSpace(await packageText(pptx, /^ppt\/slides\/slide\d\.xml$/, /<a:t>([^<]*)<\/a:t>/g))).toBe(READING);
  const slide = (await readZipParts(pptx)).find(({ name }) => name === 'ppt/slides/slide1.xml')!.text;
  expect(slide).toContain('vert="eaVert"');
});

/** The text of an (X)HTML document's body. */
const bodyText = (html: string) => withoutSpace(/<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1].replace(/<[^>]+>/g, ''));

it('pdf-to-html and pdf-to-epub read in the same order', async () => {
  expect(bodyText(readFileSync(await run('pdf-to-html'), 'utf8'))).toBe(READING);
  const chapters = (await readZipParts(await run('pdf-to-epub'))).filter(({ name }) => /\.x?html$/.test(name) && !/nav|toc/.test(name));
  expect(chapters.map(({ text }) => bodyText(text)).join('')).toBe(READING);
});

it('pdf-to-ofd keeps the columns in reading order, their characters upright one below the other where they stood, as ofd-to-pdf draws them back', async () => {
  const ofd = await run('pdf-to-ofd');
  const objects = (await readZipParts(ofd))
    .filter(({ name }) => /Pages\/Page_\d+\/Content\.xml$/.test(name))
    .flatMap(({ text }) => [...text.matchAll(/<ofd:TextObject ([^>]*)>[\s\S]*?<ofd:TextCode ([^>]*)>([^<]*)<\/ofd:TextCode>/g)])
    .map(([, object, code, text]) => ({ object, code, text }));
  expect(objects.map((o) => o.text)).toEqual([VERTICAL_TITLE, ...VERTICAL_COLUMNS, ...VERTICAL_PAGE_TWO]);
  // GB/T 33190 §11.3: ReadDirection 90 reads down the page; CharDirection left at 0 keeps the characters upright.
  const direction = (object: string) => ({ read: /ReadDirection="(\d+)"/.exec(object)?.[1], char: /CharDirection="(\d+)"/.exec(object)?.[1] });
  expect(direction(objects[0].object)).toEqual({ read: undefined, char: undefined });
  for (const column of objects.slice(1)) {
    expect({ text: column.text, turned: column.object.includes('CTM='), stepsDown: column.code.includes('DeltaY='), ...direction(column.object) }).toEqual({ text: column.text, turned: false, stepsDown: true, read: '90', char: undefined });
  }
  const back = path.join(scratch, 'back.ofd');
  writeFileSync(back, readFileSync(ofd));
  const backPdf = await run('ofd-to-pdf', back);
  // Where the page drew them, not a font's bounding box higher (8 points for WenQuanYi Zen Hei):
  // poppler draws the input's pages and ofd-to-pdf's alike (0.5 and more when the columns stood higher).
  for (const page of [1, 2]) expect(await pageDifference(await popplerPage(backPdf, page, 72), input, page, 72)).toBeLessThan(0.1);
  const drawn = execFileSync('pdftotext', ['-bbox', '-f', '2', '-l', '2', backPdf, '-'], { encoding: 'utf8' });
  const glyphs = [...drawn.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), width: Number(m[3]) - Number(m[1]), text: m[5] }));
  const [first] = VERTICAL_PAGE_TWO;
  const column = [...first].map((char) => glyphs.find((g) => g.text === char)!);
  column.forEach((glyph, i) => {
    // Upright: one character a word, as wide as a full-width character, under the one before at the same x.
    expect({ char: glyph.text, width: Math.round(glyph.width) }).toEqual({ char: [...first][i], width: 20 });
    if (i > 0) expect({ x: Math.round(glyph.x - column[0].x), below: glyph.y > column[i - 1].y }).toEqual({ x: 0, below: true });
  });
});
