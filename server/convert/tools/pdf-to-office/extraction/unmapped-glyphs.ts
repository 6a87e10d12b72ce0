// Glyphs MuPDF reads as U+FFFD (no ToUnicode entry, and a glyph name outside the Adobe Glyph List),
// for every text path that starts from the page dump (Word, Excel, PPT, HTML, EPUB, OFD).
//
// Recovery happens inside the dump, before MuPDF loads a page's fonts: for each simple font without
// /ToUnicode, its codes' glyph names are read from the font's own tables (/Encoding /Differences
// over the builtin encoding of an embedded Type 1 or bare CFF program (cff-glyph-names.ts): that is
// where TeX's CMEX10, CMSY10 and CMMI10 keep names like parenleftbig or summationdisplay) and every name this module knows is put
// in a /ToUnicode CMap of only those codes, in memory (MuPDF still maps the other codes from their
// names: a partial ToUnicode falls back to the encoding). Names MuPDF already knows (the AGL,
// uniXXXX, uXXXXX) are left to it. A CID font on Identity-H/V without /ToUnicode gets one from its
// embedded TrueType program's cmap, read backwards (truetype-unicodes.ts). A /ToUnicode that maps a
// code to nothing (WeasyPrint's Arabic) has those codes marked EMPTY_TEXT, dropped uncounted.
// Glyphs inside an /ActualText span take that text instead (actual-text.ts).
// What still comes out as U+FFFD carries its glyph id (unmapped-glyph-ids.ts) and is read off the
// rendered page by OCR where the readings agree (glyph-ocr/); what OCR cannot read is kept as a
// picture of itself (glyph-pictures.ts), never written as a box, and counted per page, as is what
// goes over the pictures' bound and is dropped; the task's message says how many (unreadableNote).

/**
 * CMEX10's delimiters and operators by the name their size variants share: parenleftbig,
 * summationdisplay and hatwide end in big/Big/bigg/Bigg/text/display/wide…; only names with such an
 * ending are read here. The bare names are the AGL's, which MuPDF reads itself, and CMSY10 draws
 * the binary union and intersection (∪ ∩) under the bare names of the big ones (⋃ ⋂).
 */
const SIZED_GLYPHS: Record<string, string> = {
  parenleft: '(', parenright: ')', bracketleft: '[', bracketright: ']', braceleft: '{', braceright: '}',
  floorleft: '⌊', floorright: '⌋', ceilingleft: '⌈', ceilingright: '⌉', angbracketleft: '⟨', angbracketright: '⟩',
  slash: '/', backslash: '\\', radical: '√', summation: '∑', product: '∏', coproduct: '∐', integral: '∫',
  contintegral: '∮', union: '⋃', intersection: '⋂', unionmulti: '⨄', unionsq: '⨆', logicaland: '⋀', logicalor: '⋁',
  circledot: '⨀', circleplus: '⨁', circlemultiply: '⨂', hat: 'ˆ', tilde: '˜',
};

