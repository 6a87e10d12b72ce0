// Unreadable glyphs whose ink is a simple shape, read from that ink where OCR gave no agreed
// reading: a run of underscores (TAMReview's rating scale ": ___:___:___:") is one long rule to
// tesseract, which reads it as nothing, dots or a dash, never the same twice, so its glyph stayed a
// picture. Such a glyph is drawn alone at a place it stands (nothing else of the page: no
// neighbour's overhang, no underline or table rule under it), its ink cut into blobs of touching
// pixels, and a few shapes are told by where the blobs stand against its baseline and font size:
// one thin bar at or below the baseline "_", at mid x-height a dash (hyphen, en or em dash by its
// width), one dot on the baseline ".", two dots stacked ":". Anything else is no shape; a glyph is
// read so only when every place it was drawn at shows the same shape.
import path from 'node:path';
import { drawPageClips, type PageClip } from '../page-clips';
import type { GlyphLine, LineGlyph } from './glyph-lines';
import { inkOf, type PictureInk } from './line-pictures';

/** A blob of touching ink, in font sizes: x from the glyph's origin, y up from its baseline. */
export interface InkBlob {
  left: number;
  right: number;
  bottom: number;
  top: number;
  /** The share of its box the ink fills. */
  fill: number;
  /** Whether it reaches the picture's edge: the glyph's ink may go on beyond. */
  cut: boolean;
}

/**
 * Places a glyph is drawn at, and the glyphs drawn at most, those standing most often first: each
 * clip runs its page's content again (some 40 ms a clip on TAMReview's pages).
 */
const SIGHTINGS = 2;
const MAX_GLYPHS = 40;
/** Pixels per font size the glyph is drawn at (as a line for OCR), and the bounds of the scale. */
const EM_PIXELS = 48;
const MIN_SCALE = 1;
const MAX_SCALE = 8;
/** The picture around the glyph's advance, in font sizes: room either side, above and below the baseline. */
const ROOM = { side: 0.5, above: 1.1, below: 0.5 };
/** Blobs of this many pixels or fewer are specks of anti-aliasing. */
const SPECK_PIXELS = 2;

/** A dot: this wide and tall (font sizes), about round, filled. */
const DOT = { min: 0.04, max: 0.22, aspect: 1.8, fill: 0.6 };
/** How far (font sizes) a dot on the baseline may stand above or below it. */
const ON_BASELINE = 0.07;
/** Where the upper dot of a colon stands (its bottom, font sizes above the baseline). */
const COLON_UPPER = { min: 0.2, max: 0.62 };
/** A bar: this thin (font sizes) at most, several times as wide, solid, across most of the glyph's advance. */
const BAR = { thickness: 0.12, aspect: 3, fill: 0.75, span: 0.5 };
/** Where a bar's middle stands (font sizes above the baseline): an underscore's, a dash's. */
const UNDERSCORE = { min: -0.4, max: 0.03 };
const DASH = { min: 0.12, max: 0.5 };
/** Ink widths (font sizes) below which a dash is a hyphen, an en dash; from EM_DASH_WIDTH up, an em dash. */
const HYPHEN_WIDTH = 0.42;
const EN_DASH_WIDTH = 0.7;
const EM_DASH_WIDTH = 0.8;

const width = (blob: InkBlob) => blob.right - blob.left;
const height = (blob: InkBlob) => blob.top - blob.bottom;

function isDot(blob: InkBlob): boolean {
  const [w, h] = [width(blob), height(blob)];
  const within = (v: number) => v >= DOT.min && v <= DOT.max;
  return within(w) && within(h) && Math.max(w, h) <= DOT.aspect * Math.min(w, h) && blob.fill >= DOT.fill;
}

const onBaseline = (dot: InkBlob) => Math.abs(dot.bottom) <= ON_BASELINE;

function dashOf(inkWidth: number): string | undefined {
  if (inkWidth < HYPHEN_WIDTH) return '-';
  if (inkWidth < EN_DASH_WIDTH) return '–';
  return inkWidth >= EM_DASH_WIDTH ? '—' : undefined;
}

/** What a glyph `advance` font sizes wide, whose ink is these blobs, reads as, when a simple shape. */
export function shapeOf(blobs: readonly InkBlob[], advance: number): string | undefined {
  if (blobs.some((blob) => blob.cut)) return undefined;
  if (blobs.length === 1) {
    const [blob] = blobs;
    if (isDot(blob)) return onBaseline(blob) ? '.' : undefined;
    const bar = height(blob) <= BAR.thickness && width(blob) >= BAR.aspect * height(blob) && blob.fill >= BAR.fill && width(blob) >= BAR.span * advance;
    if (!bar) return undefined;
    const middle = (blob.top + blob.bottom) / 2;
    if (middle >= UNDERSCORE.min && middle <= UNDERSCORE.max) return '_';
    return middle >= DASH.min && middle <= DASH.max ? dashOf(width(blob)) : undefined;
  }
  if (blobs.length === 2 && blobs.every(isDot)) {
    const [lower, upper] = [...blobs].sort((a, b) => a.bottom - b.bottom);
    const centre = (dot: InkBlob) => (dot.left + dot.right) / 2;
    // Stacked, give or take an italic's slant; alike in size.
    const stacked = Math.abs(centre(upper) - centre(lower)) <= Math.max(width(upper), width(lower));
    const alike = Math.max(height(upper), height(lower)) <= DOT.aspect * Math.min(height(upper), height(lower));
    if (stacked && alike && onBaseline(lower) && upper.bottom >= COLON_UPPER.min && upper.bottom <= COLON_UPPER.max) return ':';
  }
  return undefined;
}

