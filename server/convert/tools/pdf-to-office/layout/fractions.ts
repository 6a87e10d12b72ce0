// Stacked fractions: a numerator over a denominator with a bar between them (TeX's \frac, Word's
// equations), both centred on the bar and no wider than it. MuPDF reads such a formula row by row:
// every numerator of a display line, then the line's middle (σ(z) = … +), then every denominator.
// Here each fraction's characters are taken out of those rows and put back into the line its bar
// stands on (the row whose baseline lies just under the bar: the bar is on the math axis), at the
// bar's place: numerator, then denominator (PdfChar.fraction says which). The writers set them as a
// fraction (Word: an equation's m:f) or in a linear form (linearFractions).
//
// The test is kept narrow so that a rule with text above and below it stays what it is: the text
// over and under the bar must stand within the bar, centred on it, close to it, and nothing may run
// on from it on either side (an underlined word, a table's rule under a header).
import type { TextRun } from './blocks';
import { CLOSING_BRACKETS, OPENING_BRACKETS } from './brackets';
import { isBraceTip } from './extensible-delimiters';
import { linearMatrices } from './matrices';
import { stretches } from './stretches';
import { isHungGlyph } from './tex-fonts';
import { dominantSize, rowBaseline } from './text-lines';
import { isBlank, unionBox, type FractionPart, type GlyphPicture, type PdfChar, type PdfDrawing, type PdfLine, type RuleSegment, type Script } from '../page-content';

/** Shortest bar (points): a \frac{1}{2} in a subscript is still some 4 pt wide. */
const MIN_BAR = 2.5;
/** How far (font sizes) a numerator's or denominator's baseline may lie from the bar (TeX: ~0.45–0.95). */
const REACH_EMS = 1.3;
/** How far (font sizes of its row) a script in a numerator or denominator stands off the row's baseline, up and down. */
const SCRIPT_RISE_EMS = { up: 0.6, down: 0.4 };
/** Room (font sizes) a glyph may stand out past the bar's end (an italic's slant). */
const OVERHANG_EMS = 0.15;
/** How far off the bar's middle (share of its length, at least OVERHANG_EMS) a part's middle may lie. */
const CENTRE_SHARE = 0.12;
/** Text of a part's row nearer than this (font sizes) to the bar's end runs on from it: no fraction. */
const RUN_ON_EMS = 0.6;
/** A gap wider than this (font sizes) inside a part is not a formula's (a word space is ~0.3, an operator's room ~0.25). */
const WIDE_GAP_EMS = 1;
/** Of a row: a baseline within this many font sizes of the row's. */
const ROW_EMS = 0.3;
/**
 * The line a fraction stands in has its baseline this far (font sizes) under the bar (TeX's axis:
 * 0.25); an underline lies under its text's baseline, a line under it far lower.
 */
const AXIS_EMS = { min: 0.1, max: 0.5 };
/** How far (font sizes) that line's text may stand from the bar's ends. */
const HOST_REACH_EMS = 3;

const isHorizontal = (rule: RuleSegment) => rule.y0 === rule.y1;
const middle = (box: { x0: number; x1: number }) => (box.x0 + box.x1) / 2;

interface Located {
  c: PdfChar;
  line: number;
}

/** A fraction found: its bar, and the glyphs over and under it. */
interface Found {
  bar: RuleSegment;
  numerator: Located[];
  denominator: Located[];
  /** Whether text of a line stands beside the bar on its axis. */
  onAxis: boolean;
}


/** The glyphs over (`side` -1) or under (+1) the bar, within its length and not across it. */
function besideBar(bar: RuleSegment, side: -1 | 1, candidates: readonly Located[], bars: readonly RuleSegment[]): Located[] {
  // Another bar between a glyph and this one: the glyph is that one's (a radical's, another fraction's).
  const between = (c: PdfChar) => bars.some((other) => other !== bar && other.x0 < c.box.x1 && other.x1 > c.box.x0 && (side < 0 ? other.y0 < bar.y0 && other.y0 > c.baseline : other.y0 > bar.y0 && other.y0 < c.box.y0));
  return candidates.filter(({ c }) => {
    const overhang = OVERHANG_EMS * c.size;
    if (between(c) || c.box.x0 < bar.x0 - overhang || c.box.x1 > bar.x1 + overhang) return false;
    return side < 0 ? c.box.y1 <= bar.y0 + 0.5 : c.box.y0 >= bar.y0 - 0.5;
  });
}

