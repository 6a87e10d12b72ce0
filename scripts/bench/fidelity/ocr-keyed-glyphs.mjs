// Glyphs that no text reader maps, keyed by OCR: what tesseract reads where pdftotext puts them.
//
// A file whose text is mostly in fonts with no Unicode mapping (TAMReview.pdf's body font) was
// measured against OCR of its pages alone, one reading order (tesseract's) and OCR's noise with it:
// a two-column table read column by column, diagram labels across their boxes. Here each code of
// such a font gets the character OCR reads for it wherever pdftotext's words and tesseract's words
// cover the same place on the page — a vote over every sighting, so a misreading here and there is
// outvoted — and pdftotext's and pdf.js's readings of the masked copy (unmapped-fonts.js: one block
// of private-use characters a font) are read with those keys: the readers' own orders, the glyphs
// as the page shows them. Nothing of it is MuPDF or our converter: poppler places the words,
// Ghostscript draws the page, tesseract reads it.
import { decode } from './score.mjs';

/** The private-use blocks unmapped-fonts.js gives fonts one each (the last is shared: not keyed). */
const KEYED = /[\uE000-\uF7FF]/u;
/** pdftotext -bbox's points to the 300 dpi page OCR reads. */
export const OCR_DPI = 300;

/** pdftotext -bbox's words, page by page: `{ box: [x0, y0, x1, y1] in points from the top left, text }`. */
export const bboxWords = (xhtml) =>
  xhtml.split(/<page\b/).slice(1).map((page) =>
    [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({ box: m.slice(1, 5).map(Number), text: decode(m[5]) })));

/** tesseract's TSV words (level 5), in points like pdftotext's. */
export const tsvWords = (tsv) =>
  tsv.split('\n').slice(1).map((line) => line.split('\t')).filter((f) => f[0] === '5' && f[11]?.trim()).map((f) => {
    const [left, top, width, height] = f.slice(6, 10).map((v) => (Number(v) * 72) / OCR_DPI);
    return { box: [left, top, left + width, top + height], text: f[11].trim() };
  });

/**
 * What OCR read in a pdftotext word's box: the OCR words whose centres lie in it, left to right,
 * one space apart. A font that draws its spaces as glyphs gives pdftotext no gap to split at, so
 * its "word" can be a whole line ("Figure␣2:␣Original␣TAM…", the space a code of its own).
 */
function ocrTextAt(word, ocrWords) {
  const [x0, y0, x1, y1] = word.box;
  const inside = ocrWords.filter(({ box }) => {
    const [cx, cy] = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
    return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
  });
  return inside.length ? inside.sort((a, b) => a.box[0] - b.box[0]).map((w) => w.text).join(' ') : undefined;
}

/** A code's reading: the winner of at least two votes with at least 60 % of them. */
const MIN_VOTES = 2;
const MIN_SHARE = 0.6;
function winners(votes) {
  const keys = new Map();
  for (const [code, tally] of votes) {
    const total = [...tally.values()].reduce((s, n) => s + n, 0);
    const [text, n] = [...tally].sort((a, b) => b[1] - a[1])[0];
    if (n >= MIN_VOTES && n >= MIN_SHARE * total) keys.set(code, text);
  }
  return keys;
}
const vote = (votes, code, text) => {
  const tally = votes.get(code) ?? new Map();
  tally.set(text, (tally.get(text) ?? 0) + 1);
  votes.set(code, tally);
};

/**
 * A word's codes with what is keyed so far: a code keyed as a space is a space, runs of them one,
 * none at the ends (OCR's words are joined by single spaces and have none at their ends).
 */
function withSpacesKeyed(codes, keys) {
  const spaced = codes.map((c) => (/^\s+$/u.test(keys.get(c) ?? '') ? ' ' : c));
  return spaced.filter((c, i) => c !== ' ' || (i > 0 && spaced[i - 1] !== ' ')).join('').trim();
}

/**
 * Keys for the private-use codes of `pdfPages` (pdftotext -bbox of the masked copy), from the
 * OCR words of the same pages, round by round: a word whose characters pair one to one with what
 * OCR read there (as many, the characters already known among them read alike) votes for each of
 * its open codes; a word with one open code left votes for what lies between the keyed text before
 * and after it (a ligature's code: "ﬁ" is two letters). Each round's keys settle more words (the
 * space code first: a line drawn with space glyphs is one pdftotext word) until none is learned.
 */
export function learnGlyphKeys(pdfPages, ocrPages) {
  const pairs = pdfPages.flatMap((words, page) =>
    words.filter((w) => KEYED.test(w.text)).map((w) => [[...w.text], ocrTextAt(w, ocrPages[page] ?? [])]).filter(([, read]) => read));
  let keys = new Map();
  for (let round = 0; round < 8; round++) {
    const votes = new Map();
    for (const [codes, read] of pairs) {
      const word = [...withSpacesKeyed(codes, keys)];
      const open = word.filter((c) => KEYED.test(c) && !keys.has(c));
      if (!open.length) continue;
      const text = [...read];
      if (word.length === text.length) {
        const known = word.map((c, i) => [keys.get(c) ?? c, text[i]]).filter((_, i) => !open.includes(word[i]));
        if (known.filter(([c, r]) => c === r).length * 2 >= known.length) word.forEach((c, i) => open.includes(c) && vote(votes, c, text[i]));
      } else if (open.length === 1) {
        const at = word.indexOf(open[0]);
        const [before, after] = [word.slice(0, at), word.slice(at + 1)].map((part) => part.map((c) => keys.get(c) ?? c).join(''));
        if (read.length > before.length + after.length && read.startsWith(before) && read.endsWith(after)) vote(votes, open[0], read.slice(before.length, read.length - after.length));
      }
    }
    const learned = winners(votes);
    if (!learned.size) break;
    keys = new Map([...keys, ...learned]);
  }
  return keys;
}

/** A reading of the masked copy with its keyed codes read; a code with no key stays private-use (not scored). */
export const withGlyphKeys = (text, keys) => text.replace(/[\uE000-\uF8FF]/gu, (code) => keys.get(code) ?? code);
