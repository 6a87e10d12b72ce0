// Text set over and under a big operator or a long arrow: the limits of a display ∑ ⋃ ⋂ ∫ (TeX's
// \sum_{k=0}^{n}) and the label over \xRightarrow{Satz 4.1}. MuPDF reads the upper limit as a line
// of its own above the formula, the operator as another, the lower limit as a third below it, and
// a label as a line before or after the arrow's. Here each stack is put back into the line it stands
// in, where a reader reads it (as pdftotext and pdf.js do): the upper limit or label, the operator or
// arrow, the lower limit, in the operator's place among the line's text; the line's pieces MuPDF
// read apart around the operator become one line again. A tall bar built from pieces
// (extensible-delimiters.ts), which MuPDF also reads as a line apart, joins its line the same way,
// and so does a text-style ∑ MuPDF read apart from its row (its limits beside it are scripts,
// sub-superscripts.ts).
// The writers set them as plain text, Word too: an equation's n-ary (m:nary) would need the summand
// it applies to, which the page does not mark (TeX's (−1)^n a_n(K) is plain glyphs after the ∑), and
// a label over an arrow has no equation form Word shows as such; text in the reading order keeps
// every glyph findable and reads as the PDF does in pdftotext and pdf.js. The parts' glyphs go in
// marked (PdfChar.stacked): text over or under the line, no script of it and no measure of the size
// of its own text (sub-superscripts.ts, text-lines.ts), which a two-row note's glyphs outnumber.
//
// A horizontal brace (⏟ ⏞, joined from its pieces in extensible-delimiters.ts) is a base of the
// same kind: its label is the part under (over) it, the text over (under) it what it spans. It is
// read after that text, its label after it: "(A ∩ A₁) ⏟ abgeschlossen", as TeX's \underbrace{…}_{…}.
//
// The test is kept narrow, like the fractions': a stack's parts are smaller than the line's text,
// centred on the operator or arrow, within a few font sizes of the line, and a part is one cluster
// of glyphs (no wide gap), so a line of prose above or below stays where it is.
import { BIG_OPERATORS, isTallBar, OVER_BRACE, UNDER_BRACE } from './extensible-delimiters';
import { boxedOnAxis, isHungGlyph, TEX_EXTENSION_FONT } from './tex-fonts';
import { addedText } from './fractions';
import { dominantSize, rowBaseline, SPACE_ROOM_EMS } from './text-lines';
import { isBlank, unionBox, type Box, type BracePart, type PdfChar, type PdfLine } from '../page-content';

/** A long arrow: TeX draws \xRightarrow and \Longrightarrow as = (or −) glyphs ending in the head. */
const ARROW_SHAFT = new Set([...'=−-']);
const ARROW_HEAD = new Set([...'⇒→⇐←⇔↔']);
/** A relation TeX may set a note over (\stackrel, \overset): "=" under "Binomischer Lehrsatz", ⇒ under "Satz 3". */
const RELATIONS = new Set([...'=≡≤≥≅≃≈∼⇒⇔→←↦⊆⊂']);
/** A limit or a label is at most this share of the line's text size (TeX's script sizes: 0.7, 0.5). */
const PART_SIZE_RATIO = 0.85;
/** How far (line font sizes) a part's baseline lies off the line's: a label from 0.3, a display limit ~1.25. */
const PART_REACH_EMS = { min: 0.3, max: 2 };
/** Of a part's row: a baseline within this many of its font sizes of the row's (its own scripts). */
const ROW_EMS = 0.6;
/** The rows of a stacked limit (\substack) lie at most this far apart (part font sizes). */
const STACK_LINE_EMS = 1.6;
/** A gap wider than this (part font sizes) ends a part: a word space is ~0.3. */
const PART_GAP_EMS = 0.8;
/** How far off the operator's middle (share of the wider's width, at least CENTRE_EMS) a part's middle may lie. */
const CENTRE_SHARE = 0.15;
const CENTRE_EMS = 0.3;
/** How far (line font sizes) the line's text beside the operator may stand from it. */
const HOST_REACH_EMS = 3;
/** Of the line's text: a baseline within this many font sizes of the line's. */
const HOST_ROW_EMS = 0.3;

