// Runs the page dump script over a PDF in chunks of pages (two chunks can run at once on the
// mutool engine's slots) and turns its JSON lines into typed pages. An image the script saved with
// a soft mask beside it gets the mask joined as alpha here, before any writer reads the file.
// Glyphs the dump could give no Unicode are read off the page by OCR where it can (glyph-ocr/), and
// kept as pictures of themselves where it cannot (glyph-pictures.ts). Pages whose /Rotate turns
// their text may be read again unrotated (unrotated-pages.ts). A space MuPDF put in for room beside a
// space glyph of the text's own is one space with it (room-spaces.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../../../engines';
import { boxAround, CJK_ASCENT, downwardSide, isBlank, stepFrom, type Box, type PdfChar, type PdfDrawing, type PdfFont, type PdfLine, type PdfPage } from '../page-content';
import { PAGE_DUMP_SCRIPT } from './mutool-script';
import { applySoftMask } from '../../pdf-render/soft-mask';
import { withoutReplacement } from './unmapped-glyphs';
import { attachLinks, linkFromRaw } from './page-links';
import { fieldLines } from './form-fields';
import { glyphKey, type RawChar, type RawFont, type RawPage } from './raw-page';
import { recoverGlyphsByOcr } from './glyph-ocr';
import { withAccentsOnBases, withAccentsOverNextLines, withBarredArrows } from './accents';
import { withoutRoomBesideSpaces } from './room-spaces';
import { GlyphPictures, type GlyphCount, type UnreadableGlyph } from './glyph-pictures';
import { pagesTurnedByRotate, unrotatedCopy } from './unrotated-pages';

const PAGES_PER_RUN = 12;
const MAX_DUMP_BYTES = 256 * 1024 * 1024;

/** The script's numbering of drawing kinds (DRAWN_RULES, DRAWN_SLANTED, DRAWN_FILL). */
const DRAWING_KINDS: PdfDrawing['kind'][] = ['rules', 'slanted', 'fill'];

/** Names like `Arial-BoldMT` or `CMBX12` say bold/italic even when the font's flags do not. */
function fontFromRaw([rawName, bold, italic]: RawFont): PdfFont {
  const name = rawName.replace(/^[A-Z]{6}\+/, '');
  return {
    name,
    bold: bold || /bold|black|heavy|semibold|demi|[-,]bd\b|^cmbx|^cmb\d/i.test(name),
    italic: italic || /italic|oblique|^cmti|^cmsl|[-,]it\b/i.test(name),
  };
}

/** Ascent and descent as shares of the font size, the same for every font. */
const ASCENT = 0.8;
const DESCENT = 0.2;

const LEFT_TO_RIGHT = { x: 1, y: 0 };

/**
 * A glyph's box, from its quad's extent along the direction `u` the text runs (y down) and, across
 * it, from the origin and size: MuPDF's quads use each font's bounding box there, which for CJK
 * fonts is two or three lines tall and would make neighbouring lines overlap. Text running down or
 * up the page (vertical writing, a turned table) gets its box turned with it.
 */
function glyphBox(quad: Box, origin: { x: number; y: number }, size: number, u: { x: number; y: number } = LEFT_TO_RIGHT): Box {
  const along = [quad.x0, quad.x1].flatMap((x) => [quad.y0, quad.y1].map((y) => (x - origin.x) * u.x + (y - origin.y) * u.y));
  return boxAround([Math.min(...along), Math.max(...along)].flatMap((a) => [-ASCENT * size, DESCENT * size].map((b) => stepFrom(origin, u, a, b))));
}

/**
 * A glyph of vertical writing (its column running along `u`) stands upright, drawn from its own
 * baseline origin, which MuPDF's quad has at its far corner along the column, on its downward side
 * (MuPDF reads it from a point a font's bounding box above). Its box is its em around that origin:
 * its quad's width across the column (the glyph's own), an ideographic ascent and descent along it
 * (the quad runs a whole bounding box down the column, into the next glyph).
 */
function verticalGlyph(quad: Box, size: number, u: { x: number; y: number }): { box: Box; drawnOrigin: { x: number; y: number } } {
  const v = downwardSide(u);
  const corners = [quad.x0, quad.x1].flatMap((x) => [quad.y0, quad.y1].map((y) => ({ x, y })));
  const reach = (p: { x: number; y: number }) => p.x * (u.x + v.x) + p.y * (u.y + v.y);
  const drawnOrigin = corners.reduce((best, p) => (reach(p) > reach(best) ? p : best));
  const across = corners.map((p) => (p.x - drawnOrigin.x) * v.x + (p.y - drawnOrigin.y) * v.y);
  const box = boxAround([-CJK_ASCENT * size, (1 - CJK_ASCENT) * size].flatMap((a) => [Math.min(...across), Math.max(...across)].map((b) => stepFrom(drawnOrigin, u, a, b))));
  return { box, drawnOrigin };
}

