// Accents drawn as glyphs of their own over (or under) a letter: TeX sets \tilde a, \~a and \"\i
// as the accent's glyph, then the letter moved back under it, so a reader gives "˜a", "¨ı" — a
// stray tilde before the letter in Word, and text that matches no search for "ã". An accent glyph
// lying mostly over its neighbour becomes that letter's combining mark, composed where Unicode has
// one character for both (ã, ï); a dotless ı or ȷ under an accent is the i or j it was set for.
// TeX's \not is a combining slash of no width drawn before the relation it strikes: MuPDF gives
// "̸=", a slash on the space before "=" in Word; it goes after its relation, "≠". TeX's \mapsto is
// likewise a bar of no width (cmsy's mapsto, read "↦") drawn at the foot of the arrow after it:
// "↦→" showed two arrows in Word; the pair is the one ↦ the page shows (⟼ for \longmapsto).
// A math accent over a letter that stands higher than its line's (\tilde F, \widetilde{F_j}, or a
// subscript's \tilde X) is often the last glyph of a line of its own to MuPDF, which starts the next
// line at the letter drawn after it: it is joined across the two lines (withAccentsOverNextLines).
import { isBlank, type PdfChar, type PdfLine } from '../page-content';

/** Spacing accents (and a combining mark a reader gives on its own) → the combining mark they draw. */
const COMBINING: Readonly<Record<string, string>> = {
  '\u02dc': '\u0303', // ˜ tilde
  '~': '\u0303',
  '\u02c6': '\u0302', // ˆ circumflex
  '^': '\u0302',
  '\u02d9': '\u0307', // ˙ dot above
  '\u00a8': '\u0308', // ¨ dieresis
  '\u00b4': '\u0301', // ´ acute
  '`': '\u0300', // ` grave
  '\u00af': '\u0304', // ¯ macron
  '\u02c9': '\u0304', // ˉ modifier macron
  '\u02d8': '\u0306', // ˘ breve
  '\u02c7': '\u030c', // ˇ caron
  '\u02da': '\u030a', // ˚ ring above
  '\u02dd': '\u030b', // ˝ double acute
  '\u00b8': '\u0327', // ¸ cedilla
  '\u02db': '\u0328', // ˛ ogonek
  '\u20d7': '\u20d7', // ⃗ TeX's \vec, already combining
};

/** Marks set under the letter: a dotless letter under them keeps no dot. */
const BELOW = new Set(['\u0327', '\u0328']);
const DOTLESS: Readonly<Record<string, string>> = { ı: 'i', ȷ: 'j' };

/** An accent sits on a letter when this share of its width lies over the letter's. */
const MIN_OVERLAP = 0.4;

const width = (c: PdfChar) => c.box.x1 - c.box.x0;
const overlap = (a: PdfChar, b: PdfChar) => Math.min(a.box.x1, b.box.x1) - Math.max(a.box.x0, b.box.x0);

/**
 * Overlays a reader gives as characters of their own before what they strike (TeX's \not, CMSY's
 * negationslash, as U+0338). Other combining marks (Arabic's harakat) stand where they belong.
 */
const OVERLAYS = new Set(['\u0338', '\u20d2']);

/** The combining mark a glyph draws over or under another, if it draws one. */
const markOf = (c: PdfChar): string | undefined => COMBINING[c.text] ?? (OVERLAYS.has(c.text) ? c.text : undefined);

/** A letter an accent can sit on: a character of its own, not a space, another accent or a picture. */
const isBase = (c: PdfChar | undefined): c is PdfChar => c !== undefined && c.picture === undefined && [...c.text].length === 1 && /\S/.test(c.text) && markOf(c) === undefined;

/** A mark that takes no room (\not) is drawn from the origin of the glyph it overlays, the one after it. */
const TOUCH = 0.5;

/** A letter's text with a mark on it, composed where Unicode has one character for both. */
function accentedText(base: PdfChar, mark: string): string {
  const letter = BELOW.has(mark) ? base.text : (DOTLESS[base.text] ?? base.text);
  return (letter + mark).normalize('NFC');
}

/** The line's characters with each accent glyph lying over a neighbour made that neighbour's mark. */
export function withAccentsOnBases(chars: readonly PdfChar[]): PdfChar[] {
  if (!chars.some((c) => markOf(c) !== undefined)) return [...chars];
  const out: PdfChar[] = [];
  let accented: PdfChar | undefined;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    // The space a reader puts between a raised accent's end and what follows its letter lies within the letter.
    if (accented && out.at(-1) === accented && !/\S/.test(c.text) && (c.box.x0 + c.box.x1) / 2 < accented.box.x1) continue;
    const mark = markOf(c);
    if (mark === undefined) {
      out.push(c);
      continue;
    }
    // The letter it lies over, the one before or after, whichever it covers more. The one before
    // counts only as it was read: a letter that took an accent takes no second (ǖ keeps one glyph).
    const before = out.at(-1) === chars[i - 1] && isBase(chars[i - 1]) ? chars[i - 1] : undefined;
    const after = isBase(chars[i + 1]) ? chars[i + 1] : undefined;
    const share = (base: PdfChar | undefined) => {
      if (!base) return 0;
      if (width(c) > 0) return overlap(c, base) / width(c);
      return base === after && c.box.x0 >= base.box.x0 - TOUCH && c.box.x0 < base.box.x1 ? 1 : 0;
    };
    const onBefore = share(before) >= MIN_OVERLAP && share(before) >= share(after);
    const base = onBefore ? before : share(after) >= MIN_OVERLAP ? after : undefined;
    if (!base) {
      out.push(c);
      continue;
    }
    accented = { ...base, text: accentedText(base, mark) };
    if (onBefore) out[out.length - 1] = accented;
    else {
      out.push(accented);
      i++;
    }
  }
  return out;
}

