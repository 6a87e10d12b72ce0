// ES5 for the page dump (mutool run): the glyph names of an embedded CFF program (a Type 1C font,
// /FontFile3) by character code, through its builtin encoding and charset. pdfTeX's subsets of
// CMEX10, CMSY10 and CMMI10 are often written so (GeoTopo's thesis): MuPDF reads names like
// braceleftBigg as U+FFFD, and without them every tall delimiter, big sum and union became a picture.
// Only custom names (string ids past the 391 standard strings) are given: the standard ones (AGL
// names) MuPDF maps itself. Codes of the Standard or Expert encodings are left to MuPDF too.

export const CFF_GLYPH_NAMES_SCRIPT = String.raw`
/** CFF's standard strings: string id 391 is the first of the font's own String INDEX. */
var CFF_STANDARD_STRINGS = 391;

/** An INDEX at offset: its items' [start, end) in the program, and where the INDEX ends. */
function cffIndex(b, offset) {
  var count = (b[offset] << 8) | b[offset + 1];
  if (count === 0) return { items: [], end: offset + 2 };
  var size = b[offset + 2], base = offset + 3 + (count + 1) * size - 1, offsets = [];
  for (var i = 0; i <= count; i++) {
    var v = 0;
    for (var k = 0; k < size; k++) v = v * 256 + b[offset + 3 + i * size + k];
    offsets.push(base + v);
  }
  var items = [];
  for (var j = 0; j < count; j++) items.push([offsets[j], offsets[j + 1]]);
  return { items: items, end: offsets[count] };
}

/** A DICT's operators (12 x as 1200 + x) with their operands. */
function cffDict(b, start, end) {
  var dict = {}, operands = [], i = start;
  while (i < end) {
    var v = b[i];
    if (v <= 21) {
      var op = v === 12 ? 1200 + b[++i] : v;
      dict[op] = operands; operands = []; i++;
    } else if (v === 28) { operands.push(((b[i + 1] << 8) | b[i + 2]) << 16 >> 16); i += 3; }
    else if (v === 29) { operands.push((b[i + 1] << 24) | (b[i + 2] << 16) | (b[i + 3] << 8) | b[i + 4]); i += 5; }
    else if (v === 30) { i++; while (i < end && (b[i] & 0x0F) !== 0x0F && (b[i] >> 4) !== 0x0F) i++; i++; operands.push(0); }
    else if (v >= 32 && v <= 246) { operands.push(v - 139); i++; }
    else if (v >= 247 && v <= 250) { operands.push((v - 247) * 256 + b[i + 1] + 108); i += 2; }
    else if (v >= 251 && v <= 254) { operands.push(-(v - 251) * 256 - b[i + 1] - 108); i += 2; }
    else i++;
  }
  return dict;
}

/** code -> glyph name of the program's own encoding, for its custom names only. */
function cffGlyphNames(b) {
  var names = {};
  var nameIndex = cffIndex(b, b[2]);
  var topIndex = cffIndex(b, nameIndex.end);
  if (!topIndex.items.length) return names;
  var top = cffDict(b, topIndex.items[0][0], topIndex.items[0][1]);
  var strings = cffIndex(b, topIndex.end);
  var charStrings = top[17] ? cffIndex(b, top[17][0]) : null;
  var encodingAt = top[16] ? top[16][0] : 0, charsetAt = top[15] ? top[15][0] : 0;
  if (!charStrings || encodingAt <= 1 || charsetAt <= 2) return names;
  var glyphs = charStrings.items.length, sids = [0], o = charsetAt, format = b[o++];
  while (sids.length < glyphs) {
    if (format === 0) { sids.push((b[o] << 8) | b[o + 1]); o += 2; continue; }
    var first = (b[o] << 8) | b[o + 1], left = format === 1 ? b[o + 2] : (b[o + 2] << 8) | b[o + 3];
    o += format === 1 ? 3 : 4;
    for (var s = 0; s <= left && sids.length < glyphs; s++) sids.push(first + s);
  }
  function nameOf(sid) {
    var item = strings.items[sid - CFF_STANDARD_STRINGS];
    if (!item) return null;
    var text = '';
    for (var i = item[0]; i < item[1]; i++) text += String.fromCharCode(b[i]);
    return text;
  }
  function put(code, sid) {
    var name = sid >= CFF_STANDARD_STRINGS ? nameOf(sid) : null;
    if (name) names[code] = name;
  }
  o = encodingAt;
  var kind = b[o++], gid = 1;
  if ((kind & 0x7F) === 0) { var codes = b[o++]; for (var c = 0; c < codes; c++, gid++) put(b[o + c], sids[gid]); o += codes; }
  else if ((kind & 0x7F) === 1) {
    var ranges = b[o++];
    for (var r = 0; r < ranges; r++, o += 2) for (var n = 0; n <= b[o + 1]; n++, gid++) put(b[o] + n, sids[gid]);
  }
  if (kind & 0x80) { var sups = b[o++]; for (var u = 0; u < sups; u++, o += 3) put(b[o], (b[o + 1] << 8) | b[o + 2]); }
  return names;
}
`;
