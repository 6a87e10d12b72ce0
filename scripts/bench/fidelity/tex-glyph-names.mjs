// TeX's glyph names for the pdf.js reading (README.md, "TeX's math symbols"). TeX's math fonts carry
// no ToUnicode; their glyphs are named in the font program's own encoding (cmsy's code 0x36
// /negationslash, 0x34 /triangle, 0x37 /mapsto; cmex's brace pieces /bracelefttp …). pdf.js maps a
// name it knows (Adobe's glyph list) and falls back to the character code for the rest: ≠ reads
// "6=", △ "4", ↦ "7→", a brace "}{{}". pdfTeX's own table, glyphtounicode.tex (texlive-base), maps
// those names; the font programs' encodings are read by fontTools (python3-fonttools) from the
// PDF's objects as qpdf decodes them. Neither is MuPDF, which our converter reads pages with.
// Both come from Debian's packages, unpacked under tmp/yardsticks/tex-glyphs (README.md says how);
// without them the pdf.js reading stays as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './bundle.mjs';

const TEX_GLYPHS = path.join(root, 'tmp/yardsticks/tex-glyphs');
const GLYPH_TABLE = path.join(TEX_GLYPHS, 'usr/share/texlive/texmf-dist/tex/generic/pdftex/glyphtounicode.tex');
const FONTTOOLS = path.join(TEX_GLYPHS, 'usr/lib/python3/dist-packages');

export const texGlyphNamesReadable = () => fs.existsSync(GLYPH_TABLE) && fs.existsSync(path.join(FONTTOOLS, 'fontTools'));

/**
 * TeX names glyphtounicode.tex leaves out, read as the page shows them. A delimiter or brace built
 * of several glyphs shows one character, which no count of its pieces gives: the table makes the
 * pieces it knows (/bracelefttp, /braceex …) private-use characters, which are not scored, and the
 * horizontal brace's tips and the bars' extensions are pieces alike. cmsy's /mapsto is the bar of
 * ↦, drawn at the foot of the arrow after it (withTexComposites joins the two). cmex's sized angle
 * brackets (\big⟨ … \Bigg⟨) read as the table reads cmsy's /angbracketleft (⟨ ⟩): pdf.js's own list
 * gives them U+2329, which NFKC makes the CJK 〈.
 */
const SIZES = ['big', 'Big', 'bigg', 'Bigg'];
const MISSING_NAMES = {
  bracehtipdownleft: '', bracehtipdownright: '', bracehtipupleft: '', bracehtipupright: '', vextendsingle: '', vextenddouble: '',
  mapsto: '\u21a6',
  ...Object.fromEntries(SIZES.flatMap((size) => [[`angbracketleft${size}`, '\u27e8'], [`angbracketright${size}`, '\u27e9']])),
};

let table;
/** glyphtounicode.tex: glyph name → its text (`\pdfglyphtounicode{name}{HEX[ HEX…]}`), and MISSING_NAMES. */
function glyphTable() {
  table ??= new Map([
    ...[...fs.readFileSync(GLYPH_TABLE, 'latin1').matchAll(/^\\pdfglyphtounicode\{([^}]+)\}\{([0-9A-Fa-f ]+)\}/gm)].map(([, name, hex]) => [
      name,
      String.fromCodePoint(...hex.trim().split(/\s+/).map((h) => parseInt(h, 16))),
    ]),
    ...Object.entries(MISSING_NAMES),
  ]);
  return table;
}

/** A Type 1 program's built-in encoding, from its clear-text part (`dup 54 /negationslash put`). */
function type1Encoding(program) {
  const clear = program.toString('latin1', 0, Math.max(0, program.indexOf('eexec')) || program.length);
  return Object.fromEntries([...clear.matchAll(/dup\s+(\d+)\s*\/([^\s/]+)\s+put/g)].map(([, code, name]) => [code, name]));
}

/**
 * Per simple font of the PDF (its /BaseFont, subset tag and all, as pdf.js names it): character code
 * → text, for the codes whose glyph name glyphtounicode.tex knows. The glyph name of a code is the
 * /Differences entry, else the program's built-in encoding (a font whose /Encoding names a standard
 * encoding uses Adobe's names, which pdf.js maps itself). Undefined when the tools are missing.
 */
