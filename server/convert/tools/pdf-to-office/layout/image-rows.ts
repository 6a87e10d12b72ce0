// Pictures side by side in one band (a row of photos or of sub-figures (a), (b), …) are one row,
// each with the short captions right under it: a writer that flows the page (Word, HTML/EPUB)
// sets them beside each other as printed instead of stacking them one under another; Excel gives
// them rows of their own together. PowerPoint, which places every block at its box, needs nothing of this.
import { isBlank, unionBox, type Box } from '../page-content';
import type { Block, ImageBlock, ImageRow, ParagraphBlock } from './blocks';
import { startsWithSubCaptionMark } from './sub-caption-marks';
import { textLine, type TextLine } from './text-lines';

/** Two pictures share a band when this share of the shorter one's height lies in both. */
const MIN_SHARED_HEIGHT = 0.5;
/** Pictures touching by at most this much (points) still stand beside each other. */
const OVERLAP_TOLERANCE = 1;
/**
 * A caption starts at most this many of its font sizes below the row's lowest picture: sub-captions
 * stand on one line under the whole row, however high a flat picture sits in it (GeoTopo's page 41
 * sets them 2.3 em under its tetrahedron, 4 em under the multigraph beside it).
 */
const MAX_CAPTION_GAP_EMS = 2.5;
/**
 * Its next lines follow as lines of one paragraph do (~0.2 em apart): the figure's own caption,
 * set off further below the row, is not a picture's.
 */
const MAX_LINE_GAP_EMS = 0.5;

export interface FoundImageRow {
  row: ImageRow;
  /** Left to right. */
  images: ImageBlock[];
  /** Each picture's caption lines, top to bottom. */
  cells: { image: ImageBlock; captions: TextLine[] }[];
}

const height = (b: Box) => b.y1 - b.y0;
const sharedHeight = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

function beside(a: Box, b: Box): boolean {
  const apart = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1) >= -OVERLAP_TOLERANCE;
  return apart && sharedHeight(a, b) >= MIN_SHARED_HEIGHT * Math.min(height(a), height(b));
}

/**
 * The lines under `bottom`, top to bottom: the first close below it, each next close below the
 * lowest line so far (not the last one: a line whose box a subscript deepens may come before a
 * shallower piece of its row, and the line under both follows the deeper box), while `fits` holds.
 */
export function linesUnder(bottom: number, lines: readonly TextLine[], fits: (line: TextLine) => boolean = () => true): TextLine[] {
  const under: TextLine[] = [];
  for (const line of lines.filter((l) => l.box.y0 >= bottom - OVERLAP_TOLERANCE).sort((a, b) => a.box.y0 - b.box.y0)) {
    const maxGap = (under.length === 0 ? MAX_CAPTION_GAP_EMS : MAX_LINE_GAP_EMS) * line.size;
    if (line.box.y0 - bottom > maxGap || !fits(line)) break;
    under.push(line);
    bottom = Math.max(bottom, line.box.y1);
  }
  return under;
}

/**
 * A band's pictures left to right, cut where two stand in different columns of the page: further
 * apart than either is wide, with no line of the page's text running across the gap between them
 * (tracemonkey's page 7 has two sub-figures in its left column beside a figure in its right, each
 * column with its own captions and text; GeoTopo's page 41 sets a flat multigraph as far from the
 * tetrahedron beside it, under lines running across the page).
 */
function rowsOfBand(band: readonly ImageBlock[], lines: readonly TextLine[]): ImageBlock[][] {
  const rows: ImageBlock[][] = [];
  const width = (b: Box) => b.x1 - b.x0;
  for (const image of [...band].sort((a, b) => a.box.x0 - b.box.x0)) {
    const last = rows.at(-1)?.at(-1);
    const [from, to] = [last?.box.x1 ?? 0, image.box.x0];
    const apart = last !== undefined && to - from > Math.max(width(last.box), width(image.box)) && !lines.some((l) => l.box.x0 < from && l.box.x1 > to);
    if (last && !apart) rows.at(-1)!.push(image);
    else rows.push([image]);
  }
  return rows;
}

