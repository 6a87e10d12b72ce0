// Superscripts and subscripts: a glyph clearly smaller than its line's text, raised or lowered off
// the line's baseline, set right after the text before it (x², H₂O, ℝ³, γ₁, a footnote mark). Such
// characters are marked (PdfChar.script) so the writers raise or lower them instead of setting
// them on the line as plain text. Where MuPDF read the scripts as a line apart (a typesetter that
// draws them in text objects of their own after the line, as TeX does in formulas), they are put
// back into their line at their place, not read as a line before or after it. A script's own
// scripts are marked too (PdfChar.innerScript: the i of ∫_{V_i}), and a space MuPDF read between a
// base and its script (TeX's italic correction, "T ²"), or between a script and a bracket or a
// punctuation mark after it ("J_F (u, v)"), goes.
//
// The test is kept narrow so that what only looks alike stays as it is:
// - smaller alone is not enough: small capitals, a run of smaller text and a heading's text
//   beside a big initial all share the baseline;
// - bigger is never a script: a drop cap or an initial is the line's odd one out upwards;
// - a script hangs on text before it (no wide gap, not overlapping it), so a lone footnote mark
//   in a table cell, a limit centred under a big operator or a label under an arrow stays put;
// - a line apart joins a line only when all its glyphs are scripts of it, in a gap of its text.
import { isBlank, unionBox, type FractionPart, type PdfChar, type PdfLine, type Script } from '../page-content';
import { OPENING_BRACKETS } from './brackets';
import { BIG_OPERATORS, isTallBar } from './extensible-delimiters';
import { linearChars } from './fractions';
import { dominantSize, SCRIPT_SIZE_RATIO } from './text-lines';
import { isHungGlyph, isHungRadical, TEX_EXTENSION_FONT } from './tex-fonts';

/** How far (in the line's font sizes) a superscript's baseline sits above the line's: TeX ~0.36, Word ~0.33. */
const RAISE_EMS = { min: 0.15, max: 0.8 };
/** How far a subscript's baseline sits below the line's: TeX 0.15–0.25, Word ~0.14. */
const DROP_EMS = { min: 0.08, max: 0.6 };
/** Widest gap (font sizes) between a script and the text it belongs to; a word space is ~0.3. */
const ATTACHED_GAP_EMS = 0.4;
/** Overhang (font sizes) allowed between a script and the glyph before it (an italic's slant). */
const OVERLAP_EMS = 0.15;
/** A line MuPDF read apart is a script only when this short (a power, an index, "n+1"). */
const MAX_SCRIPT_LINE_GLYPHS = 8;
/**
 * Widest gap (font sizes of the base) TeX leaves between a base and its script: the base's italic
 * correction (CMMI's T, F, P 0.14, V, Y 0.22); a word space before a raised numerator (¹/n) is 0.28 and more.
 */
const ITALIC_CORRECTION_EMS = 0.25;
/**
 * What a script hangs on with no room between: a letter, a digit, a closing bracket, a bar, a prime,
 * a big operator; an accented one too (F̃⁻¹ⱼ: F and a combining tilde, which no one character is).
 */
const SCRIPT_BASE = /^[\p{L}\p{N}\p{Pe}|‖′∫∮∑∏⋃⋂]\p{M}*$/u;

/** The size and baseline of a line's text proper. */
interface LineBody {
  size: number;
  baseline: number;
}

/**
 * A line's fractions (PdfChar.fraction) and the limits and notes read into it (PdfChar.stacked)
 * stand off its baseline: its body is its other text's, when it has some. That is the text of the
 * size most of its glyphs have, or its largest when every smaller glyph then stands as a script of
 * it: a short formula's scripts may outnumber their bases (⋃ᵏⱼ₌₁ ⋃^{m(xⱼ)}, x^{n−k}y^k).
 */
function bodyOf(chars: readonly PdfChar[]): LineBody | undefined {
  const all = chars.filter((c) => !isBlank(c));
  const own = all.filter((c) => c.fraction === undefined && !c.stacked);
  const ink = own.length ? own : all;
  if (ink.length === 0) return undefined;
  const body = bodyOfSize(ink, dominantSize(ink));
  const text = bodyOfSize(ink, Math.max(...ink.map((c) => c.size)));
  return body.size <= SCRIPT_SIZE_RATIO * text.size && allScripts(chars, text) ? text : body;
}

