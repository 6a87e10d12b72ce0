// Glyphs no table and no OCR can read (issue 14: "…else its text run becomes an image"): a PDF
// shows "before □□ after" where the two boxes are glyphs without any Unicode (a font's .notdef).
// Every output keeps them as one picture where they stood, between the neighbouring words, and
// none holds U+FFFD; read back by independent readers: the packages' own XML (unzip), exceljs for
// the workbook's anchored image.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { ebookConverters } from '../../server/convert/tools/ebook';
import { ofdConverters } from '../../server/convert/tools/ofd';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import type { Converter, ConvertOutput } from '../../server/convert/types';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { drawPageClips } from '../../server/convert/tools/pdf-to-office/extraction/page-clips';
import { GlyphPictures, MAX_PICTURES, MAX_PICTURES_PER_PAGE, type GlyphCount, type UnreadableGlyph } from '../../server/convert/tools/pdf-to-office/extraction/glyph-pictures';
import { unreadableNote } from '../../server/convert/tools/pdf-to-office/extraction/unmapped-glyphs';
import type { PdfChar } from '../../server/convert/tools/pdf-to-office/page-content';
import { turnedUnreadableGlyphsPdf, UNREADABLE_LINE_TURNS, UNREADABLE_NEIGHBOURS, unreadableGlyphsPdf, VERTICAL_UNREADABLE_NEIGHBOURS, verticalUnreadableGlyphsPdf } from '../support/unmapped-glyph-pdfs';
import { readZipParts } from '../support/zip';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';
import { blurred, greyPixels, inkBands, inkDifference, popplerPage, type Grey } from '../support/pixels';

const [BEFORE, AFTER] = UNREADABLE_NEIGHBOURS;
const NOTE = '第1页有 2 个字符无法识别（字体未提供对应的文字），已按原样以图片保留';
/** The glyphs' box: 16-point text, from 0.8 em above the baseline to 0.2 em below. */
const PICTURE_HEIGHT_POINTS = 16;
const EMUS_PER_POINT = 12700;

const scratch = scratchFolder('glyph-pictures-test-');
let input: string;
beforeAll(async () => {
  input = path.join(scratch, 'unreadable-glyphs.pdf');
  writeFileSync(input, await unreadableGlyphsPdf());
  pptxgenjsInBrowserMode();
});

const converters: Converter<any>[] = [...pdfToOfficeConverters, ...ebookConverters, ...ofdConverters];
async function run(toolId: string): Promise<{ output: ConvertOutput; notes: string[] }> {
  const notes: string[] = [];
  return { output: await convertFile(converterOf(toolId, converters), input, scratch, { notes }), notes };
}

async function parts(file: string): Promise<Map<string, string>> {
  return new Map((await readZipParts(file)).map((part) => [part.name, part.text]));
}

/** The package's markup parts (pictures decoded as UTF-8 would read as U+FFFD). */
const markup = (package_: Map<string, string>) => [...package_].filter(([name]) => /\.(xml|xhtml|opf|ncx|rels)$/.test(name)).map(([, text]) => text);

/** Where `word` stands in the text between a markup's tags (not in an attribute such as w:after). */
const wordAt = (markup: string, word: string) => markup.search(new RegExp(`>[^<>]*\\b${word}\\b[^<>]*<`));

/** Whether `middle` stands after the word before the glyphs and before the word after them. */
function between(markup: string, middle: string | RegExp): boolean {
  const at = typeof middle === 'string' ? markup.indexOf(middle) : markup.search(middle);
  return wordAt(markup, BEFORE) >= 0 && wordAt(markup, BEFORE) < at && at < wordAt(markup, AFTER);
}

/** The <p> element holding the words. */
const paragraphOfWords = (markup: string) => markup.match(/<p[ >][\s\S]*?<\/p>/g)!.find((p) => p.includes(BEFORE))!;

const noReplacement = (texts: Iterable<string>) => [...texts].every((text) => !text.includes('\uFFFD'));

