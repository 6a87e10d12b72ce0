// TeX's math fonts as pdfTeX and Ghostscript write them (issue 14, the GeoTopo thesis): bare CFF
// programs (/FontFile3 /Subtype /Type1C) on their builtin encoding, with no /ToUnicode, whose
// glyphs are known only by names in the CFF's own string table (summationdisplay, vextenddouble,
// bardbl). MuPDF reads them as U+FFFD. The programs are built here, byte by byte, as small CFFs
// whose every glyph is a box: enough for MuPDF to load and draw them.
import { PDFDict, PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFRef } from 'pdf-lib';

/** A CFF INDEX of byte strings (offsets 4 bytes wide). */
function cffIndex(items: readonly number[][]): number[] {
  if (items.length === 0) return [0, 0];
  const out = [items.length >> 8, items.length & 255, 4];
  // count + 1 offsets, from 1: each item's start, then the end of the last.
  let at = 1;
  for (const item of [[], ...items]) {
    at += item.length;
    out.push((at >>> 24) & 255, (at >> 16) & 255, (at >> 8) & 255, at & 255);
  }
  return [...out, ...items.flat()];
}

/** A DICT or charstring integer operand (the 5-byte form, so offsets take a known room). */
const int32 = (v: number) => [29, (v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/**
 * A glyph 500 units wide that is a box (Type 2 charstring, numbers in their one- and two-byte
 * forms): 500 (width) 50 0 rmoveto 400 0 0 600 -400 0 rlineto endchar.
 */
const BOX_GLYPH = [248, 136, 189, 139, 21, 248, 36, 139, 139, 248, 236, 252, 36, 139, 5, 14];
/** The top DICT: five 5-byte operands and four operators (charset, Encoding, CharStrings, Private). */
const TOP_DICT_LENGTH = 5 * 5 + 4;

/**
 * A CFF program named `name` whose builtin encoding puts each glyph name at its code; every name
 * goes into the string table (none of them is one of CFF's standard strings).
 */
export function cffProgram(name: string, glyphs: Readonly<Record<number, string>>): Uint8Array {
  const codes = Object.keys(glyphs).map(Number);
  const strings = codes.map((code) => ascii(glyphs[code]));
  const charStrings = cffIndex([[14], ...codes.map(() => BOX_GLYPH)]);
  const privateDict = [139, 20, 139, 21]; // 0 defaultWidthX 0 nominalWidthX
  const header = [1, 0, 4, 4];
  const nameIndex = cffIndex([ascii(name)]);
  const stringIndex = cffIndex(strings);
  const globalSubrs = cffIndex([]);
  const topIndexLength = 2 + 1 + 2 * 4 + TOP_DICT_LENGTH;
  const charsetAt = header.length + nameIndex.length + topIndexLength + stringIndex.length + globalSubrs.length;
  const charset = [0, ...codes.flatMap((_, i) => [(391 + i) >> 8, (391 + i) & 255])];
  const encodingAt = charsetAt + charset.length;
  const encoding = [0, codes.length, ...codes];
  const charStringsAt = encodingAt + encoding.length;
  const privateAt = charStringsAt + charStrings.length;
  const topDict = [...int32(charsetAt), 15, ...int32(encodingAt), 16, ...int32(charStringsAt), 17, ...int32(privateDict.length), ...int32(privateAt), 18];
  const topIndex = cffIndex([topDict]);
  if (topIndex.length !== topIndexLength) throw new Error('CFF top DICT size');
  return Uint8Array.from([...header, ...nameIndex, ...topIndex, ...stringIndex, ...globalSubrs, ...charset, ...encoding, ...charStrings, ...privateDict]);
}

/** A simple font over `program`, on its builtin encoding (no /Encoding) and without /ToUnicode. */
export function type1cFont(doc: PDFDocument, name: string, glyphs: Readonly<Record<number, string>>): PDFRef {
  const { context } = doc;
  const program = context.register(context.stream(cffProgram(name, glyphs), { Subtype: 'Type1C' }));
  const descriptor = context.obj({ Type: 'FontDescriptor', FontName: name, Flags: 4, FontBBox: [0, -250, 1000, 750], ItalicAngle: 0, Ascent: 750, Descent: -250, CapHeight: 700, StemV: 50, FontFile3: program });
  return context.register(
    context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: name, FirstChar: 0, LastChar: 127, Widths: Array.from({ length: 128 }, () => 500), FontDescriptor: context.register(descriptor) }),
  );
}

/** CMEX10's glyphs the page uses (codes as in TeX's OMX encoding) and CMSY10's. */
const CMEX = {
  0: 'parenleftbig', 1: 'parenrightbig', 10: 'angbracketleftbig', 11: 'angbracketrightbig', 13: 'vextenddouble', 26: 'braceleftBig', 27: 'bracerightBig', 88: 'summationdisplay', 91: 'uniondisplay', 112: 'radicalbig',
  122: 'bracehtipdownleft', 123: 'bracehtipdownright', 124: 'bracehtipupleft', 125: 'bracehtipupright',
};
/** CMEX10's pieces of a tall brace and its single bar's extension (TeX's OMX codes). */
/** CMEX10's \big braces. */
const BIG_BRACES = { 8: 'braceleftbig', 9: 'bracerightbig' };
/** CMEX10's \bigg parentheses (a two-row matrix's delimiters). */
const BIGG_PARENS = { 18: 'parenleftbigg', 19: 'parenrightbigg' };
const BRACE_PIECES = { 12: 'vextendsingle', 56: 'bracelefttp', 57: 'bracerighttp', 58: 'braceleftbt', 59: 'bracerightbt', 60: 'braceleftmid', 61: 'bracerightmid' };
const CMSY = { 41: 'arrowdblright', 91: 'union', 92: 'intersection', 104: 'angbracketleft', 105: 'angbracketright', 107: 'bardbl' };

/** One line of the page: pieces of Helvetica text and of TeX glyphs by font and code. */
type Piece = string | { font: 'cmex' | 'cmsy'; code: number };

/** What each line must read as, and how it is drawn. */
export const DELIMITER_LINES: { text: string; pieces: Piece[] }[] = [
  { text: 'norm ‖x‖ and ‖y‖ end', pieces: ['norm ', { font: 'cmsy', code: 107 }, 'x', { font: 'cmsy', code: 107 }, ' and ', { font: 'cmex', code: 13 }, 'y', { font: 'cmex', code: 13 }, ' end'] },
  { text: 'pair ⟨x, y⟩ root √z end', pieces: ['pair ', { font: 'cmex', code: 10 }, 'x, y', { font: 'cmex', code: 11 }, ' root ', { font: 'cmex', code: 112 }, 'z end'] },
  { text: 'max(a, b) sum ∑ big ⋃ end', pieces: ['max', { font: 'cmex', code: 0 }, 'a, b', { font: 'cmex', code: 1 }, ' sum ', { font: 'cmex', code: 88 }, ' big ', { font: 'cmex', code: 91 }, ' end'] },
  { text: 'A ∪ B and A ∩ B end', pieces: ['A ', { font: 'cmsy', code: 91 }, ' B and A ', { font: 'cmsy', code: 92 }, ' B end'] },
  { text: 'inner ⟨a, b⟩ end', pieces: ['inner ', { font: 'cmsy', code: 104 }, 'a, b', { font: 'cmsy', code: 105 }, ' end'] },
];

const hex = (code: number) => `<${code.toString(16).padStart(2, '0')}>`;
const literal = (text: string) => `(${text.replace(/[()\\]/g, '\\$&')})`;

/** The DELIMITER_LINES, one under the other, 12 pt. */
export async function texDelimitersPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = context.register(context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }));
  const fonts = { F1: helvetica, cmex: type1cFont(doc, 'ABCDEF+CMEX10', CMEX), cmsy: type1cFont(doc, 'ABCDEF+CMSY10', CMSY) };
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: fonts.F1, F2: fonts.cmex, F3: fonts.cmsy } }));
  const ops = DELIMITER_LINES.map(({ pieces }, i) => {
    const shown = pieces.map((p) => (typeof p === 'string' ? `/F1 12 Tf ${literal(p)} Tj` : `/${p.font === 'cmex' ? 'F2' : 'F3'} 12 Tf ${hex(p.code)} Tj`));
    return `BT 60 ${760 - 30 * i} Td ${shown.join(' ')} ET`;
  });
  page.node.set(PDFName.of('Contents'), context.register(context.stream(ops.join('\n'))));
  return doc.save();
}

/**
 * Lines with stacks, as TeX draws them: the text before, the upper limit (or the arrow's label),
 * the operator, the lower limit, the text after, each in a text object of its own (MuPDF reads
 * each as a line). A display operator of CMEX10 hangs under its origin (0.85 em over the line's
 * baseline); its limits stand 1.25 em over and 1.2 em under the line's baseline, at 8 pt, centred
 * on it; an arrow's label 0.6 em over the line, centred on the arrow (Helvetica's = and CMSY's ⇒).
 * `text` is the line as a reader reads it.
 */
