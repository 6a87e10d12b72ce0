// Curves as polylines: arcs, bulges, ellipses and splines (NURBS by de Boor, fit-point splines
// through their points), at a chord tolerance the renderer picks from the drawing's size.
import type { CadPoint, CadVertex } from '../../../engines/cad-reader';
import type { Pt } from './primitives';

/** 2D affine transform [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

export function apply(m: Matrix, p: Pt): Pt {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

export const translation = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
export const rotation = (a: number): Matrix => [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
export const scaling = (x: number, y: number): Matrix => [x, 0, 0, y, 0, 0];

/** The length a unit length becomes (mean of the axes). */
export function matrixScale(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

const MAX_SEGMENTS = 512;

function segmentsFor(radius: number, sweep: number, tolerance: number): number {
  if (!(radius > 0) || !(tolerance > 0)) return 1;
  const step = 2 * Math.acos(Math.max(-1, Math.min(1, 1 - tolerance / radius)));
  return Math.max(2, Math.min(MAX_SEGMENTS, Math.ceil(Math.abs(sweep) / Math.max(step, 1e-3))));
}

/** Points of an arc from `start` sweeping `sweep` radians (negative clockwise). */
export function arcPoints(center: CadPoint, radius: number, start: number, sweep: number, tolerance: number): Pt[] {
  const n = segmentsFor(radius, sweep, tolerance);
  const points: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const a = start + (sweep * i) / n;
    points.push({ x: center.x + radius * Math.cos(a), y: center.y + radius * Math.sin(a) });
  }
  return points;
}

/** Counter-clockwise sweep from start to end, in (0, 2π]. */
export function ccwSweep(start: number, end: number): number {
  let sweep = (end - start) % (2 * Math.PI);
  if (sweep <= 1e-12) sweep += 2 * Math.PI;
  return sweep;
}

export function ellipsePoints(center: CadPoint, major: CadPoint, ratio: number, start: number, end: number, tolerance: number, ccw = true): Pt[] {
  const a = Math.hypot(major.x, major.y);
  const sweep = ccw ? ccwSweep(start, end) : -ccwSweep(end, start);
  const n = segmentsFor(a * Math.max(ratio, 0.05), sweep, tolerance);
  const minor = { x: -major.y * ratio, y: major.x * ratio };
  const points: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = start + (sweep * i) / n;
    points.push({ x: center.x + major.x * Math.cos(t) + minor.x * Math.sin(t), y: center.y + major.y * Math.cos(t) + minor.y * Math.sin(t) });
  }
  return points;
}

/** A polyline with bulges as points (closing segment included when closed). */
export function bulgePoints(vertices: CadVertex[], closed: boolean, tolerance: number): Pt[] {
  const points: Pt[] = [];
  const count = closed ? vertices.length : vertices.length - 1;
  if (vertices.length === 1) return [{ x: vertices[0]!.x, y: vertices[0]!.y }];
  for (let i = 0; i < count; i++) {
    const p = vertices[i]!;
    const q = vertices[(i + 1) % vertices.length]!;
    if (i === 0) points.push({ x: p.x, y: p.y });
    const bulge = p.bulge ?? 0;
    if (Math.abs(bulge) < 1e-9) {
      points.push({ x: q.x, y: q.y });
      continue;
    }
    const chord = Math.hypot(q.x - p.x, q.y - p.y);
    if (chord < 1e-12) continue;
    const sweep = 4 * Math.atan(bulge);
    const radius = chord / (2 * Math.abs(Math.sin(sweep / 2)));
    // Centre: from the chord's midpoint along its left normal (a positive bulge turns left).
    const d = (chord * (1 - bulge * bulge)) / (4 * bulge);
    const center = { x: (p.x + q.x) / 2 - ((q.y - p.y) / chord) * d, y: (p.y + q.y) / 2 + ((q.x - p.x) / chord) * d };
    const start = Math.atan2(p.y - center.y, p.x - center.x);
    points.push(...arcPoints(center, radius, start, sweep, tolerance).slice(1));
  }
  return points;
}

