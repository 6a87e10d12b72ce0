// Saving an export: the browser downloads a Blob. PNG is drawn from the SVG export. PDF is the
// server's vector drawing of the scene (vector-pdf.ts), else a picture PDF drawn from the SVG
// export here (its writer and fflate load only then).
import type { MapLayout } from '../model/layout';
import type { Scene } from '../model/scene';
import { canvasToPng, drawSvg, rasterScale } from './raster';
import { sceneToSvg } from './svg';
import { vectorPdf } from './vector-pdf';

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
  const title = layout.nodes[0]?.node.text ?? '思维导图';
  if (format === 'pdf') {
    const vector = await vectorPdf(scene, layout, title);
    if (vector) return downloadBlob(vector, name);
  }
  const file = sceneToSvg(scene, layout);
  if (format === 'svg') return downloadBlob(new Blob([file.svg], { type: 'image/svg+xml;charset=utf-8' }), name);
  const scale = rasterScale(file);
  const canvas = await drawSvg(file, scale);
  if (format === 'png') return downloadBlob(await canvasToPng(canvas), name);
  const { pdfFromPixels } = await import('./pdf');
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  downloadBlob(new Blob([pdfFromPixels(pixels, canvas.width, canvas.height, scale, title)], { type: 'application/pdf' }), name);
}
