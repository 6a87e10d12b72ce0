// The OFD package model (GB/T 33190-2016) as our reader hands it to the PDF drawing: pages in
// millimetres (origin at the top left, y down), and the page's objects in drawing order, each with
// its full transform from object space to page space (Boundary origin ∘ CTM).

/** An affine transform [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f (OFD's CTM order). */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `outer ∘ inner`: apply inner first. */
export function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

export function translate(x: number, y: number): Matrix {
  return [1, 0, 0, 1, x, y];
}

/** x y width height, in millimetres. */
export interface OfdBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A colour as drawn: RGB shares 0–1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface OfdGlyph {
  text: string;
  /** Baseline origin in object space. */
  x: number;
  y: number;
}

export interface OfdTextObject {
  kind: 'text';
  /** Object space → page space. */
  matrix: Matrix;
  /** Font size in object-space units (mm). */
  size: number;
  hScale: number;
  fill: Rgb | null;
  stroke: Rgb | null;
  glyphs: OfdGlyph[];
  /** The font resource's name (the drawing uses a CJK fallback face; see draw-pdf.ts). */
  fontName: string;
}

export type PathCommand =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'Q'; x1: number; y1: number; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

export interface OfdPathObject {
  kind: 'path';
  matrix: Matrix;
  lineWidth: number;
  stroke: Rgb | null;
  fill: Rgb | null;
  evenOdd: boolean;
  commands: PathCommand[];
}

export interface OfdImageObject {
  kind: 'image';
  /** Maps the image's unit square (0,0 = top left) to page space. */
  matrix: Matrix;
  data: Buffer;
}

export type OfdObject = OfdTextObject | OfdPathObject | OfdImageObject;

export interface OfdPage {
  /** The physical box in millimetres. */
  box: OfdBox;
  objects: OfdObject[];
}

export interface OfdDocument {
  pages: OfdPage[];
  title?: string;
}

/** A4 portrait, used when neither the page nor the document says its size. */
export const DEFAULT_PAGE_BOX: OfdBox = { x: 0, y: 0, width: 210, height: 297 };

export const OFD_NAMESPACE = 'http://www.ofdspec.org/2016';
