// PNG (and the PDF's pixels) from the SVG export, drawn by the browser onto a canvas. The scale
// is lowered for very large maps so the canvas stays within what browsers can allocate.
import type { SvgFile } from './svg';

const MAX_CANVAS_PIXELS = 40_000_000;
const MAX_CANVAS_SIDE = 16_000;

export function rasterScale(file: SvgFile, wanted = 2): number {
  const byArea = Math.sqrt(MAX_CANVAS_PIXELS / (file.width * file.height));
  const bySide = MAX_CANVAS_SIDE / Math.max(file.width, file.height);
  return Math.max(0.1, Math.min(wanted, byArea, bySide));
}

export async function drawSvg(file: SvgFile, scale: number): Promise<HTMLCanvasElement> {
  const url = URL.createObjectURL(new Blob([file.svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(file.width * scale);
    canvas.height = Math.round(file.height * scale);
    const ctx = canvas.getContext('2d')!;
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, file.width, file.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'));
}
