// A PDF whose font has no /ToUnicode and glyph names outside the Adobe Glyph List, the way TeX's
// math fonts name their delimiters (issue 14 item 4): MuPDF alone reads those glyphs as U+FFFD.
// Also glyphs whose text only /ActualText gives, and a CID font whose only Unicode is its cmap.
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFFont, type PDFPage } from 'pdf-lib';

const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** What the recovered glyphs must read as, in the order they stand on the line. */
export const RECOVERED_TEXT = ['(x)', '∑', '∫', 'م', '√'];

/**
 * Helvetica with /Differences from code 40: parenleftbig, parenrightbig, summationdisplay,
 * integraltext, uni0645 (a name MuPDF already knows), radicalbig, and one name nothing can read.
 */
export async function unmappedGlyphsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = doc.context.obj({
    Type: 'Font',
    Subtype: 'Type1',
    BaseFont: 'Helvetica',
    Encoding: {
      Type: 'Encoding',
      BaseEncoding: 'WinAnsiEncoding',
      Differences: [40, 'parenleftbig', 'parenrightbig', 'summationdisplay', 'integraltext', 'uni0645', 'radicalbig', 'nosuchglyphname'],
    },
  });
  page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: { F1: doc.context.register(font) } }));
  // Codes 40-46: ( ) * + , - .
  const content = doc.context.stream('BT /F1 14 Tf 20 150 Td (Sum \\(x\\) = a * + , - .) Tj ET');
  page.node.set(PDFName.of('Contents'), doc.context.register(content));
  return doc.save();
}

/** What the ActualText PDF's content must read as (poppler honours ActualText, so pdftotext agrees). */
export const ACTUAL_TEXT_WORDS = ['Root', '√2', 'flow', 'end', 'Form', 'م'];

/**
 * Glyphs with no Unicode of their own (codes 40 and 41 named nosuchglyphname and f_l_private)
 * inside /ActualText spans: inline (√2), named in /Properties (flow), and inside a form XObject
 * (م); and a FreeText annotation with text in its appearance, which the page's content does not
 * show, to keep the glyph count of the content honest.
 */
export async function actualTextPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const { context } = doc;
  const font = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type1',
      BaseFont: 'Helvetica',
      Encoding: { Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: [40, 'nosuchglyphname', 'f_l_private'] },
    }),
  );
  const form = context.register(
    context.stream('BT /F1 14 Tf 20 100 Td (Form ) Tj /Span <</ActualText <FEFF0645>>> BDC (\\() Tj EMC ET', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 300, 200],
      Resources: { Font: { F1: font } },
    }),
  );
  page.node.set(
    PDFName.of('Resources'),
    context.obj({ Font: { F1: font }, XObject: { Fm1: form }, Properties: { MC0: { ActualText: PDFHexString.fromText('flow') } } }),
  );
  const content = context.stream(
    'BT /F1 14 Tf 20 150 Td (Root ) Tj /Span <</ActualText <FEFF221A0032>>> BDC (\\() Tj EMC ( and ) Tj /Span /MC0 BDC (\\)ow) Tj EMC ( end) Tj ET /Fm1 Do',
  );
  page.node.set(PDFName.of('Contents'), context.register(content));
  const appearance = context.register(
    context.stream('BT /F1 10 Tf 2 4 Td (Note) Tj ET', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 60, 20], Resources: { Font: { F1: font } } }),
  );
  const note = context.register(context.obj({ Type: 'Annot', Subtype: 'FreeText', Rect: [200, 20, 260, 40], Contents: PDFHexString.fromText('Note'), DA: '/F1 10 Tf 0 g', AP: { N: appearance } }));
  page.node.set(PDFName.of('Annots'), context.obj([note]));
  return doc.save();
}

/** The text of the CID-font PDF: Latin and Arabic letters (unshaped, one glyph each), then a word in shaped glyphs. */
export const CID_FONT_WORDS = ['habibi', 'حبيبي', 'Sum', '123', 'سلام'];

/**
 * سلام as a shaping engine leaves it: glyphs for initial seen, medial lam, final alef and isolated
 * meem (presentation forms), drawn in visual order, left to right (meem first).
 */
const SHAPED_SALAM = '\uFEE1\uFE8E\uFEE0\uFEB3';

