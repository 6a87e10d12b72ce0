// ES5 for the mutool scripts (the page dump, the figure clips): where a glyph a text device is shown
// stands, and the key that matches it with the structured text's character at the same origin
// (actual-text.ts, unmapped-glyph-ids.ts, page-clips.ts).

export const GLYPH_ORIGIN_HELPERS = String.raw`
/** The glyph's origin in device space: its text matrix's translation through the ctm. */
function glyphOrigin(ctm, trm) {
  return [ctm[0] * trm[4] + ctm[2] * trm[5] + ctm[4], ctm[1] * trm[4] + ctm[3] * trm[5] + ctm[5]];
}

/** An origin as a key, to a tenth of a point: the same glyph met by two walks of a page. */
function glyphOriginKey(x, y) { return Math.round(x * 10) + ',' + Math.round(y * 10); }
`;
