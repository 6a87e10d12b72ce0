// Tall vertical bars built from pieces: TeX draws a \left\| or \left| taller than its biggest glyph
// as the same extension glyph (CMEX10's vextenddouble, vextendsingle) repeated down the page, and
// MuPDF reads the pieces as a line of their own ("‖‖‖‖"). A reader sees one bar: the pieces become
// one character, its box the whole bar's, its baseline that of the text it encloses (the bar is
// centred on the math axis, a quarter of a font size over that baseline), so that the line it
// stands in takes it in (stacked-limits.ts joins it there like an operator).
// Pieces of brackets and braces (⎛⎜⎝, ⎧⎨⎩) go to matrices and case distinctions first
// (matrices.ts); those no matrix took become one bracket the same way, after it (withStackedBrackets).
// A sized bracket of one glyph (\big\{) MuPDF read apart goes into the line it encloses (withHungBrackets).
// A horizontal brace (\underbrace, \overbrace) is drawn from four tips with rules between them,
// which MuPDF reads as four glyphs along one baseline (╰ ╮ ╭ ╯ as unmapped-glyphs.ts names them):
// they become one ⏟ or ⏞ over the whole span, which stacked-limits.ts puts after its base, its
// label after it.
import { median } from '../median';
import { isBlank, unionBox, type PdfChar, type PdfLine } from '../page-content';
import { CLOSING_BRACKETS, OPENING_BRACKETS } from './brackets';
import { isHungGlyph, isHungRadical, TEX_AXIS_EMS, TEX_EXTENSION_FONT } from './tex-fonts';
import { dominantSize, inkExtent, rowBaseline, SCRIPT_SIZE_RATIO, SPACE_ROOM_EMS } from './text-lines';

/** The characters of a whole \underbrace and \overbrace. */
export const UNDER_BRACE = '⏟';
export const OVER_BRACE = '⏞';
/** Operators TeX sets with limits over and under them in display style (stacked-limits.ts reads them). */
export const BIG_OPERATORS = new Set([...'∑∏∐⋃⋂∫∮⨄⨆⋀⋁⨀⨁⨂']);
/** Bars TeX builds from a repeated piece. */
export const VERTICAL_BARS = new Set([...'‖∣|⏐']);
/** Pieces of one bar stand at the same x, within this share of a font size. */
const SAME_X_EMS = 0.1;
/** And one under the other, at most this far apart (font sizes). */
const PIECE_STEP_EMS = 1.2;

/** Whether `b` continues the bar of `a` downwards. */
function continues(a: PdfChar, b: PdfChar): boolean {
  const step = b.baseline - a.baseline;
  return b.text === a.text && Math.abs(b.box.x0 - a.box.x0) <= SAME_X_EMS * a.size && step > 0 && step <= PIECE_STEP_EMS * a.size;
}

/** The pieces of one bar as one character. */
function oneBar(pieces: readonly PdfChar[]): PdfChar {
  const [first, last] = [pieces[0], pieces[pieces.length - 1]];
  const step = median(pieces.slice(1).map((c, i) => c.baseline - pieces[i].baseline));
  const [top, bottom] = TEX_EXTENSION_FONT.test(first.font.name) ? [first.baseline, last.baseline + step] : [first.baseline - step, last.baseline];
  return { ...first, box: unionBox(pieces.map((c) => c.box)), baseline: (top + bottom) / 2 + TEX_AXIS_EMS * first.size };
}

/** The page's lines with each bar built from pieces read as one character. */
export function withExtensibleBars(lines: readonly PdfLine[]): PdfLine[] {
  return lines.map((line) => {
    if (line.direction || !line.chars.some((c, i) => i > 0 && VERTICAL_BARS.has(c.text) && continues(line.chars[i - 1], c))) return line;
    const chars: PdfChar[] = [];
    for (let i = 0; i < line.chars.length; ) {
      let end = i + 1;
      while (VERTICAL_BARS.has(line.chars[i].text) && end < line.chars.length && continues(line.chars[end - 1], line.chars[end])) end++;
      chars.push(end - i > 1 ? oneBar(line.chars.slice(i, end)) : line.chars[i]);
      i = end;
    }
    return { ...line, chars };
  });
}

