// Sub-figures side by side in one vector figure ("(a) Schritt 1" under one diagram, "(b) Schritt 2"
// under the next, GeoTopo's page 81). Their captions are text read after each sub-figure, not
// labels written over the figure's picture, and the figure is cut where a gutter runs across it
// through a row of captions (sub-figures in rows, found as one figure) and where one runs down
// it between its captions: each sub-figure becomes a picture of its own, which image-rows.ts then
// reads as a row with each caption under its picture, as it reads a row of photos.
import { containsPoint, isBlank, unionBox, type Box, type PdfChar } from '../page-content';
import { linesUnder } from './image-rows';
import { startsWithSubCaptionMark, subCaptionMarkAt } from './sub-caption-marks';
import type { TextLine } from './text-lines';

/** A gutter between sub-figures is at least this wide (points): strokes closer belong together. */
const MIN_GUTTER = 4;
/** A line may reach this far (points) into the drawing at either side of the gutter it stands in. */
const OVERLAP = 1;

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
    const marks = chars.map((_, i) => i).filter((i) => subCaptionMarkAt(chars, i));
    marks.forEach((start, k) => {
      const ink = chars.slice(start, marks[k + 1] ?? chars.length).filter((c) => !isBlank(c));
      middles.push((Math.min(...ink.map((c) => c.box.x0)) + Math.max(...ink.map((c) => c.box.x1))) / 2);
    });
  }
  return middles.sort((a, b) => a - b);
}

/** The stretches from `from` on that no span of `spans` covers (at least MIN_GUTTER long), in order. */
function freeStretches(spans: readonly (readonly [number, number])[], from: number): [number, number][] {
  const free: [number, number][] = [];
  let reach = from;
  for (const [start, end] of [...spans].sort((p, q) => p[0] - q[0])) {
    if (start - reach >= MIN_GUTTER) free.push([reach, start]);
    reach = Math.max(reach, end);
  }
  return free;
}

const centre = (b: Box) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 });

/**
 * `figure` cut into its rows of sub-figures: where a gutter runs across it between its drawings and
 * pictures (`drawn`) and a line in it starts with a sub-figure's mark, that line and the lines under
 * it (linesUnder: the row of sub-captions, wrapped) are the captions of the row above, which ends
 * over them; the next row starts under them. Each row then takes its labels (the other lines in
 * it: tick labels under a plot stay with it) and is cut left to right (splitRow).
 */
export function splitSubFigures(figure: Box, drawn: readonly Box[], lines: readonly TextLine[]): Box[] {
  const inside = (b: Box) => containsPoint(figure, centre(b).x, centre(b).y);
  const drawnIn = drawn.filter(inside);
  const linesIn = lines.filter((l) => inside(l.box));
  const captions = new Set<TextLine>();
  const cuts: number[] = [];
  // Gutters under some drawing: lines above all of it are no row's captions.
  for (const [y0, y1] of freeStretches(drawnIn.map((b) => [b.y0, b.y1] as const), Math.min(...drawnIn.map((b) => b.y0)))) {
    const within = linesIn.filter((l) => l.box.y0 >= y0 - OVERLAP && l.box.y1 <= y1 + OVERLAP);
    const marked = within.filter((l) => startsWithSubCaptionMark(l.chars)).sort((a, b) => a.box.y0 - b.box.y0)[0];
    if (!marked) continue;
    // The row of captions: the lines sharing the mark's line (linesUnder starts at its top), and those under them.
    const top = Math.min(...within.filter((l) => l.box.y0 < marked.box.y1 && l.box.y1 > marked.box.y0).map((l) => l.box.y0));
    const band = linesUnder(top, within);
    band.forEach((l) => captions.add(l));
    cuts.push(Math.max(...band.map((l) => l.box.y1)));
  }
  if (cuts.length === 0) return splitRow(figure, drawn, lines);
  const content = [...drawnIn, ...linesIn.filter((l) => !captions.has(l)).map((l) => l.box)];
  const bounds = [figure.y0, ...cuts, figure.y1 + 1];
  const rows = bounds.slice(1).map((bottom, k) => content.filter((b) => centre(b).y >= bounds[k] && centre(b).y < bottom)).filter((row) => row.length > 0);
  return rows.flatMap((row) => splitRow(unionBox(row), drawn, lines));
}

/**
 * `row` cut into its sub-figures, left to right, when a row of sub-captions stands under it
 * (the band of `lines` just below it, image-rows.ts's linesUnder) and a gutter runs down it
 * between each two, through its drawings and pictures (`drawn`) and its labels: each part is the
 * bounds of what it holds. Otherwise the row whole: one caption under it, or sub-figures whose
 * drawing runs across (an arrow joining them) stay one picture.
 */
function splitRow(figure: Box, drawn: readonly Box[], lines: readonly TextLine[]): Box[] {
  const band = linesUnder(figure.y1, lines.filter((l) => l.box.x1 > figure.x0 && l.box.x0 < figure.x1));
  const middles = captionMiddles(band);
  if (middles.length < 2) return [figure];
  const content = [...drawn, ...lines.filter((l) => !band.includes(l)).map((l) => l.box)].filter((b) => containsPoint(figure, centre(b).x, centre(b).y));
  const free = freeStretches(content.map((b) => [b.x0, b.x1] as const), figure.x0);
  const bounds = [figure.x0];
  for (const [k, middle] of middles.slice(1).entries()) {
    // The widest gutter between two captions' middles is where the one's sub-figure ends.
    const between = free.filter(([x0, x1]) => (x0 + x1) / 2 > middles[k] && (x0 + x1) / 2 < middle).sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
    if (between.length === 0) return [figure];
    bounds.push((between[0][0] + between[0][1]) / 2);
  }
  bounds.push(figure.x1);
  const parts = bounds.slice(1).map((right, k) => content.filter((b) => centre(b).x >= bounds[k] && centre(b).x < right));
  return parts.every((part) => part.length > 0) ? parts.map((part) => unionBox(part)) : [figure];
}
