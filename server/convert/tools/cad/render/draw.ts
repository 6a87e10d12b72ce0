// A CadDrawing drawn into primitives (primitives.ts): colours, line types and lineweights resolved
// through ByLayer/ByBlock, hidden layers left out, blocks inserted with their transforms and
// arrays, dimensions drawn by their *D blocks, text laid out in the faces of fonts.ts. Infinite
// lines (XLINE, RAY) are clipped to the extents of everything else.
import type { CadBlock, CadDrawing, CadEntity, CadHatchLoop, CadLayer, CadLineType, CadPoint, CadTextStyle, CadViewport } from '../../../engines/cad-reader';
import { ConvertError } from '../../../errors';
import { clipLine, clipPrimitives } from './clip';
import { aciColour, type Colour } from './colours';
import { EM_PER_HEIGHT, lineWidth, preferredFace, shapeLine, type FaceId } from './fonts';
import {
  apply,
  arcPoints,
  boxOf,
  bulgePoints,
  ccwSweep,
  dashPolyline,
  ellipsePoints,
  fitPoints,
  IDENTITY,
  matrixScale,
  multiply,
  nurbsPoints,
  rotation,
  scaling,
  translation,
  type Matrix,
} from './geometry';
import type { Box, Primitive, Pt, Sheet } from './primitives';
import { mtextParagraphs, plainText } from './text-codes';
import { CAD_TOO_COMPLEX_MESSAGE } from './messages';

/** Lineweight when nothing sets one (AutoCAD's LWDEFAULT). */
const DEFAULT_LINEWEIGHT_MM = 0.25;
/** Chords deviate from an arc by at most this share of its radius (≈100 segments a circle). */
const ARC_TOLERANCE = 5e-4;
/** Nesting deeper than this is a loop or a hostile file. */
const MAX_DEPTH = 24;
/** Points and text runs one sheet may hold before the drawing is refused as too complex. */
const MAX_POINTS = 6_000_000;
/** Copies one arrayed insert may make. */
const MAX_ARRAY = 10_000;
/** Hatch pattern lines one hatch may draw before it becomes a light fill. */
const MAX_HATCH_LINES = 4000;
/** A line type whose pattern repeats more often than this along a line is drawn solid (it would read as solid anyway). */
const MAX_DASHES_PER_LINE = 2000;

export interface DrawOptions {
  /** Leave out layers marked not to plot (PDF, like a plot); pictures show them as the screen does. */
  plotOnly: boolean;
}

interface Inherited {
  matrix: Matrix;
  /** The insert's layer: entities on layer 0 inside a block take it. */
  layer: string;
  colour: Colour;
  lineType: string;
  lineweightMm: number;
  depth: number;
}

class Renderer {
  readonly primitives: Primitive[] = [];
  private points = 0;
  private readonly layers = new Map<string, CadLayer>();
  private readonly lineTypes = new Map<string, CadLineType>();
  private readonly styles = new Map<string, CadTextStyle>();
  private readonly blocks = new Map<string, CadBlock>();
  private readonly infinite: { entity: CadEntity & { type: 'RAY' | 'XLINE' }; inherited: Inherited }[] = [];

  constructor(
    private readonly drawing: CadDrawing,
    private readonly options: DrawOptions,
  ) {
    for (const layer of drawing.layers) this.layers.set(layer.name.toLowerCase(), layer);
    for (const lt of drawing.lineTypes) this.lineTypes.set(lt.name.toLowerCase(), lt);
    for (const style of drawing.textStyles) this.styles.set(style.name.toLowerCase(), style);
    for (const block of [...drawing.blocks, ...drawing.paperSpaces]) this.blocks.set(block.name.toLowerCase(), block);
  }

