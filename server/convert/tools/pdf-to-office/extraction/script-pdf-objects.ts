// ES5 helpers the page dump's scripts (mutool run, MuPDF 1.21 and later) share for reading PDF
// objects and writing a /ToUnicode CMap. Kept apart so each recovery script states only its own concern.

export const PDF_OBJECT_HELPERS = String.raw`
/** obj[key], or null when absent (MuPDF 1.21 answers undefined, later versions a null object). */
function field(obj, key) {
  var v = obj.get(key);
  return v && !v.isNull() ? v : null;
}

/** A dictionary's values: MuPDF 1.21 calls forEach with (key, value), later versions with (value, key). */
function eachValue(dict, fn) {
  dict.forEach(function (a, b) { fn(typeof a === 'string' ? b : a); });
}

/** A multiple of 90 degrees as 0, 90, 180 or 270. */
function quarterTurn(degrees) { return ((Math.round(degrees / 90) % 4 + 4) % 4) * 90; }

/** A page's /Rotate as 0, 90, 180 or 270: the key is inherited down the page tree. */
function pageRotation(pageDict) {
  for (var depth = 0; pageDict && depth < 20; depth++) {
    var rotate = field(pageDict, 'Rotate');
    if (rotate) return quarterTurn(rotate.asNumber());
    pageDict = field(pageDict, 'Parent');
  }
  return 0;
}

/** A buffer's first bytes as a binary string (one char per byte), built in small pieces: MuJS's apply has a shallow stack. */
function bufferText(buffer, limit) {
  // MuPDF 1.21 buffers index like arrays; later versions have readByte.
  var n = Math.min(buffer.length, limit), read = buffer.readByte, parts = [], piece = [];
  for (var i = 0; i < n; i++) {
    piece.push(read ? buffer.readByte(i) : buffer[i]);
    if (piece.length === 128) { parts.push(String.fromCharCode.apply(null, piece)); piece = []; }
  }
  parts.push(String.fromCharCode.apply(null, piece));
  return parts.join('');
}

/** A buffer's bytes as an array-like the font readers index (MuPDF 1.21 buffers already are one). */
function bufferBytes(buffer) {
  if (!buffer.readByte) return buffer;
  var out = [];
  for (var i = 0; i < buffer.length; i++) out.push(buffer.readByte(i));
  return out;
}

function hex(n, digits) { var s = n.toString(16).toUpperCase(); while (s.length < digits) s = '0' + s; return s; }

/** UTF-16BE digits of a MuJS string, whose characters are code points (those beyond the BMP become surrogate pairs). */
function utf16Hex(text) {
  var s = '';
  for (var i = 0; i < text.length; i++) {
    var cp = text.charCodeAt(i);
    if (cp > 0xFFFF) { cp -= 0x10000; s += hex(0xD800 + (cp >> 10), 4) + hex(0xDC00 + (cp & 0x3FF), 4); }
    else s += hex(cp, 4);
  }
  return s;
}

/** A /ToUnicode CMap stream for [code, text] pairs of codes codeBytes long. */
function toUnicodeStream(doc, entries, codeBytes) {
  var digits = codeBytes * 2;
  var cmap = '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Recovered def /CMapType 2 def\n' +
    '1 begincodespacerange <' + hex(0, digits) + '> <' + (codeBytes === 1 ? 'FF' : 'FFFF') + '> endcodespacerange\n';
  for (var i = 0; i < entries.length; i += 100) {
    var chunk = entries.slice(i, i + 100), lines = [];
    for (var k = 0; k < chunk.length; k++) lines.push('<' + hex(chunk[k][0], digits) + '> <' + utf16Hex(chunk[k][1]) + '>');
    cmap += chunk.length + ' beginbfchar\n' + lines.join('\n') + '\nendbfchar\n';
  }
  cmap += 'endcmap CMapName currentdict /CMap defineresource pop end end\n';
  return doc.addStream(cmap, {});
}
`;