/**
 * How far (sizes of the letter) an accent's baseline may stand over its letter's: TeX raises it by
 * the letter's height over the x-height (F̃'s some 0.25 em), a wide accent over a tall group more.
 */
const ACCENT_RAISE_EMS = 1;
/** How far (sizes of the letter) an accent's baseline may stand under its letter's: slack only (over an x-height letter TeX sets it on the letter's baseline, x̃). */
const ACCENT_DROP_EMS = 0.25;
/** Glyphs closer than this (sizes) make one group a wide accent may stand over (γ ∗ δ under \widetilde). */
const GROUP_GAP_EMS = 1;

/**
 * The upright lines with each accent that ends a line (a spacing accent of COMBINING, not joined
 * within its line) made the mark of the first glyph of the next line, where TeX drew the accent
 * right before the group it stands over (the next line MuPDF starts is the glyph drawn next, where
 * the pen went back under the accent) — when it stands over that group: its middle over the
 * group's glyphs from that first one on, its baseline about that of the group. The next line is
 * the rest of the accent's row and runs on in its line. A wide accent over a group
 * (\widetilde{γ ∗ δ}) goes on the group's first glyph, as readers that follow the drawing order
 * read it (γ̃ ∗ δ).
 */
export function withAccentsOverNextLines(lines: readonly PdfLine[]): PdfLine[] {
  const result = [...lines];
  for (let l = 0; l + 1 < result.length; l++) {
    const [line, next] = [result[l], result[l + 1]];
    if (line.direction || next.direction) continue;
    let end = line.chars.length - 1;
    while (end >= 0 && isBlank(line.chars[end])) end--;
    const accent = line.chars[end];
    const mark = accent && COMBINING[accent.text];
    const start = next.chars.findIndex((c) => !isBlank(c));
    const base = next.chars[start];
    if (mark === undefined || !isBase(base)) continue;
    const rise = base.baseline - accent.baseline;
    if (rise > ACCENT_RAISE_EMS * base.size || rise < -ACCENT_DROP_EMS * base.size) continue;
    const middle = (accent.box.x0 + accent.box.x1) / 2;
    let reach = base.box.x1;
    for (const c of next.chars.slice(start + 1)) {
      if (isBlank(c)) continue;
      if (c.box.x0 - reach > GROUP_GAP_EMS * base.size) break;
      reach = Math.max(reach, c.box.x1);
    }
    if (middle < base.box.x0 || middle > reach) continue;
    // The rest of the row, from the letter the pen went back to, runs on in the accent's line.
    const rest = next.chars.map((c, i) => (i === start ? { ...c, text: accentedText(c, mark) } : c));
    result.splice(l, 2, { ...line, chars: [...line.chars.slice(0, end), ...rest] });
    l--;
  }
  return result;
}

/**
 * The arrows cmsy's bar of no width (\mapstochar, read "↦") starts, as one character: \mapsto's
 * "→", and \longmapsto's "−→" (a rule joined to the arrow, overlapping it).
 */
const BARRED_ARROWS: readonly { arrow: readonly string[]; text: string }[] = [
  { arrow: ['−', '→'], text: '\u27fc' },
  { arrow: ['→'], text: '\u21a6' },
];

/** The line's characters with each ↦ bar and the arrow drawn from its origin made one ↦ (or ⟼). */
export function withBarredArrows(chars: readonly PdfChar[]): PdfChar[] {
  if (!chars.some((c) => c.text === '\u21a6')) return [...chars];
  const out: PdfChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    const bar = chars[i];
    const starts = (c: PdfChar | undefined) => c !== undefined && Math.abs(c.box.x0 - bar.box.x0) <= TOUCH;
    const joined = (c: PdfChar, next: PdfChar) => next.box.x0 < c.box.x1;
    const match =
      bar.text === '\u21a6' && starts(chars[i + 1])
        ? BARRED_ARROWS.find(({ arrow }) => arrow.every((text, k) => chars[i + 1 + k]?.text === text && (k === 0 || joined(chars[i + k], chars[i + 1 + k]))))
        : undefined;
    if (!match) {
      out.push(bar);
      continue;
    }
    const last = chars[i + match.arrow.length];
    out.push({ ...bar, text: match.text, box: { x0: bar.box.x0, y0: Math.min(bar.box.y0, last.box.y0), x1: last.box.x1, y1: Math.max(bar.box.y1, last.box.y1) } });
    i += match.arrow.length;
  }
  return out;
}