  drawSheet(name: string, entities: CadEntity[], paper?: { width: number; height: number }, viewports: CadViewport[] = []): Sheet {
    this.primitives.length = 0;
    this.infinite.length = 0;
    this.points = 0;
    const root: Inherited = { matrix: IDENTITY, layer: '0', colour: 'ink', lineType: 'CONTINUOUS', lineweightMm: DEFAULT_LINEWEIGHT_MM, depth: 0 };
    const boxes: Box[] = [];
    // Model space through each viewport first: the layout's own entities (title block…) lie over it.
    for (const viewport of viewports) boxes.push(this.viewport(viewport, root));
    for (const entity of entities) {
      const first = this.primitives.length;
      this.entity(entity, root);
      if (this.primitives.length > first) boxes.push(extents(this.primitives.slice(first)));
    }
    let box = robustUnion(boxes);
    if (paper && paper.width > 0 && paper.height > 0) box = { minX: 0, minY: 0, maxX: paper.width, maxY: paper.height };
    if (!Number.isFinite(box.minX)) {
      // Only infinite lines (or nothing): show the area around their base points.
      const bases = this.infinite.map(({ entity, inherited }) => apply(inherited.matrix, entity.base));
      box = bases.length > 0 ? boxOf(bases) : { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    }
    box = padded(box);
    for (const { entity, inherited } of this.infinite) this.infiniteLine(entity, inherited, box);
    return { name, primitives: [...this.primitives], box, ...(paper ? { paper } : {}) };
  }

  /**
   * Model space as a viewport shows it: scaled by window height / view height about the view
   * centre, twisted, moved to the window's centre and cut to the window. Returns the window.
   */
  private viewport(viewport: CadViewport, root: Inherited): Box {
    const window: Box = {
      minX: viewport.center.x - viewport.width / 2,
      minY: viewport.center.y - viewport.height / 2,
      maxX: viewport.center.x + viewport.width / 2,
      maxY: viewport.center.y + viewport.height / 2,
    };
    const scale = viewport.height / viewport.viewHeight;
    const matrix = multiply(
      translation(viewport.center.x, viewport.center.y),
      multiply(scaling(scale, scale), multiply(rotation(viewport.twist), translation(-viewport.viewCenter.x, -viewport.viewCenter.y))),
    );
    const sheet = this.primitives.splice(0);
    const sheetInfinite = this.infinite.splice(0);
    const inherited: Inherited = { ...root, matrix };
    for (const entity of this.drawing.entities) this.entity(entity, inherited);
    for (const { entity, inherited: at } of this.infinite.splice(0)) this.infiniteLine(entity, at, window);
    const seen = clipPrimitives(this.primitives.splice(0), window);
    this.primitives.push(...sheet, ...seen);
    this.infinite.push(...sheetInfinite);
    return window;
  }

  private count(n: number): void {
    this.points += n;
    if (this.points > MAX_POINTS) throw new ConvertError(CAD_TOO_COMPLEX_MESSAGE);
  }

  private layerOf(name: string): CadLayer | undefined {
    return this.layers.get(name.toLowerCase());
  }

  private hidden(layerName: string): boolean {
    const layer = this.layerOf(layerName);
    if (!layer) return false;
    return layer.off || layer.frozen || (this.options.plotOnly && !layer.plot);
  }

  /** The entity's style resolved against its layer and the insert it sits in. */
  private resolve(entity: CadEntity, parent: Inherited): { layer: string; colour: Colour; lineType: string; lineweightMm: number } {
    const layerName = entity.layer === '0' && parent.depth > 0 ? parent.layer : entity.layer;
    const layer = this.layerOf(layerName);
    let colour: Colour;
    if (entity.trueColor !== undefined) colour = entity.trueColor;
    else if (entity.color === 0) colour = parent.colour;
    else if (entity.color === 256) colour = layer ? (layer.trueColor ?? aciColour(Math.abs(layer.color))) : parent.depth > 0 ? parent.colour : 'ink';
    else colour = aciColour(entity.color);
    const lt = entity.lineType;
    let lineType: string;
    if (!lt || /^bylayer$/i.test(lt)) lineType = layer?.lineType || 'CONTINUOUS';
    else if (/^byblock$/i.test(lt)) lineType = parent.lineType;
    else lineType = lt;
    if (/^bylayer$/i.test(lineType)) lineType = 'CONTINUOUS';
    let lw = entity.lineweight;
    if (lw === -1) lw = layer?.lineweight ?? -3;
    let lineweightMm = lw === -2 ? parent.lineweightMm : lw >= 0 ? lw / 100 : DEFAULT_LINEWEIGHT_MM;
    if (lw === -1) lineweightMm = DEFAULT_LINEWEIGHT_MM;
    return { layer: layerName, colour, lineType, lineweightMm };
  }

  private entity(entity: CadEntity, parent: Inherited): void {
    if (!entity.visible) return;
    const style = this.resolve(entity, parent);
    if (this.hidden(style.layer) || (parent.depth > 0 && entity.layer === '0' && this.hidden(parent.layer))) return;
    const m = parent.matrix;
    const stroke = (paths: Pt[][], closedHint = false) => this.stroke(paths, style.colour, style.lineweightMm, style.lineType, entity.lineTypeScale * matrixScale(m), closedHint);
    const tolerance = (r: number) => r * ARC_TOLERANCE;
    const world = (points: Pt[]) => points.map((p) => apply(m, p));
    switch (entity.type) {
      case 'LINE':
        stroke([world([entity.start, entity.end])]);
        break;
      case 'POINT':
        this.strokeSolid([[apply(m, entity.position)]], style.colour, style.lineweightMm);
        break;
      case 'CIRCLE':
        stroke([world(arcPoints(entity.center, entity.radius, 0, 2 * Math.PI, tolerance(entity.radius)))]);
        break;
      case 'ARC':
        stroke([world(arcPoints(entity.center, entity.radius, entity.startAngle, ccwSweep(entity.startAngle, entity.endAngle), tolerance(entity.radius)))]);
        break;
      case 'ELLIPSE': {
        const a = Math.hypot(entity.majorAxis.x, entity.majorAxis.y);
        const full = Math.abs(entity.endAngle - entity.startAngle) >= 2 * Math.PI - 1e-9;
        stroke([world(ellipsePoints(entity.center, entity.majorAxis, entity.ratio, entity.startAngle, full ? entity.startAngle + 2 * Math.PI : entity.endAngle, tolerance(a)))]);
        break;
      }
      case 'POLYLINE':
        this.polyline(entity, style, m);
        break;
      case 'SPLINE': {
        let points: Pt[];
        if (entity.controlPoints.length >= 2) points = nurbsPoints(entity.degree, entity.controlPoints, entity.knots, entity.weights, Math.min(2000, Math.max(32, entity.controlPoints.length * 16)));
        else points = fitPoints(entity.fitPoints, entity.closed);
        stroke([world(points)]);
        break;
      }
      case 'TEXT':
      case 'ATTDEF': {
        if (entity.type === 'ATTDEF' && parent.depth > 0) break; // a block's attribute template: its INSERT carries the value
        const text = entity.type === 'ATTDEF' ? entity.tag : entity.text;
        this.text({ ...entity, text }, style.colour, m);
        break;
      }
      case 'MTEXT':
        this.mtext(entity, style.colour, m);
        break;
      case 'INSERT':
        this.insert(entity, style, parent);
        break;
      case 'DIMENSION': {
        const block = this.blocks.get(entity.block.toLowerCase());
        if (block && parent.depth < MAX_DEPTH) {
          const inherited: Inherited = { matrix: m, layer: style.layer, colour: style.colour, lineType: style.lineType, lineweightMm: style.lineweightMm, depth: parent.depth + 1 };
          for (const child of block.entities) this.entity(child, inherited);
        } else if (entity.text || entity.measurement) {
          const label = entity.text && entity.text !== '<>' ? plainText(entity.text) : String(Math.round(entity.measurement * 100) / 100);
          this.textLine(label, 'sans', apply(m, entity.textPoint), 2.5 * matrixScale(m), rotationOf(m), 1, 0, 4, style.colour);
        }
        break;
      }
      case 'LEADER': {
        const points = world(entity.vertices);
        stroke([points]);
        if (entity.arrow && points.length >= 2) {
          const [tip, next] = [points[0]!, points[1]!];
          const length = Math.hypot(next.x - tip.x, next.y - tip.y);
          const size = Math.min(2.5 * matrixScale(m), length / 2);
          if (size > 0) {
            const ux = (next.x - tip.x) / length;
            const uy = (next.y - tip.y) / length;
            const w = size / 6;
            this.fill([[tip, { x: tip.x + ux * size - uy * w, y: tip.y + uy * size + ux * w }, { x: tip.x + ux * size + uy * w, y: tip.y + uy * size - ux * w }]], style.colour);
          }
        }
        break;
      }
      case 'SOLID':
      case 'TRACE': {
        const c = world(entity.corners);
        const ring = c.length >= 4 ? [c[0]!, c[1]!, c[3]!, c[2]!] : c;
        this.fill([ring], style.colour);
        break;
      }
      case '3DFACE':
        stroke([world([...entity.corners, entity.corners[0]!])], true);
        break;
      case 'HATCH':
        this.hatch(entity, style.colour, m);
        break;
      case 'RAY':
      case 'XLINE':
        this.infinite.push({ entity, inherited: { ...parent, ...style, lineType: style.lineType } });
        break;
    }
  }

  private polyline(entity: CadEntity & { type: 'POLYLINE' }, style: { colour: Colour; lineType: string; lineweightMm: number }, m: Matrix): void {
    const size = Math.max(1e-9, ...entity.vertices.map((v) => Math.abs(v.x) + Math.abs(v.y)));
    const points = bulgePoints(entity.vertices, entity.closed, size * 1e-4).map((p) => apply(m, p));
    const widths = entity.vertices.some((v) => (v.startWidth ?? 0) > 0 || (v.endWidth ?? 0) > 0);
    if (entity.constantWidth > 0 || widths) {
      // Wide polylines are drawn filled, segment by segment (tapers kept for straight segments).
      const scale = matrixScale(m);
      const n = entity.closed ? entity.vertices.length : entity.vertices.length - 1;
      for (let i = 0; i < n; i++) {
        const v = entity.vertices[i]!;
        const w0 = (entity.constantWidth > 0 ? entity.constantWidth : (v.startWidth ?? 0)) * scale;
        const w1 = (entity.constantWidth > 0 ? entity.constantWidth : (v.endWidth ?? 0)) * scale;
        const segment = bulgePoints([v, entity.vertices[(i + 1) % entity.vertices.length]!], false, size * 1e-4).map((p) => apply(m, p));
        if (w0 > 0 || w1 > 0) this.widePath(segment, w0, w1, style.colour);
        else this.stroke([segment], style.colour, style.lineweightMm, style.lineType, entity.lineTypeScale * scale);
      }
      return;
    }
    this.stroke([points], style.colour, style.lineweightMm, style.lineType, entity.lineTypeScale * matrixScale(m), entity.closed);
  }

  /** A polyline of varying width as quads along it. */
  private widePath(points: Pt[], w0: number, w1: number, colour: Colour): void {
    const total = points.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y), 0);
    let along = 0;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      if (length === 0) continue;
      const wa = total > 0 ? w0 + ((w1 - w0) * along) / total : w0;
      along += length;
      const wb = total > 0 ? w0 + ((w1 - w0) * along) / total : w1;
      const nx = -(b.y - a.y) / length;
      const ny = (b.x - a.x) / length;
      this.fill([[{ x: a.x + (nx * wa) / 2, y: a.y + (ny * wa) / 2 }, { x: b.x + (nx * wb) / 2, y: b.y + (ny * wb) / 2 }, { x: b.x - (nx * wb) / 2, y: b.y - (ny * wb) / 2 }, { x: a.x - (nx * wa) / 2, y: a.y - (ny * wa) / 2 }]], colour);
    }
  }

  private insert(entity: CadEntity & { type: 'INSERT' }, style: { layer: string; colour: Colour; lineType: string; lineweightMm: number }, parent: Inherited): void {
    const block = this.blocks.get(entity.block.toLowerCase());
    if (block && parent.depth < MAX_DEPTH) {
      const columns = Math.max(1, entity.columns || 1);
      const rows = Math.max(1, entity.rows || 1);
      if (columns * rows > MAX_ARRAY) throw new ConvertError(CAD_TOO_COMPLEX_MESSAGE);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          // Array copies step along the insert's rotated axes.
          const local = multiply(
            multiply(translation(entity.position.x, entity.position.y), rotation(entity.rotation)),
            multiply(translation(c * entity.columnSpacing, r * entity.rowSpacing), multiply(scaling(entity.scale.x || 1, entity.scale.y || 1), translation(-block.basePoint.x, -block.basePoint.y))),
          );
          const inherited: Inherited = { matrix: multiply(parent.matrix, local), layer: style.layer, colour: style.colour, lineType: style.lineType, lineweightMm: style.lineweightMm, depth: parent.depth + 1 };
          for (const child of block.entities) this.entity(child, inherited);
        }
      }
    }
    // Attributes are placed in the insert's parent coordinates.
    for (const attribute of entity.attributes) {
      if (attribute.flags & 1 || !attribute.visible) continue;
      const attrStyle = this.resolve(attribute as unknown as CadEntity, { ...parent, layer: style.layer, colour: style.colour, depth: parent.depth + 1 });
      if (this.hidden(attrStyle.layer)) continue;
      this.text(attribute, attrStyle.colour, parent.matrix);
    }
  }

  private faceOf(styleName: string): { face: FaceId; style?: CadTextStyle } {
    const style = this.styles.get(styleName.toLowerCase());
    return { face: preferredFace(style?.font ?? ''), style };
  }

  private text(entity: { text: string; position: CadPoint; alignPoint?: CadPoint; height: number; rotation: number; widthFactor: number; oblique: number; style: string; halign: number; valign: number }, colour: Colour, m: Matrix): void {
    const text = plainText(entity.text);
    if (!text.trim()) return;
    const { face, style } = this.faceOf(entity.style);
    const height = entity.height > 0 ? entity.height : style?.height || 2.5;
    let size = height * EM_PER_HEIGHT;
    let widthFactor = entity.widthFactor > 0 ? entity.widthFactor : style?.widthFactor || 1;
    let angle = entity.rotation;
    const em = lineWidth(text, face);
    let start: Pt = entity.position;
    const align = entity.alignPoint;
    if ((entity.halign === 3 || entity.halign === 5) && align) {
      const length = Math.hypot(align.x - start.x, align.y - start.y);
      if (length > 0 && em > 0) {
        angle = Math.atan2(align.y - start.y, align.x - start.x);
        if (entity.halign === 5) widthFactor = length / (em * size);
        else size = length / (em * widthFactor);
      }
    } else if (entity.halign !== 0 || entity.valign !== 0) {
      const anchor = align ?? entity.position;
      const width = em * size * widthFactor;
      const dx = entity.halign === 1 || entity.halign === 4 ? -width / 2 : entity.halign === 2 ? -width : 0;
      const valign = entity.halign === 4 ? 2 : entity.valign;
      const dy = valign === 1 ? height * 0.3 : valign === 2 ? -height / 2 : valign === 3 ? -height : 0;
      start = { x: anchor.x + dx * Math.cos(angle) - dy * Math.sin(angle), y: anchor.y + dx * Math.sin(angle) + dy * Math.cos(angle) };
    }
    const worldAngle = angle + rotationOf(m);
    this.textLine(text, face, apply(m, start), size * matrixScale(m), worldAngle, widthFactor, entity.oblique, 0, colour);
  }

  private mtext(entity: CadEntity & { type: 'MTEXT' }, colour: Colour, m: Matrix): void {
    const { face, style } = this.faceOf(entity.style);
    const height = entity.height > 0 ? entity.height : style?.height || 2.5;
    const size = height * EM_PER_HEIGHT;
    const widthFactor = style?.widthFactor || 1;
    const lines: string[] = [];
    for (const paragraph of mtextParagraphs(entity.text)) lines.push(...wrap(paragraph, entity.width > 0 ? entity.width / (size * widthFactor) : Infinity, face));
    while (lines.length > 0 && !lines[lines.length - 1]!.trim()) lines.pop();
    if (lines.length === 0) return;
    const spacing = height * (5 / 3) * (entity.lineSpacing > 0 ? entity.lineSpacing : 1);
    const blockHeight = height + (lines.length - 1) * spacing;
    const row = Math.floor((Math.max(1, Math.min(9, entity.attachment)) - 1) / 3);
    const column = (Math.max(1, Math.min(9, entity.attachment)) - 1) % 3;
    const firstBaseline = -height + (row === 1 ? blockHeight / 2 : row === 2 ? blockHeight : 0);
    const angle = entity.rotation;
    for (const [i, line] of lines.entries()) {
      if (!line.trim()) continue;
      const width = lineWidth(line, face) * size * widthFactor;
      const dx = column === 1 ? -width / 2 : column === 2 ? -width : 0;
      const dy = firstBaseline - i * spacing;
      const start = { x: entity.position.x + dx * Math.cos(angle) - dy * Math.sin(angle), y: entity.position.y + dx * Math.sin(angle) + dy * Math.cos(angle) };
      this.textLine(line, face, apply(m, start), size * matrixScale(m), angle + rotationOf(m), widthFactor, 0, 0, colour);
    }
  }

  /** One line of text from its baseline start, in world units; `centred` 4 centres it on the point. */
  private textLine(text: string, face: FaceId, start: Pt, size: number, angle: number, widthFactor: number, oblique: number, centred: number, colour: Colour): void {
    const runs = shapeLine(text, face);
    let offset = centred === 4 ? -runs.reduce((s, r) => s + r.width, 0) * size * widthFactor / 2 : 0;
    this.count(runs.length * 4);
    for (const run of runs) {
      const x = start.x + offset * Math.cos(angle);
      const y = start.y + offset * Math.sin(angle);
      this.primitives.push({ kind: 'text', text: run.text, face: run.face, x, y, size, rotation: angle, widthFactor, oblique, colour });
      offset += run.width * size * widthFactor;
    }
  }

  private hatch(entity: CadEntity & { type: 'HATCH' }, colour: Colour, m: Matrix): void {
    const rings = entity.loops.map((loop) => loopPoints(loop).map((p) => apply(m, p))).filter((ring) => ring.length >= 3);
    if (rings.length === 0) return;
    if (entity.solid) {
      this.fill(rings, colour);
      return;
    }
    const segments: Pt[][] = [];
    let drawn = entity.lines.length > 0;
    for (const family of entity.lines) {
      const lines = patternLines(family, rings, m);
      if (!lines) {
        drawn = false;
        break;
      }
      segments.push(...lines);
    }
    if (drawn) this.strokeSolid(segments, colour, 0.13);
    else this.fill(rings, colour, 0.25);
  }

  private infiniteLine(entity: CadEntity & { type: 'RAY' | 'XLINE' }, inherited: Inherited, box: Box): void {
    const base = apply(inherited.matrix, entity.base);
    const tip = apply(inherited.matrix, { x: entity.base.x + entity.direction.x, y: entity.base.y + entity.direction.y });
    const d = { x: tip.x - base.x, y: tip.y - base.y };
    const span = clipLine(base, d, box, entity.type === 'RAY' ? 0 : -Infinity);
    if (!span) return;
    this.stroke([[{ x: base.x + d.x * span[0], y: base.y + d.y * span[0] }, { x: base.x + d.x * span[1], y: base.y + d.y * span[1] }]], inherited.colour, inherited.lineweightMm, inherited.lineType, entity.lineTypeScale * matrixScale(inherited.matrix));
  }

  private stroke(paths: Pt[][], colour: Colour, widthMm: number, lineType: string, scale: number, _closed = false): void {
    const pattern = this.lineTypes.get(lineType.toLowerCase())?.pattern ?? [];
    const total = pattern.reduce((s, d) => s + Math.abs(d), 0) * (scale || 1);
    if (pattern.length < 2 || total <= 0) {
      this.strokeSolid(paths, colour, widthMm);
      return;
    }
    const dashed: Pt[][] = [];
    for (const path of paths) {
      const length = path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - path[i]!.x, p.y - path[i]!.y), 0);
      if (length / total > MAX_DASHES_PER_LINE || length < total) dashed.push(path);
      else dashed.push(...dashPolyline(path, pattern.map((d) => d * (scale || 1))));
    }
    this.strokeSolid(dashed, colour, widthMm);
  }

  private strokeSolid(paths: Pt[][], colour: Colour, widthMm: number): void {
    const kept = paths.filter((p) => p.length > 0 && p.every((q) => Number.isFinite(q.x) && Number.isFinite(q.y)));
    if (kept.length === 0) return;
    this.count(kept.reduce((s, p) => s + p.length, 0));
    this.primitives.push({ kind: 'stroke', paths: kept, colour, widthMm });
  }

  private fill(rings: Pt[][], colour: Colour, opacity?: number): void {
    const kept = rings.filter((r) => r.length >= 3 && r.every((q) => Number.isFinite(q.x) && Number.isFinite(q.y)));
    if (kept.length === 0) return;
    this.count(kept.reduce((s, p) => s + p.length, 0));
    this.primitives.push({ kind: 'fill', rings: kept, colour, ...(opacity !== undefined ? { opacity } : {}) });
  }
}

