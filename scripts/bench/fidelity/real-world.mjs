// PDF → Word (and Excel) on real-world PDFs (issue 14), ours beside LibreOffice's PDF import.
// There is no original document to compare with, so each input is measured by independent readers:
//   - characters: pdftotext's text of the input (NFKC, whitespace and U+FFFD left out) against the
//     text of the result in document order; recall = the longest common subsequence (GNU diff, one
//     code point a line) over the input's characters, so text kept but put out of order counts as
//     lost (and beside it, what is kept in any order: a multiset of code points). pdftotext has three reading orders, none right everywhere (columns read well in its
//     default order, tables row by row in -layout and -raw, -raw follows the content stream), and
//     a fourth reader, pdf.js (neither poppler nor MuPDF), reads fonts poppler turns to mojibake
//     (TeX's math fonts): each result is measured page by page against the reading that keeps most
//     of that page in order (bestOrder; --reference=pdftotext: pdftotext's three only);
//     glyphs in a font that gives them no character at all (unmapped-fonts.js) are left out of
//     every reading and counted apart, "unmapped (not scored)";
//   - U+FFFD: how many the result holds (a glyph the converter could not map);
//   - figures: images drawn on the input's pages (pdfimages -list, at least 16 pt each way, soft
//     masks not counted) against pictures in the DOCX (pic:pic); kept = min(result, input) / input;
//   - tables: w:tbl in the DOCX (no ground truth in a real-world PDF: shown, not scored);
//   - with --excel, the XLSX's recall and U+FFFD alike, its pictures anchored on the sheets (at
//     least 16 pt each way: not glyph pictures) as figures kept, and its size.
// A file whose text is mostly in such fonts (TAMReview.pdf) has their codes keyed by what tesseract
// reads where pdftotext places them, on each page drawn at 300 dpi with its text alone (Ghostscript,
// no pictures nor paths; languages $FIDELITY_OCR_LANGS, eng by default; ocr-keyed-glyphs.mjs), and
// tesseract's own reading joins the four. --reference=ocr measures every file against OCR alone.
// Yardsticks: LibreOffice's PDF import, and pdf2docx (the Python package, run as pdf2docx-wasm:
// pdf2docx 0.5.8 with PyMuPDF in Pyodide, from the npm registry) when it has been unpacked into
// tmp/yardsticks (README.md beside says how; AGPL, so never a dependency of the site).
// Corpus: folders or files as arguments, else $FIDELITY_CORPUS (colon-separated), else
// ../shared/fixtures/pdf; files that need a password are left out. README.md beside says how to fetch the
// public corpora.
// --lost=N prints the N longest runs of the reference that ours leaves out, with their context
// (with --excel, the XLSX's too).
//   [FIDELITY_LO_TIMEOUT=600] node scripts/bench/fidelity/real-world.mjs [--excel] [--no-libreoffice] [--no-pdf2docx] [--reference=ocr|pdftotext] [--lost=N] [folder|file…]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { importBundled, root } from './bundle.mjs';
import { decode, documentXml, docxPart } from './score.mjs';
import { bboxWords, learnGlyphKeys, OCR_DPI, tsvWords, withGlyphKeys } from './ocr-keyed-glyphs.mjs';
import { texGlyphNamesReadable, texGlyphUnicodes, withTexComposites, withTexGlyphs } from './tex-glyph-names.mjs';

const args = process.argv.slice(2);
const withExcel = args.includes('--excel');
const withLibreOffice = !args.includes('--no-libreoffice');
const PDF2DOCX = path.join(root, 'tmp/yardsticks/pdf2docx-wasm');
const withPdf2docx = !args.includes('--no-pdf2docx') && fs.existsSync(path.join(PDF2DOCX, 'index.js'));
const ocrReference = args.includes('--reference=ocr');
const pdftotextOnly = args.includes('--reference=pdftotext');
const showLost = Number(args.find((a) => a.startsWith('--lost='))?.slice('--lost='.length) ?? 0);
const named = args.filter((a) => !a.startsWith('--'));
const sources = named.length ? named : (process.env.FIDELITY_CORPUS?.split(':').filter(Boolean) ?? [path.resolve(root, '../shared/fixtures/pdf')]);

const pdfsOf = (source) =>
  fs.statSync(source).isDirectory()
    ? fs.readdirSync(source).sort().flatMap((name) => pdfsOf(path.join(source, name)))
    : source.toLowerCase().endsWith('.pdf') ? [path.resolve(source)] : [];