/**
 * The numerator (`side` -1) or denominator (+1): the row of glyphs nearest the bar, within reach of
 * it, with the scripts raised or lowered off that row; not the text of a line over or under it.
 */
function partOf(bar: RuleSegment, side: -1 | 1, candidates: readonly Located[], bars: readonly RuleSegment[]): Located[] {
  const beside = besideBar(bar, side, candidates, bars);
  const distance = (c: PdfChar) => side * (c.baseline - bar.y0);
  // Nearest the bar first: as many glyphs of two sizes, the part is the nearer's (the "z" of z/n, not
  // the brace of the line over it, which is bigger).
  const near = beside.filter(({ c }) => distance(c) > 0 && distance(c) <= REACH_EMS * c.size).sort((a, b) => distance(a.c) - distance(b.c));
  if (near.length === 0) return [];
  // The row of the glyph nearest the bar of the size most of them have: a script's row is its base's
  // (a denominator's square, (c + d)², stands nearer the bar than the term it squares).
  const partSize = dominantSize(near.map((p) => p.c));
  const nearest = near.filter(({ c }) => c.size === partSize).reduce((a, b) => (side * (b.c.baseline - a.c.baseline) < 0 ? b : a)).c;
  const row = near.filter(({ c }) => Math.abs(c.baseline - nearest.baseline) <= ROW_EMS * Math.max(c.size, nearest.size)).map((p) => p.c);
  const size = dominantSize(row);
  const baseline = rowBaseline(row);
  return beside.filter(({ c }) => c.baseline >= baseline - SCRIPT_RISE_EMS.up * size && c.baseline <= baseline + SCRIPT_RISE_EMS.down * size);
}

/** Whether some text of the part's row (not in `part`, not over another bar) stands right beside the bar. */
function runsOn(bar: RuleSegment, part: readonly Located[], ink: readonly Located[], bars: readonly RuleSegment[]): boolean {
  const baseline = rowBaseline(part.map((p) => p.c));
  const size = dominantSize(part.map((p) => p.c));
  const inPart = new Set(part.map((p) => p.c));
  return ink.some(({ c }) => {
    // TeX's extension glyphs (a matrix's bracket pieces) hang under their origin: no row's text.
    if (inPart.has(c) || isHungGlyph(c) || Math.abs(c.baseline - baseline) > ROW_EMS * size) return false;
    // Over or under another bar (within its reach, not a page's frame far off): that bar's part.
    if (bars.some((other) => other !== bar && middle(c.box) >= other.x0 && middle(c.box) <= other.x1 && Math.abs(c.baseline - other.y0) <= REACH_EMS * c.size)) return false;
    // Beside the bar, not over it (a script of the other part, whose box crosses the bar), nor a
    // script of the line the fraction stands in (the ∞ of x∞, the ² of a² or of "(…)²" before or after it).
    if ((middle(c.box) >= bar.x0 && middle(c.box) <= bar.x1) || scriptOfAxisLine(c, bar, ink)) return false;
    const gap = Math.max(bar.x0 - c.box.x1, c.box.x0 - bar.x1);
    return gap < RUN_ON_EMS * size;
  });
}

/** Whether `c` hangs on a bigger glyph standing on the bar's axis, right before or after it: a script of the fraction's line. */
function scriptOfAxisLine(c: PdfChar, bar: RuleSegment, ink: readonly Located[]): boolean {
  return ink.some(({ c: base }) => base.size > c.size && onAxis(base, bar) && Math.max(base.box.x0 - c.box.x1, c.box.x0 - base.box.x1) <= OVERHANG_EMS * base.size);
}

function centred(bar: RuleSegment, part: readonly Located[]): boolean {
  const box = unionBox(part.map((p) => p.c.box));
  const slack = Math.max(CENTRE_SHARE * (bar.x1 - bar.x0), OVERHANG_EMS * dominantSize(part.map((p) => p.c)));
  return Math.abs(middle(box) - middle(bar)) <= slack;
}

/** Room (points) between a brace's rule and the tip it runs into. */
const JOIN = 0.5;
/** Bars of one row of fractions stand at one height, within this (points). */
const SAME_HEIGHT = 0.5;