function rotationOf(m: Matrix): number {
  return Math.atan2(m[1], m[0]);
}

/** Words (Latin) and characters (CJK) fitted into lines `maxEm` ems wide. */
function wrap(paragraph: string, maxEm: number, face: FaceId): string[] {
  if (!Number.isFinite(maxEm) || lineWidth(paragraph, face) <= maxEm * 1.02) return [paragraph];
  const tokens = paragraph.match(/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    if (line.trim() && lineWidth(candidate.trimEnd(), face) > maxEm * 1.02) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line = candidate;
  }
  if (line) lines.push(line.trimEnd());
  return lines;
}

function loopPoints(loop: CadHatchLoop): Pt[] {
  if (loop.kind === 'polyline') {
    const size = Math.max(1e-9, ...loop.vertices.map((v) => Math.abs(v.x) + Math.abs(v.y)));
    return bulgePoints(loop.vertices, true, size * 1e-4);
  }
  const points: Pt[] = [];
  for (const edge of loop.edges) {
    let part: Pt[];
    switch (edge.kind) {
      case 'line':
        part = [edge.start, edge.end];
        break;
      case 'arc':
        // A clockwise edge stores its angles mirrored: it runs from -start clockwise to -end.
        part = edge.ccw
          ? arcPoints(edge.center, edge.radius, edge.startAngle, ccwSweep(edge.startAngle, edge.endAngle), edge.radius * ARC_TOLERANCE)
          : arcPoints(edge.center, edge.radius, -edge.startAngle, -ccwSweep(edge.startAngle, edge.endAngle), edge.radius * ARC_TOLERANCE);
        break;
      case 'ellipse': {
        const a = Math.hypot(edge.majorAxis.x, edge.majorAxis.y);
        part = edge.ccw
          ? ellipsePoints(edge.center, edge.majorAxis, edge.ratio, edge.startAngle, edge.endAngle, a * ARC_TOLERANCE)
          : ellipsePoints(edge.center, edge.majorAxis, edge.ratio, -edge.startAngle, -edge.endAngle, a * ARC_TOLERANCE, false);
        break;
      }
      case 'spline':
        part = nurbsPoints(edge.degree, edge.controlPoints, edge.knots, edge.weights, Math.max(32, edge.controlPoints.length * 12));
        break;
    }
    points.push(...part.map((p) => ({ x: p.x, y: p.y })));
  }
  return points;
}

