// Glyphs no table, ActualText or OCR could read (still U+FFFD) are kept as pictures rather than
// dropped (issue 14): the consecutive unreadable glyphs of a line become one character whose
// `picture` is its box drawn from the page (page-clips.ts), grown to take in the glyphs' whole ink
// (a tall brace reaches beyond its line), which every writer places in the text where the glyphs stood. Bounded per page and per document: what goes over is dropped, as is a
// picture mutool could not draw, and counted (PdfPage.unreadable); a picture with no ink was a
// space. On a line turned a quarter (running down or up the page) the glyphs join along the line,
// and each picture is also kept turned with it (GlyphPicture.upright), upright as the line reads.
import path from 'node:path';
import sharp from 'sharp';
import { AXIS, boxThrough, isBlank, toFrame, unionBox, type Box, type GlyphPicture, type PdfChar, type PdfPage } from '../page-content';
import { drawPageClips, type PageClip } from './page-clips';

/** Pictures per document and per page; a page of text in a font without any Unicode is mostly over it. */
export const MAX_PICTURES = 500;
export const MAX_PICTURES_PER_PAGE = 80;
/** Pixels per point: a 10-point glyph is 40 pixels tall, sharp when printed at its size. */
const SCALE = 4;
/**
 * How far (font sizes) beyond its line's box a picture grows to take in its glyphs' whole ink: a
 * TeX \Bigg brace or a display sum reaches a line or two above and below.
 */
const GROW_EMS = 3;
/** Narrower than this (points), a run is not pictured. */
const MIN_WIDTH = 1;
/** Two unreadable glyphs further apart than this many font sizes are two pictures. */
const JOIN_GAP_EMS = 0.6;

/** What a page's lines did with their unreadable glyphs (PdfPage's fields of the same names), and how many pictures they made. */
export interface GlyphCount {
  pictured: number;
  unreadable: number;
  roomless: NonNullable<PdfPage['roomless']>;
  pictures: number;
}

/** A glyph still unreadable (its text ''), until GlyphPictures.line turns it into part of a picture or drops it. */
export interface UnreadableGlyph extends PdfChar {
  unreadable: true;
}

type Direction = { x: number; y: number };

/** A line running down or up the page (along `u`): the clockwise turn (degrees) that sets its pictures upright. */
type Turn = { degrees: 90 | 270; u: Direction };

function quarterTurnOf(u: Direction | undefined): Turn | undefined {
  if (u && u.y >= AXIS) return { degrees: 270, u };
  if (u && u.y <= -AXIS) return { degrees: 90, u };
  return undefined;
}

const inFrame = (box: Box, u: Direction) => boxThrough(box, (p) => toFrame(p, u));

/** A glyph's box and baseline as its line reads: in the frame of a line running along `u` (toFrame), as they are on an upright line. */
function alongLine(c: PdfChar, u: Direction | undefined): { box: Box; baseline: number; size: number } {
  if (!u) return c;
  return { box: inFrame(c.box, u), baseline: toFrame({ x: c.originX ?? c.box.x0, y: c.baseline }, u).y, size: c.size };
}

/**
 * Whether the glyph goes on the run (both as their line reads, alongLine): beside its last glyph
 * on the same baseline, or stacked on it (the pieces TeX builds a tall brace or bracket from stand
 * one above the other at one x).
 */
function joins(run: PdfChar[], next: PdfChar, u: Direction | undefined): boolean {
  const last = alongLine(run.at(-1)!, u);
  const glyph = alongLine(next, u);
  const size = Math.max(glyph.size, last.size);
  const beside = Math.abs(glyph.baseline - last.baseline) <= 0.3 * glyph.size && glyph.box.x0 - last.box.x1 <= JOIN_GAP_EMS * size && glyph.box.x0 >= last.box.x0 - 0.5;
  const stacked = Math.abs(glyph.box.x0 - last.box.x0) <= 0.5 && Math.abs(glyph.baseline - last.baseline) <= size;
  return beside || stacked;
}

/** Makes the pictures of a document's pages: first their places (`line`, page by page), then the drawing. */
export class GlyphPictures {
  /** `turn`: that of a picture's line, when it runs down or up the page. */
  private readonly clips: (PageClip & { glyphs: number; turn?: Turn })[] = [];

  constructor(private readonly dir: string) {}

