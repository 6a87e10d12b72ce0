// Points (the PDF's unit) in the units the office formats place pictures in.

/** CSS pixels (96 a inch) per point (72 a inch): Word's and Excel's picture sizes. */
export const PIXELS_PER_POINT = 96 / 72;
/** English Metric Units per point: DrawingML offsets. */
export const EMUS_PER_POINT = 12700;

/** A picture `width` × `height` points in whole pixels, never none. */
export function pixelSize(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(width * PIXELS_PER_POINT)), height: Math.max(1, Math.round(height * PIXELS_PER_POINT)) };
}
