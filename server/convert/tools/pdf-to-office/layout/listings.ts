// Code listings: consecutive lines set wholly in a fixed-width (typewriter) font. The white space
// inside them is part of the text — indentation, a mnemonic's operands aligned a few cells on, a
// comment far to the right — so a listing is read as one piece, line by line: never split into
// columns at its inner gaps, never joined into a flowing paragraph, and each line keeps its
// spaces, counted in character cells from the glyphs' x positions (tracemonkey.pdf's Figure 4:
// MuPDF gives each instruction and its comment as separate lines, which the gaps between
// mnemonics and operands, read as a gutter, sent to separate columns). A code word inside a
// line of prose leaves that line prose: only lines with no other font take part.
import { median } from '../median';
import { isBlank, unionBox, type Box, type PdfChar } from '../page-content';
import type { ParagraphBlock, TextRun } from './blocks';
import { appendToRuns } from './paragraphs';
import type { Placed } from './reading-order';
import type { TextLine } from './text-lines';

/** Typewriter faces by name: Courier, Consolas, *Mono (LMMono, DejaVu Sans Mono…), TeX's cmtt/lmtt/ectt/sftt… */
const FIXED_WIDTH_NAME = /mono|courier|consol|typewriter|menlo|monaco|inconsolata|(source|fira|cascadia|jetbrains)\s?code|(^|[^a-z])(cm|ec|tc|sf|lm|tx|t1x?)?tt\d/i;
/** Glyph advances of one font within this share of each other are one pitch. */
const PITCH_TOLERANCE = 0.03;
/** A font is judged by its advances only from this many glyphs on the page… */
const MIN_PITCH_SAMPLES = 12;
/** …among them narrow and wide ones, which a proportional face draws at different widths (digits alone do not tell). */
const NARROW = /^[iIl1.,:;'!|]$/;
const WIDE = /^[mMwW@]$/;
/** Lines of one listing: the next baseline at most this many font sizes below (a blank line between fits). */
const MAX_LINE_ADVANCE_EMS = 2.8;
/**
 * A listing has at least this many lines: one or two lines of typewriter text (a long address
 * broken over two lines) stay in the prose around them.
 */
const MIN_LISTING_LINES = 3;
/** A glyph this close (in cells) to a cell's edge is on the listing's grid. */
const GRID_SLACK = 0.25;

/** A run of fixed-width lines read as one block: its lines hold the spaces their glyphs' places say. */
export interface Listing {
  kind: 'listing';
  box: Box;
  /** Top to bottom; each starts at the listing's left edge (indentation as spaces). */
  lines: TextLine[];
  size: number;
  /** The advance of one character cell (points). */
  pitch: number;
}

const inked = (c: PdfChar) => !isBlank(c);
const advance = (c: PdfChar) => c.box.x1 - c.box.x0;

/**
 * Which fonts of the page set every glyph at one pitch: by name, or by their glyphs on the page
 * (every advance the same, narrow letters and wide ones alike), for faces with unknown names.
 */
export function fixedWidthFonts(chars: readonly PdfChar[]): (fontName: string) => boolean {
  const widths = new Map<string, PdfChar[]>();
  for (const c of chars) {
    if (!inked(c) || c.picture !== undefined || [...c.text].length !== 1) continue;
    const glyphs = widths.get(c.font.name) ?? [];
    glyphs.push(c);
    widths.set(c.font.name, glyphs);
  }
  const byPitch = new Set(
    [...widths]
      .filter(([, glyphs]) => {
        if (glyphs.length < MIN_PITCH_SAMPLES || !glyphs.some((c) => NARROW.test(c.text)) || !glyphs.some((c) => WIDE.test(c.text))) return false;
        const ems = glyphs.map((c) => advance(c) / c.size);
        const typical = median(ems);
        return typical > 0 && ems.every((em) => Math.abs(em - typical) <= PITCH_TOLERANCE * typical);
      })
      .map(([name]) => name),
  );
  return (name) => FIXED_WIDTH_NAME.test(name) || byPitch.has(name);
}

/** A piece of a row of fixed-width text: lines on one baseline that sit on one character grid. */
interface Segment {
  pieces: TextLine[];
  box: Box;
  baseline: number;
  size: number;
  pitch: number;
}

const pitchOf = (line: TextLine) => median(line.chars.filter((c) => inked(c) && [...c.text].length === 1).map(advance));
const samePitch = (a: number, b: number) => Math.abs(a - b) <= PITCH_TOLERANCE * Math.max(a, b);
const onGrid = (x: number, origin: number, pitch: number) => {
  const cells = (x - origin) / pitch;
  return Math.abs(cells - Math.round(cells)) <= GRID_SLACK;
};
const sameBaseline = (a: { baseline: number; size: number }, b: { baseline: number; size: number }) => Math.abs(a.baseline - b.baseline) <= 0.25 * Math.max(a.size, b.size);
const overlapsAcross = (a: Box, from: number, to: number) => a.x0 < to && a.x1 > from;

/** The fixed-width lines of each baseline, joined where they lie on one grid with nothing else between them. */
function segmentsOf(candidates: readonly TextLine[], others: readonly TextLine[]): Segment[] {
  const segments: Segment[] = [];
  for (const line of [...candidates].sort((a, b) => a.baseline - b.baseline || a.box.x0 - b.box.x0)) {
    const pitch = pitchOf(line);
    const last = segments.at(-1);
    const between = (from: number, to: number) => others.some((o) => sameBaseline(o, line) && overlapsAcross(o.box, from, to));
    if (
      last &&
      sameBaseline(last, line) &&
      Math.abs(last.size - line.size) <= 0.15 * line.size &&
      samePitch(last.pitch, pitch) &&
      onGrid(line.box.x0, last.box.x0, last.pitch) &&
      !between(last.box.x1, line.box.x0)
    ) {
      last.pieces.push(line);
      last.box = unionBox([last.box, line.box]);
    } else {
      segments.push({ pieces: [line], box: line.box, baseline: line.baseline, size: line.size, pitch });
    }
  }
  return segments;
}

/** Segments stacked one below the other on one grid, with no other text between them. */
function stacksOf(segments: readonly Segment[], others: readonly TextLine[]): Segment[][] {
  const stacks: Segment[][] = [];
  for (const segment of segments) {
    const fits = (stack: Segment[]) => {
      const last = stack.at(-1)!;
      const box = unionBox(stack.map((s) => s.box));
      const step = segment.baseline - last.baseline;
      const [from, to] = [Math.min(box.x0, segment.box.x0), Math.max(box.x1, segment.box.x1)];
      return (
        step > 0.5 * segment.size &&
        step <= MAX_LINE_ADVANCE_EMS * segment.size &&
        Math.abs(last.size - segment.size) <= 0.15 * segment.size &&
        samePitch(last.pitch, segment.pitch) &&
        overlapsAcross(segment.box, box.x0, box.x1) &&
        onGrid(segment.box.x0, box.x0, last.pitch) &&
        !others.some((o) => o.baseline > last.baseline && o.baseline < segment.baseline + 0.25 * segment.size && overlapsAcross(o.box, from, to))
      );
    };
    const stack = stacks.filter(fits).sort((a, b) => b.at(-1)!.baseline - a.at(-1)!.baseline)[0];
    if (stack) stack.push(segment);
    else stacks.push([segment]);
  }
  return stacks;
}

/** A space in the cell at `column`, looking like the glyph after it (so runs do not split for it). */
function cellSpace(next: PdfChar, left: number, column: number, pitch: number): PdfChar {
  const { picture: _, link: __, ...look } = next;
  return { ...look, text: ' ', box: { ...next.box, x0: left + column * pitch, x1: left + (column + 1) * pitch } };
}

/** One row of the listing from its left edge: each glyph in its cell, the cells before it spaces. */
function listingLine(segment: Segment, left: number, pitch: number): TextLine {
  const glyphs = segment.pieces.flatMap((p) => p.chars.filter(inked)).sort((a, b) => a.box.x0 - b.box.x0);
  const chars: PdfChar[] = [];
  let column = 0;
  for (const glyph of glyphs) {
    const at = Math.max(column, Math.round((glyph.box.x0 - left) / pitch));
    for (; column < at; column++) chars.push(cellSpace(glyph, left, column, pitch));
    chars.push(glyph);
    column = at + Math.max(1, Math.round(advance(glyph) / pitch));
  }
  const text = chars.map((c) => c.text).join('');
  return { chars, box: unionBox([segment.box, ...chars.map((c) => c.box)]), text, size: segment.size, baseline: segment.baseline, preformatted: true };
}

/**
 * Splits the page's lines into code listings and the rest. `fixedWidth` says which fonts are
 * typewriter faces (fixedWidthFonts); a line takes part when every glyph of it is in one.
 */
export function findListings(lines: readonly TextLine[], fixedWidth: (fontName: string) => boolean): { listings: Listing[]; rest: TextLine[] } {
  const isCandidate = (line: TextLine) => line.chars.every((c) => !inked(c) || fixedWidth(c.font.name)) && pitchOf(line) > 0;
  const candidates = lines.filter(isCandidate);
  const others = lines.filter((l) => !isCandidate(l));
  const listings: Listing[] = [];
  const inListings = new Set<TextLine>();
  for (const stack of stacksOf(segmentsOf(candidates, others), others)) {
    if (stack.length < MIN_LISTING_LINES) continue;
    const pitch = median(stack.map((s) => s.pitch));
    const left = Math.min(...stack.map((s) => s.box.x0));
    const listingLines = stack.map((segment) => listingLine(segment, left, pitch));
    listings.push({ kind: 'listing', box: unionBox(listingLines.map((l) => l.box)), lines: listingLines, size: median(stack.map((s) => s.size)), pitch });
    for (const segment of stack) for (const piece of segment.pieces) inListings.add(piece);
  }
  return { listings, rest: lines.filter((l) => !inListings.has(l)) };
}

/**
 * The listing as one paragraph whose text keeps its spaces and breaks its lines with '\n' (a
 * blank line where the baselines leave room for one); writers set it in a fixed-width face.
 */
export function listingParagraph({ item: listing, columnLeft }: Placed<Listing>): ParagraphBlock {
  const { lines } = listing;
  const steps = lines.slice(1).map((line, i) => line.baseline - lines[i].baseline);
  const leading = Math.min(...steps, Infinity);
  const runs: TextRun[] = [];
  lines.forEach((line, index) => {
    if (index > 0) {
      const breaks = Math.max(1, Math.round(steps[index - 1] / leading));
      appendToRuns(runs, '\n'.repeat(breaks), { ...line.chars[0], picture: undefined }, line.size, undefined);
    }
    for (const c of line.chars) appendToRuns(runs, c.text, c, line.size);
  });
  const indentLeft = listing.box.x0 - columnLeft;
  return {
    kind: 'paragraph',
    box: listing.box,
    runs,
    size: listing.size,
    lineCount: runs.reduce((count, run) => count + (run.text.match(/\n/g)?.length ?? 0), 1),
    alignment: 'left',
    indentLeft: indentLeft < 2 ? 0 : indentLeft,
    firstLineIndent: 0,
    spaceBefore: 0,
    preformatted: true,
  };
}
