// Text set after a stack of rows that hangs from its first row: TeX's aligned[t] or array[t]
// followed by text ("κ₁ := min … und / κ₂ := max …  heißen Hauptkrümmungen von S in s.", GeoTopo's
// page 97). The text stands on the stack's first baseline, right of its widest row, set off by
// more than a word space and less than a gutter; it goes on from the stack's last row, so it is
// read after the rows under it, not between the first and the second.
import type { Box } from '../page-content';

/**
 * A word space in justified text stretches to about half an em (TeX's 3.33 pt + 1.67 pt in 10 pt);
 * set off further than this many gutter widths (0.8 em each), a piece is no next word.
 */
const SET_OFF_GUTTERS = 0.7;
/** A row of the stack is under the one above: no more room between them than this share of its height (no blank line). */
const BLANK_LINE_SHARE = 0.5;
/**
 * …and at least this share as wide as the first row's text before the text after them: rows of one
 * block (a formula's), not a paragraph's short last line nor a figure's lone label under a row of ticks.
 */
const MIN_ROW_SHARE = 0.5;

const left = (row: readonly { box: Box }[]) => Math.min(...row.map((i) => i.box.x0));
const right = (row: readonly { box: Box }[]) => Math.max(...row.map((i) => i.box.x1));
const top = (row: readonly { box: Box }[]) => Math.min(...row.map((i) => i.box.y0));
const bottom = (row: readonly { box: Box }[]) => Math.max(...row.map((i) => i.box.y1));

/**
 * How many rows under `rows[index]` its pieces from `textFrom` on stand beside: rows each right under
 * the one above, at least half as wide as the first row's text before, starting no further left,
 * and all ending left of the text by more than a word space, as does the first row's text before it
 * (0: none).
 */
function stackUnder(rows: readonly (readonly { box: Box }[])[], index: number, before: readonly { box: Box }[], textFrom: number, minGutter: number): number {
  const setOff = SET_OFF_GUTTERS * minGutter;
  if (textFrom - right(before) <= setOff || textFrom - right(before) >= minGutter) return 0;
  let count = 0;
  for (let r = index + 1; r < rows.length; r++) {
    const [above, row] = [r === index + 1 ? before : rows[r - 1], rows[r]];
    const underAbove = top(row) - bottom(above) <= BLANK_LINE_SHARE * (bottom(row) - top(row));
    const wide = right(row) - left(row) >= MIN_ROW_SHARE * (right(before) - left(before));
    if (!underAbove || !wide || left(row) < left(before) - setOff || right(row) >= textFrom - setOff) break;
    count++;
  }
  return count;
}

/**
 * The rows with the text after each stack moved to the end of the stack's last row (so it is read
 * after that row's pieces), and which pieces were moved.
 */
export function withTextAfterStacks<T extends { box: Box }>(rows: readonly T[][], minGutter: number): { rows: T[][]; moved: Set<T> } {
  const result = rows.map((row) => [...row].sort((a, b) => a.box.x0 - b.box.x0));
  const moved = new Set<T>();
  for (let index = 0; index < result.length; index++) {
    const row = result[index];
    // The text after a stack: the row's last pieces, from the rightmost cut that sets them off so.
    for (let cut = row.length - 1; cut > 0; cut--) {
      const [before, text] = [row.slice(0, cut), row.slice(cut)];
      // Text moved here already stays after the stack it was moved under.
      if (text.some((piece) => moved.has(piece))) break;
      const count = stackUnder(result, index, before, text[0].box.x0, minGutter);
      if (count === 0) continue;
      result[index] = before;
      result[index + count].push(...text);
      for (const piece of text) moved.add(piece);
      break;
    }
  }
  return { rows: result, moved };
}
