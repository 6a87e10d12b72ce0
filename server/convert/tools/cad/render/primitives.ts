// What the renderer draws a drawing into and every back end (SVG, PDF, DWFx) reads: flattened
// paths in drawing units, y up, already dashed; text runs already laid out in one face each.
import type { Colour } from './colours';
import type { FaceId } from './fonts';

export interface Pt {
  x: number;
  y: number;
}

export interface StrokePrimitive {
  kind: 'stroke';
  /** Polylines (a dot is one point). */
  paths: Pt[][];
  colour: Colour;
  /** Pen width in millimetres on paper. */
  widthMm: number;
}

export interface FillPrimitive {
  kind: 'fill';
  /** Rings filled even-odd. */
  rings: Pt[][];
  colour: Colour;
  /** Below 1 for the light fill a hatch pattern falls back to. */
  opacity?: number;
}

export interface TextPrimitive {
  kind: 'text';
  text: string;
  face: FaceId;
  /** Baseline start in drawing units. */
  x: number;
  y: number;
  /** Em size in drawing units. */
  size: number;
  rotation: number;
  widthFactor: number;
  oblique: number;
  colour: Colour;
}

export type Primitive = StrokePrimitive | FillPrimitive | TextPrimitive;

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** One page or picture: what to draw and the part of the plane it shows. */
export interface Sheet {
  name: string;
  primitives: Primitive[];
  box: Box;
  /** Paper size in millimetres when a layout names one. */
  paper?: { width: number; height: number };
}

/** Drawing units → device units (y down), the box fitted and centred in width × height. */
export interface View {
  scale: number;
  map(p: Pt): Pt;
}

export function fitView(box: Box, width: number, height: number, margin = 0): View {
  const bw = Math.max(box.maxX - box.minX, 1e-9);
  const bh = Math.max(box.maxY - box.minY, 1e-9);
  const scale = Math.min((width - 2 * margin) / bw, (height - 2 * margin) / bh);
  const ox = (width - bw * scale) / 2;
  const oy = (height - bh * scale) / 2;
  return { scale, map: (p) => ({ x: ox + (p.x - box.minX) * scale, y: oy + (box.maxY - p.y) * scale }) };
}
