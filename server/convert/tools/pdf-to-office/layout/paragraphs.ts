// Lines in reading order → paragraphs: a line continues the paragraph above when it sits one
// line-advance below in the same column at the same size (the paragraph's own advance, or the
// page's line pitch under its first line), and the line above was full (the next line's first word
// would not have fitted on it). Runs keep bold, italic, size and font.
import { sameLink } from '../extraction/page-links';
import { isBlank, unionBox, type Box, type LinkTarget, type PdfChar } from '../page-content';
import type { Alignment, ParagraphBlock, TextRun } from './blocks';
import { MAX_HANG_EMS } from './extensible-delimiters';
import { addedText } from './fractions';
import { listMarker } from './list-markers';
import type { Placed } from './reading-order';
import { isCjk, lineJoin } from './scripts';
import { setRightAfterScripts } from './sub-superscripts';
import { isHungGlyph } from './tex-fonts';
import { dominantSize, textLine, type TextLine } from './text-lines';

/** Baselines further apart than this many font sizes are not consecutive lines of one paragraph. */
const MAX_LINE_ADVANCE_EMS = 1.9;
const SIZE_TOLERANCE = 0.15;

function firstWordWidth(line: TextLine): number {
  const first = line.chars[0];
  if (isCjk(first.text)) return first.box.x1 - first.box.x0;
  const spaceAt = line.chars.findIndex(isBlank);
  const lastOfWord = line.chars[(spaceAt === -1 ? line.chars.length : spaceAt) - 1];
  return lastOfWord.box.x1 - line.box.x0;
}

const wasFull = (line: TextLine, next: TextLine, columnRight: number) =>
  line.box.x1 + 0.3 * next.size + firstWordWidth(next) >= columnRight - Math.max(2, 0.5 * next.size);

/** A line ending so may end its paragraph. */
const SENTENCE_END = /[.!?:;。！？：；]$/;

/** A paragraph runs on from the foot of one column to the head of the next. */
function continuesInNextColumn(last: Placed<TextLine>, next: Placed<TextLine>): boolean {
  const [previous, line] = [last.item, next.item];
  return (
    Math.abs(line.size - previous.size) <= SIZE_TOLERANCE * previous.size &&
    line.box.y0 < previous.box.y0 &&
    !SENTENCE_END.test(previous.text) &&
    wasFull(previous, line, last.columnRight)
  );
}

/** Line pitches within this share of each other are one (a page's rounding). */
const PITCH_TOLERANCE = 0.02;
/** Further apart than this share beyond the line pitch, two lines had room set between them. */
const SPREAD_ADVANCE = 0.25;

/** Text sizes to within half a point: one key for a size's pitch. */
const sizeKey = (size: number) => Math.round(size * 2) / 2;

/**
 * The page's line pitch for each size of text (sizeKey): the least baseline advance that recurs
 * between lines read one after the other in a column (a row's pieces count once). A typesetter sets a
 * paragraph's lines that far apart, and only a taller line (a formula) or room between paragraphs
 * (TeX's \parskip) further; on a page of formulas those may be as many (GeoTopo's p. 36: three of
 * 13.5 pt, three of 20.3).
 */
export function linePitches(lines: readonly Placed<TextLine>[]): Map<number, number> {
  const advances = new Map<number, number[]>();
  lines.forEach((placed, i) => {
    const before = lines[i - 1];
    if (!before || before.columnLeft !== placed.columnLeft) return;
    const [previous, line] = [before.item, placed.item];
    const advance = line.baseline - previous.baseline;
    if (Math.abs(line.size - previous.size) > SIZE_TOLERANCE * previous.size || advance < line.size || advance > MAX_LINE_ADVANCE_EMS * line.size) return;
    advances.set(sizeKey(line.size), [...(advances.get(sizeKey(line.size)) ?? []), advance]);
  });
  const pitches = new Map<number, number>();
  for (const [size, found] of advances) {
    const sorted = found.sort((a, b) => a - b);
    const pitch = sorted.find((a, i) => i + 1 < sorted.length && sorted[i + 1] - a <= PITCH_TOLERANCE * a);
    if (pitch !== undefined) pitches.set(size, pitch);
  }
  return pitches;
}

