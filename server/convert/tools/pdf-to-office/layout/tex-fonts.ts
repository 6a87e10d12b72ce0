// What the layout knows of TeX's math fonts by name, in one place for every module that reads
// TeX's formulas (extensible-delimiters.ts, matrices.ts, stacked-limits.ts, paragraphs.ts).

/**
 * TeX's extension fonts, whose sized delimiters and big operators hang under their origins:
 * Computer Modern's CMEX10, Latin Modern's lmex10, Euler's euex10, and the math extension faces
 * named so outright (LucidaNewMath-Extension, MathTimePro's …-Extension). Matched on the name with
 * its subset prefix taken off (read-pages.ts).
 */
export const TEX_EXTENSION_FONT = /^(?:cm|lm|eu)ex|Extension/i;