/** One pattern family's lines clipped to the rings (even-odd), dashed; null when there would be too many. */
function patternLines(family: { angle: number; base: CadPoint; offset: CadPoint; dashes: number[] }, rings: Pt[][], m: Matrix): Pt[][] | null {
  // The family in world coordinates: the hatch's own transform applied to its definition.
  const origin = apply(m, family.base);
  const along = apply(m, { x: family.base.x + Math.cos(family.angle), y: family.base.y + Math.sin(family.angle) });
  const dLen = Math.hypot(along.x - origin.x, along.y - origin.y) || 1;
  const d = { x: (along.x - origin.x) / dLen, y: (along.y - origin.y) / dLen };
  const scale = matrixScale(m);
  const offset = { x: (m[0] * family.offset.x + m[2] * family.offset.y), y: (m[1] * family.offset.x + m[3] * family.offset.y) };
  const n = { x: -d.y, y: d.x };
  const spacing = offset.x * n.x + offset.y * n.y;
  if (Math.abs(spacing) < 1e-12) return null;
  const all = rings.flat();
  const projections = all.map((p) => (p.x - origin.x) * n.x + (p.y - origin.y) * n.y);
  const lo = Math.ceil(Math.min(...projections) / spacing);
  const hi = Math.floor(Math.max(...projections) / spacing);
  const [first, last] = lo <= hi ? [lo, hi] : [hi, lo];
  if (last - first > MAX_HATCH_LINES) return null;
  const shift = offset.x * d.x + offset.y * d.y;
  const dashes = family.dashes.map((x) => x * scale);
  const out: Pt[][] = [];
  for (let i = first; i <= last; i++) {
    const p0 = { x: origin.x + offset.x * i, y: origin.y + offset.y * i };
    const ts: number[] = [];
    for (const ring of rings) {
      for (let j = 0; j < ring.length; j++) {
        const a = ring[j]!;
        const b = ring[(j + 1) % ring.length]!;
        const e = { x: b.x - a.x, y: b.y - a.y };
        const denom = d.x * e.y - d.y * e.x;
        if (Math.abs(denom) < 1e-15) continue;
        const w = { x: a.x - p0.x, y: a.y - p0.y };
        const s = (w.x * d.y - w.y * d.x) / denom;
        if (s < 0 || s >= 1) continue;
        ts.push((w.x * e.y - w.y * e.x) / denom);
      }
    }
    ts.sort((a, b) => a - b);
    for (let k = 0; k + 1 < ts.length; k += 2) {
      const from = { x: p0.x + d.x * ts[k]!, y: p0.y + d.y * ts[k]! };
      const to = { x: p0.x + d.x * ts[k + 1]!, y: p0.y + d.y * ts[k + 1]! };
      if (dashes.length < 2) {
        out.push([from, to]);
        continue;
      }
      // Dashes keep their phase from the family's origin line, shifted by the offset per line.
      out.push(...dashedSpan(p0, d, ts[k]!, ts[k + 1]!, dashes, i * shift));
    }
    if (out.length > MAX_HATCH_LINES * 50) return null;
  }
  return out;
}