/** The body of the glyphs of `size`: their baseline, TeX's hung glyphs left out (a big operator's origin is over it). */
function bodyOfSize(ink: readonly PdfChar[], size: number): LineBody {
  const glyphs = ink.filter((c) => c.size === size);
  const onBaseline = glyphs.some((c) => !isHungGlyph(c)) ? glyphs.filter((c) => !isHungGlyph(c)) : glyphs;
  const baselines = onBaseline.map((c) => c.baseline).sort((a, b) => a - b);
  return { size, baseline: baselines[Math.floor(baselines.length / 2)] };
}

/**
 * Whether every glyph of script size of the line is a script of text with this body, in runs no
 * longer than a script's: a line of small text after a big initial is no run of scripts.
 */
function allScripts(chars: readonly PdfChar[], body: LineBody): boolean {
  let run = 0;
  for (const c of markWith(chars, body, false)) {
    if (isBlank(c)) continue;
    if (c.script) run++;
    else if (c.size <= SCRIPT_SIZE_RATIO * body.size && !c.fraction && !c.stacked) return false;
    else run = 0;
    if (run > MAX_SCRIPT_LINE_GLYPHS) return false;
  }
  return true;
}

/**
 * A glyph reaching far over and under its line's text: a tall bar, or a display ∫ of TeX's extension
 * font (2.22 font sizes), boxed where it hangs once it stands in its line (stacked-limits.ts).
 */
const isTallGlyph = (c: PdfChar) => isTallBar(c) || (BIG_OPERATORS.has(c.text) && isHungGlyph(c) && c.box.y1 - c.box.y0 > 2 * c.size);

/**
 * Whether the glyph's size and height say superscript or subscript of a line with this body. After
 * a tall glyph (`anchor`, \left\| … \right\|², the evaluation bar of \right|_{t=0}, a display
 * ∫_V) TeX raises a superscript to its top and lowers a subscript to its foot: anywhere over the
 * line's text up to there is a superscript of it, anywhere under it beside the glyph a subscript.
 */
function scriptShape(c: PdfChar, body: LineBody, anchor?: PdfChar): Script | undefined {
  if (c.size > SCRIPT_SIZE_RATIO * body.size) return undefined;
  const rise = (body.baseline - c.baseline) / body.size;
  if (anchor && isTallGlyph(anchor) && rise >= RAISE_EMS.min && c.baseline >= anchor.box.y0) return 'super';
  if (anchor && isTallGlyph(anchor) && -rise >= DROP_EMS.min && c.box.y0 < anchor.box.y1) return 'sub';
  if (rise >= RAISE_EMS.min && rise <= RAISE_EMS.max) return 'super';
  if (-rise >= DROP_EMS.min && -rise <= DROP_EMS.max) return 'sub';
  return undefined;
}

/**
 * The script shape of the line's glyph at `i`, as scriptShape gives it; a small radical sign TeX
 * hangs from over its radicand (its origin 0.28 em over the line's baseline in ℝ_{<√2}) takes its
 * radicand's, the glyph after it.
 */
function scriptShapeAt(chars: readonly PdfChar[], i: number, body: LineBody, anchor?: PdfChar): Script | undefined {
  const c = chars[i];
  if (!isHungRadical(c)) return scriptShape(c, body, anchor);
  const radicand = chars.slice(i + 1).find((ch) => !isBlank(ch));
  return radicand && c.size <= SCRIPT_SIZE_RATIO * body.size ? scriptShape(radicand, body, anchor) : undefined;
}

/**
 * Whether a glyph starting at x hangs on `anchor`, the last glyph of the line's text before it:
 * not before the anchor's end, and no wider a gap from the last glyph before it (the anchor, or a
 * script stacked or run on after it).
 */
function hangsOn(x: number, anchor: PdfChar | undefined, lastInk: PdfChar | undefined, body: LineBody): boolean {
  return anchor !== undefined && lastInk !== undefined && !opensSizedGroup(anchor) && x >= anchor.box.x1 - OVERLAP_EMS * body.size && x - lastInk.box.x1 <= ATTACHED_GAP_EMS * body.size;
}

/** Opening delimiters, whole or a tall one's top piece (TeX builds a tall bracket from pieces: matrices.ts). */
const OPENING = new Set([...OPENING_BRACKETS, ...'⎛⎡⎧']);
/**
 * A sized opening delimiter of TeX's (its extension font's) carries no script: the small glyphs
 * right after it are the first row of what it encloses (a \binom's upper entry), read by matrices.ts.
 */
