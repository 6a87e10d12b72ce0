// ES5 for the page dump (mutool run), after PDF_OBJECT_HELPERS and GLYPH_ORIGIN_HELPERS: the text of /ActualText spans
// (`/Span <</ActualText (…)>> BDC … EMC`), which says what a run of glyphs reads as — a ligature,
// a formula drawn from pieces, a word in a font with no Unicode at all. MuPDF 1.21's structured
// text ignores marked content and its JavaScript device is not told of it, so:
//  1. the page's content (and the forms it draws) is scanned for text-showing operators, counting
//     glyphs (one per byte for simple fonts, two bytes for Type0) and noting which glyph numbers
//     each outermost ActualText span covers;
//  2. a text device run over the same page in a second copy of the document, without its
//     annotations (their appearances are not in the content), gives each glyph's origin in order;
//  3. when both counts agree, each covered origin is tied to its span, and the page dump writes the
//     span's text once, at its first character, in place of the glyphs. When they disagree (a
//     CMap with mixed code lengths, hidden optional content, text drawn twice) the page keeps
//     MuPDF's own reading: never text at the wrong place.
// The dump calls actualTextSpans(path, doc, pageIndex) before a page's structured text, and
// placeSpanChar for each character.

export const ACTUAL_TEXT_SCRIPT = String.raw`
var MAX_FORM_DEPTH = 8;
// Content is read as an array of byte values: MuJS keeps strings as UTF-8, so indexing a string
// of binary bytes walks it from the start each time.
var DELIMITER_BYTES = { 40: 1, 41: 1, 60: 1, 62: 1, 91: 1, 93: 1, 123: 1, 125: 1, 47: 1, 37: 1 };
var STRING_ESCAPES = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

function isSpaceByte(c) { return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0; }

function wordEnd(b, i) {
  while (i < b.length && !isSpaceByte(b[i]) && !DELIMITER_BYTES[b[i]]) i++;
  return i;
}

/** Byte values as a string; only for short ASCII pieces (operators, names, numbers). */
function asciiText(b, from, to) {
  var out = '';
  for (var i = from; i < to; i++) out += String.fromCharCode(b[i]);
  return out;
}

/** A literal string from just after its '(': [byte values, index after its ')']. */
function literalString(b, i) {
  var depth = 1, out = [];
  while (i < b.length) {
    var c = b[i++];
    if (c === 92) { // backslash
      var e = b[i++];
      if (e >= 48 && e <= 55) {
        var value = e - 48;
        for (var k = 0; k < 2 && b[i] >= 48 && b[i] <= 55; k++) value = value * 8 + b[i++] - 48;
        out.push(value & 255);
      } else if (e === 13) { if (b[i] === 10) i++; }
      else if (e !== 10) out.push(STRING_ESCAPES.hasOwnProperty(e) ? STRING_ESCAPES[e] : e);
    } else if (c === 40) { depth++; out.push(c); }
    else if (c === 41) { if (--depth === 0) break; out.push(c); }
    else out.push(c);
  }
  return [out, i];
}

function hexDigit(c) { return c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1; }

/** A hex string from just after its '<': [byte values, index after its '>']. */
function hexString(b, i) {
  var out = [], high = -1;
  for (; i < b.length && b[i] !== 62; i++) {
    var d = hexDigit(b[i]);
    if (d < 0) continue;
    if (high < 0) high = d; else { out.push(high * 16 + d); high = -1; }
  }
  if (high >= 0) out.push(high * 16);
  return [out, i + 1];
}

/** After an inline image's ID: the index just past its EI (preceded and followed by white space). */
function inlineImageEnd(b, i) {
  for (i++; i + 2 < b.length; i++)
    if (isSpaceByte(b[i]) && b[i + 1] === 69 && b[i + 2] === 73 && (i + 3 >= b.length || isSpaceByte(b[i + 3]))) return i + 3;
  return b.length;
}

/** Calls onToken(type, value) for each token of a content stream (byte values); inline image data is skipped. */
function contentTokens(b, onToken) {
  var i = 0, n = b.length;
  while (i < n) {
    var c = b[i];
    if (isSpaceByte(c)) { i++; continue; }
    if (c === 37) { while (i < n && b[i] !== 10 && b[i] !== 13) i++; continue; }
    var read;
    if (c === 40) { read = literalString(b, i + 1); onToken('str', read[0]); i = read[1]; continue; }
    if (c === 60 && b[i + 1] === 60) { onToken('<<'); i += 2; continue; }
    if (c === 62 && b[i + 1] === 62) { onToken('>>'); i += 2; continue; }
    if (c === 60) { read = hexString(b, i + 1); onToken('str', read[0]); i = read[1]; continue; }
    if (c === 91 || c === 93) { onToken(c === 91 ? '[' : ']'); i++; continue; }
    if (c === 47) {
      var end = wordEnd(b, i + 1);
      onToken('name', asciiText(b, i + 1, end).replace(/#([0-9A-Fa-f]{2})/g, function (m, h) { return String.fromCharCode(parseInt(h, 16)); }));
      i = end; continue;
    }
    var stop = wordEnd(b, i);
    if (stop === i) { i++; continue; } // a stray delimiter
    var word = asciiText(b, i, stop);
    i = stop;
    if (/^[+\-]?(\d+\.?\d*|\.\d+)$/.test(word)) { onToken('num', parseFloat(word)); continue; }
    if (word === 'ID') { i = inlineImageEnd(b, i); onToken('op', 'EI'); continue; }
    onToken('op', word);
  }
}

/** Calls onOperator(op, operands) with operands as {num|name|str|array|dict|word}. */
function contentOperators(b, onOperator) {
  var operands = [], open = [];
  contentTokens(b, function (type, value) {
    var item;
    if (type === '[' || type === '<<') { open.push([]); return; }
    if (type === ']' || type === '>>') {
      var items = open.pop();
      if (!items) return;
      if (type === ']') item = { array: items };
      else {
        item = { dict: {} };
        for (var k = 0; k + 1 < items.length; k += 2) if (items[k].name !== undefined) item.dict[items[k].name] = items[k + 1];
      }
    } else if (type === 'op') {
      if (!open.length) { onOperator(value, operands); operands = []; return; }
      item = { word: value }; // true, false, null inside a dictionary
    } else if (type === 'num') item = { num: value };
    else if (type === 'name') item = { name: value };
    else item = { str: value };
    if (open.length) open[open.length - 1].push(item); else operands.push(item);
  });
}

/** A PDF text string's byte values as text: UTF-16BE or UTF-8 by their byte order mark, else PDFDocEncoding (Latin-1 near enough). */
function pdfTextString(b) {
  var out = '';
  if (b[0] === 0xFE && b[1] === 0xFF) {
    // MuJS strings hold code points, not UTF-16 units: a surrogate pair is joined first (flag emoji).
    for (var i = 2; i + 1 < b.length; i += 2) {
      var unit = (b[i] << 8) | b[i + 1];
      var low = i + 3 < b.length ? (b[i + 2] << 8) | b[i + 3] : 0;
      if (unit >= 0xD800 && unit < 0xDC00 && low >= 0xDC00 && low < 0xE000) {
        out += String.fromCharCode(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        i += 2;
      } else out += String.fromCharCode(unit);
    }
    return out;
  }
  var utf8 = b[0] === 0xEF && b[1] === 0xBB && b[2] === 0xBF, escaped = '';
  for (var k = utf8 ? 3 : 0; k < b.length; k++) {
    if (!utf8) out += String.fromCharCode(b[k]);
    else escaped += '%' + (b[k] < 16 ? '0' : '') + b[k].toString(16);
  }
  if (!utf8) return out;
  try { return decodeURIComponent(escaped); } catch (e) { return ''; }
}

/** The byte values of a stream, or of an array of streams joined by newlines (a page's /Contents). */
function contentBytes(obj) {
  var out = [];
  function add(stream) {
    var buffer = stream.readStream(), read = buffer.readByte;
    for (var i = 0; i < buffer.length; i++) out.push(read ? buffer.readByte(i) : buffer[i]);
    out.push(10);
  }
  if (obj && obj.isStream()) add(obj);
  else if (obj && obj.isArray()) for (var i = 0; i < obj.length; i++) { var part = obj.get(i); if (part && part.isStream()) add(part); }
  return out;
}

function resource(resources, kind, name) {
  var group = resources ? field(resources, kind) : null;
  return group && group.isDictionary() ? field(group, name) : null;
}

/** Bytes per character code of a font resource: two for Type0 (Identity-H and the usual CJK CMaps), else one. */
function codeBytes(resources, name) {
  var font = resource(resources, 'Font', name);
  var subtype = font && font.isDictionary() ? field(font, 'Subtype') : null;
  return subtype && subtype.isName() && subtype.asName() === 'Type0' ? 2 : 1;
}

/** The ActualText of a BDC's properties (inline, or named in /Properties), or null. */
function actualTextOf(resources, properties) {
  if (!properties) return null;
  if (properties.dict) {
    var inline = properties.dict.ActualText;
    return inline && inline.str !== undefined ? pdfTextString(inline.str) : null;
  }
  if (properties.name === undefined) return null;
  var named = resource(resources, 'Properties', properties.name);
  var text = named && named.isDictionary() ? field(named, 'ActualText') : null;
  return text && text.isString() ? String(text.asString()) : null;
}

/** Counts the glyphs a content stream shows and records the ActualText spans in state. */
function scanActualText(b, resources, state, bytesPerCode, depth) {
  var saved = [];
  function show(item) {
    if (item && item.str !== undefined) state.glyphs += Math.floor(item.str.length / bytesPerCode);
  }
  contentOperators(b, function (op, args) {
    if (op === 'q') saved.push(bytesPerCode);
    else if (op === 'Q') { if (saved.length) bytesPerCode = saved.pop(); }
    else if (op === 'Tf' && args.length >= 2 && args[0].name !== undefined) bytesPerCode = codeBytes(resources, args[0].name);
    else if (op === 'Tj' || op === "'" || op === '"') show(args[args.length - 1]);
    else if (op === 'TJ' && args[0] && args[0].array) for (var k = 0; k < args[0].array.length; k++) show(args[0].array[k]);
    else if (op === 'BMC') state.open.push(-1);
    else if (op === 'BDC') {
      var text = state.inside ? null : actualTextOf(resources, args[1]);
      if (text === null) state.open.push(-1);
      else { state.spans.push({ text: text, start: state.glyphs, end: state.glyphs }); state.open.push(state.spans.length - 1); state.inside++; }
    } else if (op === 'EMC') {
      var span = state.open.pop();
      if (span !== undefined && span >= 0) { state.spans[span].end = state.glyphs; state.inside--; }
    } else if (op === 'Do' && args[0] && args[0].name !== undefined && depth < MAX_FORM_DEPTH) {
      var form = resource(resources, 'XObject', args[0].name);
      if (form && form.isStream() && String(field(form, 'Subtype')) === '/Form')
        scanActualText(contentBytes(form), field(form, 'Resources') || resources, state, bytesPerCode, depth + 1);
    }
  });
}

var ACTUAL_TEXT_BYTES = [65, 99, 116, 117, 97, 108, 84, 101, 120, 116]; // "ActualText"

function containsBytes(b, word) {
  for (var i = 0; i + word.length <= b.length; i++) {
    if (b[i] !== word[0]) continue;
    for (var k = 1; k < word.length && b[i + k] === word[k]; k++);
    if (k === word.length) return true;
  }
  return false;
}

/** Whether resources name marked-content properties with an ActualText (optional content groups there are common and have none). */
function namesActualText(resources) {
  var properties = resources ? field(resources, 'Properties') : null, found = false;
  if (properties && properties.isDictionary()) eachValue(properties, function (entry) { if (!found && entry.isDictionary() && field(entry, 'ActualText')) found = true; });
  return found;
}

/**
 * Whether a content stream or a form it may draw can hold an ActualText span: the word in its
 * bytes, or in the properties its resources name. Tokenizing every page of a long document would
 * cost far more than this look.
 */
function mayHaveActualText(b, resources, depth) {
  if (containsBytes(b, ACTUAL_TEXT_BYTES) || namesActualText(resources)) return true;
  var xobjects = resources ? field(resources, 'XObject') : null;
  if (!xobjects || !xobjects.isDictionary() || depth >= MAX_FORM_DEPTH) return false;
  var found = false;
  eachValue(xobjects, function (form) {
    if (!found && form.isStream() && String(field(form, 'Subtype')) === '/Form')
      found = mayHaveActualText(contentBytes(form), field(form, 'Resources'), depth + 1);
  });
  return found;
}

function pageResources(pageObject) {
  for (var node = pageObject, up = 0; node && node.isDictionary() && up < 32; up++, node = field(node, 'Parent')) {
    var resources = field(node, 'Resources');
    if (resources && resources.isDictionary()) return resources;
  }
  return null;
}

/** Origins of the glyphs a page's content shows, in content order (fill-and-stroke text counted once). */
function glyphOrigins(page) {
  var origins = [], previous = '';
  function take(text, ctm) {
    var keys = [];
    text.walk({
      showGlyph: function (font, trm) {
        var origin = glyphOrigin(ctm, trm);
        keys.push(glyphOriginKey(origin[0], origin[1]));
      },
    });
    var joined = keys.join('|');
    if (joined === previous) return;
    previous = joined;
    for (var k = 0; k < keys.length; k++) origins.push(keys[k]);
  }
  page.run({ fillText: take, strokeText: take, clipText: take, clipStrokeText: take, ignoreText: take }, Identity);
  return origins;
}

var actualTextDocument = null;

/**
 * {spanOf: glyph origin key -> span number, texts: [span text]} for page index, or null when the
 * page has no ActualText or its glyphs cannot be matched safely.
 */
function actualTextSpans(path, doc, index) {
  var pageObject = doc.findPage(index);
  var resources = pageResources(pageObject);
  var content = contentBytes(field(pageObject, 'Contents'));
  if (!mayHaveActualText(content, resources, 0)) return null;
  var state = { glyphs: 0, spans: [], open: [], inside: 0 };
  scanActualText(content, resources, state, 1, 0);
  if (!state.spans.length) return null;
  if (!actualTextDocument) actualTextDocument = new Document(path);
  var bare = actualTextDocument.findPage(index);
  if (field(bare, 'Annots')) bare.delete('Annots');
  var origins = glyphOrigins(actualTextDocument.loadPage(index));
  if (origins.length !== state.glyphs) return null;
  var spanOf = {}, texts = [];
  for (var s = 0; s < state.spans.length; s++) {
    texts.push(state.spans[s].text);
    for (var g = state.spans[s].start; g < state.spans[s].end; g++) if (!spanOf.hasOwnProperty(origins[g])) spanOf[origins[g]] = s;
  }
  return { spanOf: spanOf, texts: texts };
}

/**
 * Places a character of an ActualText span: the span's first character carries its whole text and
 * the later ones on its line only widen that character's box. Returns whether the character is consumed.
 */
function placeSpanChar(actual, placed, origin, entry, line) {
  var span = actual ? actual.spanOf[glyphOriginKey(origin[0], origin[1])] : undefined;
  if (span === undefined) return false;
  var first = placed[span];
  if (!first) {
    placed[span] = { entry: entry, line: line };
    // An empty ActualText says the glyphs read as nothing (a decoration).
    if (actual.texts[span] !== '') { entry[0] = actual.texts[span]; line.push(entry); }
    return true;
  }
  if (first.line === line) {
    first.entry[1] = Math.min(first.entry[1], entry[1]); first.entry[2] = Math.min(first.entry[2], entry[2]);
    first.entry[3] = Math.max(first.entry[3], entry[3]); first.entry[4] = Math.max(first.entry[4], entry[4]);
  }
  return true;
}
`;