/**
 * MuPDF's name for a Type 3 font that has none: its glyphs are drawing procedures, and one that
 * does not move the pen is a mark of a drawing (a dot on a graph's vertex: GeoTopo's page 40 drew
 * a grid's corners as "b"), not a letter. The dump has its drawing among the page's drawings
 * already; read as text too, it made the dots frames around text, and the grid a table of "b"s.
 */
const UNNAMED_TYPE3 = 'Unnamed-T3';

const isDrawnMark = ([, x0, , x1, , font]: RawChar, fonts: readonly RawFont[]) => fonts[font][0] === UNNAMED_TYPE3 && x1 - x0 < 0.01;

/**
 * `learnt` gives unreadable glyphs their text by glyph key (glyph-ocr); a glyph still unmapped
 * after that (U+FFFD) becomes part of a picture (glyph-pictures.ts), or is left out and counted,
 * never written as a box.
 */
function pageFromRaw(raw: RawPage, learnt: ReadonlyMap<string, string>, pictures: GlyphPictures): PdfPage {
  const fonts = raw.fonts.map(fontFromRaw);
  const count: GlyphCount = { pictured: 0, unreadable: 0, roomless: [], pictures: 0 };
  const turns = new Map((raw.turns ?? []).map(([line, x, y]) => [line, { x, y }]));
  const vertical = new Set((raw.turns ?? []).filter((turn) => turn[3] === 1).map(([line]) => line));
  const readLines: PdfLine[] = raw.lines
    .map((chars, index) => {
      const read = chars.flatMap((rawChar): (PdfChar | UnreadableGlyph)[] => {
        if (isDrawnMark(rawChar, raw.fonts)) return [];
        const [rawText, x0, y0, x1, y1, font, size, baseline, color = 0, originX, glyph] = rawChar;
        const known = glyph === undefined ? undefined : learnt.get(glyphKey(raw.fonts[font][0], glyph));
        const { text, dropped } = withoutReplacement(known ?? rawText);
        const quad = { x0, y0, x1, y1 };
        const origin = { x: originX ?? x0, y: baseline };
        const turn = turns.get(index);
        const placed = turn && vertical.has(index) ? verticalGlyph(quad, size, turn) : { box: glyphBox(quad, origin, size, turn) };
        const char: PdfChar = { text, font: fonts[font], size, baseline, color, ...(originX === undefined ? {} : { originX }), ...placed };
        // A glyph that reads as nothing but U+FFFD is pictured; one with some text keeps that text.
        if (text === '' && dropped > 0) return [{ ...char, unreadable: true }];
        count.unreadable += dropped;
        return text ? [char] : [];
      });
      // Vertical writing's glyphs stand upright on the page: its pictures are not turned with its line.
      const turnedGlyphs = vertical.has(index) ? undefined : turns.get(index);
      const line = pictures.line(raw.number, read, count, turnedGlyphs);
      // Accents are told by their overlap across an upright line.
      const turn = turns.get(index);
      return turn ? { direction: turn, chars: line } : { chars: withAccentsOnBases(withBarredArrows(withoutRoomBesideSpaces(line))) };
    })
    .filter((line) => line.chars.some((c) => !isBlank(c)));
  // An accent MuPDF read as a line of its own over its letter's (TeX's \tilde F_j) joins it there.
  const lines = withAccentsOverNextLines(readLines);
  lines.push(...fieldLines(raw.fields ?? [], lines));
  // Links live on the characters they cover; the writers need nothing else of them.
  attachLinks(lines, (raw.links ?? []).map(linkFromRaw).filter((link) => link !== undefined));
  return {
    ...(count.unreadable ? { unreadable: count.unreadable } : {}),
    ...(count.roomless.length ? { roomless: count.roomless } : {}),
    ...(count.pictured ? { pictured: count.pictured } : {}),
    number: raw.number,
    width: raw.width,
    height: raw.height,
    lines,
    images: raw.images.map(([x0, y0, x1, y1, file]) => ({ box: { x0, y0, x1, y1 }, file })),
    rules: raw.rules.map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 })),
    drawings: (raw.drawings ?? []).map(([x0, y0, x1, y1, kind, pieces]) => ({ box: { x0, y0, x1, y1 }, kind: DRAWING_KINDS[kind] ?? 'fill', pieces })),
  };
}