/** A NURBS curve sampled along its knot span. */
export function nurbsPoints(degree: number, control: CadPoint[], knots: number[], weights: number[] | undefined, samples: number): Pt[] {
  const n = control.length;
  if (n === 0) return [];
  const p = Math.max(1, Math.min(degree, n - 1));
  let k = knots;
  if (k.length !== n + p + 1) {
    // Missing or inconsistent knots: clamped uniform.
    k = [];
    for (let i = 0; i < n + p + 1; i++) k.push(i <= p ? 0 : i >= n ? n - p : i - p);
  }
  const w = weights && weights.length === n ? weights : control.map(() => 1);
  const lo = k[p]!;
  const hi = k[n]!;
  const points: Pt[] = [];
  for (let s = 0; s <= samples; s++) {
    const u = lo + ((hi - lo) * s) / samples;
    let span = p;
    while (span < n - 1 && u >= k[span + 1]!) span++;
    const d: [number, number, number][] = [];
    for (let j = 0; j <= p; j++) {
      const c = control[span - p + j]!;
      const wj = w[span - p + j]!;
      d.push([c.x * wj, c.y * wj, wj]);
    }
    for (let r = 1; r <= p; r++) {
      for (let j = p; j >= r; j--) {
        const i = span - p + j;
        const denom = k[i + p - r + 1]! - k[i]!;
        const alpha = denom === 0 ? 0 : (u - k[i]!) / denom;
        d[j] = [(1 - alpha) * d[j - 1]![0] + alpha * d[j]![0], (1 - alpha) * d[j - 1]![1] + alpha * d[j]![1], (1 - alpha) * d[j - 1]![2] + alpha * d[j]![2]];
      }
    }
    const [x, y, wt] = d[p]!;
    points.push({ x: x / (wt || 1), y: y / (wt || 1) });
  }
  return points;
}

/** A curve through fit points (centripetal Catmull-Rom): what AutoCAD draws when only fit points are stored. */
export function fitPoints(points: CadPoint[], closed: boolean, perSpan = 16): Pt[] {
  if (points.length < 3) return points.map((p) => ({ x: p.x, y: p.y }));
  const pts = closed ? [points[points.length - 1]!, ...points, points[0]!, points[1]!] : [points[0]!, ...points, points[points.length - 1]!];
  const out: Pt[] = [];
  for (let i = 1; i < pts.length - 2; i++) {
    const [p0, p1, p2, p3] = [pts[i - 1]!, pts[i]!, pts[i + 1]!, pts[i + 2]!];
    for (let s = i === 1 ? 0 : 1; s <= perSpan; s++) {
      const t = s / perSpan;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push({ x: f(p0.x, p1.x, p2.x, p3.x), y: f(p0.y, p1.y, p2.y, p3.y) });
    }
  }
  return out;
}

/** Cuts polylines into dashes of a line-type pattern (lengths in the polylines' units). */
export function dashPolyline(points: Pt[], pattern: number[]): Pt[][] {
  const total = pattern.reduce((sum, d) => sum + Math.abs(d), 0);
  if (total <= 0 || points.length < 2) return [points];
  const out: Pt[][] = [];
  let index = 0;
  let left = Math.abs(pattern[0]!);
  let current: Pt[] | null = pattern[0]! >= 0 ? [points[0]!] : null;
  for (let i = 1; i < points.length; i++) {
    let a = points[i - 1]!;
    const b = points[i]!;
    let segment = Math.hypot(b.x - a.x, b.y - a.y);
    while (segment > left) {
      const t = left / segment;
      const mid = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      if (current) {
        current.push(mid);
        out.push(current);
      }
      segment -= left;
      a = mid;
      index = (index + 1) % pattern.length;
      left = Math.abs(pattern[index]!);
      current = pattern[index]! >= 0 ? [mid] : null;
      if (left === 0 && current) {
        // A dot: drawn as a point with a round cap.
        out.push(current);
        index = (index + 1) % pattern.length;
        left = Math.abs(pattern[index]!);
        current = pattern[index]! >= 0 ? [mid] : null;
      }
    }
    left -= segment;
    if (current) current.push(b);
  }
  if (current && current.length > 1) out.push(current);
  return out;
}

export function boxOf(points: Iterable<Pt>): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}