const opensSizedGroup = (c: PdfChar) => OPENING.has(c.text) && TEX_EXTENSION_FONT.test(c.font.name);

/**
 * The characters of one line (in reading order) with their scripts marked; a space between two
 * scripts of a kind is one of them. A fraction's numerator and denominator are rows of their own:
 * their scripts are theirs (the ² of (cx + d)²), and on the line a fraction is text, never a script.
 */
function markScripts(chars: readonly PdfChar[]): PdfChar[] {
  const parts = new Map<FractionPart | PdfChar, PdfChar[]>();
  // A limit's or a note's glyphs read into the line (PdfChar.stacked, a run by its first) are a row
  // of their own too: a note's SL₂ has its subscript.
  let stacked: PdfChar | undefined;
  for (const c of chars) {
    const part = c.fraction ?? (c.stacked ? (stacked ??= c) : undefined);
    if (!c.stacked && !isBlank(c)) stacked = undefined;
    if (part) parts.set(part, [...(parts.get(part) ?? []), c]);
  }
  const marked = markRow(chars, false);
  if (parts.size === 0) return marked;
  const inParts = new Map([...parts.values()].flatMap((part) => {
    const markedPart = markRow(part, true);
    return part.map((c, i) => [c, markedPart[i]] as const);
  }));
  return marked.map((c, i) => inParts.get(chars[i]) ?? c);
}

/** `inPart`: the characters are one part of a fraction or one stacked run, else a line whose fractions and stacked runs are left as they are. */
function markRow(chars: readonly PdfChar[], inPart: boolean): PdfChar[] {
  const body = bodyOf(chars);
  return body ? markWith(chars, body, inPart) : [...chars];
}

/** The characters marked as markRow does, with the line's body given. */
function markWith(chars: readonly PdfChar[], body: LineBody, inPart: boolean): PdfChar[] {
  let anchor: PdfChar | undefined;
  let lastInk: PdfChar | undefined;
  const marked = chars.map((c, i): PdfChar => {
    if (isBlank(c)) return c;
    // A limit or a note read into the line (PdfChar.stacked) is text over or under it, never its script.
    if ((c.fraction || c.stacked) && !inPart) {
      anchor = lastInk = c;
      return c;
    }
    const shape = scriptShapeAt(chars, i, body, anchor);
    const script = shape && hangsOn(c.box.x0, anchor, lastInk, body) ? shape : undefined;
    // Small glyphs raised or lowered after a sized opening delimiter are rows of what it encloses (a
    // \binom's): the delimiter stays their anchor, so none of them is a script of the one before.
    if (!script && !(shape && anchor && opensSizedGroup(anchor))) anchor = c;
    lastInk = c;
    return script ? { ...c, script } : c;
  });
  return withSpacesInScripts(marked);
}

/** The characters with a space between two scripts of a kind one of them. */
function withSpacesInScripts(chars: readonly PdfChar[]): PdfChar[] {
  return chars.map((c, i) => {
    const [before, after] = [chars[i - 1]?.script, chars[i + 1]?.script];
    return isBlank(c) && before !== undefined && before === after ? { ...c, script: before } : c;
  });
}

function lastIndexOf(chars: readonly PdfChar[], test: (c: PdfChar) => boolean): number {
  for (let i = chars.length - 1; i >= 0; i--) if (test(chars[i])) return i;
  return -1;
}

/** A stretch of text set on the line, raised or lowered. */
export interface ScriptPiece {
  text: string;
  script?: Script;
}

/** The characters' text in stretches of one script (or none), fractions and matrices written on one line. */
export function scriptPieces(chars: readonly PdfChar[]): ScriptPiece[] {
  const pieces: ScriptPiece[] = [];
  for (const c of linearChars(chars)) {
    const last = pieces[pieces.length - 1];
    if (last && last.script === c.script) last.text += c.text;
    else pieces.push({ text: c.text, ...(c.script && { script: c.script }) });
  }
  return pieces;
}

/** The glyphs' horizontal extent. */
const span = (chars: readonly PdfChar[]) => ({ x0: Math.min(...chars.map((c) => c.box.x0)), x1: Math.max(...chars.map((c) => c.box.x1)) });

