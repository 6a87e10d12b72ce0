// ES5 for the page dump (mutool run): which glyph of its font each unreadable character (U+FFFD)
// is, so glyph-ocr can learn a glyph's text once and give it to every place the glyph stands.
// MuPDF 1.21's structured text names a character's font but not its glyph; a text device run over
// the page does, and the two meet at the glyph's origin (as in actual-text.ts). The dump calls
// unmappedGlyphIds(page) only on pages that have such characters. Needs GLYPH_ORIGIN_HELPERS.

export const UNMAPPED_GLYPH_IDS_SCRIPT = String.raw`
/** glyph origin key -> glyph id, for the glyphs MuPDF reads as U+FFFD. */
function unmappedGlyphIds(page) {
  var ids = {};
  function take(text, ctm) {
    text.walk({
      showGlyph: function (font, trm, glyph, unicode) {
        if (unicode !== 0xFFFD) return;
        var origin = glyphOrigin(ctm, trm);
        ids[glyphOriginKey(origin[0], origin[1])] = glyph;
      },
    });
  }
  page.run({ fillText: take, strokeText: take, clipText: take, clipStrokeText: take, ignoreText: take }, Identity);
  return ids;
}

/** Gives each U+FFFD entry ([entry, origin]) its glyph id as entry[10]; one left unmatched keeps none. */
function noteGlyphIds(page, unreadable) {
  if (!unreadable.length) return;
  var ids = unmappedGlyphIds(page);
  for (var i = 0; i < unreadable.length; i++) {
    var id = ids[glyphOriginKey(unreadable[i][1][0], unreadable[i][1][1])];
    if (id !== undefined) unreadable[i][0][10] = id;
  }
}
`;