const middle = (box: { x0: number; x1: number }) => (box.x0 + box.x1) / 2;

/** An operator, an arrow or a brace: its glyphs, and the baseline and size of the text it stands in (a brace: spans). */
interface Base {
  chars: PdfChar[];
  baseline: number;
  size: number;
  /** A brace's label is on one side only: under an underbrace (+1), over an overbrace (-1). */
  labelSide?: -1 | 1;
  /** A brace's glyph of the text it spans nearest it: the line holding it is the brace's. */
  spans?: PdfChar;
  /** An arrow or a relation: there is nothing to put in place without a label over it. */
  labelled?: true;
  /** A relation's note is over it only; under it stands the next row's text (a limit of a ∑ beside it). */
  overOnly?: true;
}

/** Where a part's distance is measured from: the text row, or a brace itself (its label may stand under a label of braces it spans). */
const reachFrom = (base: Base) => (base.labelSide ? base.chars[0].baseline : base.baseline);

/**
 * How far (font sizes) the text a brace spans may stand off it: its baseline over an underbrace's
 * top, its top under an overbrace's foot; the labels of the braces it spans may stand between.
 */
const BRACE_REACH_EMS = 2.5;
/** CMEX10's tips are boxed reaching this far (font sizes) over the baseline of the text they span. */
const BRACE_OVERLAP_EMS = 0.6;
const isBrace = (c: PdfChar) => c.text === UNDER_BRACE || c.text === OVER_BRACE;

/** The baseline and size of the row of full-size text nearest a brace on its spanned side (over ⏟, under ⏞); undefined when none. */
function spannedRow(brace: PdfChar, side: -1 | 1, lines: readonly PdfChar[][]): { baseline: number; size: number; spans: PdfChar } | undefined {
  const spanned = lines.flat().filter((c) => {
    if (isBrace(c) || isBlank(c) || c.size < PART_SIZE_RATIO * brace.size || c.box.x1 <= brace.box.x0 || c.box.x0 >= brace.box.x1) return false;
    const off = side < 0 ? brace.box.y0 - c.baseline : c.box.y0 - brace.box.y1;
    return off >= -BRACE_OVERLAP_EMS * c.size && off <= BRACE_REACH_EMS * c.size;
  });
  if (spanned.length === 0) return undefined;
  const nearest = spanned.reduce((a, b) => (side * (b.baseline - a.baseline) < 0 ? b : a));
  return { baseline: nearest.baseline, size: nearest.size, spans: nearest };
}

/** The long arrows of a line: a run of shaft glyphs ending in a head (==⇒, −−→; one drawn head first is left as it is). */
function arrowsOf(chars: readonly PdfChar[]): PdfChar[][] {
  const arrows: PdfChar[][] = [];
  for (let i = 0; i < chars.length; i++) {
    let end = i;
    while (end < chars.length && ARROW_SHAFT.has(chars[end].text)) end++;
    const headAfter = end < chars.length && ARROW_HEAD.has(chars[end].text) && end > i;
    if (headAfter) {
      arrows.push(chars.slice(i, end + 1));
      i = end;
    }
  }
  return arrows;
}

/**
 * TeX's extension fonts hang a display operator under its origin, centred on the math axis: its text
 * row's baseline lies some 0.85 font sizes (0.7 for a text-style one) under the glyph's, 1.36 under
 * a display ∫'s (CMEX10's integraldisplay, 2.22 font sizes deep).
 */
const TEX_HANG_EMS = 0.85;
const TEX_DISPLAY_INTEGRAL_HANG_EMS = 1.36;
const INTEGRALS = new Set([...'∫∮']);

/** How deep under the operator's origin the baseline of its row may lie (font sizes). */
function hangsOf(op: PdfChar): number[] {
  // A bar built from pieces already has its text's baseline (extensible-delimiters.ts).
  if (!TEX_EXTENSION_FONT.test(op.font.name) || isTallBar(op)) return [0];
  return INTEGRALS.has(op.text) ? [TEX_HANG_EMS, TEX_DISPLAY_INTEGRAL_HANG_EMS] : [TEX_HANG_EMS];
}