/**
 * DejaVu Sans embedded whole as a CID font on Identity-H, its /ToUnicode removed: the glyphs'
 * Unicode is only in the font program's cmap (MuPDF alone reads U+FFFD, poppler glyph numbers);
 * the shaped glyphs are there only under their presentation forms, and must read as the letters.
 */
export async function cidFontWithoutToUnicodePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(DEJAVU_SANS), { subset: false });
  const page = doc.addPage([400, 200]);
  page.drawText(`${CID_FONT_WORDS[0]} ${CID_FONT_WORDS[1]}`, { x: 20, y: 150, size: 16, font });
  page.drawText(`${CID_FONT_WORDS[2]} ${CID_FONT_WORDS[3]}`, { x: 20, y: 110, size: 16, font });
  page.drawText(SHAPED_SALAM, { x: 20, y: 70, size: 16, font });
  return savedWithoutToUnicode(doc);
}

/** The words of the empty-mapping PDF: the fatha (U+064E) reads with its letter, as WeasyPrint maps it. */
export const EMPTY_MAPPING_WORDS = ['habibi', '\u062D\u064E\u0628\u064A\u0628\u064A'];

/**
 * "habibi حَبيبي" in DejaVu Sans (CID font, Identity-H) with a /ToUnicode written the way
 * WeasyPrint writes it, on one line: the letter hah maps to hah and fatha together, the fatha's
 * own glyph to nothing (`<gid> <>`), which MuPDF reads as U+FFFD.
 */
export async function emptyMappingPdf(): Promise<Uint8Array> {
  const bytes = readFileSync(DEJAVU_SANS);
  const face = fontkit.create(bytes);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: false });
  const text = `${EMPTY_MAPPING_WORDS[0]} ${EMPTY_MAPPING_WORDS[1]}`;
  doc.addPage([400, 200]).drawText(text, { x: 20, y: 150, size: 16, font });
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const entries = [...new Set(Array.from(text))].map((c) => {
    const glyph = hex(face.glyphForCodePoint(c.codePointAt(0)!).id);
    if (c === '\u062D') return `<${glyph}> <062D064E>`;
    if (c === '\u064E') return `<${glyph}> <>`;
    return `<${glyph}> <${hex(c.codePointAt(0)!)}>`;
  });
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Habibi def 1 begincodespacerange <0000> <FFFF> endcodespacerange ${entries.length} beginbfchar ${entries.join(' ')} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  const saved = await PDFDocument.load(await doc.save());
  for (const [, object] of saved.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) object.set(PDFName.of('ToUnicode'), saved.context.register(saved.context.flateStream(cmap)));
  }
  return saved.save();
}

const LIBERATION_SERIF = '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf';
const WQY_ZENHEI = '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';

/** Lets `doc` embed TrueType files and WQY_ZENHEI, a collection: fontkit is asked for the one face pdf-lib should embed. */
function registerFonts(doc: PDFDocument): void {
  const isCollection = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'ttcf';
  doc.registerFontkit({ create: (bytes: Uint8Array) => fontkit.create(bytes as Buffer, isCollection(bytes) ? 'WenQuanYiZenHei' : undefined) } as typeof fontkit);
}

/** Lines of the glyph-OCR PDF: each glyph stands at least twice, as in any real page of text. */
export const OCR_GLYPH_LATIN_LINES = [
  'Reading glyphs without Unicode from the page',
  'Technology acceptance model and perceived usefulness',
  'The model of acceptance reads every glyph of the page',
];
export const OCR_GLYPH_CHINESE_LINES = ['春眠不觉晓处处闻啼鸟', '夜来风雨声花落知多少', '春眠不觉晓花落知多少', '处处闻啼鸟夜来风雨声'];

/**
 * The Chinese lines found in `text`, each allowed one ideograph misread: chi_sim reads WenQuanYi
 * Zen Hei's 鸟 as 乌 at the sizes it is read at, the same way at every sighting.
 */
export function chineseLinesFound(text: string): string[] {
  const squashed = text.replace(/\s+/g, '');
  const nearly = (line: string) =>
    Array.from({ length: Math.max(0, squashed.length - line.length + 1) }, (_, at) => squashed.slice(at, at + line.length)).some(
      (piece) => Array.from(line).filter((c, i) => piece[i] !== c).length <= 1,
    );
  return OCR_GLYPH_CHINESE_LINES.filter(nearly);
}

