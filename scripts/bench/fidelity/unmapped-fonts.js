// mutool run unmapped-fonts.js in.pdf out.pdf
// Fonts that give their glyphs no character at all, and a copy of the file in which each of them
// maps every code to a private-use character by a ToUnicode CMap of its own, so every reader
// (pdftotext, pdf.js) reads the same page in the same order with those glyphs as characters the
// bench leaves out — or keys by OCR (ocr-keyed-glyphs.mjs). Each font has a block of 256 of its own
// (the n-th such font U+E000 + 256·n + code), so that the same code in two fonts, two glyphs, stays
// two characters; fonts past the 24th share the last block (U+F800…U+F8FF), which is not keyed.
// Prints one line per such font: object number, subtype, name.
// Without such fonts nothing is written. A font counts when its ToUnicode is missing or maps no
// code, and
//   - TrueType: flagged symbolic, with no /Encoding: its codes select glyphs through the font
//     program's own cmap, and the PDF says of no code which character it is (Office's chart
//     labels subset this way, tracemonkey.pdf's figures: pdftotext and pdf.js read the codes
//     33, 34, 35… as !"#…);
//   - Type 3: no /Differences name a glyph list could map — every name a bare index (/g12, /a7,
//     /c33, /glyph5, /index3, /.notdef) or no /Differences at all — or no glyph that moves the pen
//     (every /Widths 0): marks of a drawing, not text (GeoTopo.pdf's page 40 draws a grid's
//     vertices with one /Bullet at code 98, which every reader gave as 26 "b");
//   - Type 1 (CFF too): a /Differences whose every name is a bare index, which overrides the names
//     in the font program (TAMReview.pdf's body text, a Cambria subset named /g18 /g152 …: poppler
//     and pdf.js read its codes 2, 3, 4… as control characters and "ǡ", mojibake). A Type 1 font
//     without such a /Differences names its glyphs in its program: not judged.
// CID fonts carry their ordering: not judged here.
var doc = new PDFDocument(scriptArgs[0]);
// A file that needs a password has no streams to read (the bench leaves it out anyway).
if (doc.needsPassword()) quit();

function tounicodeMapsSomething(font) {
  var cmap = font.get('ToUnicode');
  if (!cmap || !cmap.isStream()) return false;
  var data = cmap.readStream();
  var text = '';
  for (var i = 0; i < data.length; i++) text += String.fromCharCode(data[i]);
  // "n beginbfchar" / "n beginbfrange" with n > 0: some code is given a character.
  var blocks = text.match(/\d+\s+beginbf(char|range)/g) || [];
  for (var b = 0; b < blocks.length; b++) if (parseInt(blocks[b], 10) > 0) return true;
  return false;
}

var INDEX_NAME = /^\/(\.notdef|[gGaAcC]\d+|glyph\d+|index\d+|[gG][0-9A-Fa-f]{2,4})$/;
function indexNamesOnly(differences) {
  for (var i = 0; i < differences.length; i++) {
    var item = differences.get(i);
    if (item.isName() && !INDEX_NAME.test(String(item))) return false;
  }
  return true;
}

function differencesOf(font) {
  var encoding = font.get('Encoding');
  var differences = encoding && encoding.isDictionary() ? encoding.get('Differences') : null;
  return differences && differences.isArray() ? differences : null;
}

// A Type 3 font names its glyphs only in /Differences (a named base encoding names them too).
function namesNothing(font) {
  var encoding = font.get('Encoding');
  if (!encoding || !encoding.isDictionary()) return !encoding;
  var differences = differencesOf(font);
  return !differences || indexNamesOnly(differences);
}

function advancesNothing(font) {
  var widths = font.get('Widths');
  if (!widths || !widths.isArray() || widths.length == 0) return false;
  for (var i = 0; i < widths.length; i++) if (Number(widths.get(i)) != 0) return false;
  return true;
}

function unmapped(font) {
  if (tounicodeMapsSomething(font)) return false;
  var subtype = String(font.get('Subtype'));
  if (subtype == '/TrueType') {
    var descriptor = font.get('FontDescriptor');
    var flags = descriptor ? Number(descriptor.get('Flags')) || 0 : 0;
    return (flags & 4) != 0 && (flags & 32) == 0 && !font.get('Encoding');
  }
  if (subtype == '/Type3') return namesNothing(font) || advancesNothing(font);
  if (subtype == '/Type1' || subtype == '/MMType1') {
    var differences = differencesOf(font);
    return differences != null && differences.length > 0 && indexNamesOnly(differences);
  }
  return false;
}

var LAST_BLOCK = 24;
function privateUseCMap(block) {
  var first = (0xe000 + 256 * Math.min(block, LAST_BLOCK)).toString(16).toUpperCase();
  return '/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n' +
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n' +
    '/CMapName /Bench-Unmapped-UCS def /CMapType 2 def\n' +
    '1 begincodespacerange <00> <FF> endcodespacerange\n' +
    '1 beginbfrange <00> <FF> <' + first + '> endbfrange\n' +
    'endcmap CMapName currentdict /CMap defineresource pop end end\n';
}

var found = 0;
var count = doc.countObjects();
for (var num = 1; num < count; num++) {
  var font = doc.newIndirect(num, 0).resolve();
  if (!font || !font.isDictionary() || String(font.get('Type')) != '/Font' || !unmapped(font)) continue;
  font.put('ToUnicode', doc.addStream(privateUseCMap(found), doc.newDictionary()));
  print(num + ' ' + font.get('Subtype') + ' ' + (font.get('BaseFont') || '(no name)'));
  found++;
}
if (found) doc.save(scriptArgs[1], 'decompress');
