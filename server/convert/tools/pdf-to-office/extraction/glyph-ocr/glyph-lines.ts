// The lines of the page dump that hold unreadable glyphs, as glyph-ocr reads them, and the few of
// them worth the cost of OCR: lines are picked until each unreadable glyph has been seen a few
// times, within a budget of lines, pages and lines per font.
import { median } from '../../median';
import { isCjk } from '../../layout/scripts';
import { EMPTY_TEXT, REPLACEMENT } from '../unmapped-glyphs';
import { glyphKey, type RawPage } from '../raw-page';

export interface LineGlyph {
  /** The glyph's text; undefined for an unreadable one. */
  text?: string;
  /** glyphKey of an unreadable glyph whose glyph id the dump found. */
  key?: string;
  /** Page points. */
  x0: number;
  x1: number;
  /** Where the glyph is drawn from (page points; y is its baseline), and its font size: glyph-shapes.ts draws it alone there. */
  origin: { x: number; y: number };
  size: number;
  /** An unreadable glyph that draws nothing where it stands (a space): found on its picture. */
  blank?: boolean;
}

export interface GlyphLine {
  /** 1-based. */
  page: number;
  /** Top and bottom of the line's ink in page points (ascender to descender of its largest glyph). */
  top: number;
  bottom: number;
  /** The usual font size on the line. */
  size: number;
  glyphs: LineGlyph[];
}

/** Ascender and descender as shares of the font size, with room for accents and tails. */
const ABOVE = 0.95;
const BELOW = 0.35;

/** Glyph 0 is .notdef, what a font draws for a code it lacks: there is nothing to read. */
const readableGlyph = (glyph: number | undefined): glyph is number => glyph !== undefined && glyph > 0;

/** The page's lines that run left to right and hold at least one unreadable glyph with a (real) glyph id. */
export function glyphLinesOf(raw: RawPage): GlyphLine[] {
  const turned = new Set((raw.turns ?? []).map(([line]) => line));
  const out: GlyphLine[] = [];
  raw.lines.forEach((chars, index) => {
    if (turned.has(index) || !chars.some(([text, , , , , , , , , , glyph]) => text === REPLACEMENT && readableGlyph(glyph))) return;
    const glyphs: LineGlyph[] = [];
    for (const [text, x0, , x1, , font, size, baseline, , originX, glyph] of chars) {
      if (text === EMPTY_TEXT) continue;
      const placed = { x0, x1, origin: { x: originX ?? x0, y: baseline }, size };
      if (text !== REPLACEMENT) glyphs.push({ text, ...placed });
      else glyphs.push({ ...placed, ...(readableGlyph(glyph) ? { key: glyphKey(raw.fonts[font][0], glyph) } : {}) });
    }
    out.push({
      page: raw.number,
      top: Math.min(...chars.map(([, , , , , , size, baseline]) => baseline - ABOVE * size)),
      bottom: Math.max(...chars.map(([, , , , , , size, baseline]) => baseline + BELOW * size)),
      size: median(chars.map(([, , , , , , size]) => size)),
      glyphs,
    });
  });
  return out;
}

/** Unreadable glyphs this wide (in font sizes) are mostly ideographs. */
const IDEOGRAPH_WIDTH = 0.8;

/** Whether the line is Chinese: it holds Chinese text, or its unreadable glyphs are mostly as wide as ideographs. */
export function readsAsIdeographs(line: GlyphLine): boolean {
  if (line.glyphs.some((g) => g.text !== undefined && Array.from(g.text).some(isCjk))) return true;
  return median(line.glyphs.filter((g) => g.text === undefined).map((g) => (g.x1 - g.x0) / line.size)) >= IDEOGRAPH_WIDTH;
}

export interface SampleLimits {
  /** Lines in all. */
  lines: number;
  /** Pages the lines may come from. */
  pages: number;
  /** Lines holding a font's unreadable glyphs. */
  linesPerFont: number;
  /** Sightings of a glyph after which more lines showing it add nothing. */
  sightings: number;
}

const fontOf = (key: string): string => key.slice(0, key.lastIndexOf('#'));

/**
 * Picks lines greedily, each time the one that shows the most glyphs still short of sightings,
 * staying within the limits; stops when no line adds anything.
 */
export function sampleLines(lines: readonly GlyphLine[], limits: SampleLimits): GlyphLine[] {
  const seen = new Map<string, number>();
  const perFont = new Map<string, number>();
  const pages = new Set<number>();
  const chosen: GlyphLine[] = [];
  const left = lines.map((line) => ({ line, keys: line.glyphs.flatMap((g) => (g.key ? [g.key] : [])) }));
  while (chosen.length < limits.lines) {
    let best = -1;
    let bestGain = 0;
    left.forEach(({ line, keys }, index) => {
      if (!pages.has(line.page) && pages.size >= limits.pages) return;
      if (keys.some((key) => (perFont.get(fontOf(key)) ?? 0) >= limits.linesPerFont)) return;
      const counted = new Map<string, number>();
      let gain = 0;
      for (const key of keys) {
        const sightings = (seen.get(key) ?? 0) + (counted.get(key) ?? 0);
        counted.set(key, (counted.get(key) ?? 0) + 1);
        if (sightings < limits.sightings) gain++;
      }
      if (gain > bestGain) [best, bestGain] = [index, gain];
    });
    if (best < 0) break;
    const [{ line, keys }] = left.splice(best, 1);
    chosen.push(line);
    pages.add(line.page);
    for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
    for (const font of new Set(keys.map(fontOf))) perFont.set(font, (perFont.get(font) ?? 0) + 1);
  }
  // In reading order: lines of a page drawn together.
  return chosen.sort((a, b) => a.page - b.page || a.top - b.top);
}
