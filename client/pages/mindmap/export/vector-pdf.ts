// The PDF export through the site's PDF code: the scene the page draws goes to POST
// /api/mindmaps/pdf, which answers a vector PDF with the topics as searchable text. Undefined when
// it cannot (a scene over the request limit, offline, a refusal): the caller falls back to the
// picture PDF made in the browser (pdf.ts).
import { MINDMAP_PDF_MAX_BYTES, type MindMapPdfRequest } from '../../../../shared/mindmap/pdf-request';
import type { MapLayout } from '../model/layout';
import type { Scene } from '../model/scene';
import { exportFrame } from './svg';

export function pdfRequestOf(scene: Scene, layout: MapLayout, title: string): MindMapPdfRequest {
  return {
    title,
    frame: exportFrame(layout),
    background: scene.background,
    edges: scene.edges.map(({ d, color, width }) => ({ d, color, width })),
    nodes: scene.nodes.map(({ x, y, w, h, rx, fill, underline, textColor, fontSize, fontWeight, text, badge }) => ({ x, y, w, h, rx, fill, underline, textColor, fontSize, fontWeight, text, badge })),
  };
}

export async function vectorPdf(scene: Scene, layout: MapLayout, title: string): Promise<Blob | undefined> {
  const body = JSON.stringify(pdfRequestOf(scene, layout, title));
  if (new TextEncoder().encode(body).length > MINDMAP_PDF_MAX_BYTES) return undefined;
  try {
    const res = await fetch('/api/mindmaps/pdf', { method: 'POST', headers: { 'content-type': 'application/json' }, body, credentials: 'same-origin' });
    if (!res.ok || res.headers.get('content-type') !== 'application/pdf') return undefined;
    return await res.blob();
  } catch {
    return undefined;
  }
}