/**
 * Latin and Chinese in TrueType subsets (Liberation Serif; WenQuanYi Zen Hei from its collection)
 * as CID fonts on Identity-H with their /ToUnicode removed: a subset has no cmap and its glyph
 * numbers are its own, so neither MuPDF nor poppler can tell what any glyph reads as — only the
 * page's picture does (issue 14: TAMReview.pdf's Cambria is such a font).
 */
export async function fontWithoutUnicodePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  registerFonts(doc);
  const latin = await doc.embedFont(readFileSync(LIBERATION_SERIF), { subset: true });
  const chinese = await doc.embedFont(readFileSync(WQY_ZENHEI), { subset: true });
  const page = doc.addPage([595, 842]);
  OCR_GLYPH_LATIN_LINES.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - 28 * i, size: 14, font: latin }));
  OCR_GLYPH_CHINESE_LINES.forEach((line, i) => page.drawText(line, { x: 60, y: 640 - 32 * i, size: 18, font: chinese }));
  return savedWithoutToUnicode(doc);
}

/** The words either side of the glyphs nothing can read, in the PDF of unreadableGlyphsPdf. */
export const UNREADABLE_NEIGHBOURS = ['before', 'after'];

/**
 * "before ■■ after" in DejaVu Sans (CID font, Identity-H, /ToUnicode removed): the two middle
 * characters are ones DejaVu Sans lacks (中文), so pdf-lib draws the font's .notdef (glyph 0, a
 * box) for them. The font's cmap gives "before" and "after" their text back; glyph 0 has none, and
 * glyph OCR leaves it alone (.notdef is what a font draws for any code it lacks): no table and no
 * OCR can read those two, yet the page shows them.
 */
export async function unreadableGlyphsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(DEJAVU_SANS), { subset: false });
  doc.addPage([400, 200]).drawText(`${UNREADABLE_NEIGHBOURS[0]} 中文 ${UNREADABLE_NEIGHBOURS[1]}`, { x: 20, y: 150, size: 16, font });
  return savedWithoutToUnicode(doc);
}

/** The turns of turnedUnreadableGlyphsPdf's lines (degrees anticlockwise): upright, reading up the page, reading down it. */
export const UNREADABLE_LINE_TURNS = [0, 90, 270];

/**
 * "before ■■ after" of unreadableGlyphsPdf three times (a line each of UNREADABLE_LINE_TURNS), the
 * first box 16 points, the second 8, sitting on the line's baseline: a picture of them shows which
 * way it is turned (the tall box first, both standing on the baseline, as the upright line has them).
 */
export async function turnedUnreadableGlyphsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(readFileSync(DEJAVU_SANS), { subset: false });
  const page = doc.addPage([400, 400]);
  const [before, after] = UNREADABLE_NEIGHBOURS;
  const pieces: [string, number][] = [[`${before} 中`, 16], ['文', 8], [` ${after}`, 16]];
  const starts: [number, number][] = [[20, 360], [60, 40], [340, 340]];
  UNREADABLE_LINE_TURNS.forEach((turn, i) => drawAlong(page, font, pieces, starts[i], turn));
  return savedWithoutToUnicode(doc);
}

/** Pieces of text of their own sizes one after the other on a baseline from `start` (PDF points) turned `turn` degrees anticlockwise. */
function drawAlong(page: PDFPage, font: PDFFont, pieces: readonly [string, number][], [x, y]: [number, number], turn: number): void {
  const along = { x: Math.round(Math.cos((turn * Math.PI) / 180)), y: Math.round(Math.sin((turn * Math.PI) / 180)) };
  let at = 0;
  for (const [text, size] of pieces) {
    page.drawText(text, { x: x + at * along.x, y: y + at * along.y, size, font, rotate: degrees(turn) });
    at += font.widthOfTextAtSize(text, size);
  }
}

/** The readable characters above and below the glyphs nothing can read, in verticalUnreadableGlyphsPdf's column. */
export const VERTICAL_UNREADABLE_NEIGHBOURS = ['春眠', '晓处'];

/**
 * A column of vertical writing (Identity-V, 20 points): 春眠 and 晓处 in WenQuanYi Zen Hei with
 * its /ToUnicode, and between them two glyphs DejaVu Sans lacks (中文, drawn as its .notdef box)
 * in DejaVu Sans on Identity-V with its /ToUnicode removed: nothing can read those two.
 */
export async function verticalUnreadableGlyphsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  registerFonts(doc);
  const chinese = await doc.embedFont(readFileSync(WQY_ZENHEI), { subset: true });
  const lacking = await doc.embedFont(readFileSync(DEJAVU_SANS), { subset: false });
  const page = doc.addPage([300, 400]);
  // In vertical mode each glyph hangs below the pen: the column's pieces follow one another down from y 330.
  const [above, below] = VERTICAL_UNREADABLE_NEIGHBOURS;
  page.drawText(above, { x: 150, y: 330, size: 20, font: chinese });
  page.drawText('中文', { x: 150, y: 290, size: 20, font: lacking });
  page.drawText(below, { x: 150, y: 250, size: 20, font: chinese });
  const saved = await PDFDocument.load(await doc.save());
  for (const font of [chinese, lacking]) saved.context.lookup(font.ref, PDFDict).set(PDFName.of('Encoding'), PDFName.of('Identity-V'));
  saved.context.lookup(lacking.ref, PDFDict).delete(PDFName.of('ToUnicode'));
  return saved.save();
}

/** The rating scale of ratingScalePdf (TAMReview.pdf's page 7): colons and runs of underscores, the words either side apart. */
export const RATING_SCALE = ': ___:___:___:___:___:___:___:';
export const RATING_SCALE_ENDS = [
  ['Good', 'Bad'],
  ['Wise', 'Foolish'],
  ['Favorable', 'Unfavorable'],
];

/** `doc` saved with the /ToUnicode of its CID fonts removed: their subsets have no cmap either, so nothing names their glyphs. */
async function savedWithoutToUnicode(doc: PDFDocument): Promise<Uint8Array> {
  const saved = await PDFDocument.load(await doc.save());
  for (const [, object] of saved.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) object.delete(PDFName.of('ToUnicode'));
  }
  return saved.save();
}

/**
 * OCR_GLYPH_LATIN_LINES, then a seven-point rating scale three times, all in a Liberation Serif
 * subset without Unicode (as fontWithoutUnicodePdf): the letters are read by OCR, but the scale's
 * underscores join into one rule per gap that tesseract reads as anything but underscores.
 */
export async function ratingScalePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  registerFonts(doc);
  const font = await doc.embedFont(readFileSync(LIBERATION_SERIF), { subset: true });
  const page = doc.addPage([595, 842]);
  OCR_GLYPH_LATIN_LINES.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - 28 * i, size: 12, font }));
  RATING_SCALE_ENDS.forEach(([left, right], i) => {
    const y = 640 - 20 * i;
    page.drawText(left, { x: 100, y, size: 11, font });
    page.drawText(RATING_SCALE, { x: 200, y, size: 11, font });
    page.drawText(right, { x: 380, y, size: 11, font });
  });
  return savedWithoutToUnicode(doc);
}

/** Room a justified line sets after each word's drawn space (points): more than MuPDF's threshold for a space of its own. */
const JUSTIFYING_ROOM = 3;
/** A kerning nudge before the space glyph (points; TAMReview's TJ offsets leave 0.07). */
const NUDGE = 0.1;

/**
 * OCR_GLYPH_LATIN_LINES justified, in a Liberation Serif subset without Unicode: each word, its
 * space glyph nudged NUDGE after it, the next word JUSTIFYING_ROOM after the space (TAMReview.pdf's
 * Cambria lines). MuPDF cannot tell the space glyph is a space, so it puts a space of its own into
 * the room after it; glyph OCR then reads the glyph as a space too.
 */
export async function justifiedWithoutUnicodePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  registerFonts(doc);
  const font = await doc.embedFont(readFileSync(LIBERATION_SERIF), { subset: true });
  const page = doc.addPage([595, 842]);
  const size = 14;
  OCR_GLYPH_LATIN_LINES.forEach((line, i) => {
    const y = 760 - 28 * i;
    let x = 60;
    for (const word of line.split(' ')) {
      page.drawText(word, { x, y, size, font });
      x += font.widthOfTextAtSize(word, size) + NUDGE;
      page.drawText(' ', { x, y, size, font });
      x += font.widthOfTextAtSize(' ', size) + JUSTIFYING_ROOM;
    }
  });
  return savedWithoutToUnicode(doc);
}
