// Curves R12 cannot hold, as the vertices of the polyline that stands in for them: a NURBS
// evaluated by de Boor's algorithm, an elliptical arc sampled by its parameter.
import type { CadPoint } from '../../../engines/cad-reader';

const SEGMENTS = 64;

export function splinePoints(degree: number, controlPoints: CadPoint[], knots: number[], weights: number[] | undefined, fitPoints: CadPoint[]): CadPoint[] {
  const n = controlPoints.length;
  if (n === 0) return fitPoints;
  if (n <= degree || knots.length !== n + degree + 1) return controlPoints;
  const w = weights && weights.length === n ? weights : controlPoints.map(() => 1);
  const lo = knots[degree];
  const hi = knots[n];
  const out: CadPoint[] = [];
  const steps = Math.max(SEGMENTS, n * 8);
  for (let i = 0; i <= steps; i++) out.push(deBoor(degree, controlPoints, w, knots, lo + ((hi - lo) * i) / steps));
  return out;
}

function deBoor(p: number, cps: CadPoint[], w: number[], t: number[], u: number): CadPoint {
  const n = cps.length;
  let k = p;
  while (k < n - 1 && u >= t[k + 1]) k++;
  const d = Array.from({ length: p + 1 }, (_, j) => {
    const c = cps[j + k - p];
    const wj = w[j + k - p];
    return [c.x * wj, c.y * wj, (c.z ?? 0) * wj, wj];
  });
  for (let r = 1; r <= p; r++) {
    for (let j = p; j >= r; j--) {
      const i = j + k - p;
      const denom = t[i + 1 + p - r] - t[i];
      const a = denom === 0 ? 0 : (u - t[i]) / denom;
      d[j] = d[j].map((v, m) => (1 - a) * d[j - 1][m] + a * v);
    }
  }
  const [x, y, z, wt] = d[p];
  return wt === 0 ? { x, y, z } : { x: x / wt, y: y / wt, z: z / wt };
}

export function ellipsePoints(center: CadPoint, majorAxis: CadPoint, ratio: number, start: number, end: number): CadPoint[] {
  let sweep = end - start;
  while (sweep <= 0) sweep += Math.PI * 2;
  const minor = { x: -majorAxis.y * ratio, y: majorAxis.x * ratio };
  const steps = Math.max(8, Math.ceil((SEGMENTS * sweep) / (Math.PI * 2)));
  const out: CadPoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = start + (sweep * i) / steps;
    out.push({ x: center.x + majorAxis.x * Math.cos(a) + minor.x * Math.sin(a), y: center.y + majorAxis.y * Math.cos(a) + minor.y * Math.sin(a), z: center.z ?? 0 });
  }
  return out;
}