const whollyBold = (line: TextLine) => line.chars.every((c) => isBlank(c) || c.font.bold);

/**
 * Where a line was joined from pieces cut at wide gaps (joinSameBaseline): the left edges of the
 * pieces after its first — a symbol list's description column, a table's next cell.
 */
const pieceLefts = new WeakMap<TextLine, number[]>();
/** Within this many points, two pieces start at one column's edge (TeX sets them exactly). */
const COLUMN_EDGE_SLACK = 1;

/**
 * The line has a word after other text starting where a piece of the line above started: the two
 * are rows of one grid (GeoTopo's Symbolverzeichnis, "△ABC  Dreieck mit …" under "AB  Strecke mit
 * …"), not a sentence running on, however full the row above looks.
 */
function nextRowOfGrid(previous: TextLine, line: TextLine): boolean {
  const lefts = pieceLefts.get(previous);
  if (!lefts) return false;
  const startsWord = (c: PdfChar, before: PdfChar) => !isBlank(c) && (isBlank(before) || c.box.x0 - before.box.x1 > 0.2 * line.size);
  return line.chars.some((c, i) => i > 0 && startsWord(c, line.chars[i - 1]) && lefts.some((x) => Math.abs(c.box.x0 - x) <= COLUMN_EDGE_SLACK));
}

function continues(group: Placed<TextLine>[], next: Placed<TextLine>, pitches: ReadonlyMap<number, number>): boolean {
  const previous = group.at(-1)!.item;
  const line = next.item;
  if (listMarker(line.text)) return false;
  // A line wholly in bold under one that is not is a heading of its own ("Bemerkung 47" under a
  // sentence whose line looks full only because the heading's first word is long).
  if (whollyBold(line) && !whollyBold(previous)) return false;
  if (nextRowOfGrid(previous, line)) return false;
  if (next.columnLeft !== group.at(-1)!.columnLeft) return next.columnLeft > group.at(-1)!.columnRight && continuesInNextColumn(group.at(-1)!, next);
  if (Math.abs(line.size - previous.size) > SIZE_TOLERANCE * previous.size) return false;
  const advance = line.baseline - previous.baseline;
  if (advance <= 0 || advance > MAX_LINE_ADVANCE_EMS * previous.size) return false;
  if (group.length >= 2 && group.at(-2)!.columnLeft === next.columnLeft) {
    const lastAdvance = previous.baseline - group.at(-2)!.item.baseline;
    if (Math.abs(advance - lastAdvance) > SPREAD_ADVANCE * lastAdvance) return false;
    // An indented line after the paragraph's body lines starts the next paragraph.
    const bodyLeft = Math.min(...group.slice(1).filter((p) => p.columnLeft === next.columnLeft).map((p) => p.item.box.x0));
    if (line.box.x0 > bodyLeft + 0.8 * line.size) return false;
  } else {
    // A paragraph of one line so far has no advance of its own to go by: the page's pitch tells
    // room set between paragraphs under a line ending a sentence (GeoTopo's p. 36: "Idee: … = F⁻¹ⱼ."
    // over "Ausführung: …", a pitch and a half apart, the line above full).
    const pitch = pitches.get(sizeKey(line.size));
    if (pitch !== undefined && advance > (1 + SPREAD_ADVANCE) * pitch && SENTENCE_END.test(previous.text)) return false;
  }
  if (line.box.x0 >= previous.box.x1 || line.box.x1 <= previous.box.x0) return false;
  return wasFull(previous, line, next.columnRight);
}

/**
 * Adds a character's text to the runs, in a new run where its look, script or link changes; `link`
 * is the character's own unless the caller knows better (a space between two lines). A script's
 * run is written at its line's size (`lineSize`): the writers make a script smaller themselves.
 */
