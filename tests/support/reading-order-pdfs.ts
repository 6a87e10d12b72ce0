// A page whose strips of white space are not all gutters between columns (issue 14: tracemonkey.pdf
// and the GeoTopo thesis), drawn with pdf-lib in reading order, top to bottom:
// - a running header, the page number left and the chapter's title right, above a list of short
//   items that leave the space under the title empty (GeoTopo's odd pages);
// - a code listing, each instruction with its comment beside it (tracemonkey's Figures 3 and 4);
// - a table without rules, names and numbers (tracemonkey's Figure 13);
// - two columns of prose, which stay columns;
// - two columns of an index, short entries in runs that break at different rows (GeoTopo's
//   Stichwortverzeichnis), which stay columns too.
// And a second page, symbolListsPdf: two page columns each holding short two-column symbol lists
// (GeoTopo's Symbolverzeichnis), whose rows line up across the gutter.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';

export const RUNNING_HEADER = { page: '19', title: '1.6. PATHS AND KNOTS' };
export const HEADER_ITEMS = ['A path in X is a map.', 'It is closed at its ends.', 'It is simple if injective.', 'Example 17 follows here.'];
export const FULL_LINE = 'A topological space is path-connected when any two of its points are joined by a path in it.';
export const LISTING = [
  ['v0 := ld state[748]', '// load primes from the trace activation record'],
  ['st sp[0], v0', '// store primes'],
  ['v1 := ld state[764]', '// load k'],
  ['xf v5', '// side exit if v5 is false'],
  ['v2 := i2f(v1)', '// convert k from int to double'],
];
export const TABLE = [
  ['crypto-aes', '50', '72', '78', '1.64x'],
  ['md5', '4', '4', '5', '2.30x'],
  ['date-format-xparb', '3', '3', '11', '0.98x'],
  ['math-cordic', '2', '4', '5', '4.92x'],
];
const PROSE_LINE = 'Prose fills its column from edge to edge';
export const PROSE_COLUMNS = [1, 2].map((column) => Array.from({ length: 4 }, (_, row) => `${PROSE_LINE} ${column}${'abcd'[row]}`));

/** Each column's runs of entries; a blank line between runs. */
export const INDEX_COLUMNS = [
  [['Abbildung', 'affine, 107', 'homotope, 50', 'stetige, 9'], ['Basis, 3', 'Baum, 37', 'Betti-Zahl, 41', 'Bewegungsaxiom, 66', 'Binormalenvektor, 89', 'dicht, 3']],
  [['Eulerzahl, 36', 'Faser, siehe Urbild', 'Fundamentalgruppe, 47', 'Graph, 37', 'Grenzwert, 8', 'Gruppe'], ['topologische, 33', 'Halbebene, 66', 'Hilbert-Kurve, 19', 'Hülle']],
];

const PAGE_HEIGHT = 842;
const SIZE = 10;
const LEADING = 14;

function write(page: PDFPage, font: PDFFont, text: string, x: number, yFromTop: number, size = SIZE): void {
  page.drawText(text, { x, y: PAGE_HEIGHT - yFromTop, size, font });
}

/** A running header: the page number at the left margin, the title set right, 60 pt from the top. */
function writeRunningHeader(page: PDFPage, font: PDFFont, [number, title]: readonly string[]): void {
  write(page, font, number, 60, 60);
  write(page, font, title, 535 - font.widthOfTextAtSize(title, SIZE), 60);
}

export async function readingOrderPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const body = await doc.embedFont(StandardFonts.Helvetica);
  const code = await doc.embedFont(StandardFonts.Courier);
  let y = 60;
  writeRunningHeader(page, body, [RUNNING_HEADER.page, RUNNING_HEADER.title]);
  y += 2 * LEADING;
  for (const item of HEADER_ITEMS) write(page, body, item, 80, (y += LEADING));
  write(page, body, FULL_LINE, 60, (y += LEADING));
  y += 2 * LEADING;
  for (const [instruction, comment] of LISTING) {
    y += LEADING;
    write(page, code, instruction, 70, y);
    write(page, code, comment, 250, y);
  }
  y += 2 * LEADING;
  for (const [name, ...numbers] of TABLE) {
    y += LEADING;
    write(page, body, name, 70, y);
    // Numbers right-aligned in their columns, as a table sets them.
    numbers.forEach((n, i) => write(page, body, n, 260 + 60 * i - body.widthOfTextAtSize(n, SIZE), y));
  }
  y += 2 * LEADING;
  PROSE_COLUMNS.forEach((lines, column) => lines.forEach((line, row) => write(page, body, line, 60 + 250 * column, y + LEADING * (row + 1))));
  y += (PROSE_COLUMNS[0].length + 2) * LEADING;
  // A line across the page ends the prose columns.
  write(page, body, FULL_LINE, 60, y);
  y += LEADING;
  writeIndex(page, body, y);
  return doc.save();
}

