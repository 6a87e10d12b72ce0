// What the layout knows of TeX's math fonts, in one place for every module that reads TeX's
// formulas (extensible-delimiters.ts, matrices.ts, stacked-limits.ts, paragraphs.ts, text-lines.ts).
import type { PdfChar } from '../page-content';

/**
 * TeX's extension fonts, whose sized delimiters and big operators hang under their origins:
 * Computer Modern's CMEX10, Latin Modern's lmex10, Euler's euex10, and math extension faces named
 * so outright (Lucida's LucidaNewMath-Extension). Matched on the name with its subset prefix taken
 * off (read-pages.ts).
 */
export const TEX_EXTENSION_FONT = /^(?:cm|lm|eu)ex|Extension/i;

/**
 * TeX's math axis, where fraction bars, matrices and delimiters are centred: this far (font sizes)
 * over the baseline of the text (CMSY10's axis_height, 0.25 em).
 */
export const TEX_AXIS_EMS = 0.25;

/** TeX's radical sign (CMSY's, the extension font's) hangs under its origin too, over the text under its bar. */
export const isHungRadical = (c: PdfChar) => c.text === '√' && /^(?:cm|lm|eu)(?:sy|ex)/i.test(c.font.name);

/** Whether TeX draws the glyph hanging under its origin, no baseline of the text it stands in: its extension font's, and a radical sign. */
export const isHungGlyph = (c: PdfChar) => TEX_EXTENSION_FONT.test(c.font.name) || isHungRadical(c);

/**
 * A glyph TeX hangs under its origin centred on the math axis of the text row at `baseline` (of
 * `size`), a big operator of its extension font, boxed where it is drawn when it is taller than two
 * font sizes (a display ∫, 2.22): from its origin down as far under the axis as the origin is over
 * it, its foot ~0.86 font sizes under the baseline, where its subscript goes. A smaller one keeps
 * MuPDF's box, by which the rows of a note over its line stand in that line (paragraphs.ts).
 */
export function boxedOnAxis(c: PdfChar, baseline: number, size: number): PdfChar {
  const axis = baseline - TEX_AXIS_EMS * size;
  return axis - c.baseline > c.size ? { ...c, box: { ...c.box, y0: c.baseline, y1: 2 * axis - c.baseline } } : c;
}
