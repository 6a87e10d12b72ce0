// OFD's AbbreviatedData (GB/T 33190 §9.1, tables 35–36): S/M x y start a subpath, L x y a line,
// Q x1 y1 x y and B x1 y1 x2 y2 x y Bézier curves, A rx ry angle large sweep x y an elliptical arc
// (as in SVG), C closes the subpath (Z is accepted too, as some producers write it). Arcs become
// cubic Béziers so the drawing needs only moves, lines, curves and closes.
import type { PathCommand } from './model';

const ARITY: Record<string, number> = { S: 2, M: 2, L: 2, Q: 4, B: 6, A: 7, C: 0, Z: 0 };

export function parseAbbreviatedData(data: string): PathCommand[] {
  const tokens = data.trim().split(/[\s,]+/).filter(Boolean);
  const commands: PathCommand[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let i = 0;
  while (i < tokens.length) {
    const op = tokens[i++].toUpperCase();
    const arity = ARITY[op];
    if (arity === undefined) continue; // unknown operator or stray number: skip it
    const n = tokens.slice(i, i + arity).map(Number);
    if (n.length < arity || n.some((v) => !Number.isFinite(v))) break;
    i += arity;
    switch (op) {
      case 'S':
      case 'M':
        [x, y] = n;
        [startX, startY] = n;
        commands.push({ op: 'M', x, y });
        break;
      case 'L':
        [x, y] = n;
        commands.push({ op: 'L', x, y });
        break;
      case 'Q':
        commands.push({ op: 'Q', x1: n[0], y1: n[1], x: n[2], y: n[3] });
        [x, y] = [n[2], n[3]];
        break;
      case 'B':
        commands.push({ op: 'C', x1: n[0], y1: n[1], x2: n[2], y2: n[3], x: n[4], y: n[5] });
        [x, y] = [n[4], n[5]];
        break;
      case 'A':
        commands.push(...arcToBeziers(x, y, n[0], n[1], n[2], n[3] !== 0, n[4] !== 0, n[5], n[6]));
        [x, y] = [n[5], n[6]];
        break;
      default:
        commands.push({ op: 'Z' });
        [x, y] = [startX, startY];
    }
  }
  return commands;
}

/** SVG's endpoint arc parametrisation → centre form → cubic Béziers of at most 90° each. */
export function arcToBeziers(
  x1: number,
  y1: number,
  rxIn: number,
  ryIn: number,
  angleDeg: number,
  largeArc: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): PathCommand[] {
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return [{ op: 'L', x: x2, y: y2 }];
  const phi = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (largeArc === sweep) coef = -coef;
  const cxp = (coef * rx * y1p) / ry;
  const cyp = (-coef * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const segments = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / segments;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): [number, number] => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const derivative = (t: number): [number, number] => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: PathCommand[] = [];
  for (let s = 0; s < segments; s++) {
    const t1 = theta1 + s * step;
    const t2 = t1 + step;
    const [p1x, p1y] = point(t1);
    const [d1x, d1y] = derivative(t1);
    const [p2x, p2y] = s === segments - 1 ? [x2, y2] : point(t2);
    const [d2x, d2y] = derivative(t2);
    out.push({ op: 'C', x1: p1x + k * d1x, y1: p1y + k * d1y, x2: p2x - k * d2x, y2: p2y - k * d2y, x: p2x, y: p2y });
  }
  return out;
}
