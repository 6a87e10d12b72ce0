// Glyphs no table, ActualText or OCR could read (still U+FFFD) are kept as pictures rather than
// dropped (issue 14): the consecutive unreadable glyphs of a line become one character whose
// `picture` is its box drawn from the page (page-clips.ts), grown to take in the glyphs' whole ink
// (a tall brace reaches beyond its line), which every writer places in the text where the glyphs stood. Bounded per page and per document: what goes over is dropped, as is a
// picture mutool could not draw, and counted (PdfPage.unreadable); a picture with no ink was a
// space.
import path from 'node:path';
import sharp from 'sharp';
import { isBlank, unionBox, type PdfChar, type PdfPage } from '../page-content';
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

/** A glyph still unreadable (its text ''), until GlyphPictures.line turns it into part of a picture or drops it. */
export interface UnreadableGlyph extends PdfChar {
  unreadable: true;
}

/**
 * Whether the glyph goes on the run: beside its last glyph on the same baseline, or stacked on it
 * (the pieces TeX builds a tall brace or bracket from stand one above the other at one x).
 */
function joins(run: PdfChar[], glyph: PdfChar): boolean {
  const last = run.at(-1)!;
  const size = Math.max(glyph.size, last.size);
  const beside = Math.abs(glyph.baseline - last.baseline) <= 0.3 * glyph.size && glyph.box.x0 - last.box.x1 <= JOIN_GAP_EMS * size && glyph.box.x0 >= last.box.x0 - 0.5;
  const stacked = Math.abs(glyph.box.x0 - last.box.x0) <= 0.5 && Math.abs(glyph.baseline - last.baseline) <= size;
  return beside || stacked;
}

/** Makes the pictures of a document's pages: first their places (`line`, page by page), then the drawing. */
export class GlyphPictures {
  private readonly clips: (PageClip & { glyphs: number })[] = [];

  constructor(private readonly dir: string) {}

  /**
   * A line's characters with each run of unreadable glyphs as one picture character, file still
   * to be drawn; `count` is told how many glyphs each way.
   */
  line(pageNumber: number, chars: readonly (PdfChar | UnreadableGlyph)[], count: { pictured: number; unreadable: number; pictures: number }): PdfChar[] {
    const out: PdfChar[] = [];
    let run: PdfChar[] = [];
    const close = () => {
      if (run.length === 0) return;
      const glyphs = run.filter((c) => 'unreadable' in c).length;
      const box = unionBox(run.map((c) => c.box));
      // Glyphs that take no room (a zero advance) have no place of their own in the text to picture.
      if (this.clips.length >= MAX_PICTURES || count.pictures >= MAX_PICTURES_PER_PAGE || box.x1 - box.x0 < MIN_WIDTH) {
        count.unreadable += glyphs;
      } else {
        const file = path.join(this.dir, `glyphs-${pageNumber}-${this.clips.length + 1}.png`);
        const unreadable = run.filter((c) => 'unreadable' in c);
        const reach = GROW_EMS * Math.max(...unreadable.map((c) => c.size));
        const grow = { glyphs: unreadable.map((c) => c.drawnOrigin ?? { x: c.originX ?? c.box.x0, y: c.baseline }), reach };
        this.clips.push({ page: pageNumber, box, file, scale: SCALE, glyphs, grow });
        const { font, size, baseline, color } = run[0];
        out.push({ text: '', box, font, size, baseline, color, picture: { box, file, baseline } });
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
      } else if (run.length && joins(run, c)) {
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
    const glyphs = new Map(this.clips.map((clip) => [clip.file, clip.glyphs]));
    for (const page of pages) {
      let lost = 0;
      let spaces = 0;
      for (const line of page.lines) {
        line.chars = line.chars.flatMap((c) => {
          if (c.picture === undefined) return [c];
          const { file } = c.picture;
          const box = drawn.get(file)?.box;
          // The picture takes the box its ink grew to; the character keeps its place in the line for the layout.
          if (drawn.has(file) && !blank.has(file)) return [box ? { ...c, picture: { ...c.picture, box } } : c];
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