/** The baseline and size of the full-size text nearest the operator on either side, within reach; undefined when none. */
function hostRow(op: PdfChar, lines: readonly PdfChar[][]): { baseline: number; size: number } | undefined {
  const expected = hangsOf(op).map((hang) => op.baseline + hang * op.size);
  const beside = lines
    .flat()
    .filter((c) => c !== op && !isBlank(c) && c.size >= PART_SIZE_RATIO * op.size && expected.some((y) => Math.abs(c.baseline - y) <= PART_REACH_EMS.min * op.size) && !BIG_OPERATORS.has(c.text))
    .map((c) => ({ c, gap: Math.max(op.box.x0 - c.box.x1, c.box.x0 - op.box.x1) }))
    .filter(({ gap }) => gap >= -CENTRE_EMS * op.size && gap <= HOST_REACH_EMS * op.size);
  if (beside.length === 0) return undefined;
  const nearest = beside.reduce((a, b) => (b.gap < a.gap ? b : a)).c;
  return { baseline: nearest.baseline, size: nearest.size };
}

/** The horizontal braces of the page, with the text rows they span. */
function bracesOf(lines: readonly PdfChar[][]): Base[] {
  return lines.flatMap((chars) =>
    chars.filter(isBrace).flatMap((brace): Base[] => {
      const labelSide = brace.text === UNDER_BRACE ? 1 : -1;
      const row = spannedRow(brace, labelSide === 1 ? -1 : 1, lines);
      return row ? [{ chars: [brace], ...row, labelSide }] : [];
    }),
  );
}

/** The operators, long arrows and relations of the page, with the text rows they stand in. */
function basesOf(lines: readonly PdfChar[][]): Base[] {
  const bases: Base[] = [];
  for (const chars of lines) {
    const arrows = arrowsOf(chars);
    for (const arrow of arrows) {
      const head = arrow.find((c) => ARROW_HEAD.has(c.text))!;
      bases.push({ chars: arrow, baseline: head.baseline, size: head.size, labelled: true });
    }
    const inArrow = new Set(arrows.flat());
    for (const relation of chars.filter((c) => RELATIONS.has(c.text) && !inArrow.has(c))) {
      bases.push({ chars: [relation], baseline: relation.baseline, size: relation.size, labelled: true, overOnly: true });
    }
    for (const op of chars.filter((c) => BIG_OPERATORS.has(c.text) || isTallBar(c))) {
      const row = hostRow(op, lines);
      if (row) bases.push({ chars: [op], ...row });
    }
  }
  return bases;
}

/** The cluster of the row of `nearest` around the base's middle, when it stands centred on the base. */
function centredCluster(base: Base, nearest: PdfChar, over: readonly PdfChar[], candidates: readonly PdfChar[]): PdfChar[] | undefined {
  const box = unionBox(base.chars.map((c) => c.box));
  // The whole row, however far it runs: a line of prose over the operator is no centred part.
  const row = candidates.filter((c) => c.size <= PART_SIZE_RATIO * base.size && Math.abs(c.baseline - nearest.baseline) <= ROW_EMS * nearest.size).sort((a, b) => a.box.x0 - b.box.x0);
  // Glyphs joined by gaps no wider than a word space, from the one nearest the base's middle.
  const seed = row.filter((c) => over.includes(c)).reduce((a, b) => (Math.abs(middle(b.box) - middle(box)) < Math.abs(middle(a.box) - middle(box)) ? b : a));
  let [first, last] = [row.indexOf(seed), row.indexOf(seed)];
  const joined = (a: PdfChar, b: PdfChar) => b.box.x0 - a.box.x1 <= PART_GAP_EMS * Math.max(a.size, b.size);
  while (first > 0 && joined(row[first - 1], row[first])) first--;
  while (last < row.length - 1 && joined(row[last], row[last + 1])) last++;
  const part = row.slice(first, last + 1);
  const partBox = unionBox(part.map((c) => c.box));
  const slack = Math.max(CENTRE_SHARE * Math.max(partBox.x1 - partBox.x0, box.x1 - box.x0), CENTRE_EMS * base.size);
  return Math.abs(middle(partBox) - middle(box)) <= slack ? part : undefined;
}

