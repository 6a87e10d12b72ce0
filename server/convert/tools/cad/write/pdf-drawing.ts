// Traced PDF pages as a CadDrawing in millimetres: straight strokes as LINE or POLYLINE, strokes
// with Béziers as one cubic SPLINE per subpath (each Bézier a span of the B-spline), fills as solid
// HATCH, text spans as TEXT at their baseline with height and rotation. One layer per colour.
// Pages sit side by side in model space, left to right, 20 mm apart.
import type { CadDrawing, CadEntity, CadLayer, CadPoint, CadStyle, CadVertex } from '../../../engines/cad-reader';
import type { Matrix, PathOp, TracedPage, TracedPath, TracedSpan } from './pdf-trace';

const MM_PER_PT = 25.4 / 72;
const PAGE_GAP_MM = 20;
/** A DXF TEXT height is the capital height; a PDF font size is the em, about 1.4 times more. */
const CAP_HEIGHT = 0.7;
/** DXF's lineweights (1/100 mm): a stroke width snaps to the nearest. */
const LINEWEIGHTS = [0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140, 158, 200, 211];
const WHITE = 0xffffff;
export const TEXT_LAYER = 'PDF文字';
/**
 * Text styles: Chinese, Japanese and Korean faces keep a CJK TrueType font (SimSun); every other
 * face a sans one (Arial), so Latin text keeps about its widths where a CAD program draws it.
 */
const CJK_STYLE = { name: 'Standard', font: 'simsun.ttc' };
const SANS_STYLE = { name: 'Sans', font: 'arial.ttf' };
const CJK_FONT = /song|sun|hei|kai|fang|ming|gothic|mincho|cjk|wenquanyi|wqy|yahei|gb|big5|batang|gulim|dotum|[\u3000-\u9fff\uac00-\ud7af]/i;
const styleOfFont = (font: string) => (font && !CJK_FONT.test(font) ? SANS_STYLE : CJK_STYLE).name;

const apply = (m: Matrix, x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });
const hex = (color: number) => color.toString(16).toUpperCase().padStart(6, '0');
export const layerOfColor = (color: number) => `PDF颜色-${hex(color)}`;

/** The nearest of the 255 AutoCAD colours is not needed: the true colour rides along; 7 for black. */
function aciOf(color: number): number {
  const known: Record<number, number> = { 0x000000: 7, 0xff0000: 1, 0xffff00: 2, 0x00ff00: 3, 0x00ffff: 4, 0x0000ff: 5, 0xff00ff: 6, 0xffffff: 7, 0x808080: 8, 0xc0c0c0: 9 };
  return known[color] ?? 7;
}

export function drawingFromPages(pages: readonly TracedPage[]): CadDrawing {
  const entities: CadEntity[] = [];
  const colors = new Set<number>();
  let offsetX = 0;
  for (const page of pages) {
    // Device space of the trace: points, y down from the page's top.
    const toCad = (p: { x: number; y: number }): CadPoint => ({ x: offsetX + p.x * MM_PER_PT, y: (page.height - p.y) * MM_PER_PT });
    for (const path of page.paths) {
      if (path.kind === 'fill' && path.color === WHITE) continue; // page backgrounds and knock-outs
      colors.add(path.color);
      entities.push(...pathEntities(path, toCad));
    }
    for (const span of page.spans) entities.push(...spanTexts(span, toCad));
    offsetX += page.width * MM_PER_PT + PAGE_GAP_MM;
  }
  const layers: CadLayer[] = [...colors].map((color) => ({ name: layerOfColor(color), color: aciOf(color), trueColor: color === 0 ? undefined : color, lineType: 'Continuous', lineweight: -3, off: false, frozen: false, locked: false, plot: true }));
  if (pages.some((p) => p.spans.length)) layers.push({ name: TEXT_LAYER, color: 7, lineType: 'Continuous', lineweight: -3, off: false, frozen: false, locked: false, plot: true });
  return { source: { format: 'dxf', version: 'PDF' }, units: 4, layers, lineTypes: [], textStyles: [CJK_STYLE, SANS_STYLE].map((t) => ({ ...t, bigFont: '', height: 0, widthFactor: 1, oblique: 0 })), blocks: [], entities, layouts: [], paperSpaces: [], skipped: {} };
}

function style(layer: string, lineweight = -1): CadStyle {
  return { layer, color: 256, lineType: 'ByLayer', lineweight, lineTypeScale: 1, visible: true };
}

function lineweightOf(path: TracedPath): number {
  const [a, b, c, d] = path.transform;
  const mm = path.lineWidth * Math.sqrt(Math.abs(a * d - b * c)) * MM_PER_PT * 100;
  return LINEWEIGHTS.reduce((best, w) => (Math.abs(w - mm) < Math.abs(best - mm) ? w : best), 0);
}

/** A path's subpaths: each a start point and its segments. */
function subpaths(ops: PathOp[]): { ops: PathOp[]; closed: boolean }[] {
  const out: { ops: PathOp[]; closed: boolean }[] = [];
  let current: { ops: PathOp[]; closed: boolean } | undefined;
  for (const op of ops) {
    if (op.op === 'M') {
      current = { ops: [op], closed: false };
      out.push(current);
    } else if (op.op === 'Z') {
      if (current) current.closed = true;
      current = undefined;
    } else if (current) current.ops.push(op);
  }
  return out.filter((s) => s.ops.length > 1);
}