export function texGlyphUnicodes(file) {
  if (!texGlyphNamesReadable()) return undefined;
  // qpdf exits 3 when it read the file with warnings (a repaired xref): the objects are still there.
  const dump = spawnSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized', file], { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
  if (dump.status !== 0 && dump.status !== 3) return new Map();
  const objects = JSON.parse(dump.stdout).qpdf[1];
  const resolve = (value) => (typeof value === 'string' && / R$/.test(value) ? objects[`obj:${value}`]?.value ?? objects[`obj:${value}`]?.stream : value);
  const streamData = (ref) => {
    const data = objects[`obj:${ref}`]?.stream?.data;
    return data ? Buffer.from(data, 'base64') : undefined;
  };
  const fonts = [];
  for (const { value } of Object.values(objects)) {
    if (value?.['/Type'] !== '/Font' || !['/Type1', '/MMType1'].includes(value['/Subtype'])) continue;
    const encoding = resolve(value['/Encoding']);
    if (typeof encoding === 'string') continue; // a standard encoding's names
    const descriptor = resolve(value['/FontDescriptor']);
    const cff = descriptor?.['/FontFile3'] && streamData(descriptor['/FontFile3']);
    const type1 = descriptor?.['/FontFile'] && streamData(descriptor['/FontFile']);
    fonts.push({ name: value['/BaseFont'].slice(1), cff, builtIn: type1 ? type1Encoding(type1) : encoding?.['/BaseEncoding'] ? {} : undefined, differences: encoding?.['/Differences'] ?? [] });
  }
  const programs = Object.fromEntries(fonts.filter((f) => f.cff && !f.builtIn).map((f) => [f.name, f.cff.toString('base64')]));
  const cffEncodings = Object.keys(programs).length
    ? JSON.parse(execFileSync('python3', [path.join(root, 'scripts/bench/fidelity/cff-encodings.py')], { input: JSON.stringify(programs), env: { ...process.env, PYTHONPATH: FONTTOOLS }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' }))
    : {};
  const names = glyphTable();
  const result = new Map();
  for (const font of fonts) {
    const builtIn = font.builtIn ?? cffEncodings[font.name];
    const glyphs = new Map(typeof builtIn === 'object' && builtIn ? Object.entries(builtIn).map(([code, name]) => [Number(code), name]) : []);
    let code = 0;
    for (const entry of font.differences) {
      if (typeof entry === 'number') code = entry;
      else glyphs.set(code++, entry.slice(1));
    }
    const byCode = new Map([...glyphs].filter(([, name]) => names.has(name)).map(([c, name]) => [c, names.get(name)]));
    if (byCode.size) result.set(font.name, byCode);
  }
  return result;
}

const inverses = new WeakMap();
/** pdf.js's code → text map of a font turned round: text → the codes that read as it (once per font). */
function codesByText(toUnicode) {
  if (!inverses.has(toUnicode)) {
    const codesOf = new Map();
    toUnicode._map.forEach((unicode, code) => unicode && codesOf.set(unicode, [...(codesOf.get(unicode) ?? []), code]));
    inverses.set(toUnicode, codesOf);
  }
  return inverses.get(toUnicode);
}

/**
 * A pdf.js text item's string with each character read by its glyph's TeX name, where every code
 * pdf.js maps to that character names the same TeX glyph (`toUnicode` is pdf.js's code → text map
 * of the font, kept with fontExtraProperties).
 */
export function withTexGlyphs(text, toUnicode, byCode) {
  if (!byCode || !Array.isArray(toUnicode?._map)) return text;
  const codesOf = codesByText(toUnicode);
  const read = (ch) => {
    const texts = new Set((codesOf.get(ch) ?? []).map((code) => byCode.get(code)));
    const [only] = texts;
    return texts.size === 1 && only !== undefined ? only : ch;
  };
  return [...text].map(read).join('');
}

/**
 * Glyphs of no width TeX draws at the foot of the next: \not's slash (/negationslash, U+0338) goes
 * after its relation, where NFKC makes "=" and U+0338 one "≠"; \mapsto's bar and its arrow are one
 * ↦ (\longmapsto's "−→" one ⟼), as the page shows them.
 */
export const withTexComposites = (text) =>
  text
    .replace(/\u0338(\s*)(\S)/gu, '$1$2\u0338')
    .replace(/\u21a6\s*\u2212\s*\u2192/gu, '\u27fc')
    .replace(/\u21a6\s*\u2192/gu, '\u21a6');
