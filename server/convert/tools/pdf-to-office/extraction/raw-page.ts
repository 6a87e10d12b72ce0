// The page dump's JSON (mutool-script.ts) as read-pages.ts receives it, before it becomes a PdfPage.
import type { RawLink } from './page-links';
import type { RawField } from './form-fields';

/** The glyph id is there only for an unreadable character (U+FFFD): unmapped-glyph-ids.ts. */
export type RawChar = [text: string, x0: number, y0: number, x1: number, y1: number, font: number, size: number, baseline: number, color?: number, originX?: number, glyph?: number];
/** The font's name as MuPDF gives it, subset prefix included. */
export type RawFont = [name: string, bold: boolean, italic: boolean];

export interface RawPage {
  number: number;
  width: number;
  height: number;
  /** The page's /Rotate (0, 90, 180 or 270): every box here is on the page as shown, turned by it. */
  rotate?: number;
  fonts: RawFont[];
  lines: RawChar[][];
  /** Lines that do not run left to right; `vertical` (1) marks vertical writing (a font's wmode 1). */
  turns?: [line: number, dx: number, dy: number, vertical?: 1][];
  images: [x0: number, y0: number, x1: number, y1: number, file: string, softMask?: string][];
  rules: [number, number, number, number][];
  drawings?: [number, number, number, number, number, number][];
  links?: RawLink[];
  fields?: RawField[];
}

/** What names one glyph of one font across the document: the key glyph-ocr learns a text for. */
export function glyphKey(fontName: string, glyph: number): string {
  return `${fontName}#${glyph}`;
}