const read = (command, argv) => execFileSync(command, argv, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
/** pdfinfo refuses a file that needs a password to open; one that opens without is measured like any other. */
const opens = (file) => spawnSync('pdfinfo', [file], { stdio: 'ignore' }).status === 0;
const inputs = sources.flatMap(pdfsOf).filter(opens);

const { pdfToWord, pdfToExcel } = await importBundled('pdf-to-office', `export { pdfToWord, pdfToExcel } from '${root}/server/convert/tools/pdf-to-office';`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-real-world-'));

const FFFD = '\uFFFD';
const RTL_LETTER = '\\p{Script=Arabic}\\p{Script=Hebrew}\\p{Script=Syriac}\\p{Script=Thaana}';
const RTL_RUN = new RegExp(`[${RTL_LETTER}\\p{Mn}]*[${RTL_LETTER}][${RTL_LETTER}\\p{Mn}]*`, 'gu');
/**
 * Code points that count: NFKC (ligatures, full-width and Arabic presentation forms alike on both
 * sides), no whitespace, format characters (bidi marks, soft hyphens), U+FFFD, nor control,
 * private-use or unassigned code points (what poppler makes of glyph names like /g18). A right-to-left
 * run is sorted: pdftotext gives some in visual order, some in logical, and which of the two a
 * converter follows is not what is measured; where the run stands among the rest still is.
 */
const scoredCodePoints = (text) => [...text.normalize('NFKC').replace(/[\s\p{Cf}\p{Cc}\p{Co}\p{Cn}]+/gu, '').replaceAll(FFFD, '')];
const withRtlRunsSorted = (chars) => [...chars.join('').replace(RTL_RUN, (run) => [...run].sort().join(''))];
const characters = (text) => withRtlRunsSorted(scoredCodePoints(text));
/**
 * A reading's pages as `characters`, a right-to-left run sorted as in the whole text: with the
 * spaces gone, the last word of a page and the first of the next are one run there (habibi-rotated.pdf).
 */
function pagesOfCharacters(pages) {
  const perPage = pages.map(scoredCodePoints);
  const sorted = withRtlRunsSorted(perPage.flat());
  let at = 0;
  return perPage.map((page) => sorted.slice(at, (at += page.length)));
}
const countFffd = (text) => text.split(FFFD).length - 1;

/**
 * The input's text in pdftotext's three reading orders: its default (columns), -layout (table rows)
 * and -raw (the order the content stream draws the text in: a TeX paper's columns one after the
 * other and its tables row by row, where the default order can take a column's head for the
 * continuation of a heading beside it — multicolumn.pdf). -raw leaves a word hyphenated at a
 * line's end split as printed; it is joined as the default order joins it.
 */
const pdftotextReading = (file, mode = []) => read('pdftotext', ['-q', ...mode, '-enc', 'UTF-8', file, '-']);
/** `columns`: the default reading where it was read already (the masked copy's, withoutUnmappedFonts). */
const pdftotextReferences = (file, columns = pdftotextReading(file)) => [columns, pdftotextReading(file, ['-layout']), joinHyphenated(pdftotextReading(file, ['-raw']))];
const joinHyphenated = (text) => text.replace(/(\p{Ll})-\n(?=\p{Ll})/gu, '$1');

/**
 * pdf.js's text of every page in the order the content stream draws it (as -raw). It maps a
 * glyph by the font's own names where poppler falls back to the character code: TeX's prime
 * (cmsy's code 0x30) is ′ where pdftotext reads "0", △ not "4", ≠ not "6=", and TAMReview.pdf's
 * fonts read as words, not mojibake. Glyph names pdf.js does not know (TeX's: ≠ is "6=", △ "4")
 * are read by pdfTeX's own table where it is at hand (tex-glyph-names.mjs). A file or page that
 * pdf.js cannot read leaves that reading short or empty, which only means another reading wins.
 */
async function pdfjsReference(file) {
  const texGlyphs = texGlyphUnicodes(file);
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0, isEvalSupported: false, fontExtraProperties: Boolean(texGlyphs) }).promise.catch(() => undefined);
  if (!pdf) return [];
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent().catch(() => ({ items: [] }));
    // The page's fonts (pdf.js's code → text map of each) reach this side with its operator list.
    if (texGlyphs?.size) await page.getOperatorList().catch(() => undefined);
    const font = (name) => (texGlyphs?.size && name && page.commonObjs.has(name) ? page.commonObjs.get(name) : undefined);
    const text = (item) => {
      const f = font(item.fontName);
      return f ? withTexGlyphs(item.str ?? '', f.toUnicode, texGlyphs.get(f.name)) : item.str ?? '';
    };
    pages.push(content.items.map((item) => text(item) + (item.hasEOL ? '\n' : '')).join(''));
  }
  await pdf.destroy();
  return pages.map((text) => (texGlyphs ? withTexComposites(joinHyphenated(text)) : joinHyphenated(text)));
}

/**
 * Tesseract's reading of every page drawn at 300 dpi with its text alone, page by page: its text
 * (one reading order) and its words with their places (TSV, for ocr-keyed-glyphs.mjs). Ghostscript
 * draws the pages (their crop box, as pdftotext reads them) without raster pictures (-dFILTERIMAGE)
 * and without vector paths (-dFILTERVECTOR): words inside a picture (a scanned chart's labels:
 * TAMReview's Figures 3, 6, 7 and 8, some 900 characters) are not the file's text, and a converter
 * keeps them as the picture they are; a diagram's boxes, arrows and radio buttons are not text
 * either, and OCR read them as letters ("Ponnn>1‘beeeeeeeeJ", "Poottt"). Glyphs are drawn whatever
 * their font.
 */