/**
 * The part over (`side` -1) or under (+1) the base, as its rows top to bottom: the centred cluster
 * of small glyphs of the row nearest the base's text row on that side, and the rows of a stacked
 * limit (\substack) beyond it, one part-size line apart, while they stand centred too.
 */
function partOf(base: Base, side: -1 | 1, candidates: readonly PdfChar[]): PdfChar[][] {
  const box = unionBox(base.chars.map((c) => c.box));
  const small = candidates.filter((c) => c.size <= PART_SIZE_RATIO * base.size && c.box.x1 > box.x0 && c.box.x0 < box.x1);
  // The first row is that of the nearest glyph over (under) the base itself: a script beside it is no part.
  let pool = small.filter((c) => {
    const off = (side * (c.baseline - reachFrom(base))) / base.size;
    return off >= PART_REACH_EMS.min && off <= PART_REACH_EMS.max;
  });
  const rows: PdfChar[][] = [];
  while (pool.length > 0) {
    const nearest = pool.reduce((a, b) => (side * (b.baseline - a.baseline) < 0 ? b : a));
    const row = centredCluster(base, nearest, pool, candidates);
    if (!row) break;
    rows.push(row);
    pool = small.filter((c) => {
      const off = (side * (c.baseline - nearest.baseline)) / nearest.size;
      return off > ROW_EMS && off <= STACK_LINE_EMS;
    });
  }
  return side < 0 ? rows.reverse() : rows;
}

/**
 * Whether another operator or arrow under or over the part stands nearer it: a label between two
 * arrows one under the other (GeoTopo's "f stetig ====⇒ … Kompakt =====⇒") is the lower one's.
 */
function nearerAnother(part: readonly PdfChar[], base: Base, bases: readonly Base[]): boolean {
  if (part.length === 0) return false;
  const box = unionBox(part.map((c) => c.box));
  const distance = (b: Base) => Math.abs(part[0].baseline - reachFrom(b));
  return bases.some((other) => {
    // A brace's label side only: a label under one brace may stand over a wider one spanning it.
    // A relation within the part ("k=0") is the part's own glyph.
    if (other === base || other.chars.some((c) => part.includes(c)) || (other.labelSide && other.labelSide * (part[0].baseline - reachFrom(other)) < 0)) return false;
    const otherBox = unionBox(other.chars.map((c) => c.box));
    return otherBox.x0 < box.x1 && otherBox.x1 > box.x0 && distance(other) < distance(base);
  });
}

/** How near (font sizes of the text) a script starts to the end of the text it hangs on. */
const SCRIPT_GAP_EMS = 0.3;
/** Where a script's baseline lies off its text's (text font sizes, down positive): a superscript to -0.45, a subscript to +0.35. */
const SCRIPT_SHIFT_EMS = { min: -0.45, max: 0.35 };

/**
 * Whether `glyph` starts a script of text of `textSize` (the subscript of a line above, an
 * exponent): it starts where such a glyph before it ends, its baseline shifted off that glyph's as a
 * script's is (a note's own subscript, SL₂, hangs on the note's smaller glyphs and does not count). A note over a relation or an arrow stands higher, centred.
 */
function startsScript(glyph: PdfChar, lines: readonly PdfChar[][], textSize: number): boolean {
  return lines.flat().some((c) => {
    if (isBlank(c) || c.size <= glyph.size / PART_SIZE_RATIO || c.size < PART_SIZE_RATIO * textSize || c.box.x0 >= glyph.box.x0) return false;
    const shift = (glyph.baseline - c.baseline) / c.size;
    return Math.abs(glyph.box.x0 - c.box.x1) <= SCRIPT_GAP_EMS * c.size && shift >= SCRIPT_SHIFT_EMS.min && shift <= SCRIPT_SHIFT_EMS.max;
  });
}

/** Whether a label's row is rather a script of text of `textSize` beside it (startsScript: its first glyph). */
function hangsOnText(row: readonly PdfChar[], lines: readonly PdfChar[][], textSize: number): boolean {
  return startsScript(row.reduce((a, b) => (b.box.x0 < a.box.x0 ? b : a)), lines, textSize);
}

