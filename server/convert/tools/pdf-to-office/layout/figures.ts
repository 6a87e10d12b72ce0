// Vector figures (plots, diagrams): regions of a page dense with drawing that is not a table.
// Word and PowerPoint get such a region as one picture rendered from the page, labels included,
// where it stood; rebuilt from its strokes it would be dozens of empty tables and stray words.
//
// Drawings lying close together form a group; a group is a figure when it is made of what figures
// are made of: slanted lines and curves, filled shapes holding no text (bars, markers, arrow heads),
// or many ruling pieces (axes, ticks, grid lines). Frames and backgrounds that hold text are not
// evidence themselves (a boxed paragraph, a zebra-striped table). The region then takes in the
// drawings and pictures lying mostly over it, a framed legend beside it, and the short labels
// around it (tick labels, axis titles). A label is taken with the lines stacked with it: a
// paragraph beside a figure whose last lines come near it stays text whole, never split between
// the picture and the page. Sub-figures' captions ("(a) …" under a plot) are no labels: they stay
// text, and a figure of sub-figures side by side or in rows is cut into them (sub-figures.ts).
import { AXIS, containsPoint, overlaps, type Box, type PdfDrawing, type PdfLine, type PdfPage } from '../page-content';
import { startsWithSubCaptionMark } from './sub-caption-marks';
import { splitSubFigures, subCaptionsAround } from './sub-figures';
import { centredUnder, linesUnder } from './image-rows';
import { splitAtGaps, type TextLine } from './text-lines';

/** Drawings this close (points) belong to one group. */
const NEAR = 4;
const MIN_FIGURE_SIDE = 24;
/**
 * A flat figure (a multigraph's two dots and arcs, GeoTopo's page 41) may be this low (points) when
 * it stands alone in its band of the page: drawing inline with text (an underline, a drawn
 * arrow or symbol) shares its band with a line.
 */
const MIN_FLAT_FIGURE_SIDE = 8;
const MIN_SLANTED_PIECES = 6;
const MIN_FILLS = 3;
const MIN_RULE_PIECES = 24;
/** A label this close to a figure (points) belongs to it, if it is short against the figure. */
const LABEL_DISTANCE = 16;
const MAX_LABEL_SHARE = 0.35;
/** A slight drawing this close (points) beside a figure, on its row, is part of it (an arrow between diagrams). */
const BESIDE_DISTANCE = 32;
/** A legend beside a figure is at most this share of its area. */
const MAX_LEGEND_SHARE = 0.25;
/** Lines stacked closer than this share of their height, of like height, read as one block of text. */
const STACKED_GAP = 0.8;
const LIKE_HEIGHT = 0.25;
/** A node of an arrow diagram is a line of at most this many characters (X, g∘f, Hom(A)). */
const MAX_NODE_CHARS = 6;
/** An arrow ends at most this many of its node's font sizes from it. */
const ARROW_GAP_EMS = 0.8;
/** A level arrow runs at its nodes' middle (TeX's math axis), within this share of their height: a blank to fill in runs at their foot. */
const ARROW_AXIS_SHARE = 0.25;
/** Bucket side of the neighbour search (points). */
const BUCKET = 48;

function lineBox(line: PdfLine): Box {
  return {
    x0: Math.min(...line.chars.map((c) => c.box.x0)),
    y0: Math.min(...line.chars.map((c) => c.box.y0)),
    x1: Math.max(...line.chars.map((c) => c.box.x1)),
    y1: Math.max(...line.chars.map((c) => c.box.y1)),
  };
}

function holdsText(box: Box, lines: readonly Box[]): boolean {
  return lines.some((line) => containsPoint(box, (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2));
}

/** A frame or background around text: a filled shape or a box of a few rules that holds some. */
export function isTextFrame(d: PdfDrawing, lines: readonly Box[]): boolean {
  return (d.kind === 'fill' || (d.kind === 'rules' && d.pieces <= 5)) && holdsText(d.box, lines);
}

/** Groups of drawings within NEAR of each other (union-find over a bucket grid). */
function groupsOf(drawings: readonly PdfDrawing[]): PdfDrawing[][] {
  const parent = drawings.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const buckets = new Map<string, number[]>();
  drawings.forEach((d, i) => {
    for (let bx = Math.floor((d.box.x0 - NEAR) / BUCKET); bx <= Math.floor((d.box.x1 + NEAR) / BUCKET); bx++)
      for (let by = Math.floor((d.box.y0 - NEAR) / BUCKET); by <= Math.floor((d.box.y1 + NEAR) / BUCKET); by++) {
        const key = `${bx},${by}`;
        const bucket = buckets.get(key) ?? [];
        for (const j of bucket) if (find(i) !== find(j) && overlaps(d.box, drawings[j].box, NEAR)) parent[find(i)] = find(j);
        bucket.push(i);
        buckets.set(key, bucket);
      }
  });
  const groups = new Map<number, PdfDrawing[]>();
  drawings.forEach((d, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), d]));
  return [...groups.values()];
}

