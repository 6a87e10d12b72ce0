// Matrices and a case distinction (issue 14: the GeoTopo thesis's matrices came out with their
// label after the first row and each row a paragraph of its own), drawn with pdf-lib as TeX sets
// them: the label on the line, a tall delimiter centred on its math axis, the entries row by row
// (TeX's \halign) centred on the axis too, then the closing delimiter and the rest of the line.
// Top to bottom: a line of text, "M = " (a b; c d) " + x", "JF(u, v) = " with a 3×2 matrix,
// "d(x, y) = " with a brace and two cases, and a last line of text.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface DisplayMatrix {
  label: string;
  open: string;
  close: string;
  rows: string[][];
  after: string;
}

export const INTRO = 'Matrices and cases stand in display lines.';
export const MATRIX: DisplayMatrix = { label: 'M = ', open: '(', close: ')', rows: [['a', 'b'], ['c', 'd']], after: ' + x' };
export const JACOBI: DisplayMatrix = { label: 'JF(u, v) = ', open: '(', close: ')', rows: [['xu', 'xv'], ['yu', 'yv'], ['zu', 'zv']], after: '' };
export const CASES: DisplayMatrix = { label: 'd(x, y) = ', open: '{', close: '', rows: [['0', 'if x = y'], ['1', 'otherwise']], after: '' };
export const OUTRO = 'The last line of the page follows them.';

const PAGE_HEIGHT = 842;
const SIZE = 12;
const LEFT = 60;
/** TeX's math axis over the baseline, the rows' pitch, and the room between columns (font sizes). */
const AXIS = 0.25;
const PITCH = 1.2;
const COLUMN_ROOM = 1;
/** Helvetica's ascender and descender (of its font size): MuPDF's box of a glyph. */
const ASCENT = 0.718;
const DESCENT = 0.207;

/** Draws a display line with a matrix on the baseline (from the top): label, delimiter, entries row by row, closing delimiter, the rest. */
function drawMatrixLine(page: PDFPage, font: PDFFont, matrix: DisplayMatrix, baseline: number): void {
  const width = (text: string, size = SIZE) => font.widthOfTextAtSize(text, size);
  const y = (fromTop: number) => PAGE_HEIGHT - fromTop;
  const axis = baseline - AXIS * SIZE;
  const n = matrix.rows.length;
  // The delimiter's box is centred on the axis and reaches past the rows.
  const delimiterSize = (n * PITCH + 0.4) * SIZE;
  const delimiterBaseline = axis + ((ASCENT - DESCENT) / 2) * delimiterSize;
  page.drawText(matrix.label, { x: LEFT, y: y(baseline), size: SIZE, font });
  const openLeft = LEFT + width(matrix.label);
  page.drawText(matrix.open, { x: openLeft, y: y(delimiterBaseline), size: delimiterSize, font });
  const columns = matrix.rows[0].map((_, column) => Math.max(...matrix.rows.map((row) => width(row[column]))));
  const firstColumn = openLeft + width(matrix.open, delimiterSize) + 0.2 * SIZE;
  matrix.rows.forEach((row, r) => {
    const rowBaseline = axis + (r - (n - 1) / 2) * PITCH * SIZE + 0.35 * SIZE;
    let x = firstColumn;
    row.forEach((entry, column) => {
      page.drawText(entry, { x, y: y(rowBaseline), size: SIZE, font });
      x += columns[column] + COLUMN_ROOM * SIZE;
    });
  });
  const closeLeft = firstColumn + columns.reduce((a, b) => a + b, 0) + (columns.length - 1) * COLUMN_ROOM * SIZE + 0.2 * SIZE;
  if (matrix.close) page.drawText(matrix.close, { x: closeLeft, y: y(delimiterBaseline), size: delimiterSize, font });
  if (matrix.after) page.drawText(matrix.after, { x: closeLeft + width(matrix.close, delimiterSize), y: y(baseline), size: SIZE, font });
}

export async function matrixPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, PAGE_HEIGHT]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(INTRO, { x: LEFT, y: PAGE_HEIGHT - 80, size: SIZE, font });
  drawMatrixLine(page, font, MATRIX, 140);
  drawMatrixLine(page, font, JACOBI, 220);
  drawMatrixLine(page, font, CASES, 300);
  page.drawText(OUTRO, { x: LEFT, y: PAGE_HEIGHT - 360, size: SIZE, font });
  return doc.save();
}
