// Superscripts and subscripts (issue 14: the GeoTopo thesis's ℝ³, γ₁, x² came out on the baseline),
// drawn with pdf-lib as a typesetter draws them: a smaller glyph raised or lowered right after the
// text it belongs to. Top to bottom:
// - "E = mc" and a raised "2", then " is famous." (each drawText is a text object of its own);
// - "Water is H", a lowered "2", "O." ;
// - a footnote mark: "See the note" and a raised "1";
// - a power alone on its line, "10" and a raised "5" (a spreadsheet must not read 105);
// - a line whose scripts are drawn only after the next line, in text objects of their own, so
//   MuPDF reads them as a line apart: "The area is 5 m" ² " and the flow is 3 m" ³ " a second.";
// - lines of mixed sizes on one baseline that hold no script: a big initial, a heading and its
//   text, small capitals.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** Each script line as pieces: plain text, or a script glyph run. */
type Piece = string | { super: string } | { sub: string };

export const SCRIPT_LINES: Piece[][] = [
  ['E = mc', { super: '2' }, ' is famous.'],
  ['Water is H', { sub: '2' }, 'O.'],
  ['See the note', { super: '1' }, ' below.'],
  ['10', { super: '5' }],
];
/** Its scripts are drawn after the line under it. */
export const LATE_SCRIPT_LINE: Piece[] = ['The area is 5 m', { super: '2' }, ' and the flow is 3 m', { super: '3' }, ' a second.'];
export const LINE_UNDER_LATE = 'This line is drawn before the scripts above it.';
/** Mixed sizes on one baseline, no script: [text, size] pieces. */
export const MIXED_SIZE_LINES: [string, number][][] = [
  [['O', 30], ['nce upon a time there was a big initial.', 12]],
  [['Heading', 16], [' and its text on the same baseline.', 10]],
  [['Small ', 12], ['CAPITALS', 9], [' stay on the line.', 12]],
];

const PAGE_HEIGHT = 842;
const SIZE = 12;
const SCRIPT_SIZE = 8;
const RAISE = 4.5;
const LOWER = 2.5;
const LEFT = 60;

export const pieceText = (pieces: readonly Piece[]) => pieces.map((p) => (typeof p === 'string' ? p : 'super' in p ? p.super : p.sub)).join('');

/** Draws the pieces from x on the baseline (from the top); returns where each script goes, drawing it only when `scripts` is true. */
function drawPieces(page: PDFPage, font: PDFFont, pieces: readonly Piece[], baseline: number, scripts = true): (() => void)[] {
  let x = LEFT;
  const late: (() => void)[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      page.drawText(piece, { x, y: PAGE_HEIGHT - baseline, size: SIZE, font });
      x += font.widthOfTextAtSize(piece, SIZE);
      continue;
    }
    const text = 'super' in piece ? piece.super : piece.sub;
    const y = PAGE_HEIGHT - baseline + ('super' in piece ? RAISE : -LOWER);
    const at = x;
    const draw = () => page.drawText(text, { x: at, y, size: SCRIPT_SIZE, font });
    if (scripts) draw();
    else late.push(draw);
    x += font.widthOfTextAtSize(text, SCRIPT_SIZE);
  }
  return late;
}

export async function scriptPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, PAGE_HEIGHT]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let baseline = 80;
  for (const line of SCRIPT_LINES) {
    drawPieces(page, font, line, baseline);
    baseline += 40;
  }
  const late = drawPieces(page, font, LATE_SCRIPT_LINE, baseline, false);
  page.drawText(LINE_UNDER_LATE, { x: LEFT, y: PAGE_HEIGHT - baseline - 40, size: SIZE, font });
  for (const draw of late) draw();
  baseline += 80;
  for (const line of MIXED_SIZE_LINES) {
    let x = LEFT;
    for (const [text, size] of line) {
      page.drawText(text, { x, y: PAGE_HEIGHT - baseline, size, font });
      x += font.widthOfTextAtSize(text, size);
    }
    baseline += 50;
  }
  return doc.save();
}