export const STACKED_LINES = [
  { text: 'chi = n∑k=0 a end', before: 'chi = ', upper: 'n', op: { font: 'cmex', code: 88 }, lower: 'k=0', after: ' a end' },
  { text: 'X = ⋃i=1 U end', before: 'X = ', upper: '', op: { font: 'cmex', code: 91 }, lower: 'i=1', after: ' U end' },
  { text: 'P holds Satz 4.1====⇒ Q holds', before: 'P holds ', upper: 'Satz 4.1', op: { font: 'cmsy', code: 41 }, shaft: '====', lower: '', after: ' Q holds' },
] as const;

/** A line with a squared norm whose bars TeX built from pieces (\left\| … \right\|^2), as it reads. */
export const TALL_BARS = { text: 'norm = ‖v‖2 end', before: 'norm = ', inside: 'v', power: '2', after: ' end' };

/** A line of small type over each stacked line, which stays a line of its own. */
export const NOTE = 'A note in small type over the line';

/** The STACKED_LINES, 60 pt apart, 12 pt, each under a NOTE at 8 pt, then the TALL_BARS line. */
export async function texStacksPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const fonts = { cmex: type1cFont(doc, 'ABCDEF+CMEX10', CMEX), cmsy: type1cFont(doc, 'ABCDEF+CMSY10', CMSY) };
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: helvetica.ref, F2: fonts.cmex, F3: fonts.cmsy } }));
  const SIZE = 12;
  const LIMIT = 8;
  const GLYPH = 0.5 * SIZE; // the CFF glyphs' width
  const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
  const text = (x: number, fromTop: number, size: number, shown: string) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
  const ops = STACKED_LINES.flatMap((line, i) => {
    const baseline = 140 + 60 * i;
    const shaft = 'shaft' in line ? line.shaft : '';
    const opLeft = 60 + width(line.before, SIZE);
    const glyphLeft = opLeft + width(shaft, SIZE);
    const baseMiddle = (opLeft + glyphLeft + GLYPH) / 2;
    const isArrow = shaft !== '';
    const glyphBaseline = isArrow ? baseline : baseline - 0.85 * SIZE;
    const centred = (part: string, fromTop: number) => (part ? [text(baseMiddle - width(part, LIMIT) / 2, fromTop, LIMIT, part)] : []);
    return [
      // Over a stack without an upper part, the note stands where an upper limit would (centred on nothing).
      text(60, baseline - (line.upper ? 30 : 16), LIMIT, NOTE),
      text(60, baseline, SIZE, line.before),
      ...centred(line.upper, baseline - (isArrow ? 0.6 : 1.25) * SIZE),
      ...(shaft ? [text(opLeft, baseline, SIZE, shaft)] : []),
      `BT /${line.op.font === 'cmex' ? 'F2' : 'F3'} ${SIZE} Tf ${glyphLeft.toFixed(2)} ${(842 - glyphBaseline).toFixed(2)} Td ${hex(line.op.code)} Tj ET`,
      ...centred(line.lower, baseline + 1.2 * SIZE),
      text(glyphLeft + GLYPH, baseline, SIZE, line.after),
    ];
  });
  // The tall bars: four pieces of CMEX's vextenddouble each, hanging from their origins 0.6 em
  // apart, centred on the math axis (a quarter em over the line's baseline), around "v"; the power
  // at 8 pt raised to the bars' top (its baseline 0.3 em under it, as GeoTopo's ‖…‖²).
  const barBaseline = 140 + 60 * STACKED_LINES.length;
  const pieces = (x: number) =>
    [0, 1, 2, 3].map((k) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${(842 - (barBaseline - 1.45 * SIZE + 0.6 * k * SIZE)).toFixed(2)} Td <0d> Tj ET`);
  const left = 60 + width(TALL_BARS.before, SIZE);
  const right = left + GLYPH + width(TALL_BARS.inside, SIZE);
  ops.push(
    text(60, barBaseline, SIZE, TALL_BARS.before),
    ...pieces(left),
    text(left + GLYPH, barBaseline, SIZE, TALL_BARS.inside),
    ...pieces(right),
    text(right + GLYPH, barBaseline - 1.15 * SIZE, LIMIT, TALL_BARS.power),
    text(right + GLYPH + width(TALL_BARS.power, LIMIT), barBaseline, SIZE, TALL_BARS.after),
  );
  page.node.set(PDFName.of('Contents'), context.register(context.stream(ops.join('\n'))));
  return doc.save();
}

/** A page of Helvetica (F1) and a CMEX10 (or `extensionFont`) of the glyphs given (F2), its content what `draw` gives. */
async function texPage(cmex: Readonly<Record<number, string>>, draw: (helvetica: PDFFont) => string[], extensionFont = 'CMEX10'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: helvetica.ref, F2: type1cFont(doc, `ABCDEF+${extensionFont}`, cmex) } }));
  page.node.set(PDFName.of('Contents'), context.register(context.stream(draw(helvetica).join('\n'))));
  return doc.save();
}

/**
 * A display line as TeX draws GeoTopo's "κ₁ⁿ(s) := min \Big\{ … \Big\}": a symbol with a superscript,
 * then a text object starting with the subscript under it (MuPDF reads each as a line), and \Big
 * braces of CMEX10 hung under their origins (an em over the line's baseline), each a line apart.
 * `text` is the line as a reader reads it.
 */
export const BRACED_LINE = { text: 'kappan1(s) := min {x | y} end', symbol: 'kappa', sup: 'n', sub: '1', before: '(s) := min ', inside: 'x | y', after: ' end' };
/**
 * Two such lines one under the other (GeoTopo's "κ₁ := min{…} und" over "κ₂ := max{…}", 1.6 em
 * apart): the lower line's braces stand under the upper's, some 0.7 pt further right, and its text
 * before them ends nearer the upper opening brace than the upper line's own.
 */
export const BRACED_LINES = [BRACED_LINE, { ...BRACED_LINE, sub: 'i', before: '(s) := max ', text: 'kappani(s) := max {x | y} end' }];

/**
 * The lines (BRACED_LINE alone unless told) on a page, 12 pt, 1.6 em apart, their scripts at 8 pt;
 * the braces of `extensionFont` (CMEX10's glyphs under that name).
 */
export async function texBracedPdf(lines: readonly (typeof BRACED_LINE)[] = [BRACED_LINE], extensionFont = 'CMEX10'): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT, GLYPH] = [12, 8, 6];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const at = (x: number, fromTop: number) => `1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm`;
    const ops = lines.flatMap(({ symbol, sup, sub, before, inside, after }, i) => {
      const baseline = 140 + 1.6 * SIZE * i;
      const scriptX = 60 + width(symbol, SIZE);
      const open = scriptX + width(sub, SCRIPT) + width(before, SIZE);
      const close = open + GLYPH + width(inside, SIZE);
      return [
        `BT /F1 ${SIZE} Tf ${at(60, baseline)} ${literal(symbol)} Tj /F1 ${SCRIPT} Tf ${at(scriptX, baseline - 0.36 * SIZE)} ${literal(sup)} Tj ET`,
        `BT /F1 ${SCRIPT} Tf ${at(scriptX, baseline + 0.2 * SIZE)} ${literal(sub)} Tj /F1 ${SIZE} Tf ${at(scriptX + width(sub, SCRIPT), baseline)} ${literal(before)} Tj ET`,
        `BT /F2 ${SIZE} Tf ${at(open, baseline - SIZE)} <1a> Tj ET`,
        `BT /F1 ${SIZE} Tf ${at(open + GLYPH, baseline)} ${literal(inside)} Tj ET`,
        `BT /F2 ${SIZE} Tf ${at(close, baseline - SIZE)} <1b> Tj ET`,
        `BT /F1 ${SIZE} Tf ${at(close + GLYPH, baseline)} ${literal(after)} Tj ET`,
      ];
    });
    return ops;
  }, extensionFont);
}

/**
 * A set written with tall braces, as TeX draws GeoTopo's "Cₙ(K) = { ∑_{σ∈Aₙ(K)} c_σ·σ | c_σ ∈ ℝ }":
 * each brace three pieces of CMEX10 (bracelefttp, braceleftmid, braceleftbt; the right one's
 * likewise) one under the other, a display ∑ with its lower limit at 8 pt under it, and a bar of
 * six pieces of vextendsingle between the sum and the condition; each a text object of its own.
 * `text` is the line as a reader reads it, each brace one character.
 */
export const SET_LINE = { before: 'C = ', limit: 's in A', summand: 'c s', condition: ' c in R', text: 'C = {∑s in A c s ∣ c in R}' };

/** The SET_LINE alone on a page, 12 pt. */
export async function texSetPdf(): Promise<Uint8Array> {
  return texPage({ ...CMEX, ...BRACE_PIECES }, (helvetica) => {
    const [SIZE, LIMIT, GLYPH] = [12, 8, 6];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const text = (x: number, fromTop: number, size: number, shown: string) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
    const glyph = (x: number, fromTop: number, code: number) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${hex(code)} Tj ET`;
    const { before, limit, summand, condition } = SET_LINE;
    const baseline = 200;
    // The pieces' origins (font sizes from the baseline), as GeoTopo's: top, middle, bottom.
    const brace = (x: number, codes: number[]) => [-2.05, -1.15, 0.65].map((em, i) => glyph(x, baseline + em * SIZE, codes[i]));
    const open = 60 + width(before, SIZE);
    const sum = open + GLYPH + 2;
    const bar = sum + GLYPH + 2 + width(summand, SIZE) + 2;
    const close = bar + GLYPH + width(condition, SIZE) + 2;
    const ops = [
      text(60, baseline, SIZE, before),
      ...brace(open, [56, 60, 58]),
      glyph(sum, baseline - 0.85 * SIZE, 88),
      text(sum + GLYPH / 2 - width(limit, LIMIT) / 2, baseline + 1.2 * SIZE, LIMIT, limit),
      text(sum + GLYPH + 2, baseline, SIZE, summand),
      ...[0, 1, 2, 3, 4, 5].map((k) => glyph(bar, baseline - 2.05 * SIZE + 0.6 * k * SIZE, 12)),
      text(bar + GLYPH, baseline, SIZE, condition),
      ...brace(close, [57, 61, 59]),
    ];
    return ops;
  });
}