/** Whether the rule is a piece of a horizontal brace: a brace's tip (╰ ╮ ╭ ╯) ends it, at its height. */
function isBracePiece(rule: RuleSegment, ink: readonly Located[]): boolean {
  return ink.some(({ c }) => isBraceTip(c) && c.box.y0 <= rule.y0 && c.box.y1 >= rule.y0 && (Math.abs(c.box.x1 - rule.x0) <= JOIN || Math.abs(c.box.x0 - rule.x1) <= JOIN));
}

/** The fraction on `bar` among the characters not yet taken, if there is one. */
function fractionOn(bar: RuleSegment, free: readonly Located[], ink: readonly Located[], bars: readonly RuleSegment[]): Found | undefined {
  if (isBracePiece(bar, ink)) return undefined;
  const [numerator, denominator] = [partOf(bar, -1, free, bars), partOf(bar, 1, free, bars)];
  if (numerator.length === 0 || denominator.length === 0) return undefined;
  if (![numerator, denominator].every((part) => centred(bar, part) && !hasWideGap(part) && !runsOn(bar, part, ink, bars))) return undefined;
  // A fraction stands in a line: text beside the bar on the axis (a word underlined has none).
  const inParts = new Set([...numerator, ...denominator].map((p) => p.c));
  return { bar, numerator, denominator, onAxis: ink.some(({ c }) => !inParts.has(c) && onAxis(c, bar)) };
}

/**
 * Whether another fraction's bar stands at this one's height, near its ends: a row of fractions,
 * as a matrix's (∂x/∂u ∂x/∂v), whose line runs through the matrix's middle, not these bars' axis.
 */
function inRowOfFractions(bar: RuleSegment, others: readonly Found[], size: number): boolean {
  return others.some(({ bar: other }) => other !== bar && Math.abs(other.y0 - bar.y0) <= SAME_HEIGHT && Math.max(bar.x0 - other.x1, other.x0 - bar.x1) <= HOST_REACH_EMS * size);
}

/** The part's characters left to right, with the spaces of its rows between them (the page's own characters). */
function partChars(part: readonly Located[], lines: readonly PdfLine[]): PdfChar[] {
  const box = unionBox(part.map((p) => p.c.box));
  const baseline = rowBaseline(part.map((p) => p.c));
  const size = dominantSize(part.map((p) => p.c));
  const spaces = [...new Set(part.map((p) => p.line))].flatMap((line) =>
    lines[line].chars.filter((c) => isBlank(c) && middle(c.box) > box.x0 && middle(c.box) < box.x1 && Math.abs(c.baseline - baseline) <= ROW_EMS * size),
  );
  return [...part.map((p) => p.c), ...spaces].sort((a, b) => middle(a.box) - middle(b.box));
}

/** Whether the glyphs of a part stand apart somewhere by more than a word space (columns of a table's header, not a formula). */
function hasWideGap(part: readonly Located[]): boolean {
  const chars = part.map((p) => p.c).sort((a, b) => a.box.x0 - b.box.x0);
  let reach = chars[0].box.x1;
  return chars.slice(1).some((c) => {
    const wide = c.box.x0 - reach > WIDE_GAP_EMS * c.size;
    reach = Math.max(reach, c.box.x1);
    return wide;
  });
}

/** The baseline of a line's text other than its fractions (undefined when it is all fractions). */
function ownBaseline(line: PdfLine): { baseline: number; size: number } | undefined {
  const own = line.chars.filter((c) => !isBlank(c) && c.fraction === undefined);
  return own.length ? { baseline: rowBaseline(own), size: dominantSize(own) } : undefined;
}

const inkLeft = (line: PdfLine) => Math.min(...line.chars.filter((c) => !isBlank(c)).map((c) => c.box.x0));

/** Whether text of this baseline and size, over this extent, stands on the bar's axis and near its ends. */
function standsOnAxis(baseline: number, size: number, extent: { x0: number; x1: number }, bar: RuleSegment): boolean {
  const below = (baseline - bar.y0) / size;
  const gap = Math.max(bar.x0 - extent.x1, extent.x0 - bar.x1);
  return below >= AXIS_EMS.min && below <= AXIS_EMS.max && gap <= HOST_REACH_EMS * size;
}

const onAxis = (c: PdfChar, bar: RuleSegment) => standsOnAxis(c.baseline, c.size, c.box, bar);

