// Text widths for the layout from a canvas 2D context (the fonts the SVG draws with), cached:
// a 1000-topic map re-lays out on each edit and most texts have not changed.
import type { MeasureText } from '../model/layout';

export function createCanvasMeasure(): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d')!;
  const cache = new Map<string, number>();
  return (text, font) => {
    const key = `${font}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      if (ctx.font !== font) ctx.font = font;
      width = ctx.measureText(text).width;
      if (cache.size > 50_000) cache.clear();
      cache.set(key, width);
    }
    return width;
  };
}