/**
 * The host line's characters with a line of scripts MuPDF read apart put in at its place, or
 * undefined when they are not all scripts of it hanging in a gap of its text. `host` is marked.
 */
function withScriptsOf(host: readonly PdfChar[], scripts: readonly PdfChar[]): PdfChar[] | undefined {
  const body = bodyOf(host);
  const ink = scripts.filter((c) => !isBlank(c));
  if (!body) return undefined;
  const { x0, x1 } = span(ink);
  const slack = OVERLAP_EMS * body.size;
  const anchorAt = lastIndexOf(host, (c) => !isBlank(c) && c.script === undefined && c.box.x1 <= x0 + slack);
  const shapes = ink.map((_, i) => scriptShapeAt(ink, i, body, host[anchorAt]));
  if (shapes.some((s) => s === undefined)) return undefined;
  const text = host.filter((c) => !isBlank(c) && c.script === undefined);
  // The scripts stand in a gap of the line's text, right after its glyph before them; those at a
  // tall glyph's foot (top) may reach on under (over) the text after it (∫_{V_i∩V_j} f dA).
  const { y0, y1 } = unionBox(ink.map((c) => c.box));
  const clear = (c: PdfChar) => anchorAt !== -1 && isTallGlyph(host[anchorAt]) && (c.box.y1 <= y0 || c.box.y0 >= y1);
  if (text.some((c) => c.box.x1 > x0 + slack && c.box.x0 < x1 - slack && !clear(c))) return undefined;
  // After the anchor and the scripts on it already (a subscript under a superscript), with a space among them.
  let at = anchorAt + 1;
  while (at < host.length && (host[at].script !== undefined || (isBlank(host[at]) && host[at + 1]?.script !== undefined))) at++;
  if (!hangsOn(x0, host[anchorAt], host[lastIndexOf(host.slice(0, at), (c) => !isBlank(c))], body)) return undefined;
  const marked = withSpacesInScripts(scripts.map((c): PdfChar => (isBlank(c) ? c : { ...c, script: shapes[ink.indexOf(c)] })));
  // A space MuPDF put in for the scripts' room goes.
  const rest = host.slice(at);
  const firstKept = rest.findIndex((c) => !(isBlank(c) && c.box.x1 <= x1 + slack && c.box.x0 >= x0 - slack));
  const kept = firstKept === -1 ? [] : rest.slice(firstKept);
  // The text after a display ∫'s limits stands apart from them, set past them or over their end
  // ("∫_V f dA", "∫_{V_i} f dA"): a space, which MuPDF reading the limits apart has none of.
  const next = kept[0];
  const apart = isTallGlyph(host[anchorAt]) && next && !isBlank(next) && next.script === undefined ? [{ ...next, text: ' ', box: { ...next.box, x1: next.box.x0 } }] : [];
  return [...host.slice(0, at), ...marked, ...apart, ...kept];
}

/** Whether MuPDF's line could be scripts read apart from their line: short, upright and small. */
function mayBeScriptLine(line: PdfLine): boolean {
  const ink = line.chars.filter((c) => !isBlank(c));
  return line.direction === undefined && ink.length > 0 && ink.length <= MAX_SCRIPT_LINE_GLYPHS && ink.every((c) => c.picture === undefined && c.fraction === undefined);
}

/** How far back (script font sizes) from the end of its line's last glyph the pen may go to set a script under (over) the scripts there. */
const BACK_UNDER_SCRIPTS_EMS = 4;
/** Of the text of a row's two pieces: baselines within this many font sizes. */
const SAME_ROW_EMS = 0.15;

/**
 * `line` and `next` as one row, when `next` is the rest of the row that MuPDF read as a line apart
 * where the pen went back: TeX sets a subscript under a superscript (κⁿ₁(s), x₁², ∑ⁿ_{k=0}, an
 * accent over a subscript's letter, J_{F̃}) by going back to the end of their base, and MuPDF starts
 * a new line there, so the subscript and the text after it came out as text of a line of their own;
 * or where a script's radical sign hangs from over its radicand (ℝ_{<√2}). `next`'s first glyph
 * starts back under (over) the scripts ending `line`, or is that radical sign right after them, is
 * a script of their base in the row joined, and the two pieces' text stands on one baseline.
 * Undefined otherwise.
 */