/** Whether the line's text (but its fractions) stands on the bar's axis and near its ends. */
function standsOn(line: PdfLine, bar: RuleSegment): boolean {
  const own = ownBaseline(line);
  if (!own || line.direction) return false;
  return standsOnAxis(own.baseline, own.size, unionBox(line.chars.filter((c) => !isBlank(c)).map((c) => c.box)), bar);
}

export interface PageFractions {
  lines: PdfLine[];
  /** The bars of the fractions found: no longer rules of the page. */
  bars: Set<RuleSegment>;
}

/**
 * The page's lines with each stacked fraction read in its place in its line (PdfChar.fraction),
 * and the bars that made them.
 */
export function withFractions(lines: readonly PdfLine[], rules: readonly RuleSegment[]): PageFractions {
  const bars = rules.filter((r) => isHorizontal(r) && r.x1 - r.x0 >= MIN_BAR);
  const ink = lines.flatMap((line, index) => (line.direction ? [] : line.chars.filter((c) => !isBlank(c) && c.picture === undefined).map((c) => ({ c, line: index }))));
  // The shortest first: an inner fraction is taken before the one it stands in (which then has none).
  const taken = new Set<PdfChar>();
  const found: Found[] = [];
  /** Fractions but for text on their axis: no fraction (an underlined word), unless one of a row of fractions. */
  const offAxis: Found[] = [];
  const glyphs = (f: Found) => [...f.numerator, ...f.denominator].map((p) => p.c);
  for (const bar of [...bars].sort((a, b) => a.x1 - a.x0 - (b.x1 - b.x0))) {
    const fraction = fractionOn(bar, ink.filter((l) => !taken.has(l.c)), ink, bars);
    if (!fraction?.onAxis) {
      if (fraction) offAxis.push(fraction);
      continue;
    }
    found.push(fraction);
    for (const c of glyphs(fraction)) taken.add(c);
  }
  const inRow = offAxis.filter((f) => !glyphs(f).some((c) => taken.has(c)) && inRowOfFractions(f.bar, [...found, ...offAxis], dominantSize(glyphs(f))));
  for (const fraction of inRow) {
    found.push(fraction);
    for (const c of glyphs(fraction)) taken.add(c);
  }
  if (found.length === 0) return { lines: [...lines], bars: new Set() };
  const built = found.map((f) => {
    const of = { bar: f.bar };
    // Each part's characters share one FractionPart (runs split where it changes).
    const numeratorPart: FractionPart = { of, part: 'numerator' };
    const denominatorPart: FractionPart = { of, part: 'denominator' };
    const [numerator, denominator] = [partChars(f.numerator, lines), partChars(f.denominator, lines)];
    for (const c of [...numerator, ...denominator]) taken.add(c);
    const chars = [...numerator.map((c) => ({ ...c, fraction: numeratorPart })), ...denominator.map((c) => ({ ...c, fraction: denominatorPart }))];
    return { bar: f.bar, chars, order: Math.min(...f.numerator.map((p) => p.line)) + 0.5 };
  });
  // Lines with the order they are read in (a line of a fraction alone comes after its numerator's).
  // A line whose glyphs all went into fractions is gone.
  let entries = lines
    .map((line, order) => ({ line: line.chars.some((c) => taken.has(c)) ? { ...line, chars: line.chars.filter((c) => !taken.has(c)) } : line, order }))
    .filter(({ line, order }) => line === lines[order] || line.chars.some((c) => !isBlank(c)));
  // Left to right, so that a line grown by one fraction is the line of the next one on it.
  for (const { bar, chars, order } of built.sort((a, b) => a.bar.x0 - b.bar.x0)) {
    const hosts = entries.filter(({ line }) => standsOn(line, bar)).sort((a, b) => inkLeft(a.line) - inkLeft(b.line));
    const joined = hosts.flatMap(({ line }) => line.chars);
    // In place: before the first glyph (or fraction) that stands right of the bar's middle.
    const place = (c: PdfChar) => (c.fraction ? middle(c.fraction.of.bar) : middle(c.box));
    let at = joined.findIndex((c) => !isBlank(c) && place(c) > middle(bar));
    if (at === -1) at = joined.length;
    // The spaces after the bar's start come after the fraction.
    while (at > 0 && isBlank(joined[at - 1]) && middle(joined[at - 1].box) > bar.x0) at--;
    joined.splice(at, 0, ...chars);
    entries = [...entries.filter((e) => !hosts.includes(e)), { line: { chars: joined }, order: Math.min(order, ...hosts.map((h) => h.order)) }];
  }
  return { lines: entries.sort((a, b) => a.order - b.order).map((e) => e.line), bars: new Set(found.map((f) => f.bar)) };
}

