// MuPDF puts a space into a line where it finds room between two glyphs (words a typesetter set
// apart without drawing a space), unless the glyph before it is a space it knows. A space glyph
// drawn beside such room gets MuPDF's space all the same: after the room ("j" then a text object of
// its own starting " in W": "j  in W"), or before it, where MuPDF cannot tell the glyph is a space
// (a font without Unicode, whose space glyph OCR reads later: TAMReview.pdf's justified lines,
// "User  acceptance  of"). The room and the space drawn beside it are that one space.
import { isBlank, type PdfChar } from '../page-content';

/** Within this many points, one glyph's box ends where the next one's starts. */
const ABUT = 0.05;
/** Within this many points, two spaces are as wide as each other: one glyph's advance twice (MuPDF's room is any width). */
const SAME_WIDTH = 0.01;

const width = (c: PdfChar) => c.box.x1 - c.box.x0;
const abut = (left: PdfChar, right: PdfChar) => Math.abs(right.box.x0 - left.box.x1) <= ABUT;

/**
 * Whether the blanks `first` and `second`, one after the other between the glyphs `before` and
 * `after`, are a drawn space and MuPDF's space for the room beside it: they abut, they are no copies
 * of each other (two space glyphs drawn one after the other, the text's own double space, are as
 * wide as each other), and one of them fills the room to a glyph end to end, as MuPDF's does (a
 * drawn space may stand a kerning nudge apart from its word).
 */
function isSpaceAndRoom(before: PdfChar | undefined, first: PdfChar, second: PdfChar | undefined, after: PdfChar | undefined): boolean {
  if (!before || !second || isBlank(before) || !isBlank(first) || !isBlank(second) || !abut(first, second) || Math.abs(width(first) - width(second)) <= SAME_WIDTH) return false;
  return abut(before, first) || (after !== undefined && !isBlank(after) && abut(second, after));
}

/** An upright line's characters with each space MuPDF put in beside a space glyph of the text's own made one with it, spanning both. */
export function withoutRoomBesideSpaces(chars: readonly PdfChar[]): PdfChar[] {
  const out: PdfChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!isSpaceAndRoom(chars[i - 1], c, chars[i + 1], chars[i + 2])) {
      out.push(c);
      continue;
    }
    const second = chars[++i];
    out.push({ ...second, box: { ...second.box, x0: c.box.x0 } });
  }
  return out;
}