/** The index's two columns from `y` down, a blank line between runs. */
function writeIndex(page: PDFPage, font: PDFFont, y: number): void {
  INDEX_COLUMNS.forEach((runs, column) => {
    let row = 0;
    for (const run of runs) {
      for (const entry of run) write(page, font, entry, 60 + 250 * column, y + LEADING * ++row);
      row++;
    }
  });
}

/**
 * A page of a mathematics text (GeoTopo-komprimiert.pdf, page 50): run-in headings in bold at the
 * margin ("Proof:", "Definition 46") with centred display formulas between them, so a strip of
 * white space runs down the page between the headings and the formulas — not a gutter: the
 * headings stand rows apart. Then a sentence whose line looks full beside the long first word of
 * the bold heading under it ("Remark 47"). Then lines at the margin in most rows with centred
 * formulas between them, which no column edge lines up, under a running header (page 34, the
 * PDF's second page). Then a running header over an index's two columns (page 113, the third),
 * two columns of prose, the right one with room left for a float (the fourth), and two under a
 * figure each whose right one is a list hanging in from its markers (the fifth). Drawn in reading
 * order.
 */
export const RUN_IN = {
  header: ['50', '3.2. FUNDAMENTAL GROUP'],
  caption: 'Figure 3.7: The situation of Remark 46',
  proof: 'Proof:',
  formula: ['a([g1] * [g2]) = [d * (g1 * g2) * d]', '= [d * g1 * d * d * g2 * d]', '= [d * g1 * d] * [d * g2 * d]', '= a([g1]) * a([g2])'],
  definition: 'Definition 46',
  definitionText: ['A path-connected topological space X is called simply connected when its fundamental group', 'at one of its points is trivial.'],
  sentence: 'When the fundamental group at one point x of X is trivial, then by Remark 46 it is trivial at every other point of X.',
  remark: 'Remark 47',
  remarkText: 'Every continuous map between two spaces induces a homomorphism of their groups.',
  /** Margin lines in most rows, formulas centred between them (GeoTopo, page 34). */
  nextHeader: ['34', '2.2. DIFFERENTIABLE MANIFOLDS'],
  indexHeader: ['113', 'Stichwortverzeichnis'],
  figureCaptions: ['Figure 7. A loop nested in another one.', 'Figure 8. Two loops nested in one.'],
  bulletColumns: [
    Array.from({ length: 6 }, (_, row) => `${PROSE_LINE} 1${'abcdef'[row]}`),
    ['- Two programs trace well, but have', 'a long compilation time: many', 'traces, or one very long trace.', '- Some programs trace very well and', 'speed up compared to the interpreter,', 'but are not as fast as the others.'],
  ],
  floatColumns: [1, 2].map((column) => Array.from({ length: column === 1 ? 18 : 6 }, (_, row) => `${PROSE_LINE} ${column}${'abcdefghijklmnopqr'[row]}`)),
  further: 'Further:',
  inverse: ['F^-1 | W = F^-1 | W', 'so F^-1 o F | U = F^-1 o F | U', 'and G o F | V = G o F | V'],
  differentiable: 'is differentiable at each of its points.',
  nextDefinition: 'Definition 33',
  nextDefinitionText: 'Let G be a manifold and (G, o) a group whose product and inverse are continuous maps of G.',
};

