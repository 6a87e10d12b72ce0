// Glyphs MuPDF reads as U+FFFD (no ToUnicode entry, and a glyph name outside the Adobe Glyph List),
// for every text path that starts from the page dump (Word, Excel, PPT, HTML, EPUB, OFD).
//
// Recovery happens inside the dump, before MuPDF loads a page's fonts: for each simple font without
// /ToUnicode, its codes' glyph names are read from the font's own tables (/Encoding /Differences
// over the builtin encoding of an embedded Type 1 program: that is where TeX's CMEX10, CMSY10 and
// CMMI10 keep names like parenleftbig or summationdisplay) and every name this module knows is put
// in a /ToUnicode CMap of only those codes, in memory (MuPDF still maps the other codes from their
// names: a partial ToUnicode falls back to the encoding). Names MuPDF already knows (the AGL,
// uniXXXX, uXXXXX) are left to it.
// What still comes out as U+FFFD is dropped from the text, never written as a box, and counted per
// page; the task's message says how many (unreadableNote). ActualText is not read: MuPDF 1.21's
// structured text ignores it and its JavaScript does not expose marked content.

/** TeX math glyph names outside the AGL, as their Unicode characters. */
const TEX_GLYPHS: Record<string, string> = {
  // CMEX10: delimiters and operators, whose size variants end in big/Big/bigg/Bigg/text/display.
  parenleft: '(', parenright: ')', bracketleft: '[', bracketright: ']', braceleft: '{', braceright: '}',
  floorleft: '⌊', floorright: '⌋', ceilingleft: '⌈', ceilingright: '⌉', angbracketleft: '⟨', angbracketright: '⟩',
  slash: '/', backslash: '\\', radical: '√', summation: '∑', product: '∏', coproduct: '∐', integral: '∫',
  contintegral: '∮', union: '⋃', intersection: '⋂', unionmulti: '⨄', unionsq: '⨆', logicaland: '⋀', logicalor: '⋁',
  circledot: '⨀', circleplus: '⨁', circlemultiply: '⨂', hat: 'ˆ', tilde: '˜',
  // CMEX10: the pieces tall delimiters are built from.
  parenlefttp: '⎛', parenleftex: '⎜', parenleftbt: '⎝', parenrighttp: '⎞', parenrightex: '⎟', parenrightbt: '⎠',
  bracketlefttp: '⎡', bracketleftex: '⎢', bracketleftbt: '⎣', bracketrighttp: '⎤', bracketrightex: '⎥', bracketrightbt: '⎦',
  bracelefttp: '⎧', braceleftmid: '⎨', braceleftbt: '⎩', braceex: '⎪', bracerighttp: '⎫', bracerightmid: '⎬', bracerightbt: '⎭',
  vextendsingle: '∣', vextenddouble: '∥', arrowvertex: '⏐', arrowdblvertex: '‖', arrowtp: '↑', arrowbt: '↓',
  arrowdbltp: '⇑', arrowdblbt: '⇓', radicalbt: '⎷', radicalvertex: '│', radicaltp: '┌',
  // CMSY10 and CMMI10 names outside the AGL.
  asteriskmath: '∗', negationslash: '̸', prime: '′', mapsto: '↦', owner: '∋', precedes: '≺', follows: '≻',
  precedesequal: '⪯', followsequal: '⪰', lessmuch: '≪', greatermuch: '≫', reflexsubset: '⊆', reflexsuperset: '⊇',
  subsetsqequal: '⊑', supersetsqequal: '⊒', equivasymptotic: '≍', arrownortheast: '↗', arrowsoutheast: '↘',
  arrownorthwest: '↖', arrowsouthwest: '↙', latticetop: '⊤', intersectionsq: '⊓', turnstileleft: '⊢',
  turnstileright: '⊣', bardbl: '‖', circledivide: '⊘', circlecopyrt: '◯', openbullet: '◦', triangleinv: '▽',
  wreathproduct: '≀', arrowhookleft: '↩', arrowhookright: '↪', harpoonleftup: '↼', harpoonleftdown: '↽',
  harpoonrightup: '⇀', harpoonrightdown: '⇁', slurbelow: '⌣', slurabove: '⌢', epsilon1: 'ε', theta1: 'ϑ',
  pi1: 'ϖ', rho1: 'ϱ', sigma1: 'ς', phi1: 'φ', tie: '⁀', dotlessj: 'ȷ', star: '⋆', triangleright: '▷',
  triangleleft: '◁', flat: '♭', natural: '♮', sharp: '♯', lscript: 'ℓ',
};

/** CMEX10's size suffixes: parenleftBigg is a tall parenleft. */
const SIZE_SUFFIX = /(?:big|Big|bigg|Bigg|text|display|wide|wider|widest)$/;

/** The Unicode text of a TeX glyph name, or undefined. */
export function texGlyphText(name: string): string | undefined {
  return TEX_GLYPHS[name] ?? TEX_GLYPHS[name.replace(SIZE_SUFFIX, '')];
}

/**
 * ES5 for the page dump script (mutool run): recoverFontNames(doc, pageObject) gives every simple
 * font the page uses (its own and its forms') a /ToUnicode for the codes whose glyph names it knows.
 */