function ocrPages(file) {
  const dir = fs.mkdtempSync(path.join(work, 'reference-'));
  read('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pnggray', `-r${OCR_DPI}`, '-dUseCropBox', '-dFILTERIMAGE', '-dFILTERVECTOR', `-sOutputFile=${path.join(dir, 'page-%04d.png')}`, file]);
  const pages = fs.readdirSync(dir).sort().map((name) => {
    const base = path.join(dir, path.parse(name).name);
    read('tesseract', [path.join(dir, name), base, '-l', process.env.FIDELITY_OCR_LANGS ?? 'eng', '--psm', '3', 'txt', 'tsv']);
    return { text: fs.readFileSync(`${base}.txt`, 'utf8'), words: tsvWords(fs.readFileSync(`${base}.tsv`, 'utf8')) };
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return pages;
}

/**
 * The input as the readers should read it: a copy in which every font that gives its glyphs no
 * character at all (unmapped-fonts.js says which: no ToUnicode mapping, and a symbolic TrueType
 * font without /Encoding or a Type 3 font whose glyph names are bare indices) maps its codes to
 * private-use characters, which `characters` leaves out. pdftotext and pdf.js read those glyphs
 * as their raw codes (tracemonkey.pdf's chart labels: `!"#$!"#%`), text the file does not hold;
 * on the copy every reader reads every other glyph as before, in the same order. `unmapped`
 * counts what was left out (in pdftotext's default reading), shown beside the score, not hidden.
 * A file without such fonts is read as it is.
 */
function withoutUnmappedFonts(file) {
  const masked = path.join(work, `unmapped-${path.basename(file)}`);
  const fonts = spawnSync('mutool', ['run', path.join(root, 'scripts/bench/fidelity/unmapped-fonts.js'), file, masked], { encoding: 'utf8' });
  if (fonts.status !== 0 || !fs.existsSync(masked)) return { file, unmapped: 0 };
  // Counted as the private-use characters they became: poppler reads some of their codes as control
  // characters (TAMReview's /g18 font: codes 2, 3, 4…), which a count of what it read would miss.
  const maskedText = pdftotextReading(masked);
  const ownPrivateUse = privateUse(pdftotextReading(file));
  return { file: masked, unmapped: privateUse(maskedText) - ownPrivateUse, scored: characters(maskedText).length, fonts: fonts.stdout.trim().split('\n'), maskedText, ownPrivateUse };
}
const privateUse = (text) => text.match(/\p{Co}/gu)?.length ?? 0;

/**
 * A spacing accent beside a letter in a reading is the letter's mark (README.md, "Accents drawn over
 * letters"): TeX draws \tilde a as the accent's glyph and then the letter back under it, which
 * pdf.js and -raw give as "˜a" (drawing order) and pdftotext's default and -layout as "γ˜" where
 * they do not compose it themselves ("ã"). `drawnFirst`: the accent comes before its letter.
 */
const SPACING_ACCENTS = { '\u02dc': '\u0303', '\u02c6': '\u0302', '\u02d9': '\u0307', '\u00a8': '\u0308', '\u00b4': '\u0301', '\u00af': '\u0304', '\u02d8': '\u0306', '\u02c7': '\u030c', '\u02da': '\u030a', '\u02dd': '\u030b' };
const ACCENTS = Object.keys(SPACING_ACCENTS).join('');
const ACCENT_THEN_LETTER = new RegExp(`([${ACCENTS}])([^\\s${ACCENTS}])`, 'gu');
const LETTER_THEN_ACCENT = new RegExp(`([^\\s${ACCENTS}])([${ACCENTS}])`, 'gu');
/** TeX puts an accent over a dotless ı or ȷ (\"\i): the page shows ï. */
const DOTLESS = { ı: 'i', ȷ: 'j' };
const marked = (letter, accent) => (DOTLESS[letter] ?? letter) + SPACING_ACCENTS[accent];
const accentsOnLetters = (text, drawnFirst) =>
  drawnFirst ? text.replace(ACCENT_THEN_LETTER, (_, accent, letter) => marked(letter, accent)) : text.replace(LETTER_THEN_ACCENT, (_, letter, accent) => marked(letter, accent));

/** pdftotext's pages: each ends in a form feed. */
const pdftotextPages = (text) => text.split('\f').slice(0, text.endsWith('\f') ? -1 : undefined);

/** The readings of the reference (their names: `reference.readings`), page by page. */
const referenceTexts = async (reference) => {
  if (reference.ocr && !reference.keys) return [reference.ocr.map((page) => page.text)];
  const keyed = (text) => (reference.keys ? withGlyphKeys(text, reference.keys) : text);
  const [columns, layout, raw] = pdftotextReferences(reference.file, reference.maskedText).map(keyed);
  const readings = [accentsOnLetters(columns, false), accentsOnLetters(layout, false), accentsOnLetters(raw, true)].map(pdftotextPages);
  if (!pdftotextOnly) readings.push((await pdfjsReference(reference.file)).map((page) => accentsOnLetters(keyed(page), true)));
  return reference.keys ? [...readings, reference.ocr.map((page) => page.text)] : readings;
};
const READERS = ['pdftotext', 'pdftotext -layout', 'pdftotext -raw', 'pdf.js'];

/** Images drawn on the input's pages, big enough to be a figure (not a rule or a bullet). */
function inputFigures(file) {
  const rows = read('pdfimages', ['-list', file]).split('\n').slice(2).map((line) => line.trim().split(/\s+/));
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  return rows.filter((r) => r[2] === 'image' && (Number(r[3]) / Number(r[12])) * 72 >= 16 && (Number(r[4]) / Number(r[13])) * 72 >= 16).length;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ROMAN = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];
const CHINESE_DIGITS = '〇一二三四五六七八九';
/** A number as a numbering format prints it (the formats converters write; others as decimal). */
function formatNumber(n, format) {
  const roman = () => ROMAN.reduce((out, [value, letters]) => { for (; n >= value; n -= value) out += letters; return out; }, '');
  switch (format) {
    case 'lowerLetter': return LETTERS[(n - 1) % 26].repeat(Math.floor((n - 1) / 26) + 1);
    case 'upperLetter': return LETTERS[(n - 1) % 26].repeat(Math.floor((n - 1) / 26) + 1).toUpperCase();
    case 'lowerRoman': return roman();
    case 'upperRoman': return roman().toUpperCase();
    case 'chineseCounting': return n < 10 ? CHINESE_DIGITS[n] : `${n >= 20 ? CHINESE_DIGITS[Math.floor(n / 10)] : ''}十${n % 10 ? CHINESE_DIGITS[n % 10] : ''}`;
    case 'bullet': case 'none': return '';
    default: return String(n);
  }
}

/**
 * The DOCX's text with each numbered paragraph's label written in before its text, as Word prints
 * it ("a)", "1.", "•"): a converter that lets Word number a list keeps those characters there, not
 * in w:t. Labels come from numbering.xml (w:num → w:abstractNum → w:lvl: start, numFmt, lvlText).
 */
function withListLabels(xml, numbering) {
  const levels = new Map();
  for (const [, id, body] of numbering.matchAll(/<w:abstractNum w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
    const lvls = [...body.matchAll(/<w:lvl w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)].map(([, ilvl, lvl]) => ({
      ilvl: Number(ilvl),
      start: Number(/<w:start w:val="(\d+)"/.exec(lvl)?.[1] ?? 1),
      format: /<w:numFmt w:val="([^"]+)"/.exec(lvl)?.[1] ?? 'decimal',
      text: decode(/<w:lvlText w:val="([^"]*)"/.exec(lvl)?.[1] ?? ''),
    }));
    levels.set(id, lvls);
  }
  const abstractOf = new Map([...numbering.matchAll(/<w:num w:numId="(\d+)"[^>]*>\s*<w:abstractNumId w:val="(\d+)"/g)].map(([, num, abstract]) => [num, abstract]));
  const counters = new Map();
  return xml.replace(/<w:pPr>((?:(?!<\/w:pPr>)[\s\S])*?)<\/w:pPr>/g, (pPr, inner) => {
    const numId = /<w:numId w:val="(\d+)"/.exec(inner)?.[1];
    const ilvl = Number(/<w:ilvl w:val="(\d+)"/.exec(inner)?.[1] ?? 0);
    const lvls = levels.get(abstractOf.get(numId));
    if (!lvls) return pPr;
    const count = counters.get(numId) ?? [];
    count[ilvl] = (count[ilvl] ?? (lvls.find((l) => l.ilvl === ilvl)?.start ?? 1) - 1) + 1;
    count.length = ilvl + 1;
    counters.set(numId, count);
    const label = (lvls.find((l) => l.ilvl === ilvl)?.text ?? '').replace(/%(\d)/g, (_, k) => {
      const level = lvls.find((l) => l.ilvl === Number(k) - 1);
      return formatNumber(count[Number(k) - 1] ?? level?.start ?? 1, level?.format);
    });
    return `${pPr}<w:t>${label.replace(/[<&]/g, ' ')}</w:t>`;
  });
}