  /**
   * A line's characters with each run of unreadable glyphs as one picture character, file still
   * to be drawn; `count` is told how many glyphs each way. `direction`: the way the line runs when
   * not left to right and its glyphs are turned with it (not vertical writing, whose glyphs stand
   * upright on the page).
   */
  line(pageNumber: number, chars: readonly (PdfChar | UnreadableGlyph)[], count: GlyphCount, direction?: Direction): PdfChar[] {
    const turn = quarterTurnOf(direction);
    const out: PdfChar[] = [];
    let run: PdfChar[] = [];
    const close = () => {
      if (run.length === 0) return;
      const glyphs = run.filter((c) => 'unreadable' in c).length;
      const box = unionBox(run.map((c) => c.box));
      // Glyphs that take no room (a zero advance) have no place of their own in the text to picture.
      if (box.x1 - box.x0 < MIN_WIDTH) {
        count.unreadable += glyphs;
        count.roomless.push({ box, glyphs });
      } else if (this.clips.length >= MAX_PICTURES || count.pictures >= MAX_PICTURES_PER_PAGE) {
        count.unreadable += glyphs;
      } else {
        const file = path.join(this.dir, `glyphs-${pageNumber}-${this.clips.length + 1}.png`);
        const unreadable = run.filter((c) => 'unreadable' in c);
        const reach = GROW_EMS * Math.max(...unreadable.map((c) => c.size));
        const grow = { glyphs: unreadable.map((c) => c.drawnOrigin ?? { x: c.originX ?? c.box.x0, y: c.baseline }), reach };
        const { font, size, baseline, color, originX } = run[0];
        this.clips.push({ page: pageNumber, box, file, scale: SCALE, glyphs, grow, turn });
        const picture: GlyphPicture = { box, file, baseline };
        // Drawn, turned and given the box its ink grew to by draw; its baseline is its first glyph's.
        if (turn) picture.upright = { box: inFrame(box, turn.u), file: uprightFile(file), baseline: alongLine(run[0], turn.u).baseline };
        // The picture character reads from its first glyph's origin, as that glyph did (a turned line's baseline is across it).
        out.push({ text: '', box, font, size, baseline, color, ...(originX === undefined ? {} : { originX }), picture });
        count.pictured += glyphs;
        count.pictures++;
      }
      run = [];
    };
    // Spaces after a run: MuPDF puts one in a gap between glyphs; the run takes them in when it goes on after.
    let spaces: PdfChar[] = [];
    for (const c of chars) {
      if (!('unreadable' in c)) {
        if (run.length && isBlank(c)) {
          spaces.push(c);
          continue;
        }
        close();
        out.push(...spaces, c);
        spaces = [];
      } else if (run.length && joins(run, c, turn?.u)) {
        run.push(...spaces, c);
        spaces = [];
      } else {
        close();
        out.push(...spaces);
        spaces = [];
        run.push(c);
      }
    }
    close();
    out.push(...spaces);
    return out;
  }

  /**
   * Draws the pictures. One mutool could not draw leaves its line, its glyphs counted as dropped;
   * one that shows no ink (glyphs that are spaces, as some fonts without Unicode draw them) becomes
   * a space, neither pictured nor counted.
   */
  async draw(pdfPath: string, pages: PdfPage[], ctx: { workDir: string; signal?: AbortSignal }): Promise<void> {
    if (this.clips.length === 0) return;
    const drawn = await drawPageClips(pdfPath, this.clips, ctx);
    const blank = new Set<string>();
    for (const file of drawn.keys()) if (!(await hasInk(file))) blank.add(file);
    // The directions of the lines whose pictures were turned upright (a picture that would not turn stays as drawn).
    const turned = new Map<string, Direction>();
    for (const { file, turn } of this.clips) {
      if (!turn || !drawn.has(file) || blank.has(file)) continue;
      try {
        await sharp(file).rotate(turn.degrees).toFile(uprightFile(file));
        turned.set(file, turn.u);
      } catch {
        // the picture as drawn still stands in the text, sideways
      }
    }
    const glyphs = new Map(this.clips.map((clip) => [clip.file, clip.glyphs]));
    for (const page of pages) {
      let lost = 0;
      let spaces = 0;
      for (const line of page.lines) {
        line.chars = line.chars.flatMap((c) => {
          if (c.picture === undefined) return [c];
          const { file } = c.picture;
          // The picture takes the box its ink grew to; the character keeps its place in the line for the layout.
          if (drawn.has(file) && !blank.has(file)) return [{ ...c, picture: drawnPicture(c.picture, drawn.get(file)?.box, turned.get(file)) }];
          const count = glyphs.get(file) ?? 0;
          if (blank.has(file)) {
            spaces += count;
            const { picture: _, ...space } = c;
            return [{ ...space, text: ' ' }];
          }
          lost += count;
          return [];
        });
      }
      if (lost === 0 && spaces === 0) continue;
      page.pictured = (page.pictured ?? 0) - lost - spaces;
      if (lost) page.unreadable = (page.unreadable ?? 0) + lost;
      if (page.pictured <= 0) delete page.pictured;
    }
  }
}

/** Where the picture drawn as `file` is kept turned upright. */
const uprightFile = (file: string) => file.replace(/\.png$/, '-upright.png');

/**
 * A picture once drawn: with the box its ink grew to (`grown`, when it grew), and its upright copy
 * (its box in the frame of its line, running along `u`) when it was turned, else none.
 */
function drawnPicture(picture: GlyphPicture, grown: Box | undefined, u: Direction | undefined): GlyphPicture {
  const { upright, ...asDrawn } = picture;
  const box = grown ?? picture.box;
  return { ...asDrawn, box, ...(upright && u ? { upright: { ...upright, box: inFrame(box, u) } } : {}) };
}

/** A pixel darker than this is ink (as glyph-ocr's line pictures take it). */
const INK = 160;
/** The share of a picture's width looked at for ink, in its middle: neighbours' overhangs stay out. */
const CORE = 0.6;

async function hasInk(file: string): Promise<boolean> {
  try {
    const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
    const left = Math.floor(((1 - CORE) / 2) * info.width);
    const right = Math.max(left + 1, Math.ceil(((1 + CORE) / 2) * info.width));
    for (let y = 0; y < info.height; y++) for (let x = left; x < right; x++) if (data[y * info.width + x] < INK) return true;
    return false;
  } catch {
    return true;
  }
}
