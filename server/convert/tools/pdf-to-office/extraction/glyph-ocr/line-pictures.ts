// Pictures of the sampled lines for OCR, drawn from the page (one mutool run for all of them) at a
// scale that gives the line's font size the pixels tesseract reads its script best at, whatever
// the size on the page; which unreadable glyphs draw nothing (spaces), read from those pictures; and
// any such picture as ink (PictureInk, which glyph-shapes.ts reads its glyphs' pictures with too).
import path from 'node:path';
import sharp from 'sharp';
import { clipPixel, clipScale, drawPageClips, type PageClip } from '../page-clips';
import type { GlyphLine } from './glyph-lines';

/**
 * Pixels per font size of each reading of a line: Latin reads best with capitals about 30 pixels
 * tall. chi_sim is less steady: on WenQuanYi Zen Hei lines at 44 one line in four came out as
 * Latin gibberish, and at any one size a few ideographs are misread the same way at every
 * sighting (眠 as 卢), which votes cannot catch. So Chinese lines are read twice, at two sizes, and
 * a glyph is taken only where most readings agree. Some confusions hold at every size tried
 * (鸟 as 乌 in WenQuanYi Zen Hei at 32–48 pixels; right at 28 and 56 on one crop, wrong on another).
 */
export const READINGS = { latin: [44], ideographs: [32, 40] };
/** White pixels around a line's picture: tesseract misreads text that touches the edge. */
const BORDER = 12;
const MIN_SCALE = 2;
const MAX_SCALE = 8;
/** Room left and right of the line, in font sizes. */
const SIDE_ROOM = 0.6;
/** A pixel darker than this is ink. */
const INK = 160;
/** The share of a glyph's width looked at for ink, in its middle: neighbours' overhangs stay out. */
const CORE = 0.6;

export function lineClip(line: GlyphLine, file: string, emPixels: number): PageClip {
  const room = SIDE_ROOM * line.size;
  const box = { x0: line.glyphs[0].x0 - room, y0: line.top, x1: line.glyphs[line.glyphs.length - 1].x1 + room, y1: line.bottom };
  return { page: line.page, box, file, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, emPixels / Math.max(line.size, 1))) };
}

export interface LinePicture {
  /** As drawn, for markBlankGlyphs. */
  file: string;
  clip: PageClip;
  /** With a white border, for tesseract. */
  ocrFile: string;
}

/** Draws each line (with its pixels per font size); answers each line's pictures, or undefined where mutool drew none. */
export async function drawLines(
  pdfPath: string,
  lines: readonly { line: GlyphLine; emPixels: number }[],
  { workDir, signal }: { workDir: string; signal?: AbortSignal },
): Promise<(LinePicture | undefined)[]> {
  const clips = lines.map(({ line, emPixels }, index) => lineClip(line, path.join(workDir, `line-${index}.png`), emPixels));
  const drawn = await drawPageClips(pdfPath, clips, { workDir, signal });
  return Promise.all(
    clips.map(async (clip) => {
      if (!drawn.has(clip.file)) return undefined;
      const ocrFile = clip.file.replace(/\.png$/, '-ocr.png');
      await sharp(clip.file).extend({ top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, background: '#ffffff' }).toFile(ocrFile);
      return { file: clip.file, clip, ocrFile };
    }),
  );
}

/** A picture of part of a page as ink: which of its pixels are ink, and where page points land on it. */
export interface PictureInk {
  width: number;
  height: number;
  /** Pixels per point. */
  scale: number;
  isInk(x: number, y: number): boolean;
  /** Where a page point lands (pixels from the picture's top left). */
  pixel(x: number, y: number): { x: number; y: number };
}

/** The picture as drawn (a line's, not the bordered copy tesseract reads). */
export async function inkOf(picture: { file: string; clip: PageClip }): Promise<PictureInk> {
  const { data, info } = await sharp(picture.file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    scale: clipScale(picture.clip),
    isInk: (x, y) => data[(y * info.width + x) * info.channels] < INK,
    pixel: (x, y) => clipPixel(picture.clip, x, y),
  };
}

/** Marks the line's unreadable glyphs that have no ink in the middle of their place (on the line's picture) as blank. */
export async function markBlankGlyphs(line: GlyphLine, picture: LinePicture): Promise<void> {
  const ink = await inkOf(picture);
  const top = Math.max(0, Math.floor(ink.pixel(0, line.top).y));
  const bottom = Math.min(ink.height, Math.ceil(ink.pixel(0, line.bottom).y));
  for (const glyph of line.glyphs) {
    if (glyph.text !== undefined) continue;
    const margin = ((1 - CORE) / 2) * (glyph.x1 - glyph.x0) * ink.scale;
    const [start, end] = [ink.pixel(glyph.x0, 0).x, ink.pixel(glyph.x1, 0).x];
    // A glyph too narrow for its middle to hold a pixel is looked at whole.
    const core = end - start - 2 * margin >= 1;
    const left = Math.max(0, Math.round(core ? start + margin : start));
    const right = Math.min(ink.width, Math.round(core ? end - margin : end));
    let inked = false;
    for (let y = top; y < bottom && !inked; y++) for (let x = left; x < right && !inked; x++) inked = ink.isInk(x, y);
    glyph.blank = !inked;
  }
}

/** Sightings a space must have looked blank in, and the share of all its sightings they must be. */
const BLANK_SIGHTINGS = 2;
const BLANK_SHARE = 1 / 3;

/**
 * Whether a glyph draws nothing is the glyph's own, not its place's: where a neighbour's ink reaches
 * into a space's middle (an italic's slant, a kerned f), that sighting looks inked, the line has a
 * word too few and none of its glyphs gets a vote (TAMReview's "she/he" and "adopting/using": the
 * "/" was never read). A letter's middle is never blank, so a glyph seen blank often enough (its
 * Cambria Italic space: 20 of 47 sightings) is a space wherever it stands.
 */
export function settleBlankGlyphs(lines: readonly GlyphLine[]): void {
  const sightings = lines.flatMap((line) => line.glyphs).filter((glyph) => glyph.key !== undefined && glyph.blank !== undefined);
  const tally = new Map<string | undefined, { blank: number; all: number }>();
  for (const { key, blank } of sightings) {
    const counts = tally.get(key) ?? { blank: 0, all: 0 };
    tally.set(key, { blank: counts.blank + (blank ? 1 : 0), all: counts.all + 1 });
  }
  for (const glyph of sightings) {
    const counts = tally.get(glyph.key) ?? { blank: 0, all: 0 };
    if (counts.blank >= BLANK_SIGHTINGS && counts.blank >= BLANK_SHARE * counts.all) glyph.blank = true;
  }
}