/** Whether the character is a bar built from pieces (taller than two font sizes). */
export function isTallBar(c: PdfChar): boolean {
  return VERTICAL_BARS.has(c.text) && c.box.y1 - c.box.y0 > 2 * c.size;
}

/** A horizontal brace's tips left to right, as the character of the whole brace. */
const BRACE_TIPS: Record<string, string> = { '╰╮╭╯': UNDER_BRACE, '╭╯╰╮': OVER_BRACE };
/** The tips of one brace share a baseline, within this share of a font size. */
const SAME_BASELINE_EMS = 0.1;

/** Whether the glyph is a tip of a horizontal brace (its ends and its middle's two halves). */
export const isBraceTip = (c: PdfChar) => c.text.length === 1 && '╰╮╭╯'.includes(c.text);

/** The tips of the page's horizontal braces, each brace's four left to right. */
function braceTips(lines: readonly PdfLine[]): { tips: PdfChar[]; text: string }[] {
  const tips = lines.filter((line) => !line.direction).flatMap((line) => line.chars.filter(isBraceTip));
  const braces: { tips: PdfChar[]; text: string }[] = [];
  const used = new Set<PdfChar>();
  for (const first of [...tips].sort((a, b) => a.box.x0 - b.box.x0)) {
    if (used.has(first)) continue;
    const after = tips
      .filter((c) => !used.has(c) && c !== first && c.box.x0 >= first.box.x0 && Math.abs(c.baseline - first.baseline) <= SAME_BASELINE_EMS * first.size)
      .sort((a, b) => a.box.x0 - b.box.x0)
      .slice(0, 3);
    const text = BRACE_TIPS[[first, ...after].map((c) => c.text).join('')];
    if (after.length < 3 || !text) continue;
    for (const c of [first, ...after]) used.add(c);
    braces.push({ tips: [first, ...after], text });
  }
  return braces;
}

/** The page's lines with each horizontal brace's tips read as one character spanning the brace, in the line of its first tip. */
export function withHorizontalBraces(lines: readonly PdfLine[]): PdfLine[] {
  const braces = braceTips(lines);
  if (braces.length === 0) return [...lines];
  const joined = new Map(braces.map(({ tips, text }) => [tips[0], { ...tips[0], text, box: unionBox(tips.map((c) => c.box)) }]));
  const dropped = new Set(braces.flatMap(({ tips }) => tips.slice(1)));
  return lines
    .map((line) => (line.chars.some((c) => joined.has(c) || dropped.has(c)) ? { ...line, chars: line.chars.filter((c) => !dropped.has(c)).map((c) => joined.get(c) ?? c) } : line))
    .filter((line) => line.chars.length > 0);
}

/** Brackets TeX sizes (\big( \Big\{ \bigg[ …) as one glyph of its extension font. */
const SIZED_BRACKETS = new Set([...'(){}[]⟨⟩⌊⌋⌈⌉']);
/** How deep (font sizes) under its origin lies the baseline of the row a glyph of TeX's extension font stands in: a \big's 0.81, a \Bigg's 1.71. */
export const MAX_HANG_EMS = 2;

const middle = (box: { x0: number; x1: number }) => (box.x0 + box.x1) / 2;
/** Where a glyph stands along its line: a fraction's part at its bar's middle, a matrix's entry at its matrix's. */
const placeOf = (c: PdfChar) => (c.fraction ? middle(c.fraction.of.bar) : c.matrix ? middle(c.matrix.of.box) : middle(c.box));


/** A sized bracket of a line of such brackets, and the smaller glyphs MuPDF read right after it: its script. */
interface LoneBracket {
  bracket: PdfChar;
  scripts: PdfChar[];
}
/** And starts at most this far (font sizes of the bracket) after it. */
const SCRIPT_GAP_EMS = 0.4;