it('the input shows the defect: MuPDF reads the page as U+FFFD, and the page shows the two boxes between the words', async () => {
  expect(execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', input], { encoding: 'utf8' })).toContain('\uFFFD');
  const { data, info } = await sharp(execFileSync('mutool', ['draw', '-q', '-r', '72', '-F', 'png', '-o', '-', input])).greyscale().raw().toBuffer({ resolveWithObject: true });
  // Ink in the band of the line, where the words leave a gap (x 75–105 at 72 dpi).
  let ink = 0;
  for (let y = 30; y < 55; y++) for (let x = 75; x < 105; x++) if (data[y * info.width + x] < 128) ink++;
  expect(ink).toBeGreaterThan(10);
});

it('Word: an inline picture of the glyphs, at their height, in the paragraph between the words, and the note says so', async () => {
  const { output, notes } = await run('pdf-to-word');
  const docx = await parts(output.path);
  const xml = docx.get('word/document.xml')!;
  const paragraph = xml.split('</w:p>').find((p) => p.includes(BEFORE))!;
  expect(between(paragraph, '<a:blip')).toBe(true);
  const media = [...docx.keys()].filter((name) => name.startsWith('word/media/'));
  expect(media).toHaveLength(1);
  // The picture shows the two boxes: dark pixels on white.
  const { data } = await sharp(execFileSync('unzip', ['-p', output.path, media[0]])).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(data.filter((value) => value < 128).length).toBeGreaterThan(20);
  const [, , height] = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(paragraph)!.map(Number);
  expect(Math.abs(height / EMUS_PER_POINT - PICTURE_HEIGHT_POINTS)).toBeLessThan(1);
  // Its foot is the glyphs' descent (0.2 em) below the baseline, not on it: the run is lowered by 3.2 pt (w:position, an integer of half-points).
  const lowered = /<w:r>(?:(?!<\/w:r>)[\s\S])*?<w:position w:val="(-?\d+)"\/>(?:(?!<\/w:r>)[\s\S])*?<a:blip/.exec(paragraph);
  expect(Number(lowered?.[1])).toBe(Math.round(-0.2 * PICTURE_HEIGHT_POINTS * 2));
  expect(noReplacement(markup(docx))).toBe(true);
  expect(notes).toEqual([NOTE]);
});

it('Excel: the picture anchored over the cell holding the words, which keep their text', async () => {
  const { output, notes } = await run('pdf-to-excel');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(output.path);
  const sheet = workbook.worksheets[0];
  const cells: { row: number; col: number; text: string }[] = [];
  sheet.eachRow((row, r) => row.eachCell((cell, c) => void cells.push({ row: r, col: c, text: cell.text })));
  const words = cells.find((cell) => cell.text.includes(BEFORE) && cell.text.includes(AFTER))!;
  expect(words).toBeDefined();
  const images = sheet.getImages();
  expect(images).toHaveLength(1);
  // exceljs anchors count from 0.
  expect(images[0].range.tl.nativeRow + 1).toBe(words.row);
  expect(images[0].range.tl.nativeCol + 1).toBe(words.col);
  expect(noReplacement(cells.map((cell) => cell.text))).toBe(true);
  expect(notes).toEqual([NOTE]);
});

/** The first column from `x` with ink between rows `top` and `bottom` (pixels), or -1. */
function firstInkColumn({ width, data }: Grey, x: number, top: number, bottom: number): number {
  for (; x < width; x++) for (let y = top; y < bottom; y++) if (data[y * width + x] < 128) return x;
  return -1;
}

it('Excel: the picture stands as far into the cell as the glyphs stood right of the start of the words (the anchor in EMUs)', async () => {
  const { output } = await run('pdf-to-excel');
  const drawing = execFileSync('unzip', ['-p', output.path, 'xl/drawings/drawing1.xml'], { encoding: 'utf8' });
  const [, col, colOff] = /<xdr:from><xdr:col>(\d+)<\/xdr:col><xdr:colOff>(\d+)<\/xdr:colOff>/.exec(drawing)!.map(Number);
  const [, cx] = /<xdr:ext cx="(\d+)"/.exec(drawing)!.map(Number);
  expect(col).toBe(0);
  // On the page (poppler, 4 pixels a point): where the words start, and where the boxes' ink starts after "before".
  const words = [...execFileSync('pdftotext', ['-bbox', input, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));
  const [[textLeft, top, beforeRight, bottom]] = words;
  const page = await popplerPage(input, 1, 288);
  const pageInk = firstInkColumn(page, Math.ceil((beforeRight + 1) * 4), Math.floor(top * 4), Math.ceil(bottom * 4)) / 4;
  // In the picture: where its ink starts, in points at the size it is shown.
  const picture = await greyPixels(execFileSync('unzip', ['-p', output.path, 'xl/media/image1.png']));
  const pictureInk = (firstInkColumn(picture, 0, 0, picture.height) * cx) / EMUS_PER_POINT / picture.width;
  expect(Math.abs(colOff / EMUS_PER_POINT + pictureInk - (pageInk - textLeft))).toBeLessThan(1.5);
});

it('PowerPoint: a picture on the slide beside the text box of the words', async () => {
  const { output, notes } = await run('pdf-to-ppt');
  const pptx = await parts(output.path);
  const slide = pptx.get('ppt/slides/slide1.xml')!;
  expect(slide).toContain('<p:pic>');
  expect(slide).toContain(BEFORE);
  expect(slide).toContain(AFTER);
  expect([...pptx.keys()].some((name) => name.startsWith('ppt/media/'))).toBe(true);
  expect(noReplacement(markup(pptx))).toBe(true);
  expect(notes).toEqual([NOTE]);
});

it('HTML and EPUB: an <img> between the words; the EPUB lists its file in the manifest', async () => {
  const html = await run('pdf-to-html');
  const text = readFileSync(html.output.path, 'utf8');
  expect(between(paragraphOfWords(text), /<img [^>]*src="data:image\/png;base64,/)).toBe(true);
  expect(noReplacement([text])).toBe(true);
  expect(html.notes).toEqual([NOTE]);

  const epub = await run('pdf-to-epub');
  const book = await parts(epub.output.path);
  const chapter = [...book].find(([name, xml]) => name.endsWith('.xhtml') && xml.includes(BEFORE))![1];
  const paragraph = paragraphOfWords(chapter);
  const src = /<img [^>]*src="\.\.\/([^"]+)"/.exec(paragraph)![1];
  expect(between(paragraph, `src="../${src}"`)).toBe(true);
  expect(book.has(`OEBPS/${src}`)).toBe(true);
  expect(book.get('OEBPS/content.opf')).toContain(`href="${src}"`);
  expect(noReplacement(markup(book))).toBe(true);
});

/** Where each character of the page's TextObjects starts (mm): its object's Boundary x plus the DeltaX before it. */
function ofdCharacters(content: string): { text: string; x: number }[] {
  return [...content.matchAll(/<ofd:TextObject [^>]*Boundary="([\d.]+) [^"]*"[\s\S]*?<ofd:TextCode X="([\d.]+)"[^>]*?(?: DeltaX="([^"]*)")?>([^<]*)</g)].flatMap(([, left, x, deltas = '', text]) => {
    const steps = deltas.split(' ').filter(Boolean).map(Number);
    let at = Number(left) + Number(x);
    return Array.from(text).map((char, i) => ({ text: char, x: (at += i === 0 ? 0 : steps[i - 1]) }));
  });
}

it('OFD: an ImageObject over a MultiMedia file, where the glyphs stood between the words', async () => {
  const { output, notes } = await run('pdf-to-ofd');
  const ofd = await parts(output.path);
  const content = ofd.get('Doc_0/Pages/Page_0/Content.xml')!;
  const image = /<ofd:ImageObject [^>]*Boundary="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"[^>]*ResourceID="(\d+)"/.exec(content)!;
  expect(image).not.toBeNull();
  const [x, , width, height] = image.slice(1, 5).map(Number);
  const chars = ofdCharacters(content);
  const line = chars.map((c) => c.text).join('');
  const lastOfBefore = chars[line.indexOf(BEFORE) + BEFORE.length - 1];
  const firstOfAfter = chars[line.indexOf(AFTER)];
  expect(lastOfBefore.x).toBeLessThan(x);
  expect(x + width).toBeLessThanOrEqual(firstOfAfter.x);
  expect(Math.abs(height - PICTURE_HEIGHT_POINTS * (25.4 / 72))).toBeLessThan(0.5);
  const file = new RegExp(`<ofd:MultiMedia ID="${image[5]}"[^>]*><ofd:MediaFile>([^<]+)<`).exec(ofd.get('Doc_0/DocumentRes.xml')!)![1];
  const picture = (await readZipParts(output.path)).find((part) => part.name === `Doc_0/Res/${file}`);
  expect(picture).toBeDefined();
  expect(noReplacement(markup(ofd))).toBe(true);
  expect(notes).toEqual([NOTE]);
});

describe('the bound on glyph pictures', () => {
  const font = { name: 'F', bold: false, italic: false };
  /** A glyph of a 10-point line at x; unreadable ones have text ''. */
  const glyph = (x: number, unreadable: boolean): PdfChar | UnreadableGlyph => ({
    text: unreadable ? '' : 'a',
    box: { x0: x, y0: 92, x1: x + 5, y1: 102 },
    font,
    size: 10,
    baseline: 100,
    ...(unreadable ? { unreadable: true as const } : {}),
  });

  it('joins neighbouring unreadable glyphs (and the spaces between them) into one picture, and stops at the page\'s bound', () => {
    const pictures = new GlyphPictures(scratch);
    const count: GlyphCount = { pictured: 0, unreadable: 0, roomless: [], pictures: 0 };
    // Two unreadable glyphs side by side, then 100 apart from each other by a readable one.
    const line = [glyph(0, true), glyph(5, true), ...Array.from({ length: 100 }, (_, i) => [glyph(10 + 20 * i, false), glyph(20 + 20 * i, true)]).flat()];
    const chars = pictures.line(1, line, count);
    expect(chars.filter((c) => c.picture)).toHaveLength(MAX_PICTURES_PER_PAGE);
    expect(chars[0].box).toEqual({ x0: 0, y0: 92, x1: 10, y1: 102 });
    expect(count).toEqual({ pictures: MAX_PICTURES_PER_PAGE, pictured: MAX_PICTURES_PER_PAGE + 1, unreadable: 101 - MAX_PICTURES_PER_PAGE, roomless: [] });
  });

  it('leaves out a glyph that takes no room (XY-pic\'s arrow tip), and says where it stood, so that a figure drawn there counts it kept', () => {
    const pictures = new GlyphPictures(scratch);
    const count: GlyphCount = { pictured: 0, unreadable: 0, roomless: [], pictures: 0 };
    const tip = { ...glyph(40, true), box: { x0: 40, y0: 95, x1: 40, y1: 99 } };
    const chars = pictures.line(1, [glyph(0, false), tip, glyph(60, false)], count);
    expect(chars.map((c) => c.text)).toEqual(['a', 'a']);
    expect(count).toEqual({ pictures: 0, pictured: 0, unreadable: 1, roomless: [{ box: tip.box, glyphs: 1 }] });
  });

  it('stops at the document\'s bound across pages', () => {
    const pictures = new GlyphPictures(scratch);
    let made = 0;
    for (let page = 1; made < MAX_PICTURES + 10; page++) {
      const count: GlyphCount = { pictured: 0, unreadable: 0, roomless: [], pictures: 0 };
      pictures.line(page, Array.from({ length: 10 }, (_, i) => [glyph(20 * i, true), glyph(20 * i + 10, false)]).flat(), count);
      made += 10;
      expect(count.pictured + count.unreadable).toBe(10);
      if (made > MAX_PICTURES) expect(count.unreadable).toBe(10);
    }
  });

  it('the note says how many were kept as pictures and how many were dropped, page by page', () => {
    expect(unreadableNote([{ number: 3, pictured: 5 }, { number: 4, pictured: 2, unreadable: 7 }, { number: 5 }])).toBe(
      '第3页有 5 个、第4页有 2 个字符无法识别（字体未提供对应的文字），已按原样以图片保留；第4页有 7 个字符无法识别（字体未提供对应的文字）且未能保留为图片，已略去',
    );
    expect(unreadableNote([{ number: 1 }])).toBeUndefined();
  });
});

it('a picture grows to take in its glyphs\' whole ink beyond the line (a tall brace), and no other glyph\'s', async () => {
  // A 60-point "I" and, beside it, a 60-point "X" on a page 200 points tall: baselines at y 150 from the top.
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('I', { x: 20, y: 50, size: 60, font });
  page.drawText('X', { x: 100, y: 50, size: 60, font });
  const pdf = path.join(scratch, 'tall-glyph.pdf');
  writeFileSync(pdf, await doc.save());
  const file = path.join(scratch, 'tall-glyph.png');
  // A band of 10 points above the baseline, as a line box of a small size would be.
  const drawn = await drawPageClips(pdf, [{ page: 1, box: { x0: 20, y0: 140, x1: 40, y1: 150 }, file, grow: { glyphs: [{ x: 20, y: 150 }], reach: 120 } }], { workDir: scratch });
  const box = drawn.get(file)!.box!;
  // Helvetica's capitals stand 0.72 em tall: the I's top at about 150 − 43.
  expect(box.y0).toBeGreaterThan(100);
  expect(box.y0).toBeLessThan(112);
  expect(box.y1).toBeGreaterThanOrEqual(150);
  // The X, within reach but not asked for, does not widen it.
  expect(box.x1).toBeLessThan(60);
  const { height } = await sharp(file).metadata();
  expect(height).toBeGreaterThan(2 * 38);
});

describe('unreadable glyphs in a column of vertical writing', () => {
  let docx: string;
  beforeAll(async () => {
    const pdf = path.join(scratch, 'vertical-unreadable.pdf');
    writeFileSync(pdf, await verticalUnreadableGlyphsPdf());
    docx = (await convertFile(converterOf('pdf-to-word', converters), pdf, scratch)).path;
  });

  it('the input shows them: MuPDF reads two U+FFFD in the column between the readable characters', () => {
    const text = execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', path.join(scratch, 'vertical-unreadable.pdf')], { encoding: 'utf8' }).replace(/\s+/g, '');
    expect(text).toBe(`${VERTICAL_UNREADABLE_NEIGHBOURS[0]}\uFFFD\uFFFD${VERTICAL_UNREADABLE_NEIGHBOURS[1]}`);
  });

  it('Word: one picture between the characters above and below, holding the two glyphs whole and nothing of the character above', async () => {
    const xml = (await parts(docx)).get('word/document.xml')!;
    const [above, below] = VERTICAL_UNREADABLE_NEIGHBOURS;
    expect(xml.indexOf(above)).toBeLessThan(xml.indexOf('<a:blip'));
    expect(xml.indexOf('<a:blip')).toBeLessThan(xml.indexOf(below));
    const media = [...(await parts(docx)).keys()].filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    // Rows with ink, in bands down the picture: the two .notdef boxes, each as tall as the other
    // (to a point: the picture's edge is whole points), and nothing else (no sliver of the character
    // above, no box cut short).
    const picture = await greyPixels(execFileSync('unzip', ['-p', docx, media[0]]));
    const heights = inkBands(picture);
    expect(heights).toHaveLength(2);
    // The picture is the column's width, 20 points.
    const pixelsPerPoint = picture.width / 20;
    expect(Math.abs(heights[0] - heights[1])).toBeLessThanOrEqual(1.5 * pixelsPerPoint);
  });
});

describe('unreadable glyphs on lines turned a quarter, which Word and HTML set left to right', () => {
  let pdf: string;
  beforeAll(async () => {
    pdf = path.join(scratch, 'turned-unreadable.pdf');
    writeFileSync(pdf, await turnedUnreadableGlyphsPdf());
  });

  /** How far a picture is from the upright line's, both blurred by a pixel (the pictures' edges are whole points): about 1 drawn sideways. */
  const fromUpright = async (picture: Grey, upright: Grey) => inkDifference(await blurred(picture, 1), await blurred(upright, 1));

  it('the input shows the defect: MuPDF reads an upright line and lines running up and down the page, all of them U+FFFD', () => {
    const stext = execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', pdf], { encoding: 'utf8' });
    const directions = [...stext.matchAll(/<line [^>]*dir="([^"]+)"/g)].map((m) => m[1].split(' ').map((v) => Math.round(Number(v)) || 0));
    expect(directions).toEqual([
      [1, 0],
      [0, -1],
      [0, 1],
    ]);
    const lines = execFileSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '-', pdf], { encoding: 'utf8' }).split('\n').filter((line) => line.trim());
    expect(lines.map((line) => line.replace(/\uFFFD/g, ''))).toEqual(UNREADABLE_LINE_TURNS.map(() => ''));
  });

  it('Word: each line\'s glyphs are one picture between its words, the turned lines\' turned upright with them, as the upright line\'s is', async () => {
    const output = (await convertFile(converterOf('pdf-to-word', converters), pdf, scratch)).path;
    const docx = await parts(output);
    const xml = docx.get('word/document.xml')!;
    const targets = new Map([...docx.get('word/_rels/document.xml.rels')!.matchAll(/Id="(\w+)"[^>]*Target="([^"]+)"/g)].map((m) => [m[1], m[2]]));
    const paragraphs = xml.split('</w:p>').filter((p) => p.includes(BEFORE));
    expect(paragraphs).toHaveLength(UNREADABLE_LINE_TURNS.length);
    const pictures: Grey[] = [];
    const sizes: number[][] = [];
    for (const paragraph of paragraphs) {
      const embeds = [...paragraph.matchAll(/r:embed="(\w+)"/g)].map((m) => m[1]);
      expect({ pictures: embeds.length, between: between(paragraph, '<a:blip') }).toEqual({ pictures: 1, between: true });
      pictures.push(await greyPixels(execFileSync('unzip', ['-p', output, `word/${targets.get(embeds[0])}`])));
      sizes.push([...(/<wp:extent cx="(\d+)" cy="(\d+)"/.exec(paragraph) ?? [])].slice(1).map(Number));
    }
    const [upright, ...turned] = pictures;
    // The upright line's picture: the tall box, then the small one, side by side (one band of rows).
    expect(inkBands(upright)).toHaveLength(1);
    for (const [i, picture] of turned.entries()) {
      expect({ width: picture.width, height: picture.height, bands: inkBands(picture).length }).toEqual({ width: upright.width, height: upright.height, bands: 1 });
      expect(await fromUpright(picture, upright)).toBeLessThan(0.15);
      // Set as big as the upright one, and lowered as far below the baseline.
      expect(sizes[i + 1]).toEqual(sizes[0]);
      expect(/<w:position w:val="(-?\d+)"/.exec(paragraphs[i + 1])?.[1]).toBe(/<w:position w:val="(-?\d+)"/.exec(paragraphs[0])?.[1]);
    }
  });

  it('HTML: each line\'s picture between its words, the turned lines\' upright and as big as the upright line\'s', async () => {
    const html = readFileSync((await convertFile(converterOf('pdf-to-html', converters), pdf, scratch)).path, 'utf8');
    const images = [...html.matchAll(/<img class="glyphs" src="data:image\/png;base64,([^"]+)"[^>]*style="([^"]+)"/g)].map((m) => ({ data: Buffer.from(m[1], 'base64'), style: m[2] }));
    expect(images).toHaveLength(UNREADABLE_LINE_TURNS.length);
    const [upright, ...turned] = images;
    for (const image of turned) {
      expect(image.style).toBe(upright.style);
      expect(await fromUpright(await greyPixels(image.data), await greyPixels(upright.data))).toBeLessThan(0.15);
    }
  });

  it('PowerPoint, which sets the turned lines turned where they stood, lays the pictures over them as drawn', async () => {
    const pptx = await parts((await convertFile(converterOf('pdf-to-ppt', converters), pdf, scratch)).path);
    const slide = pptx.get('ppt/slides/slide1.xml')!;
    const extents = [...slide.matchAll(/<p:pic>[\s\S]*?<a:ext cx="(\d+)" cy="(\d+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(extents).toHaveLength(UNREADABLE_LINE_TURNS.length);
    const [[width, height], ...turned] = extents;
    for (const [cx, cy] of turned) expect({ cx: Math.abs(cx - height) <= 12700, cy: Math.abs(cy - width) <= 12700 }).toEqual({ cx: true, cy: true });
  });
});