function boundsOf(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function isFigure(group: readonly PdfDrawing[], lines: readonly Box[]): boolean {
  const box = boundsOf(group.map((d) => d.box));
  const [short, long] = [box.x1 - box.x0, box.y1 - box.y0].sort((a, b) => a - b);
  if (long < MIN_FIGURE_SIDE || short < MIN_FLAT_FIGURE_SIDE) return false;
  if (short < MIN_FIGURE_SIDE && lines.some((l) => l.y0 < box.y1 && box.y0 < l.y1)) return false;
  const pieces = (kind: PdfDrawing['kind']) => group.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.pieces, 0);
  return pieces('slanted') >= MIN_SLANTED_PIECES || group.filter((d) => d.kind === 'fill').length >= MIN_FILLS || pieces('rules') >= MIN_RULE_PIECES;
}

/** Lines count as 1 pt thick, so a rule has an area to compare. */
function thick(box: Box): Box {
  const padX = Math.max(0, 1 - (box.x1 - box.x0)) / 2;
  const padY = Math.max(0, 1 - (box.y1 - box.y0)) / 2;
  return { x0: box.x0 - padX, y0: box.y0 - padY, x1: box.x1 + padX, y1: box.y1 + padY };
}

function area(box: Box): number {
  return Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
}

/** Share of `a` (taken as at least 1 pt thick) lying over `b`. */
function shareOver(a: Box, b: Box): number {
  const t = thick(a);
  return area({ x0: Math.max(t.x0, b.x0), y0: Math.max(t.y0, b.y0), x1: Math.min(t.x1, b.x1), y1: Math.min(t.y1, b.y1) }) / area(t);
}

/** Each line's block: the lines stacked above and below it at line spacing, overlapping it sideways. */
function textBlocks(lines: readonly Box[]): Map<Box, Box[]> {
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const byTop = lines.map((_, i) => i).sort((a, b) => lines[a].y0 - lines[b].y0);
  byTop.forEach((i, k) => {
    const a = lines[i];
    const height = a.y1 - a.y0;
    for (let m = k + 1; m < byTop.length && lines[byTop[m]].y0 <= a.y1 + STACKED_GAP * height; m++) {
      const b = lines[byTop[m]];
      const likeHeight = Math.abs(b.y1 - b.y0 - height) <= LIKE_HEIGHT * height;
      if (likeHeight && b.y0 >= a.y0 + height / 2 && b.x0 < a.x1 && a.x0 < b.x1) parent[find(byTop[m])] = find(i);
    }
  });
  const blocks = new Map<number, Box[]>();
  lines.forEach((line, i) => blocks.set(find(i), [...(blocks.get(find(i)) ?? []), line]));
  return new Map(lines.map((line, i) => [line, blocks.get(find(i))!]));
}

/**
 * A legend framed beside the figure (gnuplot's and pgfplots' key outside the axes): a box near it,
 * small against it, holding only short lines. A boxed paragraph beside a figure has long lines.
 */
function isLegend(d: PdfDrawing, figure: Box, lines: readonly Box[]): boolean {
  const frame = d.box;
  if (!isTextFrame(d, lines) || !overlaps(frame, figure, LABEL_DISTANCE) || area(frame) > MAX_LEGEND_SHARE * area(figure)) return false;
  const held = lines.filter((l) => containsPoint(frame, (l.x0 + l.x1) / 2, (l.y0 + l.y1) / 2));
  return held.length > 0 && held.every((l) => l.x1 - l.x0 <= MAX_LABEL_SHARE * (figure.x1 - figure.x0));
}

/**
 * The figure's drawings and pictures, then its labels: text inside it or short text right beside it.
 * A picture lying mostly over the figure is part of it: a diagram's soft shadows are pictures drawn
 * under its boxes, blurred out past the strokes (tracemonkey's state machine), not pictures of
 * their own beside it.
 */
