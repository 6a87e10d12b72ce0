// Saving an export: the browser downloads a Blob. PNG and PDF are drawn from the SVG export;
// the PDF writer (and fflate) load only when a PDF is asked for.
import type { MapLayout } from '../model/layout';
import type { Scene } from '../model/scene';
import { canvasToPng, drawSvg, rasterScale } from './raster';
import { sceneToSvg } from './svg';

export type ImageFormat = 'png' | 'svg' | 'pdf';

export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportImage(format: ImageFormat, layout: MapLayout, scene: Scene, name: string): Promise<void> {
  const file = sceneToSvg(scene, layout);
  if (format === 'svg') return downloadBlob(new Blob([file.svg], { type: 'image/svg+xml;charset=utf-8' }), name);
  const scale = rasterScale(file);
  const canvas = await drawSvg(file, scale);
  if (format === 'png') return downloadBlob(await canvasToPng(canvas), name);
  const { pdfFromPixels } = await import('./pdf');
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  const title = layout.nodes[0]?.node.text ?? '思维导图';
  downloadBlob(new Blob([pdfFromPixels(pixels, canvas.width, canvas.height, scale, title)], { type: 'application/pdf' }), name);
}