export async function runInHeadingsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const body = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const centred = (text: string, y: number) => write(page, body, text, 297 - body.widthOfTextAtSize(text, SIZE) / 2, y);
  writeRunningHeader(page, bold, RUN_IN.header);
  centred(RUN_IN.caption, 100);
  write(page, bold, RUN_IN.proof, 60, 130);
  RUN_IN.formula.forEach((line, i) => write(page, body, line, i === 0 ? 210 : 262, 150 + 16 * i));
  write(page, bold, RUN_IN.definition, 60, 230);
  RUN_IN.definitionText.forEach((line, i) => write(page, body, line, 80, 244 + LEADING * i));
  write(page, body, RUN_IN.sentence, 60, 278);
  write(page, bold, RUN_IN.remark, 60, 296);
  write(page, body, RUN_IN.remarkText, 80, 310);
  // Page 34: the running header starts the strip, as on GeoTopo's page.
  const next = doc.addPage([595, 842]);
  writeRunningHeader(next, bold, RUN_IN.nextHeader);
  write(next, body, RUN_IN.further, 80, 92);
  RUN_IN.inverse.forEach((line, i) => write(next, body, line, [330, 270, 340][i], 114 + 18 * i));
  write(next, body, RUN_IN.differentiable, 80, 180);
  write(next, bold, RUN_IN.nextDefinition, 60, 196);
  write(next, body, RUN_IN.nextDefinitionText, 80, 210);
  // Page 113: a running header over the two columns of an index.
  const index = doc.addPage([595, 842]);
  writeRunningHeader(index, bold, RUN_IN.indexHeader);
  writeIndex(index, body, 76);
  // Two columns of prose, the right one leaving room for a float between its lines (multicolumn.pdf, page 2).
  const floats = doc.addPage([595, 842]);
  RUN_IN.floatColumns[0].forEach((line, row) => write(floats, body, line, 60, 80 + LEADING * row));
  RUN_IN.floatColumns[1].forEach((line, row) => write(floats, body, line, 310, 80 + LEADING * (row < 3 ? row : row + 12)));
  // Two columns under a figure each, the right figure's caption a little higher than the left's
  // (tracemonkey.pdf, page 7); the right column a list whose lines hang in from its markers, as
  // far as a reference list's "[10] " (pages 11 and 14).
  const bullets = doc.addPage([595, 842]);
  const figure = await doc.embedPng(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).png().toBuffer());
  bullets.drawImage(figure, { x: 80, y: PAGE_HEIGHT - 190, width: 160, height: 120 });
  bullets.drawImage(figure, { x: 380, y: PAGE_HEIGHT - 180, width: 100, height: 110 });
  write(bullets, body, RUN_IN.figureCaptions[0], 60, 206);
  RUN_IN.bulletColumns[0].forEach((line, row) => write(bullets, body, line, 60, 230 + LEADING * row));
  write(bullets, body, RUN_IN.figureCaptions[1], 310, 196);
  RUN_IN.bulletColumns[1].forEach((line, row) => write(bullets, body, line, line.startsWith('-') ? 310 : 335, 230 + LEADING * row));
  return doc.save();
}

interface SymbolColumn {
  /** A list's last two rows, left over from the column before: a symbol, then its description. */
  top: string[][];
  heading: string;
  /** Justified; a line's closing hyphen hangs into the gutter, as pdfTeX's microtype sets it. */
  prose: string[];
  /** Symbol, then its description, whose lines after the first are a wrapped description's. */
  rows: string[][];
}

/** Each page column of the symbol lists' page, top to bottom, in reading order. */
export const SYMBOL_COLUMNS: { left: SymbolColumn; right: SymbolColumn } = {
  left: {
    top: [
      ['Homeo(X)', 'Homeomorphism group'],
      ['Isom(X)', 'Isometry group'],
    ],
    heading: 'Groups',
    prose: ['Let X be a topological space and n a natural num-', 'ber, and K a commutative field.'],
    rows: [
      ['GL(n, K)', 'General linear group, the invertible n', 'by n matrices over K'],
      ['SL(n, K)', 'Special linear group'],
      ['PSL(n, K)', 'Projective linear group'],
    ],
  },
  right: {
    top: [
      ['Hom(X, Y)', 'Continuous maps from X to Y'],
      ['Sym(X)', 'Symmetric group'],
    ],
    heading: 'Maps',
    prose: [],
    rows: [
      ['f|U', 'Restriction of f to U'],
      ['pr(X)', 'Projection onto X'],
      ['f^-1(M)', 'Preimage of M'],
      ['rk(M)', 'Rank of M'],
      ['deg(f)', 'Degree of f'],
      ['chi(K)', 'Euler characteristic of K'],
      // A description that all but fills its row, under which a wide symbol would have fitted: a
      // row of its own all the same, as is one whose symbol leaves no wide gap before its text.
      ['AB', 'Segment with end points A and B'],
      ['Tri(A,B,C)', 'Triangle with corners A, B and C'],
      ['Angle(A,B,C)', 'Angle at B between A and C'],
    ],
  },
};