/**
 * A line with an \underbrace and an \overbrace as TeX draws them (GeoTopo's "(A ∩ A₁) ∪ (A ∩ A₂)"
 * under braces labelled "abgeschlossen"): each brace four tips of CMEX10 (\underbrace: bracehtipupleft,
 * bracehtipdownright, bracehtipdownleft, bracehtipupright; \overbrace the other way up), each in a
 * text object of its own, with rules between them, and its label at 8 pt, centred under (over) it.
 * `spanned` are the texts braced, the underbrace's with a superscript of two fonts (GeoTopo's f⁻¹,
 * "−" and "1" of CMSY10 and CMR7: two runs); `text` is the line as a reader reads it (the braces' glyphs left out).
 */
export const BRACED_TERMS = {
  before: 'A = ',
  under: { spanned: '(a + f-1)', label: 'closed', scripted: { before: '(a + f', script: ['-', '1'], after: ')' } },
  middle: ' u ',
  over: { spanned: '(c + d)', label: '=: open' },
  after: ' end',
  text: 'A = (a + f-1) closed u (c + d) =: open end',
};

/** The BRACED_TERMS line alone on a page, 12 pt. */
export async function texBracedTermsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: helvetica.ref, F2: type1cFont(doc, 'ABCDEF+CMEX10', CMEX), F4: times.ref } }));
  const [SIZE, LABEL, GLYPH] = [12, 8, 6];
  const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
  const text = (x: number, fromTop: number, size: number, shown: string) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
  const tip = (x: number, fromTop: number, code: number) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${hex(code)} Tj ET`;
  const rule = (x0: number, x1: number, fromTop: number) => `${x0.toFixed(2)} ${(842 - fromTop).toFixed(2)} ${(x1 - x0).toFixed(2)} 0.4 re f`;
  const { before, under, middle, over, after } = BRACED_TERMS;
  const baseline = 140;
  /** A brace over [x0, x1] with its tips' origins at `tipsAt`: tip codes left to right, and its label centred at `labelAt`. */
  const brace = (x0: number, x1: number, tipsAt: number, codes: number[], label: string, labelAt: number) => {
    const mid = (x0 + x1) / 2;
    const xs = [x0, mid - GLYPH, mid, x1 - GLYPH];
    return [
      ...codes.map((code, i) => tip(xs[i], tipsAt, code)),
      rule(x0 + GLYPH, mid - GLYPH, tipsAt - 1),
      rule(mid + GLYPH, x1 - GLYPH, tipsAt - 1),
      text(mid - width(label, LABEL) / 2, labelAt, LABEL, label),
    ];
  };
  const underX = 60 + width(before, SIZE);
  const { scripted } = under;
  const [minusX, oneX] = [underX + width(scripted.before, SIZE), underX + width(scripted.before, SIZE) + width(scripted.script[0], LABEL)];
  const closeX = oneX + times.widthOfTextAtSize(scripted.script[1], LABEL);
  const overX = closeX + width(scripted.after + middle, SIZE);
  const ops = [
    text(60, baseline, SIZE, before + scripted.before),
    text(minusX, baseline - 4, LABEL, scripted.script[0]),
    `BT /F4 ${LABEL} Tf ${oneX.toFixed(2)} ${(842 - baseline + 4).toFixed(2)} Td ${literal(scripted.script[1])} Tj ET`,
    text(closeX, baseline, SIZE, scripted.after + middle + over.spanned + after),
    ...brace(underX, closeX + width(scripted.after, SIZE), baseline + 8, [124, 123, 122, 125], under.label, baseline + 17),
    ...brace(overX, overX + width(over.spanned, SIZE), baseline - 12, [122, 125, 124, 123], over.label, baseline - 20),
  ];
  page.node.set(PDFName.of('Contents'), context.register(context.stream(ops.join('\n'))));
  return doc.save();
}

/**
 * A case distinction as TeX sets it: "d = ", a \Big\{ of the extension font `extensionFont`
 * (CMEX10's braceleftBig under that name) hung under its origin 1.2 em over the math axis, and two
 * rows of two entries each, centred on the axis, 1.2 em apart. `rows` are the entries as they read.
 */
export const TEX_CASES = { label: 'd = ', rows: [['0', 'if x = y'], ['1', 'otherwise']] };

/** The TEX_CASES alone on a page, 12 pt. */
export async function texCasesPdf(extensionFont: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: helvetica.ref, F2: type1cFont(doc, `ABCDEF+${extensionFont}`, CMEX) } }));
  const [SIZE, GLYPH] = [12, 6];
  const width = (text: string) => helvetica.widthOfTextAtSize(text, SIZE);
  const text = (x: number, fromTop: number, shown: string) => `BT /F1 ${SIZE} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
  const baseline = 140;
  const axis = baseline - 0.25 * SIZE;
  const brace = 60 + width(TEX_CASES.label);
  const columns = [brace + GLYPH + 0.2 * SIZE, brace + GLYPH + 0.2 * SIZE + Math.max(...TEX_CASES.rows.map((row) => width(row[0]))) + SIZE];
  const ops = [
    text(60, baseline, TEX_CASES.label),
    `BT /F2 ${SIZE} Tf ${brace.toFixed(2)} ${(842 - (axis - 1.2 * SIZE)).toFixed(2)} Td <1a> Tj ET`,
    ...TEX_CASES.rows.flatMap((row, r) => row.map((entry, column) => text(columns[column], axis + (r - 0.5) * 1.2 * SIZE + 0.35 * SIZE, entry))),
  ];
  page.node.set(PDFName.of('Contents'), context.register(context.stream(ops.join('\n'))));
  return doc.save();
}

/**
 * A matrix inside \bigg parentheses of its own, as TeX draws GeoTopo's "(a b; c d) ∘ ((a′ b′; c′ d′) ∘ z)":
 * the outer "(" and the matrix's "(" (CMEX10's parenleftbigg, hung under their origins 1.2 em over
 * the axis) and the first entry in one text object (MuPDF reads them as one line), the other
 * entries, the matrix's ")", " o z", the outer ")" and the rest each in one of their own.
 * `text` is the line's text as Word's paragraph holds it: the matrix's entries row by row in its
 * place, its own parentheses being its equation's delimiters, not text.
 */
export const NESTED_MATRIX = { before: 'M o ', rows: [['a', 'b'], ['c', 'd']], inner: ' o z', after: ' = end', text: 'M o (a b c d o z) = end' };

