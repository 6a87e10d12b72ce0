// Paper for a sheet: a named ISO size in the orientation asked or the one the drawing suits, or a
// page shaped like the drawing (a layout's own paper when it names one).
import type { Sheet } from './primitives';

export const PAPER_SIZES = ['fit', 'A4', 'A3', 'A2', 'A1', 'A0'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const ORIENTATIONS = ['auto', 'portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

const ISO_MM: Record<Exclude<PaperSize, 'fit'>, [number, number]> = { A4: [210, 297], A3: [297, 420], A2: [420, 594], A1: [594, 841], A0: [841, 1189] };
/** The long side of a fitted page without a layout paper (A3's). */
const FIT_LONG_SIDE_MM = 420;

export interface Paper {
  widthMm: number;
  heightMm: number;
  marginMm: number;
}

export function paperFor(sheet: Sheet, size: PaperSize, orientation: Orientation): Paper {
  const bw = sheet.box.maxX - sheet.box.minX;
  const bh = sheet.box.maxY - sheet.box.minY;
  const landscapeDrawing = bw >= bh;
  if (size === 'fit') {
    if (sheet.paper) return { widthMm: sheet.paper.width, heightMm: sheet.paper.height, marginMm: 0 };
    const ratio = Math.min(Math.max(bh / Math.max(bw, 1e-9), 1 / 20), 20);
    const [w, h] = ratio <= 1 ? [FIT_LONG_SIDE_MM, FIT_LONG_SIDE_MM * ratio] : [FIT_LONG_SIDE_MM / ratio, FIT_LONG_SIDE_MM];
    return { widthMm: w + 10, heightMm: h + 10, marginMm: 5 };
  }
  const [short, long] = ISO_MM[size];
  const landscape = orientation === 'landscape' || (orientation === 'auto' && landscapeDrawing);
  return { widthMm: landscape ? long : short, heightMm: landscape ? short : long, marginMm: 10 };
}

export const POINTS_PER_MM = 72 / 25.4;
