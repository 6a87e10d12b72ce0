// Sheets as SVG in device pixels (y down): strokes grouped by colour and pen, text as <text> in the
// fontconfig families of fonts.ts, which sharp (librsvg) finds when it draws the PNG or JPG.
import { cssColour } from './colours';
import { FACES } from './fonts';
import { fitView, type Pt, type Sheet } from './primitives';

export interface SvgOptions {
  width: number;
  height: number;
  background: 'white' | 'black';
  /** Device units per millimetre of pen width. */
  unitsPerMm: number;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function pathData(paths: Pt[][], map: (p: Pt) => Pt, close: boolean): string {
  let d = '';
  for (const path of paths) {
    const pts = path.map(map);
    if (pts.length === 1) pts.push(pts[0]!);
    d += `M${num(pts[0]!.x)} ${num(pts[0]!.y)}`;
    for (let i = 1; i < pts.length; i++) d += `L${num(pts[i]!.x)} ${num(pts[i]!.y)}`;
    if (close) d += 'Z';
  }
  return d;
}

export function sheetToSvg(sheet: Sheet, options: SvgOptions): string {
  const view = fitView(sheet.box, options.width, options.height);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${options.height}" viewBox="0 0 ${options.width} ${options.height}">`);
  parts.push(`<rect width="100%" height="100%" fill="${options.background === 'white' ? '#ffffff' : '#000000'}"/>`);
  // Strokes of one colour and pen in one path element: fewer elements, same picture.
  const strokes = new Map<string, string[]>();
  for (const p of sheet.primitives) {
    if (p.kind === 'stroke') {
      const width = Math.max(1, p.widthMm * options.unitsPerMm);
      const key = `${cssColour(p.colour, options.background)}|${num(width)}`;
      const list = strokes.get(key) ?? [];
      list.push(pathData(p.paths, view.map, false));
      strokes.set(key, list);
    } else if (p.kind === 'fill') {
      const opacity = p.opacity !== undefined ? ` fill-opacity="${p.opacity}"` : '';
      parts.push(`<path d="${pathData(p.rings, view.map, true)}" fill="${cssColour(p.colour, options.background)}" fill-rule="evenodd"${opacity}/>`);
    } else {
      const at = view.map({ x: p.x, y: p.y });
      const size = p.size * view.scale;
      if (size < 0.5) continue; // smaller than half a pixel: nothing a reader could see
      const deg = (-p.rotation * 180) / Math.PI;
      const skew = p.oblique ? ` skewX(${num((-p.oblique * 180) / Math.PI)})` : '';
      parts.push(
        `<text transform="translate(${num(at.x)} ${num(at.y)}) rotate(${num(deg)}) scale(${num(p.widthFactor)} 1)${skew}" font-family="${FACES[p.face].family}" font-size="${num(size)}" fill="${cssColour(p.colour, options.background)}" xml:space="preserve">${escapeXml(p.text)}</text>`,
      );
    }
  }
  for (const [key, ds] of strokes) {
    const [colour, width] = key.split('|');
    parts.push(`<path d="${ds.join('')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`);
  }
  parts.push('</svg>');
  return parts.join('\n');
}