function dashedSpan(p0: Pt, d: Pt, t0: number, t1: number, dashes: number[], phase: number): Pt[][] {
  const period = dashes.reduce((s, x) => s + Math.abs(x), 0);
  if (period <= 0 || (t1 - t0) / period > 500) return [[{ x: p0.x + d.x * t0, y: p0.y + d.y * t0 }, { x: p0.x + d.x * t1, y: p0.y + d.y * t1 }]];
  const out: Pt[][] = [];
  let t = Math.floor((t0 - phase) / period) * period + phase;
  while (t < t1) {
    for (const dash of dashes) {
      const len = Math.abs(dash);
      if (dash >= 0) {
        const a = Math.max(t, t0);
        const b = Math.min(t + len, t1);
        if (b >= a && (len === 0 ? t >= t0 && t <= t1 : b > a)) out.push([{ x: p0.x + d.x * a, y: p0.y + d.y * a }, { x: p0.x + d.x * b, y: p0.y + d.y * b }]);
      }
      t += len;
      if (t >= t1) break;
    }
  }
  return out;
}

/** Everything drawn, text by its box. */
export function extents(primitives: Primitive[]): Box {
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (p: Pt) => {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    box.minX = Math.min(box.minX, p.x);
    box.minY = Math.min(box.minY, p.y);
    box.maxX = Math.max(box.maxX, p.x);
    box.maxY = Math.max(box.maxY, p.y);
  };
  for (const p of primitives) {
    if (p.kind === 'stroke') for (const path of p.paths) path.forEach(add);
    else if (p.kind === 'fill') for (const ring of p.rings) ring.forEach(add);
    else {
      const w = lineWidth(p.text, p.face) * p.size * p.widthFactor;
      const [c, s] = [Math.cos(p.rotation), Math.sin(p.rotation)];
      const h = p.size * 0.75;
      add({ x: p.x, y: p.y });
      add({ x: p.x + w * c, y: p.y + w * s });
      add({ x: p.x - h * s, y: p.y + h * c });
      add({ x: p.x + w * c - h * s, y: p.y + w * s + h * c });
    }
  }
  return box;
}

