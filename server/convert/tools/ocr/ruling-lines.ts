// Ruling lines in a raster page: long, thin runs of dark pixels, horizontal or vertical. They give
// the table grid (the same rule segments the PDF layout analysis reads from vector paths), and are
// painted out before OCR so tesseract does not read them as 丨, 一 or |.
import type { PixelBox } from './tesseract';

export interface GreyImage {
  /** One byte a pixel, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Horizontal when y0 === y1, vertical when x0 === x1 (pixels, centre line). */
export type PixelRule = PixelBox;

/** Darker than this is ink. */
const INK = 140;
/** Breaks in a line this short (pixels) are bridged: scans and JPEG leave gaps. */
const MAX_GAP = 2;
/** Shortest rule: this share of the image's longer side, and never under MIN_LENGTH pixels (longer than a few glyph strokes in a row). */
const MIN_LENGTH_SHARE = 0.04;
const MIN_LENGTH = 48;
/** Thicker than this share of the image side (and MIN_THICK pixels) is a filled shape, not a rule. */
const MAX_THICK_SHARE = 0.006;
const MIN_THICK = 6;

interface Run {
  at: number;
  from: number;
  to: number;
}

interface Stroke {
  runs: Run[];
  from: number;
  to: number;
  lastAt: number;
}

/** Long dark runs along each row (or column, when `vertical`). */
function longRuns(image: GreyImage, vertical: boolean): Run[] {
  const { data, width, height } = image;
  const [lines, length] = vertical ? [width, height] : [height, width];
  const minLength = Math.max(MIN_LENGTH, Math.round(MIN_LENGTH_SHARE * Math.max(width, height)));
  const dark = vertical ? (line: number, i: number) => data[i * width + line] < INK : (line: number, i: number) => data[line * width + i] < INK;
  const runs: Run[] = [];
  for (let line = 0; line < lines; line++) {
    let start = -1;
    let lastDark = -1;
    for (let i = 0; i <= length; i++) {
      if (i < length && dark(line, i)) {
        if (start < 0 || i - lastDark - 1 > MAX_GAP) {
          if (start >= 0 && lastDark - start + 1 >= minLength) runs.push({ at: line, from: start, to: lastDark });
          start = i;
        }
        lastDark = i;
      }
    }
    if (start >= 0 && lastDark - start + 1 >= minLength) runs.push({ at: line, from: start, to: lastDark });
  }
  return runs;
}

/** Runs on neighbouring rows that overlap are one stroke; thin strokes are rules. */
function strokes(runs: Run[], maxThick: number): Stroke[] {
  const open: Stroke[] = [];
  const done: Stroke[] = [];
  for (const run of runs) {
    const stroke = open.find((s) => s.lastAt >= run.at - 1 && run.from <= s.to && run.to >= s.from);
    if (stroke) {
      stroke.runs.push(run);
      stroke.from = Math.min(stroke.from, run.from);
      stroke.to = Math.max(stroke.to, run.to);
      stroke.lastAt = run.at;
    } else {
      open.push({ runs: [run], from: run.from, to: run.to, lastAt: run.at });
    }
    for (let i = open.length - 1; i >= 0; i--) {
      if (open[i].lastAt < run.at - 1) done.push(...open.splice(i, 1));
    }
  }
  done.push(...open);
  return done.filter((s) => s.lastAt - s.runs[0].at + 1 <= maxThick);
}

export interface RulingLines {
  rules: PixelRule[];
  /** The image with the rules painted white. */
  cleaned: GreyImage;
}

/** A rule shorter than this share of its side must meet a rule across it (a table grid) to count. */
const LONE_RULE_SHARE = 0.2;
/** How near (pixels, beyond half the thickness) a rule's end or body must come to a crossing rule. */
const TOUCH = 6;

interface Candidate {
  rule: PixelRule;
  stroke: Stroke;
  vertical: boolean;
}

function touches(h: PixelRule, v: PixelRule): boolean {
  return v.x0 >= h.x0 - TOUCH && v.x0 <= h.x1 + TOUCH && h.y0 >= v.y0 - TOUCH && h.y0 <= v.y1 + TOUCH;
}

export function findRulingLines(image: GreyImage): RulingLines {
  const maxThick = Math.max(MIN_THICK, Math.round(MAX_THICK_SHARE * Math.max(image.width, image.height)));
  const candidates: Candidate[] = [];
  for (const vertical of [false, true]) {
    for (const stroke of strokes(longRuns(image, vertical), maxThick)) {
      const ats = stroke.runs.map((r) => r.at);
      const middle = (Math.min(...ats) + Math.max(...ats)) / 2;
      const rule = vertical ? { x0: middle, x1: middle, y0: stroke.from, y1: stroke.to } : { x0: stroke.from, x1: stroke.to, y0: middle, y1: middle };
      candidates.push({ rule, stroke, vertical });
    }
  }
  // Glyph strokes of large text are long too, but they neither cross a grid nor span the page.
  const horizontals = candidates.filter((c) => !c.vertical);
  const verticals = candidates.filter((c) => c.vertical);
  const kept = candidates.filter((c) => {
    const side = c.vertical ? image.height : image.width;
    const length = c.stroke.to - c.stroke.from + 1;
    if (length >= LONE_RULE_SHARE * side) return true;
    return c.vertical ? horizontals.some((h) => touches(h.rule, c.rule)) : verticals.some((v) => touches(c.rule, v.rule));
  });

  const cleaned = new Uint8Array(image.data);
  for (const { stroke, vertical } of kept) {
    // One pixel of margin takes the anti-aliased edge along with the line.
    for (const run of stroke.runs) {
      for (let at = Math.max(0, run.at - 1); at <= Math.min((vertical ? image.width : image.height) - 1, run.at + 1); at++) {
        for (let i = run.from; i <= run.to; i++) cleaned[vertical ? i * image.width + at : at * image.width + i] = 255;
      }
    }
  }
  return { rules: kept.map((c) => c.rule), cleaned: { data: cleaned, width: image.width, height: image.height } };
}
