// ES5 for the page dump (mutool run): the glyph names of a bare CFF program's builtin encoding
// (/FontFile3 /Subtype /Type1C), as unmapped-glyphs.ts reads them from a Type 1 program's
// `dup 13 /vextenddouble put`. pdfTeX and Ghostscript (ps2pdf, "komprimiert" PDFs) write TeX's
// CMEX10, CMSY10 and MSBM10 this way with no /ToUnicode, so a glyph like summationdisplay or bardbl
// is known only by a name in the CFF's own string table, which MuPDF does not map to text.
// Only those names are returned (string ids past the 391 standard strings): a standard name is
// one MuPDF already reads. CID-keyed programs name no glyphs and give nothing.

export const CFF_GLYPH_NAMES_SCRIPT = String.raw`
var CFF_STANDARD_STRINGS = 391;
function cffU16(b, o) { return (b[o] << 8) | b[o + 1]; }

/** A CFF INDEX at 'at': its items as [start, end] byte ranges and where it ends. */
function cffIndex(b, at) {
  var count = cffU16(b, at);
  if (count === 0) return { items: [], end: at + 2 };
  var offSize = b[at + 2], base = at + 3 + (count + 1) * offSize - 1, items = [];
  function offset(i) {
    var v = 0;
    for (var k = 0; k < offSize; k++) v = v * 256 + b[at + 3 + i * offSize + k];
    return v;
  }
  for (var i = 0; i < count; i++) items.push([base + offset(i), base + offset(i + 1)]);
  return { items: items, end: base + offset(count) };
}

/** A CFF DICT's operands by operator (an escaped operator 12 x as 1200 + x); reals read as 0. */
function cffDict(b, start, end) {
  var dict = {}, operands = [], i = start;
  while (i < end) {
    var b0 = b[i];
    if (b0 <= 21) {
      var op = b0 === 12 ? 1200 + b[++i] : b0;
      i++;
      dict[op] = operands;
      operands = [];
    } else if (b0 === 28) { var v = cffU16(b, i + 1); operands.push(v & 0x8000 ? v - 0x10000 : v); i += 3; }
    else if (b0 === 29) { operands.push((b[i + 1] << 24) | (b[i + 2] << 16) | (b[i + 3] << 8) | b[i + 4]); i += 5; }
    else if (b0 === 30) {
      for (i++; i < end; i++) if ((b[i] & 15) === 15 || (b[i] >> 4) === 15) break;
      i++;
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) { operands.push(b0 - 139); i++; }
    else if (b0 >= 247 && b0 <= 250) { operands.push((b0 - 247) * 256 + b[i + 1] + 108); i += 2; }
    else if (b0 >= 251 && b0 <= 254) { operands.push(-(b0 - 251) * 256 - b[i + 1] - 108); i += 2; }
    else i++;
  }
  return dict;
}

/** glyph index -> string id, from the charset (0, 1 and 2 are the predefined ones: all standard names). */
function cffCharset(b, at, glyphCount) {
  var sids = [0], format = b[at], p = at + 1;
  if (format === 0) {
    for (; sids.length < glyphCount && p + 1 < b.length; p += 2) sids.push(cffU16(b, p));
  } else if (format === 1 || format === 2) {
    while (sids.length < glyphCount && p + 2 < b.length) {
      var first = cffU16(b, p), left = format === 1 ? b[p + 2] : cffU16(b, p + 2);
      p += format === 1 ? 3 : 4;
      for (var k = 0; k <= left && sids.length < glyphCount; k++) sids.push(first + k);
    }
  }
  return sids;
}

/** code -> glyph name of a CFF program's own encoding, for the names outside the standard strings. */
function cffGlyphNames(b) {
  var names = {};
  if (!b || b.length < 4 || b[0] !== 1) return names;
  var nameIndex = cffIndex(b, b[2]), topIndex = cffIndex(b, nameIndex.end), strings = cffIndex(b, topIndex.end);
  if (!topIndex.items.length) return names;
  var top = cffDict(b, topIndex.items[0][0], topIndex.items[0][1]);
  // 12 30 (ROS) marks a CID-keyed program; encodings 0 and 1 (Standard, Expert) hold only standard names.
  if (top[1230] || !top[15] || !top[16] || !top[17] || top[16][0] < 2 || top[15][0] < 3) return names;
  var sids = cffCharset(b, top[15][0], cffU16(b, top[17][0]));
  function name(sid) {
    var item = sid >= CFF_STANDARD_STRINGS ? strings.items[sid - CFF_STANDARD_STRINGS] : null;
    return item ? bufferRangeText(b, item[0], item[1]) : null;
  }
  function put(code, sid) { var n = name(sid); if (n) names[code] = n; }
  var p = top[16][0], format = b[p++], gid = 1;
  if ((format & 0x7f) === 0) {
    for (var count = b[p++], c = 0; c < count; c++, gid++) if (gid < sids.length) put(b[p++], sids[gid]); else p++;
  } else if ((format & 0x7f) === 1) {
    for (var ranges = b[p++], r = 0; r < ranges; r++, p += 2)
      for (var k = 0; k <= b[p + 1]; k++, gid++) if (gid < sids.length) put(b[p] + k, sids[gid]);
  }
  if (format & 0x80) for (var sups = b[p++], s = 0; s < sups; s++, p += 3) put(b[p], cffU16(b, p + 1));
  return names;
}

function bufferRangeText(b, start, end) {
  var s = '';
  for (var i = start; i < end && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}
`;
