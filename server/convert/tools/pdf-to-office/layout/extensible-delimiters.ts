// Tall vertical bars built from pieces: TeX draws a \left\| or \left| taller than its biggest glyph
// as the same extension glyph (CMEX10's vextenddouble, vextendsingle) repeated down the page, and
// MuPDF reads the pieces as a line of their own ("‖‖‖‖"). A reader sees one bar: the pieces become
// one character, its box the whole bar's, its baseline that of the text it encloses (the bar is
// centred on the math axis, a quarter of a font size over that baseline), so that the line it
// stands in takes it in (stacked-limits.ts joins it there like an operator).
// Pieces of brackets and braces (⎛⎜⎝, ⎧⎨⎩) belong to matrices and case distinctions, not here.
// A horizontal brace (\underbrace, \overbrace) is drawn from four tips with rules between them,
// which MuPDF reads as four glyphs along one baseline (╰ ╮ ╭ ╯ as unmapped-glyphs.ts names them):
// they become one ⏟ or ⏞ over the whole span, which stacked-limits.ts puts after its base, its
// label after it.
import { median } from '../median';
import { unionBox, type PdfChar, type PdfLine } from '../page-content';
import { TEX_AXIS_EMS, TEX_EXTENSION_FONT } from './tex-fonts';

/** The characters of a whole \underbrace and \overbrace. */
export const UNDER_BRACE = '⏟';
export const OVER_BRACE = '⏞';
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

/** The tips of the page's horizontal braces, each brace's four left to right. */
function braceTips(lines: readonly PdfLine[]): { tips: PdfChar[]; text: string }[] {
  const tips = lines.filter((line) => !line.direction).flatMap((line) => line.chars.filter((c) => c.text.length === 1 && '╰╮╭╯'.includes(c.text)));
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
const SIZED_BRACKETS = new Set([...'(){}[]〈〉⌊⌋⌈⌉']);

/**
 * The page's lines with a sized bracket MuPDF read as a line of its own set where it is drawn: TeX's
 * extension font hangs it under its origin, where MuPDF's box stands over it (a \big\{ boxed a
 * line's height above the text it encloses, read as a row above that text).
 */
export function withHungBrackets(lines: readonly PdfLine[]): PdfLine[] {
  return lines.map((line) => {
    const [c, ...rest] = line.chars;
    if (line.direction || rest.length > 0 || !c || !SIZED_BRACKETS.has(c.text) || !TEX_EXTENSION_FONT.test(c.font.name)) return line;
    const box = { ...c.box, y0: c.baseline, y1: c.baseline + (c.box.y1 - c.box.y0) };
    return { ...line, chars: [{ ...c, box }] };
  });
}
