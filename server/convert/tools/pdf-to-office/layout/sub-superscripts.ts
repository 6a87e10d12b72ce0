// Superscripts and subscripts: a glyph clearly smaller than its line's text, raised or lowered off
// the line's baseline, set right after the text before it (x², H₂O, ℝ³, γ₁, a footnote mark). Such
// characters are marked (PdfChar.script) so the writers raise or lower them instead of setting
// them on the line as plain text. Where MuPDF read the scripts as a line apart (a typesetter that
// draws them in text objects of their own after the line, as TeX does in formulas), they are put
// back into their line at their place, not read as a line before or after it.
//
// The test is kept narrow so that what only looks alike stays as it is:
// - smaller alone is not enough: small capitals, a run of smaller text and a heading's text
//   beside a big initial all share the baseline;
// - bigger is never a script: a drop cap or an initial is the line's odd one out upwards;
// - a script hangs on text before it (no wide gap, not overlapping it), so a lone footnote mark
//   in a table cell, a limit centred under a big operator or a label under an arrow stays put;
// - a line apart joins a line only when all its glyphs are scripts of it, in a gap of its text.
import { isBlank, type FractionPart, type PdfChar, type PdfLine, type Script } from '../page-content';
import { isTallBar, OPENING_BRACKETS } from './extensible-delimiters';
import { linearChars } from './fractions';
import { isHungGlyph } from './tex-fonts';
import { dominantSize } from './text-lines';

/** A script glyph is at most this share of its line's text size (TeX: 0.7, Word: ~0.65). */
const SCRIPT_SIZE_RATIO = 0.8;
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

/** The size and baseline of a line's text proper. */
interface LineBody {
  size: number;
  baseline: number;
}

/** A line's fractions (PdfChar.fraction) stand off its baseline: its body is its other text's, when it has some. */
function bodyOf(chars: readonly PdfChar[]): LineBody | undefined {
  const all = chars.filter((c) => !isBlank(c));
  const own = all.filter((c) => c.fraction === undefined);
  const ink = own.length ? own : all;
  if (ink.length === 0) return undefined;
  const size = dominantSize(ink);
  // TeX's sized brackets hang under their origins, off the baseline ("((a′" of a matrix in a bracket).
  const sized = ink.filter((c) => c.size === size);
  const onBaseline = sized.some((c) => !isHungGlyph(c)) ? sized.filter((c) => !isHungGlyph(c)) : sized;
  const baselines = onBaseline.map((c) => c.baseline).sort((a, b) => a - b);
  return { size, baseline: baselines[Math.floor(baselines.length / 2)] };
}

/**
 * Whether the glyph's size and height say superscript or subscript of a line with this body. After
 * a tall bar (`anchor`, \left\| … \right\|², the evaluation bar of \right|_{t=0}) TeX raises a
 * superscript to the bar's top and lowers a subscript to its foot: anywhere over the line's text up
 * to there is a superscript of it, anywhere under it beside the bar a subscript.
 */
function scriptShape(c: PdfChar, body: LineBody, anchor?: PdfChar): Script | undefined {
  if (c.size > SCRIPT_SIZE_RATIO * body.size) return undefined;
  const rise = (body.baseline - c.baseline) / body.size;
  if (anchor && isTallBar(anchor) && rise >= RAISE_EMS.min && c.baseline >= anchor.box.y0) return 'super';
  if (anchor && isTallBar(anchor) && -rise >= DROP_EMS.min && c.box.y0 < anchor.box.y1) return 'sub';
  if (rise >= RAISE_EMS.min && rise <= RAISE_EMS.max) return 'super';
  if (-rise >= DROP_EMS.min && -rise <= DROP_EMS.max) return 'sub';
  return undefined;
}

/** An opening bracket takes no script. */
const opens = (c: PdfChar) => OPENING_BRACKETS.has(c.text);

/**
 * Whether a glyph starting at x hangs on `anchor`, the last glyph of the line's text before it:
 * not before the anchor's end, and no wider a gap from the last glyph before it (the anchor, or a
 * script stacked or run on after it).
 */
function hangsOn(x: number, anchor: PdfChar | undefined, lastInk: PdfChar | undefined, body: LineBody): boolean {
  return anchor !== undefined && !opens(anchor) && lastInk !== undefined && x >= anchor.box.x1 - OVERLAP_EMS * body.size && x - lastInk.box.x1 <= ATTACHED_GAP_EMS * body.size;
}

/**
 * The characters of one line (in reading order) with their scripts marked; a space between two
 * scripts of a kind is one of them. A fraction's numerator and denominator are rows of their own:
 * their scripts are theirs (the ² of (cx + d)²), and on the line a fraction is text, never a script.
 */