export function appendToRuns(runs: TextRun[], text: string, c: PdfChar, lineSize: number, link: LinkTarget | undefined = c.link): void {
  const last = runs.at(-1);
  const size = Math.round((c.script ? lineSize : c.size) * 2) / 2;
  // A picture is a run of its own, never joined by text.
  if (c.picture !== undefined) runs.push({ text: '', bold: c.font.bold, italic: c.font.italic, size, fontName: c.font.name, picture: c.picture });
  else if (last && !last.picture && last.fontName === c.font.name && last.bold === c.font.bold && last.italic === c.font.italic && last.size === size && last.script === c.script && last.innerScript === c.innerScript && last.fraction === c.fraction && last.matrix === c.matrix && last.brace === c.brace && sameLink(last.link, link)) last.text += text;
  else runs.push({ text, bold: c.font.bold, italic: c.font.italic, size, fontName: c.font.name, ...(c.script && { script: c.script }), ...(c.innerScript && { innerScript: c.innerScript }), ...(c.fraction && { fraction: c.fraction }), ...(c.matrix && { matrix: c.matrix }), ...(c.brace && { brace: c.brace }), ...(link && { link }) });
}

function runsOf(lines: TextLine[], skipChars: number): TextRun[] {
  const runs: TextRun[] = [];
  lines.forEach((line, index) => {
    const chars = index === 0 ? line.chars.slice(skipChars) : line.chars;
    if (index > 0 && chars.length > 0) {
      const join = lineJoin(runs.map((r) => r.text).join(''), line.text);
      // The space between lines belongs to a link only when the link runs on across the break.
      if (join === 'space') appendToRuns(runs, ' ', chars[0], line.size, sameLink(runs.at(-1)?.link, chars[0].link) ? chars[0].link : undefined);
      if (join === 'dehyphenate') runs.at(-1)!.text = runs.at(-1)!.text.slice(0, -1);
    }
    for (const c of chars) appendToRuns(runs, c.text, c, line.size);
  });
  return runs.filter((r) => r.text !== '' || r.picture);
}

/**
 * The lines of one paragraph as one line, joined as its runs join them (a space, nothing beside
 * Chinese, a line-end hyphen dropped): a sheet cell's text, where a sub-figure's caption stays
 * whole in one cell rather than a cell per line beside its neighbour's lines.
 */
export function joinedLine(lines: readonly TextLine[]): TextLine | undefined {
  const chars: PdfChar[] = [];
  for (const line of lines) {
    const before = chars.at(-1);
    const join = before ? lineJoin(chars.map((c) => c.text).join(''), line.text) : 'none';
    if (before && join === 'space') chars.push({ ...addedText(' ', before), matrix: undefined, box: { ...before.box, x0: before.box.x1 } });
    if (join === 'dehyphenate') chars.pop();
    chars.push(...line.chars);
  }
  return textLine(chars);
}

/** How many leading characters spell `text` (characters may hold more than one code unit). */
function charCount(line: TextLine, text: string): number {
  let length = 0;
  let count = 0;
  while (count < line.chars.length && length < text.length) length += line.chars[count++].text.length;
  return count;
}

/**
 * `room`: the least room (font sizes) on both sides that says centred or right rather than left —
 * two in a column of the page; in a table cell, whose edges are its column's text's own, a little.
 */
function alignmentOf(lines: TextLine[], columnLeft: number, columnRight: number, size: number, room: number): Alignment {
  const tolerance = Math.max(2, 0.05 * (columnRight - columnLeft));
  const centred = lines.every((l) => {
    const left = l.box.x0 - columnLeft;
    const right = columnRight - l.box.x1;
    return left > room * size && right > room * size && Math.abs(left - right) <= tolerance;
  });
  if (centred) return 'center';
  if (lines.every((l) => l.box.x0 - columnLeft > room * size && columnRight - l.box.x1 <= 2)) return 'right';
  return 'left';
}

/** Room (font sizes) that sets text off its column's edge: in a column of the page, and in a table cell. */
const SET_OFF_EMS = { page: 2, cell: 0.25 };

/** Within this many points of its column's right edge, a piece of a line stood flush against it. */
const FLUSH_RIGHT_SLACK = 2;

/**
 * Where a line joined from pieces has its last piece flush with its column's right edge (a running
 * header's title after its page number, an equation's number after the formula): the index of that
 * piece's first character (the joining space is the one before it).
 */
const flushRightStart = new WeakMap<TextLine, number>();

/**
 * A line of its own whose last piece stood flush right: its runs, the runs from `flushRightFrom` on
 * being that piece (the joining space ends the runs before it, so every writer reads two words).
 */
