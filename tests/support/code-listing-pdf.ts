// A code listing between two paragraphs of prose (issue 14: tracemonkey.pdf's Figure 4, an x86
// listing in a typewriter font): prose in Helvetica, then lines of Courier with indentation and
// aligned columns — a label, an indented mnemonic, a wide gap, its operands and a comment. The
// white space between mnemonics and operands runs down every line, so read as prose the listing
// splits into two columns; and a sentence of prose names one code word in Courier.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export const PROSE_BEFORE =
  'The loop below counts down a value kept in memory. Every instruction is one line, and the comments on the right say what each does; the compiler wrote it for a small sample program.';
/** A sentence whose one code word (`INLINE_CODE`) is set in the typewriter font. */
export const PROSE_AFTER = ['After the loop the register', 'holds zero, and the stored count is zero as well, so the caller can test it without reading memory again.'];
export const INLINE_CODE = 'eax';
export const LISTING = [
  'loop:',
  '    mov     eax, [ebx+4]      ; load the count',
  '    cmp     eax, 0',
  '    je      done              ; nothing left',
  '    sub     eax, 1',
  '    mov     [ebx+4], eax      ; store it back',
  '    jmp     loop',
  'done:',
  '    ret',
];

const PAGE = { width: 595, height: 842 };
const LEFT = 60;
const RIGHT = 535;
const SIZE = 10;
const LEADING = 13;

/** Words of `text` set from the left margin onward, a line as full as the measure allows; returns the lines. */
function wrap(text: string, font: PDFFont, firstWidth: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, SIZE) > (lines.length === 0 ? firstWidth : width)) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  return [...lines, line];
}

export async function codeListingPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const body = await doc.embedFont(StandardFonts.Helvetica);
  const code = await doc.embedFont(StandardFonts.Courier);
  let y = 80;
  const draw = (text: string, font: PDFFont, x: number) => page.drawText(text, { x, y: PAGE.height - y, size: SIZE, font });
  for (const line of wrap(PROSE_BEFORE, body, RIGHT - LEFT, RIGHT - LEFT)) {
    draw(line, body, LEFT);
    y += LEADING;
  }
  y += LEADING;
  for (const line of LISTING) {
    draw(line, code, LEFT);
    y += LEADING;
  }
  y += LEADING;
  // The code word sits inside the sentence's first line, between Helvetica words.
  const [head, tail] = PROSE_AFTER;
  draw(head, body, LEFT);
  const codeX = LEFT + body.widthOfTextAtSize(`${head} `, SIZE);
  draw(INLINE_CODE, code, codeX);
  const afterCode = codeX + code.widthOfTextAtSize(`${INLINE_CODE} `, SIZE);
  const [first, ...rest] = wrap(tail, body, RIGHT - afterCode, RIGHT - LEFT);
  draw(first, body, afterCode);
  for (const line of rest) {
    y += LEADING;
    draw(line, body, LEFT);
  }
  return doc.save();
}