const isSizedBracket = (c: PdfChar) => SIZED_BRACKETS.has(c.text) && TEX_EXTENSION_FONT.test(c.font.name);
/** A sized bracket or a radical sign: TeX hangs either under its origin, and MuPDF may read it as a line apart (a √ in a formula whose ∫s joined its line). */
const isLoneGlyph = (c: PdfChar) => isSizedBracket(c) || isHungRadical(c);

/**
 * The sized brackets a line holds alone (spaces aside), each with its script, if it does: one
 * bracket, or the "⟩ ⟨" between two \left\langle … \right\rangle around matrices, or "〉²" where
 * TeX raised the ² of \right\rangle^2 to the bracket's top (GeoTopo's ⟨(x₁ x₂ x₃), (y₁ y₂ y₃)⟩²,
 * which MuPDF reads as such lines over the formula's).
 */
function loneBrackets(line: PdfLine): LoneBracket[] | undefined {
  if (line.direction) return undefined;
  const found: LoneBracket[] = [];
  for (const c of line.chars) {
    if (isBlank(c)) continue;
    const last = found.at(-1);
    const before = last && (last.scripts.at(-1) ?? last.bracket);
    if (isLoneGlyph(c)) found.push({ bracket: c, scripts: [] });
    else if (last && before && isSizedBracket(last.bracket) && c.size <= SCRIPT_SIZE_RATIO * last.bracket.size && c.box.x0 - before.box.x1 <= SCRIPT_GAP_EMS * last.bracket.size) last.scripts.push(c);
    else return undefined;
  }
  return found.length > 0 ? found : undefined;
}

/** A bracket starting or ending a line stands at most this far (font sizes) from its text, */
const ABUT_EMS = 1;
/** overlapping it no more than this, */
const OVERLAP_EMS = 0.2;
/** and that text's size is at least this share of the bracket's. */
const TEXT_SHARE = 0.8;
/** Where a glyph's ink starts and ends along its line: a fraction's part at its bar's ends, a matrix's entry at its matrix's. */
const startOf = (c: PdfChar) => inkExtent(c).x0;
const endOf = (c: PdfChar) => inkExtent(c).x1;

/**
 * The line whose text the bracket `c` encloses, running on both sides of it, or starting right
 * after an opening bracket (a radical sign: its radicand), ending right before a closing one (the 〉
 * of "… − ⟨(x₁ x₂ x₃), (y₁ y₂ y₃)⟩²"): the nearest whose baseline lies `drop` under the bracket's
 * where `allowed` (-1 when there is none).
 */
function enclosingLine(c: PdfChar, lines: readonly PdfLine[], allowed: (drop: number) => boolean): number {
  let best = -1;
  let bestDrop = Infinity;
  lines.forEach((line, i) => {
    const ink = line.chars.filter((ch) => !isBlank(ch));
    if (line.direction || ink.length === 0 || loneBrackets(line) || ink.includes(c)) return;
    const drop = rowBaseline(ink) - c.baseline;
    const before = ink.filter((ch) => placeOf(ch) < middle(c.box)).length;
    const across = before > 0 && before < ink.length;
    // The room between the bracket and the text: from x0 to x1.
    const [x0, x1] = before === 0 ? [c.box.x1, Math.min(...ink.map(startOf))] : [Math.max(...ink.map(endOf)), c.box.x0];
    // Text the bracket opens (closes): of the size the bracket is sized for, next to it, not a line of
    // scripts or of another bracket's pieces, nor one MuPDF read apart from the rest of the row
    // ("{ κ(s, x) | x ∈ T¹" before "ₛS }").
    const next =
      (before === 0 ? OPENING_BRACKETS.has(c.text) || isHungRadical(c) : CLOSING_BRACKETS.has(c.text)) &&
      !ink.every(isHungGlyph) &&
      dominantSize(ink) >= TEXT_SHARE * c.size &&
      x1 - x0 >= -OVERLAP_EMS * c.size &&
      x1 - x0 <= ABUT_EMS * c.size &&
      !lines.some((other) => other.chars.some((ch) => !isBlank(ch) && ch.box.x1 > x0 && ch.box.x0 < x1 && ch.baseline > c.baseline && ch.baseline <= c.baseline + MAX_HANG_EMS * c.size));
    if ((across || next) && allowed(drop) && Math.abs(drop) < bestDrop) [best, bestDrop] = [i, Math.abs(drop)];
  });
  return best;
}