function markScripts(chars: readonly PdfChar[]): PdfChar[] {
  const parts = new Map<FractionPart, PdfChar[]>();
  for (const c of chars) if (c.fraction) parts.set(c.fraction, [...(parts.get(c.fraction) ?? []), c]);
  const marked = markRow(chars, false);
  if (parts.size === 0) return marked;
  const inParts = new Map([...parts.values()].flatMap((part) => {
    const markedPart = markRow(part, true);
    return part.map((c, i) => [c, markedPart[i]] as const);
  }));
  return marked.map((c, i) => inParts.get(chars[i]) ?? c);
}

/** `inPart`: the characters are one part of a fraction, else a line whose fractions are left as they are. */
function markRow(chars: readonly PdfChar[], inPart: boolean): PdfChar[] {
  const body = bodyOf(chars);
  if (!body) return [...chars];
  let anchor: PdfChar | undefined;
  let lastInk: PdfChar | undefined;
  const marked = chars.map((c): PdfChar => {
    if (isBlank(c)) return c;
    if (c.fraction && !inPart) {
      anchor = lastInk = c;
      return c;
    }
    const shape = scriptShape(c, body, anchor);
    const script = shape && hangsOn(c.box.x0, anchor, lastInk, body) ? shape : undefined;
    // What stands off the baseline after an opening bracket is its contents (a binomial's rows), no script of it or of one another.
    if (!script && !(shape && anchor && opens(anchor))) anchor = c;
    lastInk = c;
    return script ? { ...c, script } : c;
  });
  return marked.map((c, i) => {
    const [before, after] = [marked[i - 1]?.script, marked[i + 1]?.script];
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
  const shapes = ink.map((c) => scriptShape(c, body, host[anchorAt]));
  if (shapes.some((s) => s === undefined)) return undefined;
  const text = host.filter((c) => !isBlank(c) && c.script === undefined);
  // The scripts stand in a gap of the line's text, right after its glyph before them.
  if (text.some((c) => c.box.x1 > x0 + slack && c.box.x0 < x1 - slack)) return undefined;
  // After the anchor and the scripts on it already (a subscript under a superscript).
  let at = anchorAt + 1;
  while (at < host.length && host[at].script !== undefined) at++;
  if (!hangsOn(x0, host[anchorAt], host[lastIndexOf(host.slice(0, at), (c) => !isBlank(c))], body)) return undefined;
  const marked = scripts.map((c): PdfChar => (isBlank(c) ? c : { ...c, script: shapes[ink.indexOf(c)] }));
  // A space MuPDF put in for the scripts' room goes.
  const rest = host.slice(at);
  const firstKept = rest.findIndex((c) => !(isBlank(c) && c.box.x1 <= x1 + slack && c.box.x0 >= x0 - slack));
  return [...host.slice(0, at), ...marked, ...(firstKept === -1 ? [] : rest.slice(firstKept))];
}

/** Whether MuPDF's line could be scripts read apart from their line: short, upright and small. */
function mayBeScriptLine(line: PdfLine): boolean {
  const ink = line.chars.filter((c) => !isBlank(c));
  return line.direction === undefined && ink.length > 0 && ink.length <= MAX_SCRIPT_LINE_GLYPHS && ink.every((c) => c.picture === undefined && c.fraction === undefined);
}

/** The page's lines with scripts marked, and lines of scripts read apart put back into their lines. */
export function withScripts(lines: readonly PdfLine[]): PdfLine[] {
  const result: (PdfLine | undefined)[] = lines.map((line) => (line.direction ? line : { ...line, chars: markScripts(line.chars) }));
  // Heights only: a script stays within its line's height, wherever MuPDF put it.
  const heights = lines.map(({ chars }) => ({ y0: Math.min(...chars.map((c) => c.box.y0)), y1: Math.max(...chars.map((c) => c.box.y1)) }));
  result.forEach((line, index) => {
    if (!line || !mayBeScriptLine(line)) return;
    const { y0, y1 } = heights[index];
    for (const [hostIndex, host] of result.entries()) {
      if (!host || hostIndex === index || host.direction || y1 < heights[hostIndex].y0 || y0 > heights[hostIndex].y1) continue;
      const joined = withScriptsOf(host.chars, line.chars);
      if (!joined) continue;
      result[hostIndex] = { ...host, chars: joined };
      result[index] = undefined;
      return;
    }
  });
  return result.filter((line): line is PdfLine => line !== undefined);
}
