// MuPDF puts a space into a line where it finds room between two glyphs (words a typesetter set
// apart without drawing a space), unless the glyph before it is a space. A space glyph drawn after
// such room (a text object of its own starting with one: "j" then " in W") gets MuPDF's space
// before it all the same, and the line read "j  in W": two spaces where the page shows one word
// space. The room and the space drawn after it are that one space.
import { isBlank, type PdfChar } from '../page-content';

/** Within this many points, one glyph's box ends where the next one's starts. */
const ABUT = 0.05;

const width = (c: PdfChar) => c.box.x1 - c.box.x0;

/**
 * Whether the blank `room` is MuPDF's space for the room between `before`'s end and the space glyph
 * `drawn`: it fills that room, end to end, and is no copy of `drawn` (two space glyphs drawn one
 * after the other, the text's own double space, are as wide as each other).
 */
function isRoomBefore(before: PdfChar | undefined, room: PdfChar, drawn: PdfChar | undefined): boolean {
  if (!before || !drawn || isBlank(before) || !isBlank(room) || !isBlank(drawn)) return false;
  return Math.abs(room.box.x0 - before.box.x1) <= ABUT && Math.abs(drawn.box.x0 - room.box.x1) <= ABUT && Math.abs(width(room) - width(drawn)) > ABUT;
}

/** An upright line's characters with each space MuPDF put in before a space glyph of the text's own made one with it, spanning both. */
export function withoutRoomBeforeSpaces(chars: readonly PdfChar[]): PdfChar[] {
  const out: PdfChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!isRoomBefore(chars[i - 1], c, chars[i + 1])) {
      out.push(c);
      continue;
    }
    const drawn = chars[++i];
    out.push({ ...drawn, box: { ...drawn.box, x0: c.box.x0 } });
  }
  return out;
}