/**
 * The line with the bracket `c` put in at its place, the glyphs `after` it (its script) right after
 * it, a space on either side where there is room ("{ x ∈ ℝ | x = 1 }", as the pieces of a row are joined).
 */
function withBracketIn(line: PdfLine, c: PdfChar, after: readonly PdfChar[] = []): PdfLine {
  const chars = [...line.chars];
  let at = chars.findIndex((ch) => !isBlank(ch) && placeOf(ch) > middle(c.box));
  if (at === -1) at = chars.length;
  const [previous, next, last] = [chars[at - 1], chars[at], after.at(-1) ?? c];
  const space = (x0: number, x1: number, beside?: PdfChar) => (beside && !isBlank(beside) && x1 - x0 > SPACE_ROOM_EMS * c.size ? [{ ...c, text: ' ', box: { ...c.box, x0, x1 } }] : []);
  chars.splice(at, 0, ...space(previous && endOf(previous), c.box.x0, previous), c, ...after, ...space(last.box.x1, next && startOf(next), next));
  return { ...line, chars };
}

/**
 * The page's lines with a sized bracket MuPDF read as a line of its own set where it is drawn: TeX's
 * extension font hangs it under its origin, where MuPDF's box stands over it (a \big\{ boxed a
 * line's height above the text it encloses, read as a row above that text). Where that text is one
 * line running on both sides of it (a formula MuPDF read whole, or fractions.ts put together), the
 * bracket goes into that line in its place; otherwise paragraphs.ts joins the pieces of the row.
 * Run again once matrices are read: a \bigl( MuPDF read with a matrix's own "(" is left alone on
 * that line when the matrix takes its glyphs (GeoTopo's "((a′ b′; c′ d′) ∘ z)").
 */
export function withHungBrackets(lines: readonly PdfLine[]): PdfLine[] {
  // Once: a glyph boxed where it hangs has its box's top at its origin.
  const hung = (c: PdfChar) => (c.box.y0 < c.baseline ? { ...c, box: { ...c.box, y0: c.baseline, y1: c.baseline + (c.box.y1 - c.box.y0) } } : c);
  const result: PdfLine[] = lines.map((line) => {
    if (loneBrackets(line)) return { ...line, chars: line.chars.filter((ch) => !isBlank(ch)).map((ch) => (isLoneGlyph(ch) ? hung(ch) : ch)) };
    return line.chars.some(isHungRadical) ? { ...line, chars: line.chars.map((ch) => (isHungRadical(ch) ? hung(ch) : ch)) } : line;
  });
  /** Each line's glyphs moved into another. */
  const moved = result.map(() => new Set<PdfChar>());
  result.forEach((line, i) => {
    for (const { bracket, scripts } of loneBrackets(line) ?? []) {
      const host = enclosingLine(bracket, result, (drop) => drop > 0 && drop <= MAX_HANG_EMS * bracket.size);
      if (host === -1) continue;
      // Its script stands over the text's baseline, or under it.
      const baseline = rowBaseline(result[host].chars.filter((ch) => !isBlank(ch)));
      const marked = scripts.map((ch): PdfChar => ({ ...ch, script: ch.baseline < baseline ? 'super' : 'sub' }));
      result[host] = withBracketIn(result[host], bracket, marked);
      for (const ch of [bracket, ...scripts]) moved[i].add(ch);
    }
  });
  return result.map((line, i) => (moved[i].size > 0 ? { ...line, chars: line.chars.filter((ch) => !moved[i].has(ch)) } : line)).filter((line) => line.chars.length > 0);
}