const area = (b: Box) => Math.max(b.maxX - b.minX, 1e-9) * Math.max(b.maxY - b.minY, 1e-9);

function union(boxes: Box[]): Box {
  return {
    minX: Math.min(...boxes.map((b) => b.minX)),
    minY: Math.min(...boxes.map((b) => b.minY)),
    maxX: Math.max(...boxes.map((b) => b.maxX)),
    maxY: Math.max(...boxes.map((b) => b.maxY)),
  };
}

/**
 * The extents of the entities' boxes, leaving out at most three strays that alone make the area
 * over 100 times larger (a block inserted at a huge scale, an object far away): zoom-extents with
 * them shows the drawing as a speck. They are still drawn where they reach into the sheet.
 */
function robustUnion(boxes: Box[]): Box {
  let kept = boxes.filter((b) => Number.isFinite(b.minX));
  if (kept.length === 0) return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let round = 0; round < 3 && kept.length >= 4; round++) {
    const whole = area(union(kept));
    let best = -1;
    let bestArea = whole;
    // Only a box on the union's edge can shrink it.
    const u = union(kept);
    const edges = new Set(kept.flatMap((b, i) => (b.minX === u.minX || b.minY === u.minY || b.maxX === u.maxX || b.maxY === u.maxY ? [i] : [])));
    for (const i of edges) {
      const rest = area(union(kept.filter((_, j) => j !== i)));
      if (rest < bestArea) {
        bestArea = rest;
        best = i;
      }
    }
    if (best < 0 || whole < bestArea * 100) break;
    kept = kept.filter((_, j) => j !== best);
  }
  return union(kept);
}

/** A margin of 3% around the extents (a point or a line still gets an area). */
function padded(box: Box): Box {
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  const margin = Math.max(w, h) * 0.03 || 1;
  return { minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin };
}

export type SheetChoice = 'model' | 'layouts';

/** The sheets to draw: model space, or each layout that holds something (model space when none does). */
export function drawSheets(drawing: CadDrawing, choice: SheetChoice, options: DrawOptions): Sheet[] {
  const renderer = new Renderer(drawing, options);
  if (choice === 'layouts' && drawing.layouts.length > 0) {
    const sheets: Sheet[] = [];
    for (const layout of drawing.layouts) {
      const space = drawing.paperSpaces.find((b) => b.name.toLowerCase() === layout.block.toLowerCase());
      if (!space) continue;
      sheets.push(renderer.drawSheet(layout.name, space.entities, layout.paper, space.viewports));
    }
    if (sheets.length > 0) return sheets;
  }
  return [renderer.drawSheet('模型', drawing.entities)];
}
