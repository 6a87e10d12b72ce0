// Clipping to an axis-aligned rectangle: infinite lines to the extents, and what model space draws
// through a paper-space viewport to the viewport's window. Done on the geometry, so no back end
// (SVG, PDF, DWFx) needs clip paths and clipped-away text is not in the page at all.
import type { Box, Primitive, Pt } from './primitives';

/** Liang–Barsky: the parameter range [t0, t1] of base + t·d inside the box (t ≥ tMin), or null. */
export function clipLine(base: Pt, d: Pt, box: Box, tMin: number): [number, number] | null {
  let t0 = tMin;
  let t1 = Infinity;
  const checks: [number, number][] = [
    [-d.x, base.x - box.minX],
    [d.x, box.maxX - base.x],
    [-d.y, base.y - box.minY],
    [d.y, box.maxY - base.y],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  return t0 < t1 && Number.isFinite(t0) && Number.isFinite(t1) ? [t0, t1] : null;
}

const inside = (p: Pt, box: Box) => p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY;

/** The parts of a polyline inside the box (a dot stays when inside). */
export function clipPolyline(path: Pt[], box: Box): Pt[][] {
  if (path.length === 1) return inside(path[0]!, box) ? [path] : [];
  const out: Pt[][] = [];
  let current: Pt[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const span = clipLine(a, { x: b.x - a.x, y: b.y - a.y }, box, 0);
    if (!span || span[0] > 1) {
      if (current.length > 1) out.push(current);
      current = [];
      continue;
    }
    const t1 = Math.min(span[1], 1);
    const start = span[0] > 0 ? { x: a.x + (b.x - a.x) * span[0], y: a.y + (b.y - a.y) * span[0] } : a;
    const end = t1 < 1 ? { x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1 } : b;
    if (span[0] > 0 || current.length === 0) {
      if (current.length > 1) out.push(current);
      current = [start];
    }
    current.push(end);
    if (t1 < 1) {
      out.push(current);
      current = [];
    }
  }
  if (current.length > 1) out.push(current);
  return out;
}

/** Sutherland–Hodgman: a ring cut to the box (a ring wholly outside gives nothing). */
export function clipRing(ring: Pt[], box: Box): Pt[] {
  const edges: [(p: Pt) => boolean, (a: Pt, b: Pt) => Pt][] = [
    [(p) => p.x >= box.minX, (a, b) => at(a, b, (box.minX - a.x) / (b.x - a.x))],
    [(p) => p.x <= box.maxX, (a, b) => at(a, b, (box.maxX - a.x) / (b.x - a.x))],
    [(p) => p.y >= box.minY, (a, b) => at(a, b, (box.minY - a.y) / (b.y - a.y))],
    [(p) => p.y <= box.maxY, (a, b) => at(a, b, (box.maxY - a.y) / (b.y - a.y))],
  ];
  let points = ring;
  for (const [keep, cross] of edges) {
    if (points.length === 0) break;
    const next: Pt[] = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length]!;
      const b = points[i]!;
      if (keep(b)) {
        if (!keep(a)) next.push(cross(a, b));
        next.push(b);
      } else if (keep(a)) next.push(cross(a, b));
    }
    points = next;
  }
  return points.length >= 3 ? points : [];
}

const at = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** Primitives cut to the box: strokes and fills clipped, text kept when it starts inside. */
export function clipPrimitives(primitives: Primitive[], box: Box): Primitive[] {
  const out: Primitive[] = [];
  for (const p of primitives) {
    if (p.kind === 'stroke') {
      const paths = p.paths.flatMap((path) => clipPolyline(path, box));
      if (paths.length) out.push({ ...p, paths });
    } else if (p.kind === 'fill') {
      const rings = p.rings.map((ring) => clipRing(ring, box)).filter((ring) => ring.length > 0);
      if (rings.length) out.push({ ...p, rings });
    } else if (inside(p, box)) out.push(p);
  }
  return out;
}
