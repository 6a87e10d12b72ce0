// ES5 for the page dump (mutool run): the Unicode of each glyph of an embedded TrueType program,
// read backwards from its own cmap table. A CID font on Identity-H without /ToUnicode (what many
// Arabic and CJK producers write) has nothing else that says what its glyphs are; MuPDF reads them
// all as U+FFFD and poppler as the raw glyph numbers. Arabic presentation forms come out as their letters.

/**
 * Arabic presentation forms (U+FB50–FDFF, U+FE70–FEFF) as their letters (NFKC): a shaped glyph
 * (initial beh, the lam-alef ligature) sits in the cmap only under its presentation form, and text
 * in those code points looks right but is not found by a search for the word.
 */
function presentationForms(): Record<number, string> {
  const forms: Record<number, string> = {};
  for (const [first, last] of [[0xfb50, 0xfdff], [0xfe70, 0xfeff]]) {
    for (let cp = first; cp <= last; cp++) {
      const letters = String.fromCodePoint(cp).normalize('NFKC');
      if (letters !== String.fromCodePoint(cp) && letters.trim() !== '') forms[cp] = letters;
    }
  }
  return forms;
}

export const TRUETYPE_UNICODES_SCRIPT = String.raw`
var PRESENTATION_FORMS = ${JSON.stringify(presentationForms())};
function ttU16(b, o) { return (b[o] << 8) | b[o + 1]; }
function ttU32(b, o) { return ((b[o] << 24) >>> 0) + (b[o + 1] << 16) + (b[o + 2] << 8) + b[o + 3]; }

/** MuJS strings hold code points: one character even beyond the BMP. */
function codePointText(cp) { return String.fromCharCode(cp); }

/** Private-use and control code points say nothing about the glyph. */
function meaningfulCodePoint(cp) {
  return cp >= 32 && !(cp >= 0x7F && cp < 0xA0) && !(cp >= 0xD800 && cp <= 0xF8FF) && !(cp >= 0xF0000);
}

/** The Unicode subtable to read: format 12 (full range) before format 4 (BMP); symbol cmaps say nothing. */
function unicodeSubtable(b, cmap) {
  var best = -1, bestRank = 0, count = ttU16(b, cmap + 2);
  for (var i = 0; i < count; i++) {
    var record = cmap + 4 + 8 * i;
    if (record + 8 > b.length) break;
    var platform = ttU16(b, record), encoding = ttU16(b, record + 2), table = cmap + ttU32(b, record + 4);
    if (table + 4 > b.length) continue;
    var unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    var format = ttU16(b, table);
    var rank = !unicode ? 0 : format === 12 ? 2 : format === 4 ? 1 : 0;
    if (rank > bestRank) { best = table; bestRank = rank; }
  }
  return best;
}

/** glyph id -> text; where several code points share a glyph the lowest wins (a base letter before its presentation form). */
function trueTypeGlyphTexts(b) {
  var texts = {}, budget = 200000;
  if (b.length < 12) return texts;
  var start = ttU32(b, 0) === 0x74746366 ? ttU32(b, 12) : 0; // 'ttcf': the collection's first font
  var tables = ttU16(b, start + 4), cmap = -1;
  for (var i = 0; i < tables; i++) {
    var r = start + 12 + 16 * i;
    if (r + 16 <= b.length && String.fromCharCode(b[r], b[r + 1], b[r + 2], b[r + 3]) === 'cmap') cmap = ttU32(b, r + 8);
  }
  if (cmap < 0 || cmap + 4 > b.length) return texts;
  var table = unicodeSubtable(b, cmap);
  if (table < 0) return texts;
  function put(cp, gid) {
    if (gid > 0 && meaningfulCodePoint(cp) && !texts.hasOwnProperty(gid)) texts[gid] = PRESENTATION_FORMS.hasOwnProperty(cp) ? PRESENTATION_FORMS[cp] : codePointText(cp);
  }
  if (ttU16(b, table) === 12) {
    var groups = ttU32(b, table + 12);
    for (var g = 0; g < groups && table + 28 + 12 * g <= b.length; g++) {
      var at = table + 16 + 12 * g, first = ttU32(b, at), last = ttU32(b, at + 4), glyph = ttU32(b, at + 8);
      for (var cp = first; cp <= last && budget-- > 0; cp++) put(cp, glyph + cp - first);
    }
    return texts;
  }
  var segments = ttU16(b, table + 6) / 2, ends = table + 14, starts = ends + 2 * segments + 2;
  var deltas = starts + 2 * segments, offsets = deltas + 2 * segments;
  for (var s = 0; s < segments && offsets + 2 * s + 2 <= b.length; s++) {
    var end = ttU16(b, ends + 2 * s), begin = ttU16(b, starts + 2 * s), delta = ttU16(b, deltas + 2 * s), offset = ttU16(b, offsets + 2 * s);
    for (var c = begin; c <= end && c < 0xFFFF && budget-- > 0; c++) {
      var gid;
      if (offset === 0) gid = (c + delta) & 0xFFFF;
      else {
        var slot = offsets + 2 * s + offset + 2 * (c - begin);
        if (slot + 2 > b.length) break;
        gid = ttU16(b, slot);
        if (gid) gid = (gid + delta) & 0xFFFF;
      }
      put(c, gid);
    }
  }
  return texts;
}
`;
