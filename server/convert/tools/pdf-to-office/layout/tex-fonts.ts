// What the layout knows of TeX's math fonts, in one place for every module that reads TeX's
// formulas (extensible-delimiters.ts, matrices.ts, stacked-limits.ts, paragraphs.ts).

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