/** A note over a relation is words ("Def. 55.b", "Binomischer Lehrsatz"): two letters in a row. */
const NOTE_WORD = /\p{L}{2}/u;

/**
 * A relation's note, its rows cut where a script of the text beside begins (the exponent of the
 * g in "(g⁻¹ · g)" right after \stackrel{Def. 55.b}{=} joins the note's row); none unless words.
 */
function relationNote(rows: readonly PdfChar[][], lines: readonly PdfChar[][], textSize: number): PdfChar[][] {
  const cut = rows
    .map((row) => {
      const sorted = [...row].sort((a, b) => a.box.x0 - b.box.x0);
      const script = sorted.findIndex((c, i) => i > 0 && startsScript(c, lines, textSize));
      return script === -1 ? sorted : sorted.slice(0, script);
    })
    .filter((row) => row.length > 0);
  return NOTE_WORD.test(cut.flat().map((c) => c.text).join('')) ? cut : [];
}

/**
 * Whether a row over a relation is rather a limit of a big operator in the line above it (a ∑ whose
 * "k=0" happens to stand over the next line's "="): it lies under or over an operator's glyph,
 * at most half its font size to its side, within two of its font sizes under or over it (not
 * beside it, as a note over a relation before a ∑ may stand).
 */
function underOperator(row: readonly PdfChar[], lines: readonly PdfChar[][]): boolean {
  const box = unionBox(row.map((c) => c.box));
  // An operator's glyph box is its advance, narrower than a display ∑'s ink: half an em of slack.
  return lines.flat().some((op) => {
    if (!BIG_OPERATORS.has(op.text) || Math.max(op.box.x0 - box.x1, box.x0 - op.box.x1) > op.size / 2) return false;
    const under = box.y0 - op.box.y1;
    const over = op.box.y0 - box.y1;
    return (under >= -0.1 * op.size && under <= 2 * op.size) || (over >= -0.1 * op.size && over <= 2 * op.size);
  });
}

/** The part's glyphs left to right with the spaces of their lines between them. */
function withSpaces(part: readonly PdfChar[], lines: readonly PdfChar[][]): PdfChar[] {
  if (part.length === 0) return [];
  const box = unionBox(part.map((c) => c.box));
  const inPart = new Set(part);
  const spaces = lines.filter((chars) => chars.some((c) => inPart.has(c))).flatMap((chars) => chars.filter((c) => isBlank(c) && middle(c.box) > box.x0 && middle(c.box) < box.x1 && Math.abs(c.baseline - part[0].baseline) <= ROW_EMS * part[0].size));
  return [...part, ...spaces].sort((a, b) => middle(a.box) - middle(b.box));
}

/** The baseline of a line's full-size text, undefined when it has none. */
function ownBaseline(chars: readonly PdfChar[]): number | undefined {
  const ink = chars.filter((c) => !isBlank(c));
  return ink.length === 0 ? undefined : rowBaseline(ink);
}

/**
 * A brace and its label (`stack`) as they go in before `hostChars[at]`, set off by spaces from the
 * text before and after (that has none there): "(A ∩ A₁) ⏟ abgeschlossen ∪". When what it spans
 * (the host's glyphs before, within its span `box`) is plain text, all three are marked as one
 * brace's parts (the spanned glyphs in place) for Word to set as one.
 */
function bracePlaced(stack: readonly PdfChar[], hostChars: PdfChar[], at: number, box: Box, markedAs: Map<PdfChar, PdfChar>): PdfChar[] {
  let start = at;
  while (start > 0 && middle(hostChars[start - 1].box) >= box.x0) start--;
  while (start < at && isBlank(hostChars[start])) start++;
  const spanned = hostChars.slice(start, at);
  const plain = spanned.some((c) => !isBlank(c)) && spanned.every((c) => !c.matrix && !c.fraction && !c.picture && !c.link && !c.brace);
  const of = { char: stack[0].text };
  // One part object each: a run of glyphs goes on while it stays the same.
  const parts = { base: { of, part: 'base' }, brace: { of, part: 'brace' }, label: { of, part: 'label' } } as const;
  const marked = (c: PdfChar, part: BracePart['part']): PdfChar => (plain ? { ...c, brace: parts[part] } : c);
  for (let i = start; i < at; i++) {
    const mark = marked(hostChars[i], 'base');
    markedAs.set(hostChars[i], mark);
    hostChars[i] = mark;
  }
  const space = (part: BracePart['part']) => marked(addedText(' ', stack[0]), part);
  const label = stack.slice(1).map((c) => marked(c, 'label'));
  const [before, after] = [hostChars[at - 1], hostChars[at]];
  return [
    ...(before && !isBlank(before) ? [space('brace')] : []),
    marked(stack[0], 'brace'),
    ...(label.length > 0 ? [space('brace'), ...label] : []),
    ...(after && !isBlank(after) ? [addedText(' ', stack[0])] : []),
  ];
}