/**
 * The caption lines under `image`: the lines under the row (linesUnder) nearer its middle than any
 * other picture's of the row; a caption may be wider than its picture, but never reaches under a
 * neighbour's (`left`, `right`). Lines wholly outside that strip are another column's text beside
 * the row, which neither ends the captions nor is one (tracemonkey's page 6).
 */
function captionsUnder(image: ImageBlock, row: readonly ImageBlock[], left: number, right: number, lines: readonly TextLine[]): TextLine[] {
  const middle = (b: Box) => (b.x0 + b.x1) / 2;
  const nearest = (line: TextLine) => row.reduce((best, i) => (Math.abs(middle(i.box) - middle(line.box)) < Math.abs(middle(best.box) - middle(line.box)) ? i : best));
  // A picture alone may be narrower than the caption centred under it (a sub-figure's dot).
  const within = (line: TextLine) => (line.box.x0 >= left - OVERLAP_TOLERANCE && line.box.x1 <= right + OVERLAP_TOLERANCE) || (row.length === 1 && centredUnder(line.box, image));
  const besideStrip = (line: TextLine) => line.box.x1 <= left || line.box.x0 >= right;
  return linesUnder(Math.max(...row.map((i) => i.box.y1)), lines.filter((l) => nearest(l) === image && !besideStrip(l)), within);
}

/**
 * A caption whose middle is off its picture's by at most this share of the picture's width is
 * centred under it, or by this many points under a picture narrower than that makes room for
 * (a 0-simplex's dot, 5.7 pt wide, GeoTopo's page 38: TeX centres to a fraction of a point).
 */
const CENTRED_CAPTION_SLACK = 0.05;
const MIN_CENTRED_SLACK = 1.5;

export function centredUnder(caption: Box, image: { box: Box }): boolean {
  const middle = (box: Box) => (box.x0 + box.x1) / 2;
  return Math.abs(middle(caption) - middle(image.box)) <= Math.max(MIN_CENTRED_SLACK, CENTRED_CAPTION_SLACK * (image.box.x1 - image.box.x0));
}

/**
 * A caption line running on from under one picture to under the next (sub-captions set a word space
 * apart: "(a) 1D Simplizialkomplex (b) 2D Simplizialkomplex" on GeoTopo's page 39) is cut at spaces
 * in the gaps between the pictures, where each part comes out centred under its own picture. A line
 * that cannot be cut so (a figure's caption under the whole row, the first line of a wrapped
 * sub-caption reaching into the gap) stays whole.
 */
function cutAtGaps(line: TextLine, row: readonly ImageBlock[]): TextLine[] {
  const under = row.filter((image) => image.box.x1 > line.box.x0 && image.box.x0 < line.box.x1);
  if (under.length < 2) return [line];
  const parts: TextLine[] = [];
  let from = 0;
  for (const [i, image] of under.slice(1).entries()) {
    const [gapStart, gapEnd] = [under[i].box.x1, image.box.x0];
    const cut = line.chars.findIndex((c, k) => {
      // The space's middle in the gap: a figure's picture is drawn a little wider than its strokes,
      // and the space after "(a) …" may start under that margin (GeoTopo's page 79).
      if (k <= from || !isBlank(c) || (c.box.x0 + c.box.x1) / 2 < gapStart || (c.box.x0 + c.box.x1) / 2 > gapEnd) return false;
      const part = textLine(line.chars.slice(from, k));
      return part !== undefined && centredUnder(part.box, under[i]);
    });
    if (cut < 0) return [line];
    parts.push(textLine(line.chars.slice(from, cut))!);
    from = cut + 1;
  }
  const last = textLine(line.chars.slice(from));
  return last && centredUnder(last.box, under.at(-1)!) ? [...parts, last] : [line];
}