/** The NESTED_MATRIX line alone on a page, 12 pt. */
export async function texNestedMatrixPdf(): Promise<Uint8Array> {
  return texPage(BIGG_PARENS, (helvetica) => {
    const [SIZE, GLYPH] = [12, 6];
    const width = (text: string) => helvetica.widthOfTextAtSize(text, SIZE);
    const y = (fromTop: number) => (842 - fromTop).toFixed(2);
    const text = (x: number, fromTop: number, shown: string) => `BT /F1 ${SIZE} Tf ${x.toFixed(2)} ${y(fromTop)} Td ${literal(shown)} Tj ET`;
    const paren = (x: number, code: number) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${y(parenTop)} Td ${hex(code)} Tj ET`;
    const { before, rows, inner, after } = NESTED_MATRIX;
    const baseline = 200;
    // Centred on the axis (a quarter em over the baseline), \bigg's 2.4 em; the rows 1.25 em apart.
    const parenTop = baseline - 0.25 * SIZE - 1.2 * SIZE;
    const rowBaselines = [baseline - 0.6 * SIZE, baseline + 0.65 * SIZE];
    const outer = 60 + width(before);
    const columns = [outer + 2 * GLYPH, outer + 2 * GLYPH + 1.5 * SIZE];
    const close = columns[1] + SIZE;
    const ops = [
      text(60, baseline, before),
      // The outer "(", the matrix's "(" and the first entry: one text object.
      `BT /F2 ${SIZE} Tf ${outer.toFixed(2)} ${y(parenTop)} Td ${hex(18)} Tj ${GLYPH} 0 Td ${hex(18)} Tj /F1 ${SIZE} Tf ${GLYPH} ${(parenTop - rowBaselines[0]).toFixed(2)} Td ${literal(rows[0][0])} Tj ET`,
      ...rows.flatMap((row, r) => row.map((entry, column) => (r === 0 && column === 0 ? '' : text(columns[column], rowBaselines[r], entry)))).filter(Boolean),
      paren(close, 19),
      text(close + GLYPH, baseline, inner),
      paren(close + GLYPH + width(inner), 19),
      text(close + 2 * GLYPH + width(inner), baseline, after),
    ];
    return ops;
  });
}

/**
 * Two rows of a symbol table as GeoTopo's Symbolverzeichnis draws them, at its places (10.9 pt, its
 * scripts 8 pt): "Z = N u { 0, -1, -2, . . . }" over "Q = Z u {1/2, 1/3} = {z/n mit z}", the lower
 * row's braces CMEX10's \big ones hung under their origins, each a text object of its own, its
 * fractions in text style on bars of their own — the z of z/n right under the upper row's "}".
 * `rows` are the rows as a reader reads them, a fraction as its numerator then its denominator.
 */
export const SYMBOL_ROWS = { rows: ['Z = N u { 0, -1, -2, . . . } Ganze Zahlen', 'Q = Z u {12, 13} = {zn mit z} Rationale Zahlen'] };

/** The SYMBOL_ROWS alone on a page. */
export async function texSymbolRowsPdf(): Promise<Uint8Array> {
  return texPage(BIG_BRACES, (helvetica) => {
    const [SIZE, SCRIPT] = [10.9, 8];
    const y = (fromTop: number) => (842 - fromTop).toFixed(2);
    const text = (x: number, fromTop: number, shown: string, size = SIZE) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${y(fromTop)} Td ${literal(shown)} Tj ET`;
    /** Text ending at `x1`. */
    const ending = (x1: number, fromTop: number, shown: string) => text(x1 - helvetica.widthOfTextAtSize(shown, SIZE), fromTop, shown);
    const brace = (x: number, code: number) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${y(116.5)} Td ${hex(code)} Tj ET`;
    /** A text-style fraction on a bar from x0 to x1 on the lower row's axis. */
    const fraction = (x0: number, x1: number, numerator: string, denominator: string) => [
      text(x0, 121, numerator, SCRIPT),
      `${x0.toFixed(2)} ${(842 - 122.58 - 0.2).toFixed(2)} ${(x1 - x0).toFixed(2)} 0.4 re f`,
      text(x0, 129.1, denominator, SCRIPT),
    ];
    const ops = [
      ending(200.4, 111.8, 'Z = N u { 0, -1, -2, . . .'),
      text(202.9, 111.8, '}'),
      text(221, 111.8, 'Ganze Zahlen'),
      ending(130.1, 125.3, 'Q = Z u'),
      brace(132.6, 8),
      ...fraction(142.55, 147.1, '1', '2'),
      text(148, 125.3, ','),
      ...fraction(154.02, 158.6, '1', '3'),
      brace(165.5, 9),
      text(174.5, 125.3, '='),
      brace(186, 8),
      ...fraction(204.24, 209.38, 'z', 'n'),
      text(214.2, 125.3, 'mit z'),
      brace(243, 9),
      text(265, 125.3, 'Rationale Zahlen'),
    ];
    return ops;
  });
}

/** CMEX10's \Bigg angle brackets (TeX's OMX codes 42, 43). */
const BIGG_ANGLES = { 42: 'angbracketleftBigg', 43: 'angbracketrightBigg' };

/**
 * Column vectors in \left\langle … \right\rangle, as TeX draws GeoTopo's "g = ⟨(x₁ x₂ x₃), (x₁ x₂ x₃)⟩
 * ⟨(y₁ y₂ y₃), (y₁ y₂ y₃)⟩ − ⟨…⟩²": \Bigg angle brackets of CMEX10 hung under their origins 1.75 em
 * over the baseline, each vector in \bigg parentheses of its own, its entries a letter with a
 * subscript at 8 pt, one row over the other. The first "⟨" and the first vector's "(" are one text
 * object, the "⟩ ⟨(" between the pairs another, the last "⟩" and its power at 8 pt (raised to
 * the bracket's top) a third: MuPDF reads each as a line over the formula's. `vectors` are each
 * vector's entries (letter and subscript), a pair a bracket's; `text` the line as Word's paragraph
 * holds it (a vector's parentheses are its equation's delimiters, not text).
 */
export const ANGLED_VECTORS = {
  before: 'g = ',
  pairs: [
    [[['a', '1'], ['a', '2']], [['b', '1'], ['b', '2']]],
    [[['c', '1'], ['c', '2']], [['d', '1'], ['d', '2']]],
  ],
  power: '2',
  after: ' end',
  text: 'g = ⟨a1a2,b1b2⟩ ⟨c1c2,d1d2⟩2 end',
};

/** The ANGLED_VECTORS line alone on a page, 12 pt. */
export async function texAngledVectorsPdf(): Promise<Uint8Array> {
  return texPage({ ...BIGG_PARENS, ...BIGG_ANGLES }, (helvetica) => {
    const [SIZE, SCRIPT, GLYPH] = [12, 8, 6];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const at = (x: number, fromTop: number) => `1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm`;
    const text = (x: number, fromTop: number, shown: string, size = SIZE) => `BT /F1 ${size} Tf ${at(x, fromTop)} ${literal(shown)} Tj ET`;
    const glyphs = (x: number, fromTop: number, codes: number[]) => codes.map((code, i) => `/F2 ${SIZE} Tf ${at(x + i * GLYPH, fromTop)} ${hex(code)} Tj`).join(' ');
    const { before, pairs, power, after } = ANGLED_VECTORS;
    const baseline = 200;
    // Centred on the axis (a quarter em over the baseline): \Bigg's 3 em, \bigg's 2.4 em; rows 1.25 em apart.
    const [angleTop, parenTop] = [baseline - 0.25 * SIZE - 1.5 * SIZE, baseline - 0.25 * SIZE - 1.2 * SIZE];
    const rowBaselines = [baseline - 0.6 * SIZE, baseline + 0.65 * SIZE];
    const entryWidth = width('a') + width('1', SCRIPT);
    /** A vector's entries and closing parenthesis, its "(" drawn before at x. */
    const vector = (x: number, rows: string[][]) => [
      ...rows.map(([letter, sub], r) => `${text(x + GLYPH, rowBaselines[r], letter)} ${text(x + GLYPH + width(letter), rowBaselines[r] + 0.2 * SIZE, sub, SCRIPT)}`),
      `BT ${glyphs(x + GLYPH + entryWidth, parenTop, [19])} ET`,
    ];
    let x = 60 + width(before);
    const ops = [text(60, baseline, before)];
    pairs.forEach(([first, second], p) => {
      // "⟨(" — after the first pair, "⟩ ⟨(" — in one text object.
      ops.push(p === 0 ? `BT ${glyphs(x, angleTop, [42])} ${glyphs(x + GLYPH, parenTop, [18])} ET` : `BT ${glyphs(x, angleTop, [43])} ${glyphs(x + 2 * GLYPH, angleTop, [42])} ${glyphs(x + 3 * GLYPH, parenTop, [18])} ET`);
      x += p === 0 ? GLYPH : 3 * GLYPH;
      ops.push(...vector(x, first));
      x += 2 * GLYPH + entryWidth;
      ops.push(text(x, baseline, ','), `BT ${glyphs(x + width(','), parenTop, [18])} ET`);
      x += width(',');
      ops.push(...vector(x, second));
      x += 2 * GLYPH + entryWidth;
    });
    ops.push(`BT ${glyphs(x, angleTop, [43])} /F1 ${SCRIPT} Tf ${at(x + GLYPH, angleTop - 0.1 * SIZE)} ${literal(power)} Tj ET`);
    ops.push(text(x + GLYPH + width(power, SCRIPT), baseline, after));
    return ops;
  });
}

/**
 * An evaluation bar, as TeX draws GeoTopo's "d/dt n(γ(t)) |_{t=0}": \right| of four pieces of CMEX10's
 * vextendsingle hung under their origins 0.6 em apart, centred on the math axis, and its subscript
 * at 8 pt lowered to the bar's foot, a text object of its own (MuPDF reads it as a line apart).
 * `text` is the line as a reader reads it.
 */
export const EVALUATION_BAR = { before: 'h = f(t)', sub: 't=0', after: ' end', text: 'h = f(t)∣t=0 end' };

/** The EVALUATION_BAR line alone on a page, 12 pt. */
export async function texEvaluationBarPdf(): Promise<Uint8Array> {
  return texPage(BRACE_PIECES, (helvetica) => {
    const [SIZE, SCRIPT, GLYPH] = [12, 8, 6];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const text = (x: number, fromTop: number, shown: string, size = SIZE) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
    const { before, sub, after } = EVALUATION_BAR;
    const baseline = 200;
    const bar = 60 + width(before);
    // Four pieces 0.6 em apart from 1.45 em over the baseline: the bar reaches 0.95 em under it.
    const pieces = [0, 1, 2, 3].map((k) => `BT /F2 ${SIZE} Tf ${bar.toFixed(2)} ${(842 - (baseline - 1.45 * SIZE + 0.6 * k * SIZE)).toFixed(2)} Td ${hex(12)} Tj ET`);
    return [text(60, baseline, before), ...pieces, text(bar + GLYPH, baseline + 0.7 * SIZE, sub, SCRIPT), text(bar + GLYPH + width(sub, SCRIPT), baseline, after)];
  });
}

/**
 * An \underbrace whose label is a fraction, as TeX draws GeoTopo's "\underbrace{∂F/∂u_i(p + te_j)}_{∂²F/∂u_j∂u_i (p)}":
 * the brace's four tips and rules as in BRACED_TERMS, the label's numerator and denominator at 6 pt on
 * a rule of their own, centred under the brace, then "(q)" at 8 pt. `text` is the line as a reader
 * reads it: what the brace spans, then its label, numerator then denominator, then the rest.
 */
export const FRACTION_LABEL = { before: 'A = ', spanned: '(p + t)', numerator: 'a', denominator: 'b', label: '(q)', after: ' end', text: 'A = (p + t)ab(q) end' };

/** The FRACTION_LABEL line alone on a page, 12 pt. */
export async function texFractionLabelPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, LABEL, PART, GLYPH] = [12, 8, 6, 6];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const text = (x: number, fromTop: number, size: number, shown: string) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
    const tip = (x: number, fromTop: number, code: number) => `BT /F2 ${SIZE} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${hex(code)} Tj ET`;
    const rule = (x0: number, x1: number, fromTop: number) => `${x0.toFixed(2)} ${(842 - fromTop).toFixed(2)} ${(x1 - x0).toFixed(2)} 0.4 re f`;
    const { before, spanned, numerator, denominator, label, after } = FRACTION_LABEL;
    const baseline = 140;
    const x0 = 60 + width(before, SIZE);
    const x1 = x0 + width(spanned, SIZE);
    const mid = (x0 + x1) / 2;
    const tipsAt = baseline + 8;
    // The label: the fraction's bar 1.2 em under the baseline, its parts over and under it, then "(q)" on its axis.
    const barAt = baseline + 1.6 * SIZE;
    const barWidth = Math.max(width(numerator, PART), width(denominator, PART)) + 1;
    const labelWidth = barWidth + width(label, LABEL);
    const barX = mid - labelWidth / 2;
    return [
      text(60, baseline, SIZE, before + spanned),
      ...[124, 123, 122, 125].map((code, i) => tip([x0, mid - GLYPH, mid, x1 - GLYPH][i], tipsAt, code)),
      rule(x0 + GLYPH, mid - GLYPH, tipsAt - 1),
      rule(mid + GLYPH, x1 - GLYPH, tipsAt - 1),
      text(barX + (barWidth - width(numerator, PART)) / 2, barAt - 1.5, PART, numerator),
      rule(barX, barX + barWidth, barAt),
      text(barX + (barWidth - width(denominator, PART)) / 2, barAt + 5, PART, denominator),
      text(barX + barWidth, barAt + 2, LABEL, label),
      text(x1, baseline, SIZE, after),
    ];
  });
}

/**
 * A line as TeX draws GeoTopo's "f(x) = (x+1)ⁿ⁺¹ \stackrel{Binomischer Lehrsatz}{=} ∑_{k=0}^{n+1} \binom{n+1}{k} xᵏ"
 * (page 41): a text-style ∑ of CMEX10 hung 0.75 em over the line's baseline with its limits beside
 * it as scripts — the upper drawn with it, the lower in a text object of its own where the pen goes
 * back (MuPDF reads each as a line, the ∑ apart from its row) — a note of two rows over the "=",
 * and a \binom between \big parentheses of CMEX10, its lower entry where the pen goes back under
 * the upper. `text` is the line as a reader reads it.
 */
export const SIDE_LIMITS_LINE = {
  before: 'f(x) = (x + 1)',
  power: 'n+1',
  note: ['Binomischer', 'Lehrsatz'],
  upper: 'n+1',
  lower: 'k=0',
  binomial: ['n+1', 'k'],
  after: 'x',
  afterPower: 'k',
  text: 'f(x) = (x + 1)n+1 Binomischer Lehrsatz = ∑n+1k=0 n+1k xk',
};

/**
 * A line as TeX draws GeoTopo's "κ^{−n}_{Nor}(s, x) = −κⁿ_{Nor}(x)" (page 97): a symbol with a
 * superscript, then, where the pen goes back under it, a text object starting with the subscript
 * and running on with the line's text (MuPDF reads each as a line; the first has more script glyphs
 * than text). `text` is the line as a reader reads it.
 */
export const STACKED_SCRIPTS_LINE = {
  pieces: [
    { base: 'K', sup: '-n', sub: 'Nor', after: '(s, x) = -' },
    { base: 'K', sup: 'n', sub: 'Nor', after: '(x) end' },
  ],
  text: 'K-nNor(s, x) = -KnNor(x) end',
};

/** Prose over and under the formulas, wider than they are: the page's body text. */
export const SCRIPT_ROWS_PROSE = ['The sum and the curvatures stand in display lines, as TeX sets them in the thesis.', 'The last line of the page is prose again, as wide as the first one is.'];

/** The SIDE_LIMITS_LINE and the STACKED_SCRIPTS_LINE 60 pt under it between SCRIPT_ROWS_PROSE, 10.9 pt, scripts at 8 pt, the note at 6 pt. */
export async function texScriptRowsPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT, NOTE_SIZE, GLYPH] = [10.9, 8, 6, 0.5 * 10.9];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const at = (x: number, fromTop: number) => `1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm`;
    const show = (size: number, x: number, fromTop: number, text: string) => `/F1 ${size} Tf ${at(x, fromTop)} ${literal(text)} Tj`;
    const glyph = (x: number, fromTop: number, code: number) => `/F2 ${SIZE} Tf ${at(x, fromTop)} ${hex(code)} Tj`;
    const [RAISE, DROP] = [0.45 * SIZE, 0.3 * SIZE];
    const { before, power, note, upper, lower, binomial, after, afterPower } = SIDE_LIMITS_LINE;
    const row = 140;
    const powerX = 60 + width(before, SIZE);
    // \stackrel is as wide as its note, the "=" centred under it.
    const noteWidth = Math.max(...note.map((text) => width(text, NOTE_SIZE)));
    const equals = powerX + width(power, SCRIPT) + 3 + (noteWidth - width('=', SIZE)) / 2;
    const sum = powerX + width(power, SCRIPT) + 3 + noteWidth + 3;
    const limitsX = sum + GLYPH;
    const open = limitsX + Math.max(width(upper, SCRIPT), width(lower, SCRIPT)) + 2;
    const entryX = open + GLYPH;
    const close = entryX + width(binomial[0], SCRIPT);
    const ops = [
      `BT ${show(SIZE, 60, row, before)} ${show(SCRIPT, powerX, row - RAISE, power)} ET`,
      // The note's rows centred over the "=", the lower 0.5 em over the line's baseline.
      ...note.map((text, k) => `BT ${show(NOTE_SIZE, equals + width('=', SIZE) / 2 - width(text, NOTE_SIZE) / 2, row - 0.5 * SIZE - (note.length - 1 - k) * 1.1 * NOTE_SIZE, text)} ET`),
      `BT ${show(SIZE, equals, row, '=')} ET`,
      `BT ${glyph(sum, row - 0.75 * SIZE, 88)} ${show(SCRIPT, limitsX, row - RAISE, upper)} ET`,
      `BT ${show(SCRIPT, limitsX, row + DROP, lower)} ET`,
      `BT ${glyph(open, row - 0.8 * SIZE, 0)} ${show(SCRIPT, entryX, row - RAISE, binomial[0])} ET`,
      `BT ${show(SCRIPT, entryX + (width(binomial[0], SCRIPT) - width(binomial[1], SCRIPT)) / 2, row + DROP, binomial[1])} ${glyph(close, row - 0.8 * SIZE, 1)} ${show(SIZE, close + GLYPH, row, after)} ${show(SCRIPT, close + GLYPH + width(after, SIZE), row - RAISE, afterPower)} ET`,
    ];
    const second = row + 60;
    let x = 60;
    for (const { base, sup, sub, after: text } of STACKED_SCRIPTS_LINE.pieces) {
      const scriptX = x + width(base, SIZE);
      const textX = scriptX + Math.max(width(sup, SCRIPT), width(sub, SCRIPT)) + 0.5;
      ops.push(`BT ${show(SIZE, x, second, base)} ${show(SCRIPT, scriptX, second - 0.36 * SIZE, sup)} ET`, `BT ${show(SCRIPT, scriptX, second + 0.25 * SIZE, sub)} ${show(SIZE, textX, second, text)} ET`);
      x = textX + width(text, SIZE);
    }
    ops.push(`BT ${show(SIZE, 60, row - 40, SCRIPT_ROWS_PROSE[0])} ET`, `BT ${show(SIZE, 60, second + 40, SCRIPT_ROWS_PROSE[1])} ET`);
    return ops;
  });
}

/** Helvetica text (F1) of `size` at x, its baseline `fromTop` under the page's top. */
const textAt = (x: number, fromTop: number, size: number, shown: string) => `BT /F1 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${literal(shown)} Tj ET`;
/** A glyph of the extension font (F2) by its code, likewise. */
const glyphAt = (x: number, fromTop: number, size: number, code: number) => `BT /F2 ${size} Tf ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Td ${hex(code)} Tj ET`;
/** A rule 0.4 pt thick from x0 to x1, `fromTop` under the page's top. */
const ruleAt = (x0: number, x1: number, fromTop: number) => `${x0.toFixed(2)} ${(842 - fromTop).toFixed(2)} ${(x1 - x0).toFixed(2)} 0.4 re f`;

/**
 * An \underbrace with a text label under a page's running-head rule, as TeX draws GeoTopo's
 * "n(s „+“ tx)" over "Soll auf Fläche S bleiben": the brace's rule between its left tips is short, a
 * glyph of the braced text right over it and one of the label right under it, centred on it, the
 * tips' origins just under it. `text` is the line as a reader reads it: the braced text, then its label.
 */
export const TEXT_LABEL_BRACE = { head: 'Running head', before: 'h = n', spanned: '(swtx + yz)', label: 'Soll auf S', after: ' end', text: 'h = n(swtx + yz) Soll auf S end' };

/** The TEXT_LABEL_BRACE line under a running head ruled across the page, 12 pt. */
export async function texTextLabelBracePdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, LABEL, GLYPH] = [12, 8, 6];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const [text, rule] = [textAt, ruleAt];
    const tip = (x: number, fromTop: number, code: number) => glyphAt(x, fromTop, SIZE, code);
    const { head, before, spanned, label, after } = TEXT_LABEL_BRACE;
    const baseline = 140;
    const start = 60 + width(before, SIZE);
    // The "w" (third glyph) stands over the left rule, which runs from the left tip's end to the middle tips.
    const [w0, w1] = [start + width(spanned.slice(0, 2), SIZE), start + width(spanned.slice(0, 3), SIZE)];
    const x0 = w0 - 0.3 - GLYPH;
    const ruleEnd = w1 + 0.3;
    const mid = ruleEnd + GLYPH;
    const x1 = start + width(spanned, SIZE);
    const tipsAt = baseline + 8;
    const ruleY = tipsAt - 1.5;
    // The label's second glyph ("o") centred under the left rule.
    const labelX = (w0 + w1) / 2 - width(label[0], LABEL) - width(label[1], LABEL) / 2;
    return [
      text(60, 40, 9, head),
      rule(60, 535, 44),
      text(60, baseline, SIZE, before + spanned + after),
      ...[124, 123, 122, 125].map((code, i) => tip([x0, mid - GLYPH, mid, x1 - GLYPH][i], tipsAt, code)),
      rule(x0 + GLYPH, ruleEnd, ruleY),
      rule(mid + GLYPH, x1 - GLYPH, ruleY),
      text(labelX, ruleY + 9, LABEL, label),
    ];
  });
}

/**
 * A sum of squares of indexed terms as TeX draws GeoTopo's "(x₁² + x₂² + x₃²)": each x, then its
 * superscript, then its subscript stepping back under it, in one text object; MuPDF starts a line
 * at each step back, so that the formula comes as "(x²", "₁ + x²", "₂ + x²", "₃) end". `text` is the
 * line as a reader reads it, each term's superscript before its subscript.
 */
export const STACKED_SCRIPTS = { before: 'q = (', terms: ['1', '2', '3'], after: ') end', text: 'q = (x21 + x22 + x23) end' };

/** The STACKED_SCRIPTS line alone on a page, 12 pt, its scripts 8 pt. */
export async function texStackedScriptsPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT] = [12, 8];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const baseline = 140;
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    const { before, terms, after } = STACKED_SCRIPTS;
    const ops: string[] = [show(60, baseline, SIZE, before)];
    let x = 60 + width(before);
    terms.forEach((sub, i) => {
      const scriptX = x + width('x');
      ops.push(show(x, baseline, SIZE, 'x'), show(scriptX, baseline - 4.5, SCRIPT, '2'), show(scriptX, baseline + 2.7, SCRIPT, sub));
      x = scriptX + width('2', SCRIPT);
      const joint = i < terms.length - 1 ? ' + ' : after;
      ops.push(show(x, baseline, SIZE, joint));
      x += width(joint);
    });
    return [`BT ${ops.join(' ')} ET`];
  });
}

/**
 * A matrix of text-style fractions as TeX draws GeoTopo's Jacobian "J = (∂x/∂u ∂x/∂v; ∂y/∂u ∂y/∂v)":
 * \bigg parentheses of CMEX10 hung under their origins, two rows whose fraction bars stand 0.6 em
 * over and under the line's axis (no text of the line on theirs), each part 8 pt in a text object of
 * its own. `rows` are the entries, numerator and denominator; `text` the line as Word's paragraph
 * holds it (the parentheses are its equation's delimiters).
 */
export const FRACTION_MATRIX = { before: 'J = ', rows: [[['dx', 'du'], ['dx', 'dv']], [['dy', 'du'], ['dy', 'dv']]], after: ' end', text: 'J = dxdudxdvdydudydv end' };

/** The FRACTION_MATRIX line alone on a page, 12 pt. */
export async function texFractionMatrixPdf(): Promise<Uint8Array> {
  return texPage(BIGG_PARENS, (helvetica) => {
    const [SIZE, PART, GLYPH] = [12, 8, 6];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const [text, rule] = [textAt, ruleAt];
    const paren = (x: number, code: number) => glyphAt(x, parenTop, SIZE, code);
    const { before, rows, after } = FRACTION_MATRIX;
    const baseline = 200;
    const axis = baseline - 0.25 * SIZE;
    const parenTop = axis - 1.2 * SIZE;
    const bars = [axis - 0.6 * SIZE, axis + 0.6 * SIZE];
    const open = 60 + width(before);
    const barWidth = Math.max(...rows.flat(2).map((part) => width(part, PART))) + 1;
    const columns = [open + GLYPH + 0.4 * SIZE, open + GLYPH + 0.4 * SIZE + barWidth + SIZE];
    const close = columns[1] + barWidth + 0.4 * SIZE;
    const ops = [text(60, baseline, SIZE, before), paren(open, 18)];
    rows.forEach((row, r) =>
      row.forEach(([numerator, denominator], c) => {
        const centred = (part: string) => columns[c] + (barWidth - width(part, PART)) / 2;
        ops.push(text(centred(numerator), bars[r] - 2.5, PART, numerator), rule(columns[c], columns[c] + barWidth, bars[r]), text(centred(denominator), bars[r] + 6.5, PART, denominator));
      }),
    );
    ops.push(paren(close, 19), text(close + GLYPH, baseline, SIZE, after));
    return ops;
  });
}

/**
 * Display integrals as TeX draws GeoTopo's "∫_V f dA := ∫_U f(F(u₁, u₂)) …" (page 99): CMEX10's
 * integraldisplay (2.22 em deep) hung under its origin 1.36 em over the line's baseline, centred on
 * the math axis, its subscript at 8 pt lowered to its foot (0.9 em under the baseline), reaching on
 * under the text after it, its superscript raised to its top; each piece a text object of its own
 * (MuPDF reads each as a line). `text` is the line as a reader reads it.
 */
export const DISPLAY_INTEGRALS = {
  pieces: [
    { before: 'I = ', sub: 'Vk', sup: '', after: ' f dA = ' },
    { before: '', sub: '0', sup: '1', after: ' g dt end' },
  ],
  text: 'I = ∫Vk f dA = ∫01 g dt end',
};

/** The DISPLAY_INTEGRALS line alone on a page, 12 pt. */
export async function texDisplayIntegralsPdf(): Promise<Uint8Array> {
  return texPage({ 90: 'integraldisplay' }, (helvetica) => {
    const [SIZE, SCRIPT, GLYPH] = [12, 8, 6];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const baseline = 200;
    let x = 60;
    return DISPLAY_INTEGRALS.pieces.flatMap(({ before, sub, sup, after }) => {
      const ops = before ? [textAt(x, baseline, SIZE, before)] : [];
      const integral = x + width(before);
      // The superscript right of the ∫'s top (its italic correction), the text after past it, or a fifth of an em past the ∫.
      const supX = integral + GLYPH + 0.3 * SIZE;
      const afterX = sup ? supX + width(sup, SCRIPT) + 0.1 * SIZE : integral + GLYPH + 0.2 * SIZE;
      ops.push(glyphAt(integral, baseline - 1.36 * SIZE, SIZE, 90), textAt(integral + GLYPH, baseline + 0.9 * SIZE, SCRIPT, sub));
      if (sup) ops.push(textAt(supX, baseline - 1.07 * SIZE, SCRIPT, sup));
      ops.push(textAt(afterX, baseline, SIZE, after));
      x = afterX + width(after);
      return ops;
    });
  });
}

/**
 * TeX's \mapsto and \longmapsto as cmsy draws them: the bar (mapsto, a glyph of no width) at the
 * arrow's foot, then the arrow from the same origin; \longmapsto's arrow is a minus with the arrow
 * joined over its end. `text` is the line as the page shows it.
 */
export const BARRED_ARROWS = { text: 'f : x ↦ y and g : a ⟼ b end', parts: ['f : x ', ' y and g : a ', ' b end'] };

/** The BARRED_ARROWS line at 12 pt, its arrows in a CMSY10 of builtin encoding (mapsto 0 wide). */
export async function texBarredArrowsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const { context } = doc;
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const [MINUS, ARROW, BAR] = [0x00, 0x21, 0x37];
  const cmsy = type1cFont(doc, 'ABCDEF+CMSY10', { [MINUS]: 'minus', [ARROW]: 'arrowright', [BAR]: 'mapsto' });
  context.lookup(cmsy, PDFDict).set(PDFName.of('Widths'), context.obj(Array.from({ length: 128 }, (_, code) => (code === BAR ? 0 : 500))));
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: helvetica.ref, F2: cmsy } }));
  const SIZE = 12;
  const glyph = SIZE / 2; // 500 units
  const ops: string[] = [];
  let x = 60;
  const text = (shown: string) => {
    ops.push(`BT /F1 ${SIZE} Tf ${x.toFixed(2)} 700 Td ${literal(shown)} Tj ET`);
    x += helvetica.widthOfTextAtSize(shown, SIZE);
  };
  const symbol = (code: number, at: number) => ops.push(`BT /F2 ${SIZE} Tf ${at.toFixed(2)} 700 Td ${hex(code)} Tj ET`);
  const [first, second, third] = BARRED_ARROWS.parts;
  text(first);
  symbol(BAR, x);
  symbol(ARROW, x);
  x += glyph;
  text(second);
  symbol(BAR, x);
  symbol(MINUS, x);
  symbol(ARROW, x + glyph - 1.5); // \joinrel: the arrow 3 mu back over the minus's end
  x += 2 * glyph - 1.5;
  text(third);
  page.node.set(PDFName.of('Contents'), context.register(context.stream(ops.join('\n'))));
  return doc.save();
}

/**
 * A row as TeX draws GeoTopo's "∠R′₁P′R′₂ heißt kleiner als …" (page 74): a symbol with a
 * superscript, then, where the pen goes back under it, the subscript and the text after it in the
 * text font, a little larger than the formula's (11.0 pt beside 10.9): MuPDF starts a line at the
 * step back. `text` is the line as a reader reads it.
 */
export const SCRIPTS_BEFORE_TEXT = { before: 'a = R', sup: "'", sub: '2', after: ' is less than b', text: "a = R'2 is less than b" };

/** The SCRIPTS_BEFORE_TEXT line alone on a page: its formula 12 pt, its scripts 8 pt, its text 12.1 pt. */
export async function texScriptsBeforeTextPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT, TEXT] = [12, 8, 12.1];
    const { before, sup, sub, after } = SCRIPTS_BEFORE_TEXT;
    const baseline = 140;
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    const scriptX = 60 + helvetica.widthOfTextAtSize(before, SIZE);
    const textX = scriptX + helvetica.widthOfTextAtSize(sub, SCRIPT) + 0.5;
    return [`BT ${show(60, baseline, SIZE, before)} ${show(scriptX, baseline - 4.5, SCRIPT, sup)} ${show(scriptX, baseline + 2.7, SCRIPT, sub)} ${show(textX, baseline, TEXT, after)} ET`];
  });
}

/**
 * A row as TeX draws GeoTopo's "J_{F̃ⱼ} = (∂x/∂u …)" (page 36): a symbol whose subscript letter
 * carries an accent, drawn first, then the letter where the pen goes back under it (MuPDF starts a
 * line there, as on that page), then a text-style fraction, its parts 8 pt in text objects of their
 * own over and under a bar on the row's axis; TeX draws no spaces, it leaves room. `accented` is the
 * letter with its accent, as a reader reads it; `text` the line (the fraction's parts one after the
 * other).
 */
export const ACCENTED_SUBSCRIPT = { base: 'J', accent: '~', sub: 'F', accented: 'F\u0303', subSub: 'j', equals: '=', numerator: 'dx', denominator: 'du', after: 'end', text: 'JF\u0303j = dxdu end' };

/** The ACCENTED_SUBSCRIPT line alone on a page, 12 pt, its subscript 8 pt and the subscript's own 6 pt. */
export async function texAccentedSubscriptPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT, SCRIPT2, PART] = [12, 8, 6, 8];
    const width = (text: string, size: number) => helvetica.widthOfTextAtSize(text, size);
    const { base, accent, sub, subSub, equals, numerator, denominator, after } = ACCENTED_SUBSCRIPT;
    const baseline = 200;
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    const subX = 60 + width(base, SIZE);
    const equalsX = subX + width(sub, SCRIPT) + width(subSub, SCRIPT2) + 0.28 * SIZE;
    const barX = equalsX + width(equals, SIZE) + 0.28 * SIZE;
    const barWidth = Math.max(width(numerator, PART), width(denominator, PART)) + 1;
    const bar = baseline - 0.25 * SIZE;
    const centred = (part: string) => barX + (barWidth - width(part, PART)) / 2;
    return [
      `BT ${show(60, baseline, SIZE, base)} ${show(subX + 2, baseline + 2.3, SCRIPT, accent)} ${show(subX, baseline + 4.3, SCRIPT, sub)} ${show(subX + width(sub, SCRIPT), baseline + 5.5, SCRIPT2, subSub)} ${show(equalsX, baseline, SIZE, equals)} ET`,
      textAt(centred(numerator), bar - 2.5, PART, numerator),
      ruleAt(barX, barX + barWidth, bar),
      textAt(centred(denominator), bar + 6.5, PART, denominator),
      textAt(barX + barWidth + 0.3 * SIZE, baseline, SIZE, after),
    ];
  });
}

/**
 * Scripts past their base's italic correction as TeX sets GeoTopo's "Torus T²" and "F⁻¹ⱼ" (p. 36):
 * the superscript 0.14 em after its base, a gap MuPDF reads as a space; and a raised numerator after
 * a word space ("Länge ¹/n", 0.33 em), whose space is the text's. Each line: its text, its base's
 * text, its script, the gap (em) before the script, then the text after it.
 */
export const SCRIPT_GAPS = [
  { before: 'a torus T', script: '2', gap: 0.14, after: ' end', text: 'a torus T2 end' },
  { before: 'of length', script: '1', gap: 0.33, after: '/n end', text: 'of length 1/n end' },
];

/** The SCRIPT_GAPS lines on a page, 12 pt, the scripts 8 pt raised 0.36 em. */
export async function texScriptGapsPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT] = [12, 8];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    return SCRIPT_GAPS.flatMap(({ before, script, gap, after }, i) => {
      const baseline = 140 + 40 * i;
      const scriptX = 60 + width(before) + gap * SIZE;
      return [textAt(60, baseline, SIZE, before), textAt(scriptX, baseline - 0.36 * SIZE, SCRIPT, script), textAt(scriptX + width(script, SCRIPT), baseline, SIZE, after)];
    });
  });
}

/**
 * A root in a subscript as TeX sets GeoTopo's "(Q ∩ ℝ_{<√2})" (p. 16): the subscript's "<", then
 * CMSY8's radical hung under its origin (0.28 em over the line's baseline, a text object of its own),
 * then the radicand "2" lowered as the "<" is, in one text object with the text after it. `text` is
 * the line as a reader reads it.
 */
export const SUBSCRIPT_ROOT = { before: '(Q n R', sub: ['<', '√', '2'], after: ') end', text: '(Q n R<√2) end' };

/** The SUBSCRIPT_ROOT line alone on a page, 12 pt, its subscript 8 pt lowered 0.33 em. */
export async function texSubscriptRootPdf(): Promise<Uint8Array> {
  return texPage(
    { 112: 'radical' },
    (helvetica) => {
      const [SIZE, SCRIPT, GLYPH] = [12, 8, 4];
      const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
      const { before, sub, after } = SUBSCRIPT_ROOT;
      const baseline = 200;
      const lowered = baseline + 0.33 * SIZE;
      const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
      const radical = 60 + width(before) + width(sub[0], SCRIPT);
      const radicand = radical + GLYPH;
      return [
        `BT ${show(60, baseline, SIZE, before)} ${show(60 + width(before), lowered, SCRIPT, sub[0])} ET`,
        `BT /F2 ${SCRIPT} Tf 1 0 0 1 ${radical.toFixed(2)} ${(842 - baseline + 0.28 * SIZE).toFixed(2)} Tm ${hex(112)} Tj ET`,
        `BT ${show(radicand, lowered, SCRIPT, sub[2])} ${show(radicand + width(sub[2], SCRIPT) + 0.5, baseline, SIZE, after)} ET`,
      ];
    },
    'CMSY8',
  );
}

/**
 * A display integral over an indexed set as TeX draws GeoTopo's "∫_{V_i ∩ V_j} f dA" (p. 99): the
 * limit at the ∫'s foot, 8 pt, its indices at 6 pt lowered 0.15 em off the limit's baseline (scripts
 * of its V's), reaching on under the text after the ∫, which starts a fifth of an em past it; the ∫,
 * the limit and the text each a text object of their own. `limit` is the limit's pieces, each a
 * symbol and its index; `text` the line as a reader reads it.
 */
export const NESTED_LIMIT = { before: 'I = ', limit: [['V', 'i'], [' n V', 'j']], after: 'f dA end', text: 'I = ∫Vi n Vj f dA end' };

/** The NESTED_LIMIT line alone on a page, 12 pt. */
export async function texNestedLimitPdf(): Promise<Uint8Array> {
  return texPage({ 90: 'integraldisplay' }, (helvetica) => {
    const [SIZE, SCRIPT, INNER, GLYPH] = [12, 8, 6, 6];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const baseline = 200;
    const { before, limit, after } = NESTED_LIMIT;
    const integral = 60 + width(before);
    const foot = baseline + 0.9 * SIZE;
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    let x = integral + GLYPH;
    const pieces = limit.flatMap(([symbol, index]) => {
      const ops = [show(x, foot, SCRIPT, symbol), show(x + width(symbol, SCRIPT), foot + 0.15 * SCRIPT, INNER, index)];
      x += width(symbol, SCRIPT) + width(index, INNER);
      return ops;
    });
    return [textAt(60, baseline, SIZE, before), glyphAt(integral, baseline - 1.36 * SIZE, SIZE, 90), `BT ${pieces.join(' ')} ET`, textAt(integral + GLYPH + 0.2 * SIZE, baseline, SIZE, after)];
  });
}

/**
 * A tilde over a letter that carries scripts, as TeX draws GeoTopo's "Funktion F̃⁻¹ⱼ in Umgebung"
 * (p. 36): the accent raised a quarter em over the letter and drawn first, then the letter where the
 * pen goes back under it (MuPDF ends a line with the accent and starts the next at the letter), its
 * superscript past its italic correction (0.14 em, a gap MuPDF reads as a space), its subscript
 * under it, then the text. `text` is the line as a reader reads it: the letter with its combining
 * tilde, then its scripts.
 */
export const TILDE_OVER_SCRIPTED = { before: 'Finde ', accent: '~', letter: 'F', accented: 'F\u0303', sup: '-1', sub: 'j', after: ' in W end', text: 'Finde F\u0303-1j in W end' };

/** The TILDE_OVER_SCRIPTED line alone on a page, 12 pt, its scripts 8 pt. */
export async function texTildeOverScriptedPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT] = [12, 8];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const { before, accent, letter, sup, sub, after } = TILDE_OVER_SCRIPTED;
    const baseline = 200;
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    const letterX = 60 + width(before);
    // Its middle over the letter's right half (an italic's skew), its end 0.88 em past the letter's start:
    // MuPDF starts a line where the pen goes back more than 0.8 em.
    const accentX = letterX + 0.3 * SIZE;
    const scriptX = letterX + width(letter);
    const supX = scriptX + 0.14 * SIZE;
    return [
      `BT ${show(60, baseline, SIZE, before)} ${show(accentX, baseline - 0.25 * SIZE, SIZE, accent)} ${show(letterX, baseline, SIZE, letter)} ${show(supX, baseline - 0.36 * SIZE, SCRIPT, sup)} ${show(scriptX, baseline + 0.2 * SIZE, SCRIPT, sub)} ${show(supX + width(sup, SCRIPT) + 0.1 * SIZE, baseline, SIZE, after)} ET`,
    ];
  });
}

/**
 * Scripts with a bracket or a full stop right after them, as TeX sets GeoTopo's "J_F(u, v)" and
 * "= F⁻¹ⱼ." (p. 36): after a subscript its italic correction and \scriptspace (0.15 em), which
 * MuPDF reads as a space; after a superscript over a subscript 0.5 pt, the full stop a line of its
 * own to MuPDF (the pen went back under the superscript for the subscript). A word space after a
 * script is the text's own ("x_i (see)", 0.3 em). Each line: its base text, its superscript and
 * subscript (either may be empty), the room (em) after them, the text after; `text` as it reads.
 */
export const SCRIPTS_BEFORE_BRACKETS = [
  { before: 'J', sup: '', sub: 'F', room: 0.15, after: '(u, v) end', text: 'JF(u, v) end' },
  { before: 'of x', sup: '', sub: 'i', room: 0.3, after: '(see) end', text: 'of xi (see) end' },
  { before: 'so = F', sup: 'n+1', sub: 'j', room: 0.04, after: '.', text: 'so = Fn+1j.' },
];

/** The SCRIPTS_BEFORE_BRACKETS lines on a page, 12 pt, their scripts 8 pt, each line one text object. */
export async function texScriptsBeforeBracketsPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const [SIZE, SCRIPT] = [12, 8];
    const width = (text: string, size = SIZE) => helvetica.widthOfTextAtSize(text, size);
    const show = (x: number, fromTop: number, size: number, shown: string) => `/F1 ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${(842 - fromTop).toFixed(2)} Tm ${literal(shown)} Tj`;
    return SCRIPTS_BEFORE_BRACKETS.map(({ before, sup, sub, room, after }, i) => {
      const baseline = 140 + 40 * i;
      const scriptX = 60 + width(before);
      const end = scriptX + Math.max(width(sup, SCRIPT), width(sub, SCRIPT));
      const scripts = [...(sup ? [show(scriptX, baseline - 0.36 * SIZE, SCRIPT, sup)] : []), ...(sub ? [show(scriptX, baseline + 0.2 * SIZE, SCRIPT, sub)] : [])];
      return `BT ${show(60, baseline, SIZE, before)} ${scripts.join(' ')} ${show(end + room * SIZE, baseline, SIZE, after)} ET`;
    });
  });
}

/**
 * Display integrals after text that ends with no space of its own, as TeX sets GeoTopo's item
 * "a) ∫_V f dA ist …" and "Dann ist ∫_S f dA …" (p. 99): the label, or the words, then room (the
 * item's label sep, a word space), CMEX10's integraldisplay hung under its origin 1.36 em over the
 * line's baseline, its limit at 8 pt at its foot, the text after it a fifth of an em past it; each a
 * text object of its own. `label` is the item's label (Word numbers the item), `text` what it reads.
 */
export const INTEGRALS_AFTER_WORDS = [
  { before: 'a)', room: 0.5, limit: 'V', after: 'f dA holds', label: 'a)', text: '∫V f dA holds' },
  { before: 'Then is', room: 0.33, limit: 'S', after: 'f dA defined', text: 'Then is ∫S f dA defined' },
];

/** The INTEGRALS_AFTER_WORDS lines on a page, 12 pt, two and a half ems apart. */
export async function texIntegralsAfterWordsPdf(): Promise<Uint8Array> {
  return texPage({ 90: 'integraldisplay' }, (helvetica) => {
    const [SIZE, SCRIPT, GLYPH] = [12, 8, 6];
    const width = (text: string) => helvetica.widthOfTextAtSize(text, SIZE);
    return INTEGRALS_AFTER_WORDS.flatMap(({ before, room, limit, after }, i) => {
      const baseline = 200 + 2.5 * SIZE * i;
      const integral = 60 + width(before) + room * SIZE;
      return [
        textAt(60, baseline, SIZE, before),
        glyphAt(integral, baseline - 1.36 * SIZE, SIZE, 90),
        textAt(integral + GLYPH, baseline + 0.9 * SIZE, SCRIPT, limit),
        textAt(integral + GLYPH + 0.2 * SIZE, baseline, SIZE, after),
      ];
    });
  });
}

/**
 * Paragraphs set apart by room between them (TeX's \parskip, half a line), as on GeoTopo's p. 36:
 * a paragraph of three lines, its first ending a sentence at the line's end; then "Idea: …", one
 * line set full to the column's edge and ending a sentence, over "Execution: …" a line and a half
 * under it — no shorter last line tells the paragraphs apart. `paragraphs` are each paragraph's
 * lines, justified to the column's width but for the last (unless `lastFull`).
 */
export const SPREAD_PARAGRAPHS = {
  paragraphs: [
    { lines: ['The first sentence of this paragraph ends here at the edge.', 'It goes on with a second line of words that run on to the', 'edge and then it stops.'] },
    { lines: ['Idea: find a map that does all of this work, so that it ends.'], lastFull: true },
    { lines: ['Execution: let x be a point and y its image.'] },
  ],
  size: 11,
  /** TeX's \baselineskip for the size, and \parskip half of it. */
  pitch: 13.55,
  parskip: 6.77,
  width: 330,
};

/** The SPREAD_PARAGRAPHS on a page, Helvetica, each full line's word spaces stretched to the column's width (Tw). */
export async function texSpreadParagraphsPdf(): Promise<Uint8Array> {
  return texPage(CMEX, (helvetica) => {
    const { paragraphs, size, pitch, parskip, width } = SPREAD_PARAGRAPHS;
    let baseline = 140 - pitch - parskip;
    return paragraphs.flatMap(({ lines, lastFull }) => {
      baseline += parskip;
      return lines.map((line, i) => {
        baseline += pitch;
        const spaces = line.split(' ').length - 1;
        const full = i < lines.length - 1 || lastFull;
        const stretch = full ? (width - helvetica.widthOfTextAtSize(line, size)) / spaces : 0;
        if (stretch < 0) throw new Error(`too long for the column: ${line}`);
        return `BT /F1 ${size} Tf ${stretch.toFixed(3)} Tw 60 ${(842 - baseline).toFixed(2)} Td ${literal(line)} Tj ET`;
      });
    });
  });
}