/** The page's drawings less the fraction bars (a bar is a one-piece ruling drawing where it lies). */
export function withoutBars(drawings: readonly PdfDrawing[], bars: ReadonlySet<RuleSegment>): PdfDrawing[] {
  const isBar = (d: PdfDrawing) => d.kind === 'rules' && d.pieces === 1 && [...bars].some((b) => Math.abs(d.box.y0 - b.y0) <= 0.5 && Math.abs(d.box.y1 - b.y1) <= 0.5 && Math.abs(d.box.x0 - b.x0) <= 0.5 && Math.abs(d.box.x1 - b.x1) <= 0.5);
  return drawings.filter((d) => !isBar(d));
}

/** Signs that join terms: a side holding one of them outside brackets is more than one term. */
const TERM_SIGNS = /[+\-−±∓=<>≤≥≠≈/]/;

/**
 * Whether a side of a fraction, written on one line, needs brackets to read as one: it has more
 * than one term ("a + b", not "2ab", "(x + y)²" or "−a").
 */
function needsBrackets(text: string): boolean {
  let depth = 0;
  return [...text.trim()].some((ch, i) => {
    if (OPENING_BRACKETS.has(ch)) depth++;
    else if (CLOSING_BRACKETS.has(ch)) depth = Math.max(0, depth - 1);
    return depth === 0 && i > 0 && TERM_SIGNS.test(ch);
  });
}

/**
 * Items (characters or runs) with each fraction written on one line, where no stacked fraction can
 * be set (a sheet's cell, a slide's text, HTML): numerator/denominator, each side in brackets only
 * when it has more than one term ((a + b)/(c + d), 2ab/c). `piece` makes an item of some added text
 * from the item beside it (no fraction, no script).
 */
export function linearFractions<T extends { text: string; fraction?: FractionPart }>(items: readonly T[], piece: (text: string, like: T) => T): T[] {
  const side = (part: T[]) => {
    if (!part.length || !needsBrackets(part.map((p) => p.text).join(''))) return part;
    return [piece('(', part[0]), ...part, piece(')', part.at(-1)!)];
  };
  return stretches(items, (item) => item.fraction?.of).flatMap(({ of, items: stretch }) => {
    if (!of) return stretch;
    const numerator = side(stretch.filter((item) => item.fraction!.part === 'numerator'));
    const denominator = stretch.filter((item) => item.fraction!.part === 'denominator');
    return [...numerator, piece('/', numerator.at(-1) ?? denominator[0]), ...side(denominator)];
  });
}

/**
 * Text added beside `like`, a character or a run (a fraction's slash or bracket, a joining space):
 * no fraction, script or picture of its own, within the matrix entry it stands in.
 */
export function addedText<T extends { text: string; fraction?: FractionPart; script?: Script; innerScript?: Script; picture?: GlyphPicture }>(text: string, like: T): T {
  const { fraction: _, script: __, innerScript: ____, picture: ___, ...rest } = like;
  return { ...rest, text } as T;
}

/** Text added beside `like` outside any matrix (a matrix's delimiter or separator). */
const besideMatrix = <T extends { matrix?: unknown }>(added: (text: string, like: T) => T) => (text: string, like: T): T => {
  const { matrix: _, ...rest } = added(text, like);
  return rest as T;
};

/** The characters' text with their fractions and matrices on one line (linearFractions, linearMatrices). */
export function linearText(chars: readonly PdfChar[]): string {
  return linearChars(chars)
    .map((c) => c.text)
    .join('');
}

/** The characters with their fractions and matrices written on one line. */
export function linearChars(chars: readonly PdfChar[]): PdfChar[] {
  return linearMatrices(linearFractions(chars, addedText), besideMatrix(addedText));
}

/** Runs with their fractions and matrices written on one line, for a writer that cannot stack them. */
export function linearRuns(runs: readonly TextRun[]): TextRun[] {
  return linearMatrices(linearFractions(runs, addedText), besideMatrix(addedText));
}