/**
 * An equation's delimiters written in as Word prints them: an m:d (\left( … \right), a binomial's or a
 * matrix's brackets) holds its characters in attributes (m:begChr, m:endChr, m:sepChr between its
 * m:e; "(", ")" and "|" when absent, none when empty), not in m:t. Each goes in where it is shown:
 * before the first m:e, between them, before </m:d>. A converter that writes a bracket as text keeps
 * it in m:t already; one that writes an m:d had its brackets counted as lost.
 */
function withMathDelimiters(xml) {
  const open = []; // the m:d and m:e elements open: { name, entries, begChr?, endChr?, sepChr? }
  const attribute = (tag) => /m:val="([^"]*)"/.exec(tag)?.[1];
  const text = (chars) => (chars ? `<m:t>${chars}</m:t>` : '');
  return xml.replace(/<(\/?)m:(d|e|begChr|endChr|sepChr)(?=[\s/>])[^>]*?(\/?)>/g, (tag, closing, name, empty) => {
    const top = open.at(-1);
    if (name === 'begChr' || name === 'endChr' || name === 'sepChr') {
      if (top?.name === 'd' && !closing) top[name] = attribute(tag) ?? ''; // still escaped, as m:t's text is
      return tag;
    }
    if (closing) {
      open.pop();
      return name === 'd' ? `${text(top?.endChr ?? ')')}${tag}` : tag;
    }
    let before = '';
    if (name === 'e' && top?.name === 'd') before = text(top.entries++ === 0 ? top.begChr ?? '(' : top.sepChr ?? '|');
    if (!empty) open.push({ name, entries: 0 });
    return `${before}${tag}`;
  });
}

