// The map as a standalone SVG file: the scene (model/scene.ts) serialised, the same shapes the
// canvas draws, framed by a margin on the theme's background. PNG and PDF are drawn from it.
import type { MapLayout } from '../model/layout';
import type { Scene } from '../model/scene';
import { FONT_FAMILY } from '../model/layout';
import { escapeXml } from '../formats/xml';

export const EXPORT_MARGIN = 40;

export interface SvgFile {
  svg: string;
  width: number;
  height: number;
}

/** The exported area: the map's bounds with a margin round it (the SVG's viewBox, the PDF's page). */
export function exportFrame(layout: MapLayout, margin = EXPORT_MARGIN): { x: number; y: number; width: number; height: number } {
  const { x, y, w, h } = layout.bounds;
  return { x: x - margin, y: y - margin, width: Math.ceil(w + margin * 2), height: Math.ceil(h + margin * 2) };
}

export function sceneToSvg(scene: Scene, layout: MapLayout, margin = EXPORT_MARGIN): SvgFile {
  const { x, y } = layout.bounds;
  const { width, height } = exportFrame(layout, margin);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x - margin} ${y - margin} ${width} ${height}" font-family='${FONT_FAMILY}'>`);
  out.push(`<rect x="${x - margin}" y="${y - margin}" width="${width}" height="${height}" fill="${scene.background}"/>`);
  out.push('<g fill="none" stroke-linecap="round">');
  for (const e of scene.edges) out.push(`<path d="${e.d}" stroke="${e.color}" stroke-width="${e.width}"/>`);
  out.push('</g>');
  for (const n of scene.nodes) {
    out.push('<g>');
    if (n.fill !== 'transparent') out.push(`<rect x="${n.x}" y="${n.y}" width="${n.w}" height="${n.h}" rx="${n.rx}" fill="${n.fill}"/>`);
    if (n.underline) out.push(`<path d="M${n.x} ${n.y + n.h}h${n.w}" stroke="${n.underline}" stroke-width="2"/>`);
    out.push(`<text font-size="${n.fontSize}" font-weight="${n.fontWeight}" fill="${n.textColor}" text-anchor="middle" dominant-baseline="central">`);
    for (const t of n.text) out.push(`<tspan x="${t.x}" y="${t.y}">${escapeXml(t.line)}</tspan>`);
    out.push('</text>');
    if (n.badge) {
      out.push(`<circle cx="${n.badge.x}" cy="${n.badge.y}" r="9" fill="#fff" stroke="${n.badge.color}" stroke-width="1.5"/>`);
      out.push(`<text x="${n.badge.x}" y="${n.badge.y}" font-size="10" fill="${n.badge.color}" text-anchor="middle" dominant-baseline="central">${n.badge.count > 99 ? '99+' : n.badge.count}</text>`);
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return { svg: out.join('\n'), width, height };
}