function grow(region: Box, drawings: readonly PdfDrawing[], pictures: readonly Box[], lines: readonly Box[], blocks: Map<Box, Box[]>, marked: ReadonlySet<Box>): Box {
  let box = region;
  for (const d of drawings) if (shareOver(d.box, box) >= 0.5 || isLegend(d, region, lines)) box = boundsOf([box, d.box]);
  for (const picture of pictures) if (shareOver(picture, box) >= 0.5) box = boundsOf([box, picture]);
  // Sub-figures' captions under the drawing are read as text (sub-figures.ts), not as labels.
  const captions = subCaptionsAround(box, marked, blocks);
  const taken = new Set<Box>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const line of lines) {
      if (taken.has(line) || captions.has(line)) continue;
      const inside = (l: Box) => containsPoint(box, (l.x0 + l.x1) / 2, (l.y0 + l.y1) / 2);
      const nearAndShort = (l: Box) => overlaps(l, box, LABEL_DISTANCE) && l.x1 - l.x0 <= MAX_LABEL_SHARE * (box.x1 - box.x0);
      // A label's whole block must be label-like: a paragraph reaching away from the figure is body text.
      const label = nearAndShort(line) && blocks.get(line)!.every((l) => taken.has(l) || captions.has(l) || inside(l) || nearAndShort(l));
      if (inside(line) || label) {
        taken.add(line);
        box = boundsOf([box, line]);
        changed = true;
      }
    }
  }
  return box;
}

/**
 * Regions of vector figures on a page, in page points. `tables` are the grids accepted as tables:
 * their rules and shading are not figure drawing.
 */
export function findFigures(page: PdfPage, tables: readonly Box[]): Box[] {
  const withText = page.lines.filter((l) => l.chars.length);
  const lines = withText.map(lineBox);
  const marked = new Set(lines.filter((_, i) => startsWithSubCaptionMark(withText[i].chars)));
  const pageArea = page.width * page.height;
  const outsideTables = (page.drawings ?? []).filter((d) => area(d.box) < 0.8 * pageArea && !tables.some((t) => shareOver(d.box, t) >= 0.5));
  // Frames and backgrounds around text say nothing about figures (and would join everything they hold).
  const evidence = outsideTables.filter((d) => !isTextFrame(d, lines));
  const figures: Box[] = [];
  const others: PdfDrawing[][] = [];
  for (const group of groupsOf(evidence)) (isFigure(group, lines) ? figures.push(boundsOf(group.map((d) => d.box))) : others.push(group));
  figures.push(...arrowDiagrams(others, withText.map((line, i) => ({ line, box: lines[i] }))));
  // Upright text in pieces, as the page reads it: tick labels of two plots on one baseline are two.
  const pieces = page.lines.filter((l) => !l.direction || l.direction.x >= AXIS).flatMap((l) => splitAtGaps(l.chars));
  const captioned = others.filter((group) => isCaptionedSubFigure(boundsOf(group.map((d) => d.box)), pieces, lines));
  figures.push(...captioned.map((group) => boundsOf(group.map((d) => d.box))));
  const slight = others.filter((group) => !captioned.includes(group)).map((group) => boundsOf(group.map((d) => d.box)));
  const blocks = textBlocks(lines);
  const pictures = page.images.map((image) => image.box);
  const grown = joinMeeting(joinMeeting(figures.map((f) => withDrawingsBeside(f, slight))).map((f) => grow(f, outsideTables, pictures, lines, blocks, marked)));
  const drawn = [...outsideTables.map((d) => d.box), ...pictures, ...withText.filter((l) => l.direction && l.direction.x < AXIS).map(lineBox)];
  return grown.flatMap((figure) => splitSubFigures(figure, drawn, pieces));
}

/**
 * A drawing too slight to be a figure by itself is one of a figure's sub-figures when a sub-figure's
 * caption stands centred right under it and another sub-caption stands on the page (its siblings'):
 * GeoTopo's page 38 draws "(a) 0-Simplex" as one 5.7 pt dot over the row of (b) to (d). It stands
 * alone in its band of the page: a bullet or a blank to fill in shares its band with text.
 */
function isCaptionedSubFigure(box: Box, pieces: readonly TextLine[], lines: readonly Box[]): boolean {
  if (lines.some((l) => l.y0 < box.y1 && box.y0 < l.y1)) return false;
  const [caption] = linesUnder(box.y1, pieces.filter((l) => l.box.x0 < box.x1 && l.box.x1 > box.x0));
  if (!caption || !startsWithSubCaptionMark(caption.chars) || !centredUnder(caption.box, { box })) return false;
  return pieces.some((l) => l !== caption && startsWithSubCaptionMark(l.chars));
}

