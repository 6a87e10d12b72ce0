// The mark a sub-figure's caption starts with: "(a)", "(b) …" (LaTeX's subcaption and subfig). Both
// the figure's cutting (sub-figures.ts) and the rows of pictures with their captions (image-rows.ts)
// ask for it.
import { isBlank, type PdfChar } from '../page-content';

const MARK = /^\([a-z]\)/;

/** Whether `chars` start with a sub-figure's mark at `index` (at the start, or after a space). */
export function subCaptionMarkAt(chars: readonly PdfChar[], index: number): boolean {
  const first = chars.findIndex((c) => !isBlank(c));
  if (index !== first && !(index > 0 && isBlank(chars[index - 1]))) return false;
  return MARK.test(chars.slice(index, index + 3).map((c) => c.text).join(''));
}

/** Whether `chars` start with a sub-figure's mark. */
export function startsWithSubCaptionMark(chars: readonly PdfChar[]): boolean {
  const first = chars.findIndex((c) => !isBlank(c));
  return first >= 0 && subCaptionMarkAt(chars, first);
}