/**
 * A part holding a fraction (a brace's label \frac{∂²F}{∂u_j∂u_i}(p)) as one row, its words' spaces
 * in: each fraction whole (its glyphs among `candidates`, scripts lower than the part's rows reach
 * too), its numerator then its denominator, at its bar's place among the part's other glyphs. A
 * fraction that reaches past the part's side (`onSide`: a brace's rule read as a bar, the brace's
 * text its numerator) is none of the part's.
 */
function withWholeFractions(rows: readonly PdfChar[][], candidates: readonly PdfChar[], lines: readonly PdfChar[][], onSide: (c: PdfChar) => boolean): PdfChar[] {
  const glyphs = rows.flatMap((row) => withSpaces(row, lines));
  const fractions = new Set(glyphs.flatMap((c) => (c.fraction ? [c.fraction.of] : [])));
  const whole = candidates.filter((c) => c.fraction && fractions.has(c.fraction.of));
  for (const c of whole) if (!onSide(c)) fractions.delete(c.fraction!.of);
  const part = new Set([...glyphs.filter((c) => !c.fraction || fractions.has(c.fraction.of)), ...whole.filter((c) => fractions.has(c.fraction!.of))]);
  const key = (c: PdfChar) => (c.fraction ? [c.fraction.of.bar.x0, c.fraction.part === 'numerator' ? 0 : 1, c.box.x0] : [c.box.x0, 0, 0]);
  return [...part].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

/** Whether the base's glyphs stand in a line whose own text is not on the base's row (MuPDF read the operator apart from it). */
function readApart(base: Base, entries: readonly { line: PdfLine }[]): boolean {
  const own = entries.find(({ line }) => line.chars.includes(base.chars[0]))?.line.chars ?? [];
  const baseline = ownBaseline(own);
  return baseline !== undefined && Math.abs(baseline - base.baseline) > HOST_ROW_EMS * base.size;
}

const inkBox = (chars: readonly PdfChar[]) => unionBox(chars.filter((c) => !isBlank(c)).map((c) => c.box));

/**
 * Where a piece of a row starts: at its first glyph of its text's size. A script it starts with
 * reaches back under the glyph before it: MuPDF reads a ∫'s lower limit with the text after it
 * ("a ‖γ′(t)‖ dt" under the "b" read with the ∫ of \int_a^b), which goes after the "b".
 */
function pieceStart(chars: readonly PdfChar[]): number {
  const ink = chars.filter((c) => !isBlank(c));
  const size = Math.max(...ink.map((c) => c.size));
  return Math.min(...ink.filter((c) => c.size >= PART_SIZE_RATIO * size).map((c) => c.box.x0));
}

/**
 * A space before a stack put in among its line's text (`placed`, after `previous`) where the page
 * leaves room between them: the pieces around a stack are joined as MuPDF read them, and one
 * ending where the page leaves a word's room or TeX's space before an operator ("a) ∫_V", "ist
 * ∫_S", "= ∫_a^b") has no space of its own. A brace sets its own spaces (bracePlaced).
 */
function roomBefore(previous: PdfChar | undefined, placed: readonly PdfChar[], base: Base): PdfChar[] {
  if (base.labelSide || !previous || isBlank(previous)) return [];
  const start = Math.min(...placed.filter((c) => !isBlank(c)).map((c) => c.box.x0));
  return start - previous.box.x1 > SPACE_ROOM_EMS * base.size ? [{ ...addedText(' ', base.chars[0]), box: { ...previous.box, x0: previous.box.x1, x1: start } }] : [];
}

/**
 * The page's lines with each big operator's limits and each long arrow's label read in place:
 * upper part, operator, lower part, in the line the operator stands in.
 */
export function withStackedLimits(lines: readonly PdfLine[]): PdfLine[] {
  return withPartsInPlace(lines, basesOf);
}

/**
 * The page's lines with each horizontal brace and its label read after what it spans, in that
 * text's line. Run once matrices are read in place (a brace under a matrix follows the matrix).
 */
export function withBraceLabels(lines: readonly PdfLine[]): PdfLine[] {
  return withPartsInPlace(lines, bracesOf);
}

function withPartsInPlace(lines: readonly PdfLine[], findBases: (lines: readonly PdfChar[][]) => Base[]): PdfLine[] {
  const upright = lines.filter((line) => !line.direction).map((line) => line.chars);
  const bases = findBases(upright);
  if (bases.length === 0) return [...lines];
  // A relation may itself be part of a limit ("k=0" under ∑): it stays a candidate, and is read as a
  // base only when no operator took it.
  const inBase = new Set(bases.filter((b) => !b.overOnly).flatMap((b) => b.chars));
  // Lines by their order on the page; a merged line keeps the first place of its pieces.
  let entries = lines.map((line, order) => ({ line, order }));
  const taken = new Set<PdfChar>();
  /** The copies of glyphs marked as what a brace spans: a wider brace spanning them finds its line by them. */
  const markedAs = new Map<PdfChar, PdfChar>();
  // Relations after operators and arrows, braces last, the narrower first: a brace over braces comes after them and their labels.
  const width = (base: Base) => (base.labelSide ? base.chars[0].box.x1 - base.chars[0].box.x0 : 0);
  const rank = (base: Base) => (base.labelSide ? 2 : base.overOnly ? 1 : 0);
  for (const base of bases.sort((a, b) => rank(a) - rank(b) || width(a) - width(b) || a.chars[0].box.x0 - b.chars[0].box.x0)) {
    if (base.overOnly && taken.has(base.chars[0])) continue;
    const current = entries.filter((e) => !e.line.direction).map((e) => e.line.chars);
    // A brace's label may be a fraction (GeoTopo's \underbrace{…}_{\frac{∂²F}{∂u_j∂u_i}(p)}), whole: its rows are the fraction's.
    const candidates = current.flat().filter((c) => !isBlank(c) && !inBase.has(c) && !taken.has(c) && c.picture === undefined && (c.fraction === undefined || base.labelSide !== undefined));
    // A tall bar has no parts; it only joins its line.
    const tall = isTallBar(base.chars[0]);
    // A brace's label only on its own side: over an underbrace stands what it spans, with its scripts.
    const sides = ([-1, 1] as const).map((side) => !tall && (base.labelSide ?? side) === side && !(base.overOnly && side === 1));
    const [upper, lower] = sides
      .map((side, i) => (side ? partOf(base, i === 0 ? -1 : 1, candidates) : []))
      // An operator's limit is no script of text beside it (the ∆ⁿ of the line under a ∑ stands under it too).
      .map((rows) => (base.overOnly ? relationNote(rows, current, base.size) : base.labelled || base.labelSide || !rows.some((row) => hangsOnText(row, current, base.size)) ? rows : []))
      .map((rows) => (nearerAnother(rows.flat(), base, bases) ? [] : rows));
    // An arrow or a relation stands alone without its label (a script over it is the text's before);
    // an operator may have only a lower limit (⋃ over i ∈ I); a brace without a label is read after
    // what it spans all the same.
    const noLabel = (rows: PdfChar[][]) => rows.length === 0 || hangsOnText(rows[rows.length - 1], current, base.size) || (base.overOnly === true && rows.some((row) => underOperator(row, current)));
    // An operator without limits over or under it (a text-style ∑ with its limits beside it, as scripts)
    // joins its row only when MuPDF read it as a line apart, as a tall bar does: there its scripts find it.
    if (!tall && !base.labelSide && (base.labelled ? noLabel(upper) : upper.length + lower.length === 0 && !readApart(base, entries))) continue;
    // Rows of a part are words apart ("Binomischer" over "Lehrsatz"); a fraction's rows are its own.
    const spaced = (rows: PdfChar[][]) =>
      rows.some((row) => row.some((c) => c.fraction))
        ? withWholeFractions(rows, candidates, current, (c) => (base.labelSide ?? 1) * (c.baseline - reachFrom(base)) > 0)
        : rows.flatMap((row, k) => [...(k > 0 ? [addedText(' ', row[0])] : []), ...withSpaces(row, current)]);
    const stack = base.labelSide ? [...base.chars, ...spaced(upper), ...spaced(lower)] : [...spaced(upper), ...base.chars, ...spaced(lower)];
    const inStack = new Set(stack);
    for (const c of stack) taken.add(c);
    // The line's pieces beside the operator: the operator's own line and those on its row within reach.
    const box = unionBox(base.chars.map((c) => c.box));
    const hosts = entries.filter(({ line }) => {
      if (line.direction) return false;
      if (line.chars.some((c) => base.chars.includes(c) || (base.spans && (c === base.spans || c === markedAs.get(base.spans))))) return true;
      const rest = line.chars.filter((c) => !inStack.has(c));
      const baseline = ownBaseline(rest);
      if (baseline === undefined || Math.abs(baseline - base.baseline) > HOST_ROW_EMS * base.size) return false;
      // A line of small glyphs only is no piece of the row: the limits of a ∑ beside a relation's note
      // ("k=0" a subscript's drop under the row) are the ∑'s scripts, not text after the relation.
      if (dominantSize(rest.filter((c) => !isBlank(c))) < PART_SIZE_RATIO * base.size) return false;
      const ink = inkBox(rest);
      return Math.max(box.x0 - ink.x1, ink.x0 - box.x1) <= HOST_REACH_EMS * base.size;
    });
    const hostChars = hosts
      .map(({ line }) => line.chars.filter((c) => !inStack.has(c)))
      .filter((chars) => chars.some((c) => !isBlank(c)))
      .sort((a, b) => pieceStart(a) - pieceStart(b))
      .flat();
    // In place: before the first glyph that stands right of the operator's middle (past a brace's end: after what it spans), spaces after its start after it.
    const cut = base.labelSide ? box.x1 : middle(box);
    let at = hostChars.findIndex((c) => !isBlank(c) && middle(c.box) > cut);
    if (at === -1) at = hostChars.length;
    while (at > 0 && isBlank(hostChars[at - 1]) && middle(hostChars[at - 1].box) > box.x0) at--;
    // A limit's, label's or note's glyphs go in marked (PdfChar.stacked): the line's text is not theirs.
    const parts = new Set([...upper, ...lower].flat());
    // An operator of TeX's extension font goes in boxed where it hangs over and under the row (tex-fonts.ts): scripts at its top and foot stand within its height (sub-superscripts.ts).
    const hung = (c: PdfChar) => (!base.labelled && !tall && isHungGlyph(c) ? boxedOnAxis(c, base.baseline, base.size) : c);
    const placed = base.labelSide ? bracePlaced(stack, hostChars, at, box, markedAs) : stack.map((c): PdfChar => (parts.has(c) ? { ...c, stacked: true } : hung(c)));
    for (const c of placed) taken.add(c);
    hostChars.splice(at, 0, ...roomBefore(hostChars[at - 1], placed, base), ...placed);
    const merged = { line: { chars: hostChars }, order: Math.min(...hosts.map((h) => h.order)) };
    // The parts' own lines lose them; one left without ink is gone.
    const rest = entries.filter((e) => !hosts.includes(e));
    entries = [
      ...rest.filter((e) => !e.line.chars.some((c) => inStack.has(c))),
      ...rest
        .filter((e) => e.line.chars.some((c) => inStack.has(c)))
        .map((e) => ({ ...e, line: { ...e.line, chars: e.line.chars.filter((c) => !inStack.has(c)) } }))
        .filter((e) => e.line.chars.some((c) => !isBlank(c))),
      merged,
    ];
  }
  return entries.sort((a, b) => a.order - b.order).map((e) => e.line);
}