/** TeX math glyph names outside the AGL, as their Unicode characters. */
const TEX_GLYPHS: Record<string, string> = {
  // CMEX10: the pieces tall delimiters are built from.
  parenlefttp: '⎛', parenleftex: '⎜', parenleftbt: '⎝', parenrighttp: '⎞', parenrightex: '⎟', parenrightbt: '⎠',
  bracketlefttp: '⎡', bracketleftex: '⎢', bracketleftbt: '⎣', bracketrighttp: '⎤', bracketrightex: '⎥', bracketrightbt: '⎦',
  bracelefttp: '⎧', braceleftmid: '⎨', braceleftbt: '⎩', braceex: '⎪', bracerighttp: '⎫', bracerightmid: '⎬', bracerightbt: '⎭',
  vextendsingle: '∣', vextenddouble: '‖', arrowvertex: '⏐', arrowvertexdbl: '‖', arrowtp: '↑', arrowbt: '↓',
  arrowdbltp: '⇑', arrowdblbt: '⇓', radicalbt: '⎷', radicalvertex: '│', radicaltp: '┌',
  // The tips of a horizontal brace (\underbrace ╰─╮╭─╯, \overbrace ╭─╯╰─╮, rules between them), as
  // the arcs they look like; extensible-delimiters.ts joins a brace's four into one ⏟ or ⏞.
  bracehtipdownleft: '╭', bracehtipdownright: '╮', bracehtipupleft: '╰', bracehtipupright: '╯',
  // CMSY10's angle brackets, as pdfTeX's glyphtounicode.tex reads them (and MuPDF's own list): the
  // mathematical ⟨ ⟩, not Adobe's glyph list's CJK 〈 〉 (what pdftotext and pdf.js give); their big
  // sizes read alike (SIZED_GLYPHS): one reading for \langle and \bigl\langle.
  angbracketleft: '⟨', angbracketright: '⟩',
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

/**
 * What a glyph the font's /ToUnicode maps to nothing reads as in the dump: a noncharacter (U+FDD0,
 * set aside for a program's own use), so it is told apart from an unreadable glyph and dropped.
 */
export const EMPTY_TEXT = '\uFDD0';

function utf16Digits(text: string): string {
  return Array.from(text, (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')).join('');
}

/** CMEX10's size suffixes: parenleftBigg is a tall parenleft, hatwide a wide hat. */
const SIZE_SUFFIX = /(?:big|Big|bigg|Bigg|text|display|wide|wider|widest)$/;

/** The Unicode text of a TeX glyph name, or undefined. */
export function texGlyphText(name: string): string | undefined {
  const base = name.replace(SIZE_SUFFIX, '');
  return base === name ? TEX_GLYPHS[name] : SIZED_GLYPHS[base];
}

/**
 * ES5 for the page dump script (mutool run), after PDF_OBJECT_HELPERS, TRUETYPE_UNICODES_SCRIPT and CFF_GLYPH_NAMES_SCRIPT:
 * recoverFontNames(doc, pageObject) gives every font the page uses (its own and its forms') without
 * /ToUnicode one for the codes whose text it can recover.
 */
export const GLYPH_RECOVERY_SCRIPT = String.raw`
var TEX_GLYPHS = ${JSON.stringify(TEX_GLYPHS)};
var SIZED_GLYPHS = ${JSON.stringify(SIZED_GLYPHS)};
var SIZE_SUFFIX = ${SIZE_SUFFIX.toString()};
var recoveredFonts = {};

function texGlyphText(name) {
  var base = name.replace(SIZE_SUFFIX, ''), table = base === name ? TEX_GLYPHS : SIZED_GLYPHS;
  return table.hasOwnProperty(base) ? table[base] : undefined;
}

/** code -> glyph name: the builtin encoding of an embedded Type 1 or bare CFF program, then /Differences. */
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
  var compact = descriptor && descriptor.isDictionary() ? field(descriptor, 'FontFile3') : null;
  if (compact && compact.isStream() && String(field(compact, 'Subtype')) === '/Type1C') {
    var builtin = cffGlyphNames(bufferBytes(compact.readStream()));
    for (var code in builtin) names[code] = builtin[code];
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

/** A simple font's codes whose glyph names only this module knows, as a /ToUnicode. */
function recoverSimpleFont(doc, font) {
  var names = glyphNames(font), entries = [];
  for (var code in names) {
    var text = texGlyphText(names[code]);
    if (text) entries.push([parseInt(code, 10), text]);
  }
  if (entries.length) font.put('ToUnicode', toUnicodeStream(doc, entries, 1));
}

/**
 * A CID font on Identity-H/V with an embedded TrueType program: each CID's glyph (through
 * /CIDToGIDMap) read back from the program's cmap. Other CMaps name a character collection MuPDF maps.
 */
function recoverCidFont(doc, font) {
  var encoding = field(font, 'Encoding');
  if (!encoding || !encoding.isName() || !/^Identity-[HV]$/.test(encoding.asName())) return;
  var descendants = field(font, 'DescendantFonts');
  var cidFont = descendants && descendants.isArray() && descendants.length ? descendants.get(0) : null;
  if (!cidFont || !cidFont.isDictionary()) return;
  var descriptor = field(cidFont, 'FontDescriptor');
  var program = descriptor && descriptor.isDictionary() ? field(descriptor, 'FontFile2') : null;
  if (!program || !program.isStream()) return;
  var texts = trueTypeGlyphTexts(bufferBytes(program.readStream())), entries = [];
  var map = field(cidFont, 'CIDToGIDMap');
  if (map && map.isStream()) {
    var gids = bufferBytes(map.readStream());
    for (var cid = 0; 2 * cid + 1 < gids.length; cid++) {
      var gid = (gids[2 * cid] << 8) | gids[2 * cid + 1];
      if (texts.hasOwnProperty(gid)) entries.push([cid, texts[gid]]);
    }
  } else for (var g in texts) entries.push([parseInt(g, 10), texts[g]]);
  if (entries.length) font.put('ToUnicode', toUnicodeStream(doc, entries, 2));
}

var EMPTY_DESTINATION = /(<[0-9A-Fa-f\s]+>\s*)<\s*>/g;

/**
 * A /ToUnicode that maps codes to nothing (\`<0003> <>\`: WeasyPrint writes it for a haraka whose
 * text went with its base letter) reads as U+FFFD in MuPDF; the copy given to MuPDF maps them to
 * EMPTY_TEXT, which the reader drops without counting it unreadable.
 */
function markEmptyMappings(doc, font, toUnicode) {
  if (!toUnicode.isStream()) return;
  var cmap = bufferText(toUnicode.readStream(), 1 << 20);
  if (!EMPTY_DESTINATION.test(cmap)) return;
  EMPTY_DESTINATION.lastIndex = 0;
  font.put('ToUnicode', doc.addStream(cmap.replace(EMPTY_DESTINATION, '$1<${utf16Digits(EMPTY_TEXT)}>'), {}));
}

function recoverFont(doc, font) {
  if (!font.isDictionary()) return;
  var toUnicode = field(font, 'ToUnicode');
  if (toUnicode) { markEmptyMappings(doc, font, toUnicode); return; }
  var subtype = field(font, 'Subtype');
  var kind = subtype && subtype.isName() ? subtype.asName() : '';
  if (kind === 'Type1' || kind === 'MMType1' || kind === 'TrueType') recoverSimpleFont(doc, font);
  else if (kind === 'Type0') recoverCidFont(doc, font);
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

/** A character's text without U+FFFD and EMPTY_TEXT, and how many U+FFFD were taken out. */
export function withoutReplacement(text: string): { text: string; dropped: number } {
  if (!text.includes(REPLACEMENT) && !text.includes(EMPTY_TEXT)) return { text, dropped: 0 };
  const kept = text.split(REPLACEMENT).join('');
  return { text: kept.split(EMPTY_TEXT).join(''), dropped: text.length - kept.length };
}

type GlyphCounts = { number: number; unreadable?: number; pictured?: number };

/** 第3页有 5 个、第7页有 2 个, or past ten pages 第3页有 5 个…等12页共 40 个; undefined when no page counts any. */
function countsByPage(pages: readonly GlyphCounts[], count: (page: GlyphCounts) => number): string | undefined {
  const counted = pages.filter((page) => count(page) > 0);
  if (counted.length === 0) return undefined;
  const total = counted.reduce((sum, page) => sum + count(page), 0);
  const named = counted
    .slice(0, 10)
    .map((page) => `第${page.number}页有 ${count(page)} 个`)
    .join('、');
  return `${named}${counted.length > 10 ? `等${counted.length}页共 ${total} 个` : ''}`;
}

/**
 * The task's note on characters no table could read, in Chinese: those kept as pictures
 * (第3页有 5 个字符无法识别…，已按原样以图片保留) and those dropped over the pictures' bound.
 */
export function unreadableNote(pages: readonly GlyphCounts[], fileName?: string): string | undefined {
  const pictured = countsByPage(pages, (page) => page.pictured ?? 0);
  const dropped = countsByPage(pages, (page) => page.unreadable ?? 0);
  if (!pictured && !dropped) return undefined;
  const parts = [
    ...(pictured ? [`${pictured}字符无法识别（字体未提供对应的文字），已按原样以图片保留`] : []),
    ...(dropped ? [`${dropped}字符无法识别（字体未提供对应的文字）且未能保留为图片，已略去`] : []),
  ];
  return `${fileName ? `${fileName}：` : ''}${parts.join('；')}`;
}