function pathEntities(path: TracedPath, toCad: (p: { x: number; y: number }) => CadPoint): CadEntity[] {
  const at = (x: number, y: number) => toCad(apply(path.transform, x, y));
  const layer = layerOfColor(path.color);
  const parts = subpaths(path.ops);
  if (path.kind === 'fill') {
    const loops = parts.map((s) => ({ kind: 'polyline' as const, closed: true, vertices: flatten(s.ops, at) }));
    return loops.length ? [{ ...style(layer), type: 'HATCH', pattern: 'SOLID', solid: true, loops, patternAngle: 0, patternScale: 1, lines: [] }] : [];
  }
  const lw = lineweightOf(path);
  return parts.map((s): CadEntity => {
    const curved = s.ops.some((op) => op.op === 'C');
    if (!curved) {
      const vertices: CadVertex[] = s.ops.map((op) => at((op as { x: number }).x, (op as { y: number }).y));
      if (vertices.length === 2 && !s.closed) return { ...style(layer, lw), type: 'LINE', start: vertices[0], end: vertices[1] };
      return { ...style(layer, lw), type: 'POLYLINE', vertices, closed: s.closed, constantWidth: 0, elevation: 0, is3d: false };
    }
    return { ...style(layer, lw), type: 'SPLINE', ...bezierChain(s.ops, s.closed, at), fitPoints: [] };
  });
}

/** A run of Béziers (lines as straight cubics) as one clamped cubic B-spline with triple inner knots. */
function bezierChain(ops: PathOp[], closed: boolean, at: (x: number, y: number) => CadPoint): { degree: number; closed: boolean; controlPoints: CadPoint[]; knots: number[] } {
  const first = ops[0] as { x: number; y: number };
  let last = { x: first.x, y: first.y };
  const controlPoints: CadPoint[] = [at(first.x, first.y)];
  const segments = [...ops.slice(1)];
  if (closed) segments.push({ op: 'L', x: first.x, y: first.y });
  for (const op of segments) {
    if (op.op === 'C') controlPoints.push(at(op.x1, op.y1), at(op.x2, op.y2), at(op.x, op.y));
    else if (op.op === 'L') {
      const third = (k: number) => at(last.x + ((op.x - last.x) * k) / 3, last.y + ((op.y - last.y) * k) / 3);
      controlPoints.push(third(1), third(2), at(op.x, op.y));
    }
    if (op.op !== 'Z' && op.op !== 'M') last = { x: op.x, y: op.y };
  }
  const n = (controlPoints.length - 1) / 3;
  const knots = [0, 0, 0, 0];
  for (let i = 1; i < n; i++) knots.push(i, i, i);
  knots.push(n, n, n, n);
  return { degree: 3, closed: false, controlPoints, knots };
}

/** Vertices of a subpath with each Bézier sampled (hatch boundaries are polylines). */
function flatten(ops: PathOp[], at: (x: number, y: number) => CadPoint): CadVertex[] {
  const out: CadVertex[] = [];
  let last = { x: 0, y: 0 };
  for (const op of ops) {
    if (op.op === 'M' || op.op === 'L') {
      out.push(at(op.x, op.y));
      last = op;
    } else if (op.op === 'C') {
      const steps = 12;
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        const x = u * u * u * last.x + 3 * u * u * t * op.x1 + 3 * u * t * t * op.x2 + t * t * t * op.x;
        const y = u * u * u * last.y + 3 * u * u * t * op.y1 + 3 * u * t * t * op.y2 + t * t * t * op.y;
        out.push(at(x, y));
      }
      last = op;
    }
  }
  return out;
}

/** A span's glyphs as TEXT, split where a gap shows the PDF placed words apart. */
function spanTexts(span: TracedSpan, toCad: (p: { x: number; y: number }) => CadPoint): CadEntity[] {
  const [a, b, c, d] = span.trm;
  const m = span.transform;
  // Glyph axes in device space (y down), then in CAD (y up).
  const ux = m[0] * a + m[2] * b;
  const uy = m[1] * a + m[3] * b;
  const vx = m[0] * c + m[2] * d;
  const vy = m[1] * c + m[3] * d;
  const size = Math.hypot(vx, vy);
  const advanceScale = Math.hypot(ux, uy);
  const rotation = Math.atan2(-uy, ux);
  const runs: { x: number; y: number; text: string; end: { x: number; y: number } }[] = [];
  for (const g of span.glyphs) {
    const p = apply(m, g.x, g.y);
    const run = runs[runs.length - 1];
    if (run && Math.hypot(p.x - run.end.x, p.y - run.end.y) < size * 0.8) run.text += g.text;
    else runs.push({ ...p, text: g.text, end: p });
    const current = runs[runs.length - 1];
    const adv = g.advance * advanceScale;
    current.end = { x: p.x + (ux / (advanceScale || 1)) * adv, y: p.y + (uy / (advanceScale || 1)) * adv };
  }
  return runs
    .filter((r) => r.text.trim() !== '')
    .map((r) => ({
      ...style(TEXT_LAYER),
      ...(span.color !== 0 ? { trueColor: span.color } : {}),
      type: 'TEXT',
      text: r.text.trimEnd(),
      position: toCad(r),
      height: size * CAP_HEIGHT * MM_PER_PT,
      rotation,
      widthFactor: 1,
      oblique: 0,
      style: styleOfFont(span.font),
      halign: 0,
      valign: 0,
    }));
}