/** The nodes an arrow of one straight stroke joins: a short line just beyond each of its ends, or none. */
function arrowEnds(stroke: PdfDrawing, nodes: readonly { line: PdfLine; box: Box }[]): [number, number] | undefined {
  const { box } = stroke;
  const level = box.y1 - box.y0 < 1;
  const upright = box.x1 - box.x0 < 1;
  // A stroke's box holds it along one diagonal (or along its middle when level or upright); which one is unknown.
  const midX = (box.x0 + box.x1) / 2;
  const midY = (box.y0 + box.y1) / 2;
  const courses: [{ x: number; y: number }, { x: number; y: number }][] = level
    ? [[{ x: box.x0, y: midY }, { x: box.x1, y: midY }]]
    : upright
      ? [[{ x: midX, y: box.y0 }, { x: midX, y: box.y1 }]]
      : [
          [{ x: box.x0, y: box.y0 }, { x: box.x1, y: box.y1 }],
          [{ x: box.x1, y: box.y0 }, { x: box.x0, y: box.y1 }],
        ];
  // A node lies beyond the stroke's end, not beside it: a fraction's bar has its parts over its middle.
  const nodeAt = (end: { x: number; y: number }) =>
    nodes.findIndex(({ line, box: node }) => {
      const centre = { x: (node.x0 + node.x1) / 2, y: (node.y0 + node.y1) / 2 };
      const gap = Math.hypot(Math.max(node.x0 - end.x, 0, end.x - node.x1), Math.max(node.y0 - end.y, 0, end.y - node.y1));
      const beyond = !containsPoint(box, centre.x, centre.y);
      const onAxis = !level || Math.abs(centre.y - midY) <= ARROW_AXIS_SHARE * (node.y1 - node.y0);
      return gap <= ARROW_GAP_EMS * Math.max(...line.chars.map((c) => c.size)) && beyond && onAxis;
    });
  for (const [from, to] of courses) {
    const a = nodeAt(from);
    const b = nodeAt(to);
    if (a >= 0 && b >= 0 && a !== b) return [a, b];
  }
  return undefined;
}

/**
 * Arrow diagrams (a commutative diagram: X → Y, g∘f down to Z), whose strokes are too few to be a
 * figure by themselves: single straight strokes each running from one short line to another,
 * beyond both its ends. The arrows sharing nodes are one diagram, taken as a figure with its nodes
 * (the arrows would otherwise be lost and the nodes read as stray words); XY-pic draws the tips as
 * glyphs of its own fonts, which the figure's picture keeps.
 */
function arrowDiagrams(groups: readonly PdfDrawing[][], lines: readonly { line: PdfLine; box: Box }[]): Box[] {
  const nodes = lines.filter(({ line }) => line.chars.length <= MAX_NODE_CHARS);
  const arrows: { box: Box; ends: [number, number] }[] = [];
  for (const group of groups) {
    const strokes = group.filter((d) => d.kind !== 'fill' && d.pieces === 1 && Math.max(d.box.x1 - d.box.x0, d.box.y1 - d.box.y0) >= 1);
    // A group is one arrow: its stroke, and the caps or dots at its ends.
    if (strokes.length !== 1) continue;
    const ends = arrowEnds(strokes[0], nodes);
    if (ends) arrows.push({ box: boundsOf(group.map((d) => d.box)), ends });
  }
  // Arrows that share a node are one diagram (union-find over the nodes).
  const parent = nodes.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (const { ends } of arrows) parent[find(ends[0])] = find(ends[1]);
  const diagrams = new Map<number, Box[]>();
  for (const { box, ends } of arrows) diagrams.set(find(ends[0]), [...(diagrams.get(find(ends[0])) ?? []), box, nodes[ends[0]].box, nodes[ends[1]].box]);
  return [...diagrams.values()].map(boundsOf);
}

/**
 * Drawings too slight to be figures themselves that stand beside one on its row, near it: an arrow
 * to the next diagram, the segment a triangle is mapped to (GeoTopo's page 40 drew "△ → —" and
 * "□ → □ → ◇" as separate pieces). Each taken widens the figure, which may then reach the next.
 */
function withDrawingsBeside(figure: Box, others: readonly Box[]): Box {
  let box = figure;
  const taken = new Set<Box>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const other of others) {
      const onRow = other.y0 >= box.y0 - NEAR && other.y1 <= box.y1 + NEAR;
      if (taken.has(other) || !onRow || !overlaps(other, box, BESIDE_DISTANCE)) continue;
      taken.add(other);
      box = boundsOf([box, other]);
      changed = true;
    }
  }
  return box;
}

/**
 * Growing can make figures meet: those become one, until none meet (two figures side by side and a
 * third below both, which meets the first and then, grown by it, the second).
 */
function joinMeeting(boxes: readonly Box[]): Box[] {
  const merged: Box[] = [];
  for (const box of [...boxes].sort((a, b) => a.y0 - b.y0)) {
    let joined = box;
    for (let met = merged.findIndex((m) => overlaps(m, joined)); met >= 0; met = merged.findIndex((m) => overlaps(m, joined))) {
      joined = boundsOf([merged[met], joined]);
      merged.splice(met, 1);
    }
    merged.push(joined);
  }
  return merged;
}