/** The pieces TeX stacks a tall bracket from (CMEX10's bracelefttp …), as the bracket they make. */
const BRACKET_PIECES: Record<string, string> = {
  '⎧': '{', '⎨': '{', '⎩': '{', '⎫': '}', '⎬': '}', '⎭': '}',
  '⎛': '(', '⎜': '(', '⎝': '(', '⎞': ')', '⎟': ')', '⎠': ')',
  '⎡': '[', '⎢': '[', '⎣': '[', '⎤': ']', '⎥': ']', '⎦': ']',
};
/** A brace's extension piece, the same in a left and a right brace. */
const BRACE_EXTENSION = '⎪';
/** Pieces of one bracket stand one under the next at most this far apart (font sizes; a ⎪ left out between them). */
const BRACKET_STEP_EMS = 2.5;
/** The text a joined bracket encloses has its baseline within this many font sizes of the bracket's. */
const SAME_ROW_EMS = 0.25;

const isBracketPiece = (c: PdfChar) => (BRACKET_PIECES[c.text] !== undefined || c.text === BRACE_EXTENSION) && TEX_EXTENSION_FONT.test(c.font.name);
/** The bracket a column of pieces makes, by its pieces other than the brace's extension (undefined: extensions only so far). */
const kindOf = (column: readonly PdfChar[]) => column.map((c) => BRACKET_PIECES[c.text]).find((kind) => kind !== undefined);

/**
 * The page's lines with each tall bracket TeX stacked from pieces and no matrix took (matrices.ts
 * reads those of matrices and case distinctions) read as the one bracket it is, on the baseline
 * of the text it encloses (the bracket is centred on the math axis), so that it joins that text's
 * row in its place (paragraphs.ts): the braces of GeoTopo's "Cₙ(K) = {∑ c_σ·σ | c_σ ∈ ℝ}", which
 * MuPDF reads a line a piece, each a paragraph of its own.
 */
export function withStackedBrackets(lines: readonly PdfLine[]): PdfLine[] {
  const pieces = lines.flatMap((line) => (line.direction ? [] : line.chars.filter(isBracketPiece))).sort((a, b) => a.baseline - b.baseline);
  const columns: PdfChar[][] = [];
  for (const c of pieces) {
    const column = columns.find((col) => {
      const last = col.at(-1)!;
      const [kind, own] = [kindOf(col), BRACKET_PIECES[c.text]];
      return (kind === own || c.text === BRACE_EXTENSION || kind === undefined) && Math.abs(last.box.x0 - c.box.x0) <= SAME_X_EMS * c.size && c.baseline - last.baseline <= BRACKET_STEP_EMS * c.size;
    });
    if (column) column.push(c);
    else columns.push([c]);
  }
  /** Each column's first piece as the whole bracket; its other pieces go. */
  const whole = new Map<PdfChar, PdfChar>();
  const dropped = new Set<PdfChar>();
  for (const column of columns.filter((col) => col.length > 1)) {
    const [first, last] = [column[0], column.at(-1)!];
    // Each piece hangs from its origin about as deep as MuPDF's box is high.
    const [top, foot] = [first.baseline, last.baseline + (last.box.y1 - last.box.y0)];
    const box = { ...unionBox(column.map((c) => c.box)), y0: top, y1: foot };
    whole.set(first, { ...first, text: kindOf(column) ?? '{', box, baseline: (top + foot) / 2 + TEX_AXIS_EMS * first.size });
    for (const c of column.slice(1)) dropped.add(c);
  }
  if (whole.size === 0) return [...lines];
  const result = lines.map((line) => (line.chars.some((c) => whole.has(c) || dropped.has(c)) ? { ...line, chars: line.chars.filter((c) => !dropped.has(c)).map((c) => whole.get(c) ?? c) } : line));
  // Into the line of the text it encloses where that runs on both sides of it (a formula MuPDF read whole).
  for (const bracket of whole.values()) {
    const host = enclosingLine(bracket, result, (drop) => Math.abs(drop) <= SAME_ROW_EMS * bracket.size);
    if (host === -1) continue;
    const own = result.findIndex((line) => line.chars.includes(bracket));
    result[own] = { ...result[own], chars: result[own].chars.filter((c) => c !== bracket) };
    result[host] = withBracketIn(result[host], bracket);
  }
  return result.filter((line) => line.chars.some((c) => !isBlank(c)));
}