/** A DOCX's text in document order (text boxes where anchored; VML fallbacks repeat the choice; list labels as printed), pictures and tables. */
async function readDocx(file) {
  const xml = withMathDelimiters(withListLabels((await documentXml(file)).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, ''), await docxPart(file, 'word/numbering.xml', '')));
  // An equation's text (m:t) is the document's text too, where it stands (Word reads it so).
  const text = [...xml.matchAll(/<([wm]):t(?: [^>]*)?>([^<]*)<\/\1:t>/g)].map((m) => decode(m[2])).join(' ');
  return { text, pictures: (xml.match(/<pic:pic[ >]/g) ?? []).length, tables: (xml.match(/<w:tbl>/g) ?? []).length };
}

/**
 * An XLSX's text: sheet by sheet, row by row, cell by cell; and its pictures anchored on the sheets
 * at least 16 pt each way, as the input's figures are counted (glyph pictures, a line tall, are not).
 */
/**
 * A cell's text as a spreadsheet shows it: exceljs gives a number cell's value bare ("83879" for
 * 83,879 under #,##0; "1" for 1.0 under 0.0). Number formats of the plain kinds are applied — a
 * quoted prefix, 0 or #,##0, decimals, %, a bracketed second section for negatives; any other
 * format (dates, conditions, colours) is read bare as before.
 */
const PLAIN_FORMAT = /^(?:"([^"]*)")?(#,##0|0)(?:\.(0+))?(%?)$/;
function shownText(cell) {
  if (typeof cell.value !== 'number' || !cell.numFmt) return cell.text;
  const [positive, negative] = cell.numFmt.split(';');
  const bracketed = cell.value < 0 && negative ? /^\((.*)\)$/.exec(negative)?.[1] : undefined;
  const format = PLAIN_FORMAT.exec(bracketed ?? positive);
  if (!format) return cell.text;
  const [, prefix = '', integer, decimals = '', percent] = format;
  const magnitude = Math.abs(cell.value) * (percent ? 100 : 1);
  const digits = magnitude.toLocaleString('en-US', { useGrouping: integer === '#,##0', minimumFractionDigits: decimals.length, maximumFractionDigits: decimals.length });
  const shown = `${prefix}${digits}${percent}`;
  return bracketed ? `(${shown})` : cell.value < 0 ? `-${shown}` : shown;
}

async function readXlsx(file) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const parts = [];
  let pictures = 0;
  book.eachSheet((sheet) => {
    sheet.eachRow((row) => row.eachCell((cell) => parts.push(shownText(cell))));
    const side = (16 * 96) / 72;
    pictures += sheet.getImages().filter(({ range }) => range.ext && range.ext.width >= side && range.ext.height >= side).length;
  });
  return { text: parts.join(' '), pictures };
}

/** Characters of `expected` found anywhere in `found` (each as often as it occurs): what is kept, in whatever order. */
function recallAnyOrder(expected, found) {
  if (expected.length === 0) return undefined;
  const counts = new Map();
  for (const c of found) counts.set(c, (counts.get(c) ?? 0) + 1);
  let kept = 0;
  for (const c of expected) if ((counts.get(c) ?? 0) > 0) { kept++; counts.set(c, counts.get(c) - 1); }
  return kept / expected.length;
}

/**
 * The input's reading order that `found` keeps best, page by page, and the recall against it: each
 * page as the reading that keeps most of that page's characters in order (one diff a reading over
 * the whole file), in the pages' order — or one reading whole where that keeps more (a page's
 * choice can cost at its seams). A page has no one right order: readers part ways on a diagram's
 * labels, a list's columns, a table (TAMReview.pdf: -raw reads a diagram's labels after the page's
 * text, OCR across its boxes, the default order the sponsors' page column by column; tracemonkey's
 * page 9, README.md), and a result that reads each page as some reader does has kept the file's
 * order. `orders`: readings, each a list of pages of characters. `choice`: the reading of each page.
 */
function bestOrder(orders, found) {
  if (!orders.some((pages) => pages.some((page) => page.length))) return undefined;
  const lostCount = (ranges) => ranges.reduce((n, [from, to]) => n + to - from, 0);
  const scored = orders.map((pages) => {
    const expected = pages.flat();
    if (!expected.length) return { expected, lost: [], recall: -1, kept: [] };
    const lost = lostRanges(expected, found);
    const pageOf = pages.flatMap((page, i) => page.map(() => i));
    const kept = pages.map((page) => page.length);
    for (const [from, to] of lost) for (let i = from; i < to; i++) kept[pageOf[i]]--;
    return { expected, lost, recall: 1 - lostCount(lost) / expected.length, kept };
  });
  const whole = scored.reduce((best, s, i) => (s.recall > scored[best].recall ? i : best), 0);
  const pageCount = Math.max(...orders.map((pages) => pages.length));
  const choice = Array.from({ length: pageCount }, (_, page) => scored.reduce((best, s, i) => ((s.kept[page] ?? -1) > (scored[best].kept[page] ?? -1) ? i : best), whole));
  const alone = { ...scored[whole], choice: choice.map(() => whole), wholeRecall: scored[whole].recall };
  if (choice.every((reading) => reading === whole)) return alone;
  const expected = choice.flatMap((reading, page) => orders[reading][page] ?? []);
  const lost = lostRanges(expected, found);
  const recall = 1 - lostCount(lost) / expected.length;
  return recall >= alone.recall ? { expected, lost, recall, choice, wholeRecall: alone.recall } : alone;
}
/** The recall page by page, and against the best single reading of the whole file (shown apart). */
const recallsOf = (best) => ({ recall: best?.recall, wholeRecall: best?.wholeRecall });