/** Joins each saved soft mask into its image as alpha; an image whose mask will not join stays opaque. */
async function applySoftMasks(raw: RawPage): Promise<void> {
  for (const [, , , , file, mask] of raw.images) {
    if (mask === undefined) continue;
    try {
      await writeFile(file, await applySoftMask(file, mask));
    } catch {
      // the unmasked image is still a fair picture of the content
    }
  }
}

/**
 * The share of the reading's progress the page dump takes; glyph OCR, when the dump found glyphs
 * to read (up to GLYPH_OCR_MAX_MS of tesseract), takes the rest, so the bar moves while it runs.
 */
const DUMP_SHARE = 0.75;

/** Of the time left before a job's deadline, the share glyph OCR may take, and its most. */
const GLYPH_OCR_SHARE = 0.25;
const GLYPH_OCR_MAX_MS = 90_000;

export interface ReadPagesOptions {
  workDir: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** The job's deadline (epoch ms), which bounds the time spent reading glyphs by OCR. */
  deadline?: number;
  /**
   * Pages whose /Rotate turns their text are read from a copy with that /Rotate undone
   * (unrotated-pages.ts), for writers that reflow the text; fixed-layout output keeps the page as shown.
   */
  uprightTurnedPages?: boolean;
}

export interface PageReading {
  pages: PdfPage[];
  /** The PDF the pages were read from, which every later rendering of them must use: the input or its unrotated copy. */
  pdfPath: string;
}

/** Where a dump writes: the script mutool runs and the folder it saves the pages' images in. */
interface DumpFiles {
  script: string;
  imageDir: string;
}

/** Runs the page dump over the pages in chunks; `onDumped` hears how many pages each finished chunk had. */
async function dumpPages(pdfPath: string, pageNumbers: readonly number[], { script, imageDir }: DumpFiles, signal: AbortSignal | undefined, onDumped: (pages: number) => void): Promise<RawPage[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < pageNumbers.length; i += PAGES_PER_RUN) chunks.push(pageNumbers.slice(i, i + PAGES_PER_RUN));
  const dumps = await Promise.all(
    chunks.map(async (chunk) => {
      const { stdout } = await runEngine('mutool', ['run', script, pdfPath, imageDir, ...chunk.map(String)], { signal, maxOutputBytes: MAX_DUMP_BYTES });
      onDumped(chunk.length);
      const raws = stdout
        .toString('utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as RawPage);
      for (const raw of raws) await applySoftMasks(raw);
      return raws;
    }),
  );
  return dumps.flat();
}

export async function readPdfPages(
  inputPath: string,
  pageNumbers: readonly number[],
  { workDir, signal, onProgress, deadline, uprightTurnedPages = false }: ReadPagesOptions,
): Promise<PageReading> {
  const files = { script: path.join(workDir, 'page-dump.js'), imageDir: path.join(workDir, 'page-images') };
  await writeFile(files.script, PAGE_DUMP_SCRIPT);
  await mkdir(files.imageDir, { recursive: true });
  let done = 0;
  let raws = await dumpPages(inputPath, pageNumbers, files, signal, (pages) => {
    done += pages;
    onProgress?.((done / pageNumbers.length) * DUMP_SHARE);
  });
  let pdfPath = inputPath;
  const turned = uprightTurnedPages ? pagesTurnedByRotate(raws) : [];
  const copy = turned.length ? await unrotatedCopy(inputPath, turned, { workDir, signal }) : undefined;
  if (copy) {
    // The copy's images overwrite the first dump's files of the same pages, which are dropped.
    const again = new Map((await dumpPages(copy, turned, files, signal, () => {})).map((raw) => [raw.number, raw]));
    raws = raws.map((raw) => again.get(raw.number) ?? raw);
    pdfPath = copy;
  }
  const started = Date.now();
  const ocrTime = Math.min(GLYPH_OCR_MAX_MS, deadline === undefined ? Infinity : GLYPH_OCR_SHARE * (deadline - started));
  const learnt = await recoverGlyphsByOcr(pdfPath, raws, {
    workDir,
    signal,
    until: started + ocrTime,
    onProgress: (fraction) => onProgress?.(DUMP_SHARE + fraction * (1 - DUMP_SHARE)),
  });
  const pictures = new GlyphPictures(files.imageDir);
  const pages = raws.map((raw) => pageFromRaw(raw, learnt, pictures));
  await pictures.draw(pdfPath, pages, { workDir, signal });
  onProgress?.(1);
  return { pages, pdfPath };
}
