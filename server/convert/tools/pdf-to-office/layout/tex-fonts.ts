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