/** The blobs of ink (8-connected) of the picture, in pixels (ends included). */
function blobsOf(ink: PictureInk): { x0: number; x1: number; y0: number; y1: number; pixels: number }[] {
  const seen = new Uint8Array(ink.width * ink.height);
  const blobs = [];
  for (let y = 0; y < ink.height; y++) {
    for (let x = 0; x < ink.width; x++) {
      if (seen[y * ink.width + x] || !ink.isInk(x, y)) continue;
      seen[y * ink.width + x] = 1;
      const blob = { x0: x, x1: x, y0: y, y1: y, pixels: 0 };
      const stack = [[x, y]];
      while (stack.length) {
        const [px, py] = stack.pop()!;
        blob.pixels++;
        [blob.x0, blob.x1, blob.y0, blob.y1] = [Math.min(blob.x0, px), Math.max(blob.x1, px), Math.min(blob.y0, py), Math.max(blob.y1, py)];
        for (let ny = Math.max(0, py - 1); ny <= Math.min(ink.height - 1, py + 1); ny++) {
          for (let nx = Math.max(0, px - 1); nx <= Math.min(ink.width - 1, px + 1); nx++) {
            if (seen[ny * ink.width + nx] || !ink.isInk(nx, ny)) continue;
            seen[ny * ink.width + nx] = 1;
            stack.push([nx, ny]);
          }
        }
      }
      if (blob.pixels > SPECK_PIXELS) blobs.push(blob);
    }
  }
  return blobs;
}

/** What the glyph drawn alone on `ink` reads as, or null when no simple shape. */
export function glyphShape(glyph: Pick<LineGlyph, 'x0' | 'x1' | 'origin' | 'size'>, ink: PictureInk): string | null {
  const em = glyph.size * ink.scale;
  const origin = ink.pixel(glyph.origin.x, glyph.origin.y);
  const blobs = blobsOf(ink).map(({ x0, x1, y0, y1, pixels }) => ({
    left: (x0 - origin.x) / em,
    right: (x1 + 1 - origin.x) / em,
    bottom: (origin.y - (y1 + 1)) / em,
    top: (origin.y - y0) / em,
    fill: pixels / ((x1 + 1 - x0) * (y1 + 1 - y0)),
    cut: x0 === 0 || y0 === 0 || x1 === ink.width - 1 || y1 === ink.height - 1,
  }));
  return shapeOf(blobs, (glyph.x1 - glyph.x0) / glyph.size) ?? null;
}

/** The clip that draws the glyph alone, with room around it. */
function aloneClip(glyph: LineGlyph, page: number, file: string): PageClip {
  const { x0, x1, origin, size } = glyph;
  const box = { x0: x0 - ROOM.side * size, x1: x1 + ROOM.side * size, y0: origin.y - ROOM.above * size, y1: origin.y + ROOM.below * size };
  return { page, box, file, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, EM_PIXELS / Math.max(size, 1))), only: [origin] };
}

/**
 * glyph key → text, for the unreadable glyphs of the lines not in `read` (blank ones aside) whose
 * every drawing alone shows the same simple shape.
 */
export async function readShapes(
  pdfPath: string,
  lines: readonly GlyphLine[],
  read: ReadonlyMap<string, string>,
  { workDir, signal }: { workDir: string; signal?: AbortSignal },
): Promise<Map<string, string>> {
  // Per glyph: how often it stands, and the first places it does (drawn alone).
  const sightings = new Map<string, { count: number; places: { glyph: LineGlyph; page: number }[] }>();
  for (const line of lines) {
    for (const glyph of line.glyphs) {
      if (glyph.key === undefined || glyph.blank || read.has(glyph.key)) continue;
      const seen = sightings.get(glyph.key) ?? { count: 0, places: [] };
      seen.count++;
      if (seen.places.length < SIGHTINGS) seen.places.push({ glyph, page: line.page });
      sightings.set(glyph.key, seen);
    }
  }
  const clips = [...sightings.entries()]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, MAX_GLYPHS)
    .flatMap(([key, { places }]) => places.map((place) => ({ key, ...place })))
    .map(({ key, glyph, page }, i) => ({ key, glyph, clip: aloneClip(glyph, page, path.join(workDir, `shape-${i}.png`)) }));
  if (clips.length === 0) return new Map();
  const drawn = await drawPageClips(pdfPath, clips.map(({ clip }) => clip), { workDir, signal });
  const shapes = new Map<string, (string | null)[]>();
  for (const { key, glyph, clip } of clips) {
    if (!drawn.has(clip.file)) continue;
    shapes.set(key, [...(shapes.get(key) ?? []), glyphShape(glyph, await inkOf({ file: clip.file, clip }))]);
  }
  const out = new Map<string, string>();
  for (const [key, [first, ...rest]] of shapes) if (first !== null && rest.every((shape) => shape === first)) out.set(key, first);
  return out;
}