/** The words of a line spread to fill `width` from `x`; a closing hyphen is set beyond it. */
function justify(page: PDFPage, font: PDFFont, line: string, x: number, width: number, yFromTop: number): void {
  const hyphen = line.endsWith('-');
  const words = (hyphen ? line.slice(0, -1) : line).split(' ');
  const inked = words.reduce((sum, word) => sum + font.widthOfTextAtSize(word, SIZE), 0);
  const space = (width - inked) / (words.length - 1);
  let at = x;
  for (const word of words) {
    write(page, font, word, at, yFromTop);
    at += font.widthOfTextAtSize(word, SIZE) + space;
  }
  if (hyphen) write(page, font, '-', x + width, yFromTop);
}

/**
 * LaTeX's two columns, 225 pt wide and 10 pt apart, drawn one after the other; a list's
 * descriptions start 62 pt into its column. The two columns' headings and lists start on the same
 * baselines, so their rows line up across the gutter.
 */
export async function symbolListsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const body = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 225;
  const indent = 62;
  const drawColumn = ({ top, heading, prose }: SymbolColumn, rows: string[][], x: number) => {
    let y = 80;
    for (const [symbol, description] of top) {
      write(page, body, symbol, x, y);
      write(page, body, description, x + indent, y);
      y += LEADING;
    }
    write(page, bold, heading, x, (y += LEADING), 12);
    y += LEADING;
    prose.forEach((line, index) => {
      if (index < prose.length - 1) justify(page, body, line, x, width, (y += LEADING));
      else write(page, body, line, x, (y += LEADING));
    });
    if (prose.length > 0) y += LEADING;
    for (const [symbol, ...description] of rows) {
      write(page, body, symbol, x, (y += LEADING));
      description.forEach((line, index) => {
        if (index > 0) y += LEADING;
        if (index < description.length - 1) justify(page, body, line, x + indent, width - indent, y);
        else write(page, body, line, x + indent, y);
      });
    }
  };
  drawColumn(SYMBOL_COLUMNS.left, SYMBOL_COLUMNS.left.rows, 60);
  drawColumn(SYMBOL_COLUMNS.right, SYMBOL_COLUMNS.right.rows, 60 + width + 10);
  return doc.save();
}

/**
 * Text set after a stack of rows that hangs from its first row (GeoTopo's page 97: TeX's
 * aligned[t] followed by text): the first row ends in "und", the second stands under it, and
 * "heißen Hauptkrümmungen …" stands on the first row's baseline, right of both, 7 pt after "und"
 * (more than a word space, less than a gutter) — drawn after the second row, as TeX draws it.
 * Under it a line of prose whose last piece, drawn apart, is a word space after the text before
 * it, over a short last line, and one whose last piece stands as far off as the text after the
 * stack, drawn after the short last line under it (MuPDF reads it apart): both read in their rows.
 */
export const TEXT_AFTER_STACK = {
  rows: ['a) k1(s) := min { k(s, x) | x in S } und', 'k2(s) := max { k(s, x) | x in S }'],
  text: 'heißen Hauptkrümmungen von S in s.',
  next: 'b) K(s) := k1(s) k2(s) heißt Gauß-Krümmung von S in s., und so weiter hier.',
  prose: ['Ersetzt man n durch -n, so gilt für jede Richtung,', 'wie man leicht nachrechnet, dasselbe.'],
  proseEnd: 'Weiter.',
  stretched: ['Ersetzt man den Punkt durch einen anderen, so', 'bleibt alles wie es war,'],
  stretchedEnd: 'auch hier.',
};

export async function textAfterStackPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const body = await doc.embedFont(StandardFonts.TimesRoman);
  const [first, second] = TEXT_AFTER_STACK.rows;
  write(page, body, first, 80, 100);
  write(page, body, second, 80 + body.widthOfTextAtSize('a) ', SIZE), 114);
  write(page, body, TEXT_AFTER_STACK.text, 80 + body.widthOfTextAtSize(first, SIZE) + 7, 100);
  write(page, body, TEXT_AFTER_STACK.next, 80, 132);
  const [prose, rest] = TEXT_AFTER_STACK.prose;
  write(page, body, prose, 80, 160);
  write(page, body, rest, 80 + body.widthOfTextAtSize(`${prose} `, SIZE), 160);
  write(page, body, TEXT_AFTER_STACK.proseEnd, 80, 174);
  const [sentence, next] = TEXT_AFTER_STACK.stretched;
  // Its last piece drawn after the line under it, as the stack's text is: MuPDF reads it apart.
  write(page, body, sentence, 80, 200);
  write(page, body, TEXT_AFTER_STACK.stretchedEnd, 80, 214);
  write(page, body, next, 80 + body.widthOfTextAtSize(sentence, SIZE) + 7, 200);
  return doc.save();
}