function restOfRow(line: readonly PdfChar[], next: readonly PdfChar[]): PdfChar[] | undefined {
  const last = line[lastIndexOf(line, (c) => !isBlank(c))];
  const first = next.find((c) => !isBlank(c));
  if (!last || !first || first.box.x1 < last.box.x0 - BACK_UNDER_SCRIPTS_EMS * last.size) return undefined;
  // The pen went back, or `next` starts with a radical sign right where `line` ends (withHungBrackets
  // put it into its radicand's line): the script ℝ_{<√2} runs on in it.
  const abuts = isHungRadical(first) && first.box.x0 - last.box.x1 <= ATTACHED_GAP_EMS * last.size;
  if (first.box.x0 >= last.box.x1 && !abuts) return undefined;
  if (Math.abs(first.baseline - last.baseline) > BACK_UNDER_SCRIPTS_EMS * last.size) return undefined;
  const joined = [...line, ...next];
  const body = bodyOf(joined);
  if (!body) return undefined;
  // Text of the row's size, not only of its one size: TeX's text and math fonts may come a little
  // apart (GeoTopo's "∠R′₁P′R′₂ heißt …": the letters of its text 11.0 pt, the formula's 10.9).
  const textOf = (chars: readonly PdfChar[]) => chars.filter((c) => !isBlank(c) && c.size > SCRIPT_SIZE_RATIO * body.size);
  const baselineOf = (text: readonly PdfChar[]) => bodyOfSize(text, dominantSize(text)).baseline;
  const [own, rest] = [textOf(line), textOf(next)];
  if (own.length === 0 || rest.length === 0 || Math.abs(baselineOf(own) - baselineOf(rest)) > SAME_ROW_EMS * body.size) return undefined;
  const marked = markScripts(joined);
  return marked[line.indexOf(last)].script !== undefined && marked[line.length + next.indexOf(first)].script !== undefined ? joined : undefined;
}

/**
 * The lines with each one that `join` puts into another line (the first it gives the characters of
 * both for) gone into it; `mayJoin` tells which lines may go into another.
 */
function joinedLines(lines: readonly PdfLine[], mayJoin: (line: PdfLine) => boolean, join: (host: PdfLine, hostIndex: number, line: PdfLine, index: number) => PdfChar[] | undefined): PdfLine[] {
  const result: (PdfLine | undefined)[] = [...lines];
  result.forEach((line, index) => {
    if (!line || line.direction || !mayJoin(line)) return;
    for (const [hostIndex, host] of result.entries()) {
      if (!host || hostIndex === index || host.direction) continue;
      const joined = join(host, hostIndex, line, index);
      if (!joined) continue;
      result[hostIndex] = { ...host, chars: joined };
      result[index] = undefined;
      return;
    }
  });
  return result.filter((line): line is PdfLine => line !== undefined);
}

/**
 * MuPDF's lines with each row it read in two lines where the pen went back under scripts one line
 * again (restOfRow). The page layout asks first, before anything reads its formulas, and withScripts
 * once more when they have been read; each finds rows the other cannot:
 * - first: fractions and matrices take lines as rows, and one read into a row's first piece leaves
 *   that piece no longer ending in the scripts its rest goes on under (GeoTopo's J_{F̃} = (∂x/∂u …));
 * - then: a piece's text shows its size and baseline only once the glyphs standing off it are known
 *   for what they are — a fraction's numerator read as text of the rest of (h⁽ˢ⁾ᵢ,ⱼ)ᵢ,ⱼ₌₁,₂ … = ⟨∂²F/…⟩
 *   leaves script size its commonest, and a piece of hung glyphs only ("{ ∑ᵏ" of { ∑ᵏᵢ₌₀ λᵢvᵢ | … })
 *   stands on no baseline until it is put in its row.
 */
export function withScriptRowsRejoined(lines: readonly PdfLine[]): PdfLine[] {
  return joinedLines(lines, () => true, (host, _, next) => restOfRow(host.chars, next.chars));
}

/**
 * The line's characters without the spaces MuPDF read between a base and its script: TeX sets a
 * superscript past the base's italic correction (T², F⁻¹ⱼ, P′), a gap MuPDF reads as a space that
 * would part the script from its base ("T ²").
 */
function withoutSpacesBeforeScripts(chars: readonly PdfChar[]): PdfChar[] {
  return chars.filter((c, i) => {
    const [base, script] = [chars[i - 1], chars[i + 1]];
    if (!isBlank(c) || c.script !== undefined || !base || !script || isBlank(base) || base.script !== undefined || script.script === undefined) return true;
    return !(SCRIPT_BASE.test(base.text) && script.box.x0 - base.box.x1 < ITALIC_CORRECTION_EMS * base.size);
  });
}

