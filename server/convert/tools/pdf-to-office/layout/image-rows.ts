// Pictures side by side in one band (a row of photos or of sub-figures (a), (b), …) are one row,
// each with the short captions right under it: a writer that flows the page (Word, HTML/EPUB)
// sets them beside each other as printed instead of stacking them one under another. Writers that
// place every block at its box (PowerPoint, Excel) need nothing of this.
import { unionBox, type Box } from '../page-content';
import type { Block, ImageBlock, ImageRow, ParagraphBlock } from './blocks';
import type { TextLine } from './text-lines';

/** Two pictures share a band when this share of the shorter one's height lies in both. */
const MIN_SHARED_HEIGHT = 0.5;
/** Pictures touching by at most this much (points) still stand beside each other. */
const OVERLAP_TOLERANCE = 1;
/** A caption starts at most this many of its line heights below the picture (or the caption above it). */
const MAX_CAPTION_GAP_LINES = 1.2;

export interface FoundImageRow {
  row: ImageRow;
  /** Left to right. */
  images: ImageBlock[];
  /** Each picture's caption lines, top to bottom, and the strip of the page its cell spans. */
  cells: { image: ImageBlock; captions: TextLine[]; left: number; right: number }[];
}

const height = (b: Box) => b.y1 - b.y0;
const sharedHeight = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

function beside(a: Box, b: Box): boolean {
  const apart = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1) >= -OVERLAP_TOLERANCE;
  return apart && sharedHeight(a, b) >= MIN_SHARED_HEIGHT * Math.min(height(a), height(b));
}

/** Lines under a cell's picture, each starting close below the one before, none reaching out of the cell. */
function captionsUnder(image: ImageBlock, left: number, right: number, lines: readonly TextLine[]): TextLine[] {
  const captions: TextLine[] = [];
  let bottom = image.box.y1;
  for (const line of [...lines].sort((a, b) => a.box.y0 - b.box.y0)) {
    if (line.box.y0 < bottom - OVERLAP_TOLERANCE || line.box.x1 <= left || line.box.x0 >= right) continue;
    if (line.box.y0 - bottom > MAX_CAPTION_GAP_LINES * height(line.box)) break;
    if (line.box.x0 < left || line.box.x1 > right) break;
    captions.push(line);
    bottom = line.box.y1;
  }
  return captions;
}

/**
 * Rows of two or more pictures beside each other with no text between them, and the caption
 * lines under each (which the caller then takes out of the page's flow).
 */
export function findImageRows(images: readonly ImageBlock[], lines: readonly TextLine[]): FoundImageRow[] {
  const bands: ImageBlock[][] = [];
  for (const image of [...images].sort((a, b) => a.box.y0 - b.box.y0)) {
    const band = bands.find((members) => members.every((m) => beside(m.box, image.box)));
    if (band) band.push(image);
    else bands.push([image]);
  }
  const rows: FoundImageRow[] = [];
  for (const band of bands.filter((members) => members.length > 1)) {
    const ordered = band.sort((a, b) => a.box.x0 - b.box.x0);
    const span = unionBox(ordered.map((i) => i.box));
    // Text standing in the band among the pictures makes it something else (text around pictures).
    const textAmong = lines.some((l) => sharedHeight(l.box, span) > OVERLAP_TOLERANCE && l.box.x1 > span.x0 && l.box.x0 < span.x1);
    if (textAmong) continue;
    // Each cell reaches halfway across the gaps to its neighbours (the outer ones as far out).
    const gaps = ordered.slice(1).map((image, i) => Math.max(0, image.box.x0 - ordered[i].box.x1));
    const cells = ordered.map((image, i) => {
      const left = image.box.x0 - (gaps[i - 1] ?? gaps[0]) / 2;
      const right = image.box.x1 + (gaps[i] ?? gaps.at(-1)!) / 2;
      return { image, left, right, captions: captionsUnder(image, left, right, lines) };
    });
    const box = unionBox([span, ...cells.flatMap((c) => c.captions.map((l) => l.box))]);
    rows.push({ row: { box }, images: ordered, cells });
  }
  return rows;
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