/** The runs of `expected` (as [from, to) indexes) that the longest common subsequence with `found` leaves out. */
function lostRanges(expected, found) {
  const a = path.join(work, 'expected.txt');
  const b = path.join(work, 'found.txt');
  // Every code point on a line of its own, as its hex value: a line break in the text cannot split one.
  fs.writeFileSync(a, expected.map((c) => c.codePointAt(0).toString(16)).join('\n') + '\n');
  fs.writeFileSync(b, found.map((c) => c.codePointAt(0).toString(16)).join('\n') + '\n');
  // --minimal: the longest common subsequence itself; diff's default speed heuristics may give up
  // on long inputs with a longer edit script, which reads as characters lost that were kept.
  const diff = spawnSync('diff', ['--minimal', a, b], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  // A hunk that removes lines of the expected text: "12,15d11" or "12,15c11,13" (1-based, inclusive).
  return [...diff.stdout.matchAll(/^(\d+)(?:,(\d+))?[dc]/gm)].map(([, first, last]) => [Number(first) - 1, Number(last ?? first)]);
}

/**
 * With --lost=N: the N longest runs of the reference our result leaves out, each with the text
 * around it (the reading that scored best), to see what a score is made of.
 */
function printLost(name, best, count, readings) {
  if (!best) return;
  const pagesBy = readings.map((reading, i) => [reading, best.choice.filter((c) => c === i).length]).filter(([, n]) => n);
  console.error(`${name}: ${(best.recall * 100).toFixed(2)}%, pages read as ${pagesBy.map(([reading, n]) => `${reading} ${n}`).join(', ')}`);
  console.error(`lost in ${name} (longest first): …before⟦lost⟧after…`);
  const { expected } = best;
  for (const [from, to] of [...best.lost].sort((x, y) => y[1] - y[0] - (x[1] - x[0]) || x[0] - y[0]).slice(0, count)) console.error(`  ${to - from}: …${expected.slice(Math.max(0, from - 25), from).join('')}⟦${expected.slice(from, to).join('')}⟧${expected.slice(to, to + 25).join('')}…`);
}

async function ours(converter, file, index) {
  const workDir = fs.mkdtempSync(path.join(work, `job-${index}-`));
  const notes = [];
  const ctx = { workDir, signal: new AbortController().signal, progress() {}, note: (n) => notes.push(n), tier: 'vip' };
  const started = process.hrtime.bigint();
  const [output] = await converter.convert({ inputs: [{ name: path.basename(file), path: file, size: fs.statSync(file).size, type: 'pdf' }], options: converter.options.parse({}) }, ctx);
  return { path: output.path, seconds: Number(process.hrtime.bigint() - started) / 1e9, notes };
}

/** LibreOffice's import of a long paper can outlast any patience on a busy machine: FIDELITY_LO_TIMEOUT (s). */
const LIBREOFFICE_TIMEOUT_S = Number(process.env.FIDELITY_LO_TIMEOUT ?? 600);

function libreOffice(file) {
  const outDir = path.join(work, 'libreoffice');
  const started = process.hrtime.bigint();
  spawnSync('soffice', [`-env:UserInstallation=file://${work}/profile`, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx:MS Word 2007 XML', file, '--outdir', outDir], { stdio: 'ignore', timeout: LIBREOFFICE_TIMEOUT_S * 1000 });
  const output = path.join(outDir, path.basename(file, path.extname(file)) + '.docx');
  return { path: fs.existsSync(output) ? output : undefined, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** pdf2docx in Pyodide, in a child process of its own (a hung or crashed conversion is only that file's). */
function pdf2docx(file) {
  const output = path.join(work, 'pdf2docx', `${path.basename(file, path.extname(file))}.docx`);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  // Pyodide imports its pyodide.asm.js as a module, which the package's "type": "module" makes
  // ESM while the file is CommonJS: loaded first through require, it is found already defined.
  const asm = path.join(PDF2DOCX, 'pyodide.asm.cjs');
  if (!fs.existsSync(asm)) fs.copyFileSync(path.join(PDF2DOCX, 'pyodide.asm.js'), asm);
  const script = `
    import fs from 'node:fs';
    import { createRequire } from 'node:module';
    createRequire(import.meta.url)(${JSON.stringify(asm)});
    const { Pdf2Docx } = await import(${JSON.stringify(path.join(PDF2DOCX, 'index.js'))});
    const docx = await new Pdf2Docx(${JSON.stringify(PDF2DOCX + '/')}).convert(new Blob([fs.readFileSync(process.argv[1])]));
    fs.writeFileSync(process.argv[2], Buffer.from(await docx.arrayBuffer()));
  `;
  const started = process.hrtime.bigint();
  spawnSync(process.execPath, ['--input-type=module', '-e', script, file, output], { stdio: 'ignore', timeout: LIBREOFFICE_TIMEOUT_S * 1000 });
  return { path: fs.existsSync(output) ? output : undefined, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/**
 * What a file's text is measured against. Leaving out the glyphs no reader maps is fair while they
 * are a chart's labels (tracemonkey.pdf: 2 % of its characters); where they are more than a tenth
 * of the text (TAMReview.pdf: its body font), what would be left to score is not the file's text.
 * There each code of those fonts is read as OCR reads its glyph where pdftotext places it
 * (ocr-keyed-glyphs.mjs), and the readers' readings of the masked copy are read with those keys,
 * OCR's own reading of the pages beside them — for ours and the yardsticks alike. A code OCR gives
 * no agreed reading stays out (`unmapped`); `unreadable` counts the glyphs that made the choice.
 * `readings` names the reference's readings.
 */
const MOSTLY_UNMAPPED = 0.1;
function textReference(file) {
  if (ocrReference) return { file, unmapped: 0, ocr: ocrPages(file), readings: ['OCR'] };
  const masked = withoutUnmappedFonts(file);
  const readings = pdftotextOnly ? READERS.slice(0, 3) : READERS;
  // (A file with no such font has no `scored`: it is read as it is.)
  if (!masked.unmapped || masked.unmapped <= MOSTLY_UNMAPPED * (masked.unmapped + masked.scored)) return { ...masked, readings };
  const ocr = ocrPages(file);
  const keys = learnGlyphKeys(bboxWords(read('pdftotext', ['-q', '-bbox', masked.file, '-'])), ocr.map((page) => page.words));
  const unkeyed = privateUse(withGlyphKeys(masked.maskedText, keys)) - masked.ownPrivateUse;
  return { file: masked.file, maskedText: masked.maskedText, unmapped: unkeyed, ocr, keys, unreadable: masked.unmapped, fonts: masked.fonts, readings: [...readings.map((r) => `${r} (keys by OCR)`), 'OCR'] };
}

const rows = [];
for (const [index, file] of inputs.entries()) {
  const name = path.relative(process.cwd(), file);
  const reference = textReference(file);
  const orders = (await referenceTexts(reference)).map(pagesOfCharacters);
  const expected = orders[0].flat();
  const figures = inputFigures(file);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(read('pdfinfo', [file]))?.[1] ?? 0);
  const row = { name, pages, chars: expected.length, unmapped: reference.unmapped, unmappedFonts: reference.fonts, unreadable: reference.unreadable, keyed: reference.keys?.size, figures };
  // The DOCX's scores, and the reference's best order for it (`best`, for --lost).
  const measure = async (docx) => {
    const doc = await readDocx(docx);
    const found = characters(doc.text);
    const best = bestOrder(orders, found);
    return { best, scores: { ...recallsOf(best), anyOrder: expected.length ? Math.max(...orders.map((pages) => pages.flat()).filter((reading) => reading.length).map((reading) => recallAnyOrder(reading, found))) : undefined, fffd: countFffd(doc.text), pictures: doc.pictures, tables: doc.tables } };
  };
  try {
    const result = await ours(pdfToWord, file, index);
    const { scores, best } = await measure(result.path);
    row.ours = { ...scores, seconds: result.seconds, notes: result.notes };
    if (showLost) printLost(name, best, showLost, reference.readings);
  } catch (error) {
    row.ours = { error: error.message };
  }
  if (withLibreOffice) {
    const result = libreOffice(file);
    row.libreoffice = result.path ? { ...(await measure(result.path)).scores, seconds: result.seconds } : { error: `no output in ${result.seconds.toFixed(0)} s` };
  }
  if (withPdf2docx) {
    const result = pdf2docx(file);
    row.pdf2docx = result.path ? { ...(await measure(result.path)).scores, seconds: result.seconds } : { error: `no output in ${result.seconds.toFixed(0)} s` };
  }
  if (withExcel) {
    try {
      const result = await ours(pdfToExcel, file, index);
      const sheet = await readXlsx(result.path);
      const best = bestOrder(orders, characters(sheet.text));
      row.excel = { ...recallsOf(best), fffd: countFffd(sheet.text), pictures: sheet.pictures, kilobytes: fs.statSync(result.path).size / 1024, seconds: result.seconds };
      if (showLost) printLost(`${name} (xlsx)`, best, showLost, reference.readings);
    } catch (error) {
      row.excel = { error: error.message };
    }
  }
  rows.push(row);
  console.error(`${index + 1}/${inputs.length} ${name}`);
}

const pct = (v) => (v === undefined ? '–' : `${(Math.floor(v * 1000) / 10).toFixed(1)}%`);
const kept = (side, figures) => (side?.error ? 'failed' : figures ? `${Math.min(side.pictures, figures)}/${figures}` : `–`);
const cell = (side, show) => (!side ? '' : side.error ? 'failed' : show(side));
/** Our result first, then each yardstick that ran: LO (LibreOffice), P2D (pdf2docx). */
const sides = [['ours', 'ours'], ...(withLibreOffice ? [['libreoffice', 'LO']] : []), ...(withPdf2docx ? [['pdf2docx', 'P2D']] : [])];
const columns = [
  ['recall', (r, side) => cell(r[side], (s) => pct(s.recall))],
  ['any order', (r, side) => cell(r[side], (s) => pct(s.anyOrder))],
  ['U+FFFD', (r, side) => cell(r[side], (s) => s.fffd)],
  ['figures', (r, side) => kept(r[side], r.figures)],
  ['tables', (r, side) => cell(r[side], (s) => s.tables)],
  ['s', (r, side) => cell(r[side], (s) => s.seconds.toFixed(1))],
];
const header = ['file', 'pages', 'chars', 'unmapped (not scored)', ...columns.flatMap(([title]) => sides.map(([, label]) => `${title} ${label}`)), ...(withExcel ? ['xlsx recall', 'xlsx U+FFFD', 'xlsx figures', 'xlsx KB'] : [])];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const r of rows) {
  const cells = [r.unreadable ? `${r.name} (keyed by OCR)` : r.name, r.pages, r.chars, r.unmapped, ...columns.flatMap(([, show]) => sides.map(([side]) => show(r, side)))];
  if (withExcel) cells.push(cell(r.excel, (s) => pct(s.recall)), cell(r.excel, (s) => s.fffd), kept(r.excel, r.figures), cell(r.excel, (s) => s.kilobytes.toFixed(0)));
  console.log(`| ${cells.join(' | ')} |`);
}

// Pooled over the text PDFs (at least 20 characters) and the files with figures.
const text = rows.filter((r) => r.chars >= 20);
const pooled = (side) => {
  const ok = text.filter((r) => r[side] && !r[side].error);
  return ok.reduce((s, r) => s + r[side].recall * r.chars, 0) / Math.max(1, ok.reduce((s, r) => s + r.chars, 0));
};
const sum = (side, key) => rows.reduce((s, r) => s + (r[side]?.[key] ?? 0), 0);
const figuresKept = (side) => rows.reduce((s, r) => s + (r[side] && !r[side].error ? Math.min(r[side].pictures, r.figures) : 0), 0);
const allFigures = rows.reduce((s, r) => s + r.figures, 0);
const yardsticks = sides.slice(1);
console.log(`\n${rows.length} files (${text.length} with text); pooled recall: ${sides.map(([side, label]) => `${label} ${pct(pooled(side))}`).join(', ')}${withExcel ? `, ours xlsx ${pct(pooled('excel'))}` : ''}`);
console.log(`U+FFFD: ${sides.map(([side, label]) => `${label} ${sum(side, 'fffd')}`).join(', ')}${withExcel ? `, ours xlsx ${sum('excel', 'fffd')}` : ''}; figures kept: ${sides.map(([side, label]) => `${label} ${figuresKept(side)}/${allFigures}`).join(', ')}`);
const below = text.filter((r) => !r.ours.error && r.ours.recall < 0.995).map((r) => `${r.name} ${pct(r.ours.recall)}`);
console.log(`ours below 99.5 % recall: ${below.length ? below.join(', ') : 'none'}`);
const belowWhole = text.filter((r) => !r.ours.error && r.ours.wholeRecall < 0.995).map((r) => `${r.name} ${pct(r.ours.wholeRecall)}`);
console.log(`ours below 99.5 % against one reading of the whole file (no choice by page): ${belowWhole.length ? belowWhole.join(', ') : 'none'}`);
for (const [side, label] of yardsticks) {
  const behind = rows.filter((r) => !r.ours.error && r[side] && !r[side].error).filter((r) =>
    (r.chars >= 20 && r.ours.recall < r[side].recall) || r.ours.fffd > r[side].fffd || Math.min(r.ours.pictures, r.figures) < Math.min(r[side].pictures, r.figures));
  console.log(`ours behind ${label} on some score: ${behind.length ? behind.map((r) => r.name).join(', ') : 'none'}`);
}
if (!ocrReference && !pdftotextOnly) console.log(`TeX glyph names in the pdf.js reading: ${texGlyphNamesReadable() ? 'read (glyphtounicode.tex)' : 'not read, tools missing (README.md, "TeX\'s math symbols")'}`);
const failed = rows.filter((r) => r.ours.error || r.excel?.error).map((r) => `${r.name}: ${r.ours.error ?? r.excel.error}`);
if (failed.length) console.log(`ours failed: ${failed.join('; ')}`);
const noted = rows.filter((r) => r.ours.notes?.length).map((r) => `${r.name}: ${r.ours.notes.join(' / ')}`);
if (noted.length) console.log(`task notes:\n  ${noted.join('\n  ')}`);
const keyedByOcr = rows.filter((r) => r.unreadable).map((r) => `${r.name}: ${r.unreadable} characters in ${r.unmappedFonts.join(', ')}; ${r.keyed} codes keyed, ${r.unmapped} characters of codes with no agreed reading left out`);
if (keyedByOcr.length) console.log(`glyphs keyed by OCR (most of the text in fonts with no Unicode mapping):\n  ${keyedByOcr.join('\n  ')}`);
const unmappedFonts = rows.filter((r) => r.unmappedFonts && !r.unreadable).map((r) => `${r.name}: ${r.unmapped} characters in ${r.unmappedFonts.join(', ')}`);
if (unmappedFonts.length) console.log(`left out of the reference (fonts with no Unicode mapping: object, type, name):\n  ${unmappedFonts.join('\n  ')}`);
fs.rmSync(work, { recursive: true, force: true });