export const GLYPH_RECOVERY_SCRIPT = String.raw`
var TEX_GLYPHS = ${JSON.stringify(TEX_GLYPHS)};
var SIZE_SUFFIX = ${SIZE_SUFFIX.toString()};
var recoveredFonts = {};

/** obj[key], or null when absent (MuPDF 1.21 answers undefined, later versions a null object). */
function field(obj, key) {
  var v = obj.get(key);
  return v && !v.isNull() ? v : null;
}

function texGlyphText(name) {
  return TEX_GLYPHS.hasOwnProperty(name) ? TEX_GLYPHS[name] : TEX_GLYPHS[name.replace(SIZE_SUFFIX, '')];
}

function bufferText(buffer, limit) {
  // MuPDF 1.21 buffers index like arrays; later versions have readByte.
  var s = '', n = Math.min(buffer.length, limit), read = buffer.readByte;
  for (var i = 0; i < n; i++) s += String.fromCharCode(read ? buffer.readByte(i) : buffer[i]);
  return s;
}

/** code -> glyph name: the builtin encoding of an embedded Type 1 program, then /Differences. */
function glyphNames(font) {
  var names = {};
  var descriptor = field(font, 'FontDescriptor');
  var program = descriptor && descriptor.isDictionary() ? field(descriptor, 'FontFile') : null;
  if (program && program.isStream()) {
    var length1 = field(program, 'Length1');
    var clear = bufferText(program.readStream(), length1 && length1.isNumber() ? length1.valueOf() : 65536);
    var re = /dup\s+(\d+)\s*\/([^\s\/\[\]{}()<>]+)\s+put/g, m;
    while ((m = re.exec(clear))) names[parseInt(m[1], 10)] = m[2];
  }
  var encoding = field(font, 'Encoding');
  var differences = encoding && encoding.isDictionary() ? field(encoding, 'Differences') : null;
  if (differences && differences.isArray()) {
    var code = 0;
    for (var i = 0; i < differences.length; i++) {
      var item = differences.get(i);
      if (item.isNumber()) code = item.valueOf();
      else if (item.isName()) names[code++] = item.asName();
    }
  }
  return names;
}

function hex(n, digits) { var s = n.toString(16).toUpperCase(); while (s.length < digits) s = '0' + s; return s; }

function utf16Hex(text) {
  var s = '';
  for (var i = 0; i < text.length; i++) s += hex(text.charCodeAt(i), 4);
  return s;
}

function recoverFont(doc, font) {
  if (!font.isDictionary() || field(font, 'ToUnicode')) return;
  var subtype = field(font, 'Subtype');
  if (!subtype || !subtype.isName() || (subtype.asName() !== 'Type1' && subtype.asName() !== 'MMType1' && subtype.asName() !== 'TrueType')) return;
  var names = glyphNames(font), entries = [];
  for (var code in names) {
    var text = texGlyphText(names[code]);
    if (text) entries.push('<' + hex(parseInt(code, 10), 2) + '> <' + utf16Hex(text) + '>');
  }
  if (!entries.length) return;
  var cmap = '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Recovered def /CMapType 2 def\n' +
    '1 begincodespacerange <00> <FF> endcodespacerange\n';
  for (var i = 0; i < entries.length; i += 100) {
    var chunk = entries.slice(i, i + 100);
    cmap += chunk.length + ' beginbfchar\n' + chunk.join('\n') + '\nendbfchar\n';
  }
  cmap += 'endcmap CMapName currentdict /CMap defineresource pop end end\n';
  font.put('ToUnicode', doc.addStream(cmap, {}));
}

/** A dictionary's values: MuPDF 1.21 calls forEach with (key, value), later versions with (value, key). */
function eachValue(dict, fn) {
  dict.forEach(function (a, b) { fn(typeof a === 'string' ? b : a); });
}

function recoverResources(doc, resources, depth) {
  if (!resources || !resources.isDictionary() || depth > 8) return;
  var fonts = field(resources, 'Font');
  if (fonts && fonts.isDictionary()) eachValue(fonts, function (font) {
    var key = font.isIndirect() ? font.asIndirect() : null;
    if (key !== null && recoveredFonts[key]) return;
    if (key !== null) recoveredFonts[key] = true;
    try { recoverFont(doc, font); } catch (e) {}
  });
  var xobjects = field(resources, 'XObject');
  if (xobjects && xobjects.isDictionary()) eachValue(xobjects, function (xobject) {
    var key = xobject.isIndirect() ? 'x' + xobject.asIndirect() : null;
    if (key !== null && recoveredFonts[key]) return;
    if (key !== null) recoveredFonts[key] = true;
    if (xobject.isStream() && String(field(xobject, 'Subtype')) === '/Form') recoverResources(doc, field(xobject, 'Resources'), depth + 1);
  });
}

function recoverFontNames(doc, pageObject) {
  var node = pageObject, resources = null;
  for (var up = 0; node && node.isDictionary() && up < 32; up++, node = field(node, 'Parent')) {
    resources = field(node, 'Resources');
    if (resources && resources.isDictionary()) break;
  }
  recoverResources(doc, resources, 0);
}
`;

/** MuPDF's text for a glyph it could not map. */
export const REPLACEMENT = '\uFFFD';

/** A character's text without U+FFFD, and how many were taken out. */
export function withoutReplacement(text: string): { text: string; dropped: number } {
  if (!text.includes(REPLACEMENT)) return { text, dropped: 0 };
  const kept = text.split(REPLACEMENT).join('');
  return { text: kept, dropped: text.length - kept.length };
}

/** The task's note on characters no table could read, in Chinese: 第3页有 5 个字符无法识别… */
export function unreadableNote(pages: readonly { number: number; unreadable?: number }[], fileName?: string): string | undefined {
  const counted = pages.filter((page) => (page.unreadable ?? 0) > 0);
  if (counted.length === 0) return undefined;
  const total = counted.reduce((sum, page) => sum + (page.unreadable ?? 0), 0);
  const named = counted
    .slice(0, 10)
    .map((page) => `第${page.number}页有 ${page.unreadable} 个`)
    .join('、');
  const more = counted.length > 10 ? `等${counted.length}页共 ${total} 个` : '';
  return `${fileName ? `${fileName}：` : ''}${named}${more}字符无法识别（字体未提供对应的文字），已按原样略去`;
}