function flushRightRuns(lines: TextLine[]): { runs: TextRun[]; flushRightFrom: number } | undefined {
  const start = lines.length === 1 ? flushRightStart.get(lines[0]) : undefined;
  if (start === undefined) return undefined;
  const [line] = lines;
  const runs = runsOf([{ ...line, chars: line.chars.slice(0, start) }], 0);
  return { runs: [...runs, ...runsOf([{ ...line, chars: line.chars.slice(start) }], 0)], flushRightFrom: runs.length };
}

function paragraphOf(group: Placed<TextLine>[], inCell: boolean): ParagraphBlock {
  const lines = group.map((p) => p.item);
  const { columnLeft, columnRight } = group[0];
  const marker = listMarker(lines[0].text);
  const skipChars = marker ? charCount(lines[0], marker.text) : 0;
  const flushRight = marker ? undefined : flushRightRuns(lines);
  const runs = flushRight?.runs ?? runsOf(lines, skipChars);
  const size = dominantSize(lines.flatMap((l) => l.chars));
  // A line with a piece flush right starts where it stood: the piece is set at the edge, not the whole line.
  const alignment = marker || flushRight ? 'left' : alignmentOf(lines, columnLeft, columnRight, size, inCell ? SET_OFF_EMS.cell : SET_OFF_EMS.page);
  const bodyLeft = Math.min(...(lines.length > 1 ? lines.slice(1) : lines).map((l) => l.box.x0));
  const indentLeft = alignment === 'left' && !marker ? Math.max(0, bodyLeft - columnLeft) : 0;
  const firstLineIndent = alignment === 'left' && !marker && lines.length > 1 ? lines[0].box.x0 - bodyLeft : 0;
  return {
    kind: 'paragraph',
    box: unionBox(lines.map((l) => l.box)),
    runs,
    size,
    lineCount: lines.length,
    list: marker ? { kind: marker.kind, value: marker.value, marker: marker.text, label: marker.label } : undefined,
    alignment,
    indentLeft: indentLeft < 2 ? 0 : indentLeft,
    firstLineIndent: Math.abs(firstLineIndent) < 2 ? 0 : firstLineIndent,
    spaceBefore: 0,
    ...(flushRight && { flushRightFrom: flushRight.flushRightFrom }),
  };
}

/**
 * Where the line's text proper ends: its scripts may reach further (κ₁ⁿ's ⁿ over the ₁ of the piece
 * MuPDF read next, from "₁(s) := min").
 */
function textRight(line: TextLine): number {
  const text = line.chars.filter((c) => !isBlank(c) && c.script === undefined);
  return text.length > 0 ? Math.max(...text.map((c) => c.box.x1)) : line.box.x1;
}

/**
 * Glyphs TeX hangs under their origins alone on a line (a \Big brace, bracket or bar, a √ or ∫;
 * "{ √" opening "{√2, …}"), with smaller glyphs at most (a root's index, the "3" of ∛).
 * Which row they stand in is told here, by the piece next to them in reading order, and not where
 * withHungBrackets (extensible-delimiters.ts) boxes them: every glyph's box is an em high whatever
 * its size, so the depth of its row (0.75 to 1.71 em) cannot be read off the glyph, and on the
 * page the nearest text beside it in that reach is as often the line under it, a limit or an
 * unread matrix's row. Setting its baseline there (tried on GeoTopo) mended five formulas and
 * broke ten: "( )" and "⟨ ⟩" pairs MuPDF reads as one line, a "}" whose "{" gives its line's
 * baseline, integrals moved off their rows. (withHungBrackets puts a bracket into a line only
 * where that line's text runs on both sides of it, or starts right after it, ends right before it.)
 */
function hangingGlyph(line: TextLine): boolean {
  const hung = line.chars.filter(isHungGlyph);
  return hung.length > 0 && line.chars.every((c) => isBlank(c) || isHungGlyph(c) || hung.some((h) => c.size < h.size));
}

/**
 * Whether two pieces stand on one baseline; a sized delimiter stands in the row whose baseline lies
 * in its reach under its origin ("min \Big\{ κ(s,x) | x ∈ T \Big\}" is one row, not five).
 */
function sameRow(a: TextLine, b: TextLine): boolean {
  if (Math.abs(a.baseline - b.baseline) <= 0.25 * b.size) return true;
  const [glyph, text] = hangingGlyph(a) ? [a, b] : hangingGlyph(b) ? [b, a] : [];
  return glyph !== undefined && text !== undefined && !hangingGlyph(text) && text.baseline > glyph.baseline && text.baseline - glyph.baseline <= MAX_HANG_EMS * glyph.size;
}