/**
 * Rows of two or more pictures beside each other with no text between them, and the caption
 * lines under each (which the caller then takes out of the page's flow); `lines` are the page's
 * lines with those running under two pictures cut between them. A picture alone on its band is a
 * row of one when a sub-figure's caption stands centred under it: the last sub-figure of a figure,
 * set under the others ("(c)" under "(a)" and "(b)", tracemonkey's page 6), keeps its caption
 * under it, not centred in the column, which Word does not keep.
 */
export function findImageRows(images: readonly ImageBlock[], pageLines: readonly TextLine[]): { rows: FoundImageRow[]; lines: TextLine[] } {
  const bands: ImageBlock[][] = [];
  for (const image of [...images].sort((a, b) => a.box.y0 - b.box.y0)) {
    const band = bands.find((members) => members.every((m) => beside(m.box, image.box)));
    if (band) band.push(image);
    else bands.push([image]);
  }
  let lines = [...pageLines];
  const rows: FoundImageRow[] = [];
  for (const ordered of bands.flatMap((band) => rowsOfBand(band, pageLines))) {
    const span = unionBox(ordered.map((i) => i.box));
    // Text standing in the band among the pictures makes it something else (text around pictures).
    const textAmong = lines.some((l) => sharedHeight(l.box, span) > OVERLAP_TOLERANCE && l.box.x1 > span.x0 && l.box.x0 < span.x1);
    if (textAmong) continue;
    // The lines under the row, whichever picture they stand under.
    const under = new Set(linesUnder(span.y1, lines));
    const cutLines = lines.flatMap((line) => (under.has(line) ? cutAtGaps(line, ordered) : [line]));
    // A cell's text may reach across the gaps up to its neighbours' pictures (the outer ones as far
    // out; a picture alone, no further than its own edges).
    const gaps = ordered.slice(1).map((image, i) => Math.max(0, image.box.x0 - ordered[i].box.x1));
    const cells = ordered.map((image, i) => {
      const left = image.box.x0 - (gaps[i - 1] ?? gaps[0] ?? 0);
      const right = image.box.x1 + (gaps[i] ?? gaps.at(-1) ?? 0);
      return { image, captions: captionsUnder(image, ordered, left, right, cutLines) };
    });
    const first = cells[0].captions[0];
    if (ordered.length === 1 && !(first && startsWithSubCaptionMark(first.chars) && centredUnder(first.box, ordered[0]))) continue;
    lines = cutLines;
    const box = unionBox([span, ...cells.flatMap((c) => c.captions.map((l) => l.box))]);
    rows.push({ row: { box }, images: ordered, cells });
  }
  return { rows, lines };
}

/** A row's pictures with their captions, as a flowing writer sets it. */
export interface RowOfImages {
  row: ImageRow;
  cells: { image: ImageBlock; captions: ParagraphBlock[] }[];
}

/**
 * The row starting at `blocks[index]` (its pictures, then their captions) and the index after it;
 * undefined when that block starts no row. A caption whose picture was dropped reads as text.
 */
export function imageRowAt(blocks: readonly Block[], index: number): { row: RowOfImages; next: number } | undefined {
  const first = blocks[index];
  if (first?.kind !== 'image' || !first.row) return undefined;
  const cells: RowOfImages['cells'] = [];
  let next = index;
  for (let b = blocks[next]; b?.kind === 'image' && b.row === first.row; b = blocks[++next]) cells.push({ image: b, captions: [] });
  for (let b = blocks[next]; b?.kind === 'paragraph' && b.captionOf; b = blocks[++next]) {
    const cell = cells.find((c) => c.image === (b as ParagraphBlock).captionOf);
    if (!cell) break;
    cell.captions.push(b);
  }
  return { row: { row: first.row, cells }, next };
}

/**
 * Where a row's cells start and end across the page (points): one more bound than cells, the
 * outer ones at the edges of its pictures and captions, the inner ones halfway across the gaps.
 */
export function cellBounds({ cells }: RowOfImages): number[] {
  const spans = cells.map(({ image, captions }) => unionBox([image.box, ...captions.map((c) => c.box)]));
  return [spans[0].x0, ...spans.slice(1).map((span, i) => (spans[i].x1 + span.x0) / 2), spans.at(-1)!.x1];
}