/**
 * Widest room (font sizes of the text after it) TeX leaves after a script where it sets no space:
 * the script's italic correction and \scriptspace (CMMI8's Y: 0.21). A word space after a script
 * is 0.25 and more.
 */
const SCRIPT_ROOM_EMS = 0.23;
/**
 * What TeX sets after a script with no glue between, whatever its base: an opening or closing
 * bracket, punctuation (J_F(u, v), (Y, T_Y), id_Y.). Not a bar: an Ord, which gets a thin space
 * after an operator's limits (∫_a^b ‖γ′(t)‖).
 */
const SET_CLOSE_AFTER_SCRIPT = /^[\p{Ps}\p{Pe},.;]$/u;

/**
 * Whether `next` stands right after the scripts ending the text before it (`script` the last of
 * them, `room` points past their end), where TeX sets no space: a bracket or a punctuation mark
 * after a script gets no glue, only the script's italic correction and \scriptspace, a gap MuPDF
 * reads as a space ("J_F (u, v)" where the page shows J_F(u, v)).
 */
export function setRightAfterScripts(script: PdfChar, next: PdfChar, room: number): boolean {
  return script.script !== undefined && next.script === undefined && SET_CLOSE_AFTER_SCRIPT.test(next.text) && room < SCRIPT_ROOM_EMS * next.size;
}

/** The line's characters without the spaces MuPDF read between scripts and a bracket or a punctuation mark set right after them. */
function withoutSpacesAfterScripts(chars: readonly PdfChar[]): PdfChar[] {
  return chars.filter((c, i) => {
    const next = chars[i + 1];
    if (!isBlank(c) || c.script !== undefined || i === 0 || !next || isBlank(next)) return true;
    // The scripts' end: a superscript over a subscript may reach further than the one read last.
    let first = i;
    while (first > 0 && chars[first - 1].script !== undefined) first--;
    const end = Math.max(...chars.slice(first, i).map((s) => s.box.x1));
    return !setRightAfterScripts(chars[i - 1], next, next.box.x0 - end);
  });
}

/**
 * The line's characters with the scripts of its scripts marked (PdfChar.innerScript): in a run of
 * one script, a glyph smaller than the run's text, raised or lowered off its baseline after a glyph
 * of it (the 6 pt i of the 8 pt limit V_i ∩ V_j under a display ∫).
 */
function withInnerScripts(chars: readonly PdfChar[]): PdfChar[] {
  const result = [...chars];
  for (let start = 0; start < chars.length; ) {
    const script = chars[start].script;
    let end = start + 1;
    while (end < chars.length && chars[end].script === script) end++;
    const ink = chars.slice(start, end).filter((c) => !isBlank(c));
    if (script && ink.length > 1) {
      const body = bodyOfSize(ink, Math.max(...ink.map((c) => c.size)));
      for (let i = start + 1; i < end; i++) {
        const c = chars[i];
        const shape = !isBlank(c) && c !== ink[0] ? scriptShape(c, body) : undefined;
        if (shape) result[i] = { ...c, innerScript: shape };
      }
    }
    start = end;
  }
  return result;
}

/**
 * The page's lines with scripts marked, and lines of scripts read apart put back into their lines;
 * a row MuPDF read in two lines where the pen went back under scripts is one line again first.
 */
export function withScripts(source: readonly PdfLine[]): PdfLine[] {
  const lines = withScriptRowsRejoined(source).map((line) => (line.direction ? line : { ...line, chars: markScripts(line.chars) }));
  // Heights only: a script stays within its line's height, wherever MuPDF put it.
  const heights = lines.map(({ chars }) => ({ y0: Math.min(...chars.map((c) => c.box.y0)), y1: Math.max(...chars.map((c) => c.box.y1)) }));
  return joinedLines(lines, mayBeScriptLine, (host, hostIndex, line, index) =>
    heights[index].y1 < heights[hostIndex].y0 || heights[index].y0 > heights[hostIndex].y1 ? undefined : withScriptsOf(host.chars, line.chars),
  ).map((line) => (line.direction ? line : { ...line, chars: withInnerScripts(withoutSpacesAfterScripts(withoutSpacesBeforeScripts(line.chars))) }));
}
