// Sub-figures side by side in one vector figure ("(a) Schritt 1" under one diagram, "(b) Schritt 2"
// under the next, GeoTopo's page 81). Their captions are text read after each sub-figure, not
// labels written over the figure's picture, and the figure is cut where a gutter runs down it
// between its captions: each sub-figure becomes a picture of its own, which image-rows.ts then
// reads as a row with each caption under its picture, as it reads a row of photos.
import { containsPoint, isBlank, unionBox, type Box, type PdfChar } from '../page-content';
import { linesUnder } from './image-rows';
import type { TextLine } from './text-lines';

/** "(a)", "(b) …": the mark a sub-figure's caption starts with (LaTeX's subcaption and subfig). */
const MARK = /^\([a-z]\)/;
/** A gutter between sub-figures is at least this wide (points): strokes closer belong together. */
const MIN_GUTTER = 4;

/** Whether `chars` start with a sub-figure's mark at `index` (at the start, or after a space). */
function markAt(chars: readonly PdfChar[], index: number): boolean {
  const first = chars.findIndex((c) => !isBlank(c));
  if (index !== first && !(index > 0 && isBlank(chars[index - 1]))) return false;
  return MARK.test(chars.slice(index, index + 3).map((c) => c.text).join(''));
}

export function startsWithSubCaptionMark(chars: readonly PdfChar[]): boolean {
  const first = chars.findIndex((c) => !isBlank(c));
  return first >= 0 && markAt(chars, first);
}

/**
 * Sub-figure captions around a figure whose drawing spans `drawing`: of the lines starting with a
 * sub-figure's mark (`marked`), those outside it ("(a) Schritt 1" under one diagram of a row),
 * with the lines of their blocks (`blocks`) below them (a caption wrapped). A mark inside the
 * drawing names a part of it: that stays a label.
 */
export function subCaptionsAround(drawing: Box, marked: ReadonlySet<Box>, blocks: ReadonlyMap<Box, readonly Box[]>): Set<Box> {
  const captions = new Set<Box>();
  for (const line of marked) {
    if (containsPoint(drawing, (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2)) continue;
    for (const l of blocks.get(line) ?? [line]) if (l === line || l.y0 >= line.y1 - 1) captions.add(l);
  }
  return captions;
}

/**
 * The middle of each sub-caption in `lines`, left to right: a line holding several ("(a) n = 1
 * (b) n = 2", set a word space apart) has one from each mark to the next.
 */
function captionMiddles(lines: readonly TextLine[]): number[] {
  const middles: number[] = [];
  for (const { chars } of lines) {
    const marks = chars.map((_, i) => i).filter((i) => markAt(chars, i));
    marks.forEach((start, k) => {
      const ink = chars.slice(start, marks[k + 1] ?? chars.length).filter((c) => !isBlank(c));
      middles.push((Math.min(...ink.map((c) => c.box.x0)) + Math.max(...ink.map((c) => c.box.x1))) / 2);
    });
  }
  return middles.sort((a, b) => a - b);
}

/** The stretches across `figure` that no box of `content` covers, left to right. */
function gutters(figure: Box, content: readonly Box[]): { x0: number; x1: number }[] {
  const free: { x0: number; x1: number }[] = [];
  let reach = figure.x0;
  for (const box of [...content].sort((a, b) => a.x0 - b.x0)) {
    if (box.x0 - reach >= MIN_GUTTER) free.push({ x0: reach, x1: box.x0 });
    reach = Math.max(reach, box.x1);
  }
  return free;
}

/**
 * `figure` cut into its sub-figures, left to right, when a row of sub-captions stands under it
 * (the band of `lines` just below it, image-rows.ts's linesUnder) and a gutter runs down it
 * between each two, through its drawings and pictures (`drawn`) and its labels: each part is the
 * bounds of what it holds. Otherwise the figure whole: one caption under it, or sub-figures whose
 * drawing runs across (an arrow joining them) stay one picture.
 */
export function splitSubFigures(figure: Box, drawn: readonly Box[], lines: readonly TextLine[]): Box[] {
  const band = linesUnder(figure.y1, lines.filter((l) => l.box.x1 > figure.x0 && l.box.x0 < figure.x1));
  const middles = captionMiddles(band);
  if (middles.length < 2) return [figure];
  const centre = (b: Box) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });
  const content = [...drawn, ...lines.filter((l) => !band.includes(l)).map((l) => l.box)].filter((b) => containsPoint(figure, centre(b).x, centre(b).y));
  const free = gutters(figure, content);
  const bounds = [figure.x0];
  for (const [k, middle] of middles.slice(1).entries()) {
    // The widest gutter between two captions' middles is where the one's sub-figure ends.
    const between = free.filter((g) => (g.x0 + g.x1) / 2 > middles[k] && (g.x0 + g.x1) / 2 < middle).sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0));
    if (between.length === 0) return [figure];
    bounds.push((between[0].x0 + between[0].x1) / 2);
  }
  bounds.push(figure.x1);
  const parts = bounds.slice(1).map((right, k) => content.filter((b) => centre(b).x >= bounds[k] && centre(b).x < right));
  return parts.every((part) => part.length > 0) ? parts.map((part) => unionBox(part)) : [figure];
}