/**
 * Pieces of one visual line (cut at wide gaps, read in the same column) become one line again,
 * joined by a space; outside a table cell a last piece flush right is remembered (flushRightStart).
 */
function joinSameBaseline(lines: readonly Placed<TextLine>[], inCell: boolean): Placed<TextLine>[] {
  const joined: Placed<TextLine>[] = [];
  for (const placed of lines) {
    const last = joined.at(-1);
    const line = placed.item;
    if (last && last.columnLeft === placed.columnLeft && sameRow(last.item, line) && line.box.x0 >= textRight(last.item) - 1) {
      const before = last.item.chars.at(-1)!;
      const space: PdfChar = { ...addedText(' ', before), matrix: undefined, box: { ...before.box, x0: before.box.x1, x1: line.box.x0 }, link: sameLink(before.link, line.chars[0].link) ? before.link : undefined };
      // A piece that starts under the scripts ending the one before goes on from them, no space
      // between; so does a bracket or a full stop TeX set right after them (F⁻¹ⱼ. on GeoTopo's p. 36).
      const apart = line.box.x0 >= last.item.box.x1 - 1 && !setRightAfterScripts(before, line.chars[0], line.box.x0 - last.item.box.x1);
      const start = last.item.chars.length + (apart ? 1 : 0);
      const lefts = [...(pieceLefts.get(last.item) ?? []), line.box.x0];
      last.item = textLine([...last.item.chars, ...(apart ? [space] : []), ...line.chars])!;
      pieceLefts.set(last.item, lefts);
      if (!inCell && placed.columnRight - line.box.x1 <= FLUSH_RIGHT_SLACK) flushRightStart.set(last.item, start);
    } else {
      joined.push({ ...placed });
    }
  }
  return joined;
}

/** A list item whose number Word should not make: its marker goes back at the head of its text. */
export function keepMarkerAsText(paragraph: ParagraphBlock): void {
  if (!paragraph.list || paragraph.runs.length === 0) return;
  paragraph.runs.unshift({ ...paragraph.runs[0], text: paragraph.list.marker });
  paragraph.list = undefined;
}

/** Lines of one paragraph sit ~0.2 em apart; more than that of a `gap` (points) above text of `size` was spacing. */
export function spacingAbove(gap: number, size: number): number {
  return gap > 0.3 * size ? Math.min(48, Math.round(gap - 0.2 * size)) : 0;
}

/** Consecutive lines of one stretch of text (nothing else between them in reading order). */
/** `inCell`: the lines are a table cell's, placed between its column's text's own edges (page-layout.ts tableBlock). */
/** `pitches`: the page's line pitches (linePitches), which tell room between paragraphs. */
export function buildParagraphs(lines: readonly Placed<TextLine>[], { inCell = false, pitches = new Map<number, number>() }: { inCell?: boolean; pitches?: ReadonlyMap<number, number> } = {}): ParagraphBlock[] {
  const groups: Placed<TextLine>[][] = [];
  for (const line of joinSameBaseline(lines, inCell)) {
    const group = groups.at(-1);
    // A table's row (a symbol and its description) starts a paragraph; a lone line under it may
    // continue it (the description wrapped).
    // Text read after the stack of rows it stands beside goes on from the stack's last row.
    if (group && !line.tableRow && (line.afterStack || continues(group, line, pitches))) group.push(line);
    else groups.push([line]);
  }
  return spacedParagraphs(groups.map((group) => paragraphOf(group, inCell)));
}

/**
 * Sets each paragraph's space above from the gap to the one before it in reading order; the first
 * one's from `before` (the picture, table or caption read before the text, when there is one).
 */
export function spacedParagraphs(paragraphs: ParagraphBlock[], before?: Box): ParagraphBlock[] {
  paragraphs.forEach((paragraph, index) => {
    const above = index > 0 ? paragraphs[index - 1].box : before;
    paragraph.spaceBefore = spacingAbove(above ? paragraph.box.y0 - above.y1 : 0, paragraph.size);
  });
  return paragraphs;
}
