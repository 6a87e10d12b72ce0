// One CadEntity as DXF group codes, for a release: 2000+ with handles, owners and subclass
// markers; R12 with the old entity set, the newer types standing in as POLYLINE, TEXT or LINE
// (their geometry kept, their editability not).
import type { CadAttribute, CadEntity, CadViewport, CadHatchEdge, CadHatchLoop, CadPoint, CadStyle, CadTextProps, CadVertex } from '../../../engines/cad-reader';
import { ellipsePoints, splinePoints } from './curves';
import type { DxfTags } from './dxf-tags';
import { isR12 } from './dxf-versions';

const DEG = 180 / Math.PI;
/** A viewport's own look: layer 0, by layer, visible. */
const VIEWPORT_STYLE: CadStyle = { layer: '0', color: 256, lineType: '', lineweight: -1, lineTypeScale: 1, visible: true };
/** Rays and construction lines in R12: a line this long each way. */
const XLINE_REACH = 1e6;

export interface EntityOwner {
  /** Block record handle (2000+). */
  owner: string;
  paperSpace: boolean;
}

/** The text of an MTEXT without its format codes, one entry per line (R12 writes TEXT). */
export function plainMtextLines(text: string): string[] {
  const plain = text
    .replace(/\\[PpNn]/g, '\n')
    .replace(/\\[ACcFfHhQqTtWw][^;]*;/g, '')
    .replace(/\\[LlOoKk]/g, '')
    .replace(/\\S([^;]*);/g, (_m, s: string) => s.replace(/[#^/]/, '/'))
    .replace(/\\~/g, ' ')
    .replace(/\\([\\{}])/g, '$1')
    .replace(/(?<!\\)[{}]/g, '');
  return plain.split('\n').filter((l) => l.trim() !== '');
}

export class EntityWriter {
  private readonly r12: boolean;

  constructor(
    private readonly t: DxfTags,
    private readonly layerName: (name: string) => string,
  ) {
    this.r12 = isR12(t.version);
  }

  write(e: CadEntity, at: EntityOwner): void {
    switch (e.type) {
      case 'LINE':
        this.head('LINE', e, at, 'AcDbLine').point(10, e.start).point(11, e.end);
        return;
      case 'POINT':
        this.head('POINT', e, at, 'AcDbPoint').point(10, e.position);
        return;
      case 'CIRCLE':
        this.head('CIRCLE', e, at, 'AcDbCircle').point(10, e.center).tag(40, e.radius);
        return;
      case 'ARC':
        this.head('ARC', e, at, 'AcDbCircle').point(10, e.center).tag(40, e.radius);
        this.sub('AcDbArc').tag(50, e.startAngle * DEG).tag(51, e.endAngle * DEG);
        return;
      case 'ELLIPSE':
        if (this.r12) return this.polyline(e, at, ellipsePoints(e.center, e.majorAxis, e.ratio, e.startAngle, e.endAngle), false, 0, false);
        this.head('ELLIPSE', e, at, 'AcDbEllipse').point(10, e.center).point(11, e.majorAxis).tag(40, e.ratio).tag(41, e.startAngle).tag(42, e.endAngle);
        return;
      case 'POLYLINE':
        return this.polyline(e, at, e.vertices, e.closed, e.constantWidth, e.is3d, e.elevation);
      case 'SPLINE':
        if (this.r12 || (e.controlPoints.length === 0 && e.fitPoints.length < 2)) {
          const points = splinePoints(e.degree, e.controlPoints, e.knots, e.weights, e.fitPoints);
          return this.polyline(e, at, points, e.closed && e.controlPoints.length === 0, 0, true);
        }
        return this.spline(e, at);
      case 'TEXT':
        this.head('TEXT', e, at, 'AcDbText');
        this.textBody(e);
        this.sub('AcDbText').tag(73, e.valign);
        return;
      case 'MTEXT':
        return this.mtext(e, at);
      case 'ATTDEF':
        this.head('ATTDEF', e, at, 'AcDbText');
        this.textBody(e);
        if (!this.r12) this.sub('AcDbAttributeDefinition');
        this.t.tag(3, e.prompt).tag(2, e.tag).tag(70, e.flags).tag(74, e.valign);
        return;
      case 'INSERT':
        return this.insert(e, at);
      case 'HATCH':
        return this.hatch(e, at);
      case 'DIMENSION':
        return this.dimension(e, at);
      case 'LEADER':
        if (this.r12) return this.polyline(e, at, e.vertices, false, 0, false);
        this.head('LEADER', e, at, 'AcDbLeader').tag(3, 'Standard').tag(71, e.arrow ? 1 : 0).tag(72, 0).tag(73, 3).tag(74, 0).tag(75, 0).tag(40, 0).tag(41, 0);
        this.t.tag(76, e.vertices.length);
        for (const v of e.vertices) this.t.point(10, v);
        return;
      case 'SOLID':
      case 'TRACE':
      case '3DFACE': {
        this.head(e.type, e, at, e.type === '3DFACE' ? 'AcDbFace' : 'AcDbTrace');
        const c = [0, 1, 2, 3].map((i) => e.corners[Math.min(i, e.corners.length - 1)] ?? { x: 0, y: 0 });
        c.forEach((p, i) => this.t.point(10 + i, p));
        return;
      }
      case 'RAY':
      case 'XLINE': {
        if (this.r12) {
          const from = e.type === 'RAY' ? e.base : along(e.base, e.direction, -XLINE_REACH);
          this.head('LINE', e, at, 'AcDbLine').point(10, from).point(11, along(e.base, e.direction, XLINE_REACH));
          return;
        }
        this.head(e.type, e, at, e.type === 'RAY' ? 'AcDbRay' : 'AcDbXline').point(10, e.base).point(11, e.direction);
        return;
      }
    }
  }

  /** Entity type, handle, owner and the common properties; then the subclass marker. */
  /**
   * A viewport of a layout (2000+; R12 keeps its viewports in xdata, not written): the layout's
   * own (the sheet) or a window onto model space.
   */
  viewport(v: CadViewport, at: EntityOwner, id: number): void {
    if (this.r12) return;
    const t = this.head('VIEWPORT', VIEWPORT_STYLE, at, 'AcDbViewport');
    t.point(10, v.center).tag(40, v.width).tag(41, v.height).tag(68, 1).tag(69, id);
    t.point(12, v.viewCenter, false).point(13, { x: 0, y: 0 }, false).point(14, { x: 10, y: 10 }, false).point(15, { x: 10, y: 10 }, false);
    t.point(16, { x: 0, y: 0, z: 1 }).point(17, { x: 0, y: 0, z: 0 });
    t.tag(42, 50).tag(43, 0).tag(44, 0).tag(45, v.viewHeight).tag(50, 0).tag(51, v.twist * DEG).tag(72, 1000);
    // 32864: the flags AutoCAD gives a new viewport (grid follows limits, UCS icon, plot as displayed).
    t.tag(90, 32864).tag(1, '').tag(281, 0).tag(71, 1).tag(74, 0);
    t.point(110, { x: 0, y: 0, z: 0 }).point(111, { x: 1, y: 0, z: 0 }).point(112, { x: 0, y: 1, z: 0 }).tag(79, 0).tag(146, 0);
  }

  private head(type: string, s: CadStyle, at: EntityOwner, subclass: string): DxfTags {
    const t = this.t;
    t.tag(0, type).tag(5, t.handle());
    if (!this.r12) t.tag(330, at.owner).tag(100, 'AcDbEntity');
    if (at.paperSpace) t.tag(67, 1);
    t.tag(8, this.layerName(s.layer));
    if (s.lineType && s.lineType.toUpperCase() !== 'BYLAYER') t.tag(6, s.lineType);
    if (s.color !== 256) t.tag(62, s.color);
    if (!this.r12) {
      if (s.trueColor !== undefined) t.tag(420, s.trueColor);
      if (s.lineweight !== -1) t.tag(370, s.lineweight);
    }
    if (s.lineTypeScale !== 1 && s.lineTypeScale > 0) t.tag(48, s.lineTypeScale);
    if (!s.visible) t.tag(60, 1);
    return subclass ? this.sub(subclass) : t;
  }

  private sub(marker: string): DxfTags {
    if (!this.r12) this.t.tag(100, marker);
    return this.t;
  }

  private textBody(e: CadTextProps): void {
    const t = this.t;
    t.point(10, e.position).tag(40, e.height || 1).tag(1, e.text);
    if (e.rotation) t.tag(50, e.rotation * DEG);
    if (e.widthFactor && e.widthFactor !== 1) t.tag(41, e.widthFactor);
    if (e.oblique) t.tag(51, e.oblique * DEG);
    t.tag(7, e.style || 'Standard');
    if (e.halign) t.tag(72, e.halign);
    if (e.alignPoint && (e.halign || e.valign)) t.point(11, e.alignPoint);
  }

  private polyline(s: CadStyle, at: EntityOwner, vertices: CadVertex[], closed: boolean, width: number, is3d: boolean, elevation = 0): void {
    const t = this.t;
    const widths = vertices.some((v) => v.startWidth || v.endWidth);
    if (!this.r12 && !is3d) {
      this.head('LWPOLYLINE', s, at, 'AcDbPolyline').tag(90, vertices.length).tag(70, closed ? 1 : 0);
      if (width && !widths) t.tag(43, width);
      if (elevation) t.tag(38, elevation);
      for (const v of vertices) {
        t.point(10, v, false);
        if (widths) t.tag(40, v.startWidth ?? 0).tag(41, v.endWidth ?? 0);
        if (v.bulge) t.tag(42, v.bulge);
      }
      return;
    }
    // POLYLINE, VERTEX…, SEQEND: every 3D polyline, and every polyline in R12.
    this.head('POLYLINE', s, at, is3d ? 'AcDb3dPolyline' : 'AcDb2dPolyline').tag(66, 1).point(10, { x: 0, y: 0, z: is3d ? 0 : elevation });
    t.tag(70, (closed ? 1 : 0) | (is3d ? 8 : 0));
    if (width && !is3d) t.tag(40, width).tag(41, width);
    for (const v of vertices) {
      this.head('VERTEX', s, at, 'AcDbVertex');
      if (!this.r12) t.tag(100, is3d ? 'AcDb3dPolylineVertex' : 'AcDb2dVertex');
      t.point(10, { x: v.x, y: v.y, z: is3d ? v.z ?? 0 : elevation });
      if (!is3d && (v.startWidth || v.endWidth)) t.tag(40, v.startWidth ?? 0).tag(41, v.endWidth ?? 0);
      if (!is3d && v.bulge) t.tag(42, v.bulge);
      t.tag(70, is3d ? 32 : 0);
    }
    this.head('SEQEND', s, at, '');
  }

  private spline(e: Extract<CadEntity, { type: 'SPLINE' }>, at: EntityOwner): void {
    const t = this.t;
    const rational = !!e.weights && e.weights.some((w) => w !== 1);
    const withControl = e.controlPoints.length > e.degree && e.knots.length === e.controlPoints.length + e.degree + 1;
    this.head('SPLINE', e, at, 'AcDbSpline').point(210, { x: 0, y: 0, z: 1 });
    t.tag(70, 8 | (e.closed ? 1 : 0) | (rational && withControl ? 4 : 0)).tag(71, e.degree || 3);
    t.tag(72, withControl ? e.knots.length : 0).tag(73, withControl ? e.controlPoints.length : 0).tag(74, e.fitPoints.length);
    t.tag(42, 1e-10).tag(43, 1e-10);
    if (e.fitPoints.length) t.tag(44, 1e-10);
    if (withControl) {
      for (const k of e.knots) t.tag(40, k);
      if (rational) for (const w of e.weights!) t.tag(41, w);
      for (const p of e.controlPoints) t.point(10, p);
    }
    for (const p of e.fitPoints) t.point(11, p);
  }

  private mtext(e: Extract<CadEntity, { type: 'MTEXT' }>, at: EntityOwner): void {
    const t = this.t;
    if (this.r12) {
      // One TEXT per line, stacked downwards from the insertion point.
      const lines = plainMtextLines(e.text);
      const step = (e.height || 1) * 1.6667 * (e.lineSpacing || 1);
      lines.forEach((text, i) => {
        const pos = { x: e.position.x + Math.sin(e.rotation) * step * (i + 1), y: e.position.y - Math.cos(e.rotation) * step * (i + 1), z: e.position.z ?? 0 };
        this.head('TEXT', e, at, 'AcDbText');
        this.textBody({ text, position: pos, height: e.height, rotation: e.rotation, widthFactor: 1, oblique: 0, style: e.style, halign: 0, valign: 0 });
      });
      return;
    }
    this.head('MTEXT', e, at, 'AcDbMText').point(10, e.position).tag(40, e.height || 1).tag(41, e.width || 0).tag(71, e.attachment || 1).tag(72, 1);
    t.chunked(e.text, 1).tag(7, e.style || 'Standard');
    if (e.rotation) t.tag(50, e.rotation * DEG);
    if (e.lineSpacing && e.lineSpacing !== 1) t.tag(73, 1).tag(44, e.lineSpacing);
  }

  private insert(e: Extract<CadEntity, { type: 'INSERT' }>, at: EntityOwner): void {
    const t = this.t;
    this.head('INSERT', e, at, e.columns > 1 || e.rows > 1 ? 'AcDbMInsertBlock' : 'AcDbBlockReference');
    if (e.attributes.length) t.tag(66, 1);
    t.tag(2, e.block).point(10, e.position);
    if (e.scale.x !== 1) t.tag(41, e.scale.x);
    if (e.scale.y !== 1) t.tag(42, e.scale.y);
    if ((e.scale.z ?? 1) !== 1) t.tag(43, e.scale.z ?? 1);
    if (e.rotation) t.tag(50, e.rotation * DEG);
    if (e.columns > 1) t.tag(70, e.columns).tag(44, e.columnSpacing);
    if (e.rows > 1) t.tag(71, e.rows).tag(45, e.rowSpacing);
    if (!e.attributes.length) return;
    for (const a of e.attributes) this.attrib(a, at);
    this.head('SEQEND', e, at, '');
  }

  private attrib(a: CadAttribute, at: EntityOwner): void {
    this.head('ATTRIB', a, at, 'AcDbText');
    this.textBody(a);
    this.sub('AcDbAttribute');
    this.t.tag(2, a.tag).tag(70, a.flags).tag(74, a.valign);
  }

  private hatch(e: Extract<CadEntity, { type: 'HATCH' }>, at: EntityOwner): void {
    const t = this.t;
    if (this.r12) {
      // No HATCH before R13: its boundaries stay, as closed polylines.
      for (const loop of e.loops) this.polyline(e, at, loopVertices(loop), true, 0, false);
      return;
    }
    this.head('HATCH', e, at, 'AcDbHatch').point(10, { x: 0, y: 0, z: 0 }).point(210, { x: 0, y: 0, z: 1 });
    t.tag(2, e.solid ? 'SOLID' : e.pattern || 'ANSI31').tag(70, e.solid ? 1 : 0).tag(71, 0).tag(91, e.loops.length);
    for (const loop of e.loops) {
      if (loop.kind === 'polyline') {
        t.tag(92, 3).tag(72, loop.vertices.some((v) => v.bulge) ? 1 : 0).tag(73, loop.closed ? 1 : 0).tag(93, loop.vertices.length);
        for (const v of loop.vertices) {
          t.point(10, v, false);
          if (loop.vertices.some((w) => w.bulge)) t.tag(42, v.bulge ?? 0);
        }
      } else {
        t.tag(92, 1).tag(93, loop.edges.length);
        for (const edge of loop.edges) this.hatchEdge(edge);
      }
      t.tag(97, 0);
    }
    t.tag(75, 0).tag(76, 1);
    if (!e.solid) {
      t.tag(52, e.patternAngle * DEG).tag(41, e.patternScale || 1).tag(77, 0).tag(78, e.lines.length);
      for (const l of e.lines) {
        t.tag(53, l.angle * DEG).tag(43, l.base.x).tag(44, l.base.y).tag(45, l.offset.x).tag(46, l.offset.y).tag(79, l.dashes.length);
        for (const d of l.dashes) t.tag(49, d);
      }
    }
    t.tag(98, 0);
  }

  private hatchEdge(edge: CadHatchEdge): void {
    const t = this.t;
    switch (edge.kind) {
      case 'line':
        t.tag(72, 1).point(10, edge.start, false).point(11, edge.end, false);
        return;
      case 'arc':
        t.tag(72, 2).point(10, edge.center, false).tag(40, edge.radius).tag(50, edge.startAngle * DEG).tag(51, edge.endAngle * DEG).tag(73, edge.ccw ? 1 : 0);
        return;
      case 'ellipse':
        t.tag(72, 3).point(10, edge.center, false).point(11, edge.majorAxis, false).tag(40, edge.ratio).tag(50, edge.startAngle * DEG).tag(51, edge.endAngle * DEG).tag(73, edge.ccw ? 1 : 0);
        return;
      case 'spline': {
        const rational = !!edge.weights && edge.weights.length === edge.controlPoints.length;
        t.tag(72, 4).tag(94, edge.degree).tag(73, rational ? 1 : 0).tag(74, 0).tag(95, edge.knots.length).tag(96, edge.controlPoints.length);
        for (const k of edge.knots) t.tag(40, k);
        edge.controlPoints.forEach((p, i) => {
          t.point(10, p, false);
          if (rational) t.tag(42, edge.weights![i]);
        });
        if (this.t.version !== '2000' && this.t.version !== '2004') t.tag(97, 0);
        return;
      }
    }
  }

  private dimension(e: Extract<CadEntity, { type: 'DIMENSION' }>, at: EntityOwner): void {
    const t = this.t;
    const kind = e.dimensionType & 7;
    this.head('DIMENSION', e, at, 'AcDbDimension');
    if (e.block) t.tag(2, e.block);
    t.point(10, e.definitionPoint).point(11, e.textPoint).tag(70, e.dimensionType);
    if (e.text) t.tag(1, e.text);
    t.tag(3, e.style || 'Standard');
    if (!this.r12 && e.measurement) t.tag(42, e.measurement);
    const p1 = e.point1 ?? { x: 0, y: 0 };
    const p2 = e.point2 ?? { x: 0, y: 0 };
    if (this.r12) {
      t.point(13, p1).point(14, p2);
      if (e.rotation) t.tag(50, e.rotation * DEG);
      return;
    }
    switch (kind) {
      case 0:
        t.tag(100, 'AcDbAlignedDimension').point(13, p1).point(14, p2).tag(50, e.rotation * DEG).tag(100, 'AcDbRotatedDimension');
        return;
      case 1:
        t.tag(100, 'AcDbAlignedDimension').point(13, p1).point(14, p2);
        return;
      case 2:
        t.tag(100, 'AcDb2LineAngularDimension').point(13, p1).point(14, p2).point(15, p1).point(16, p2);
        return;
      case 3:
        t.tag(100, 'AcDbDiametricDimension').point(15, p1).tag(40, 0);
        return;
      case 4:
        t.tag(100, 'AcDbRadialDimension').point(15, p1).tag(40, 0);
        return;
      case 5:
        t.tag(100, 'AcDb3PointAngularDimension').point(13, p1).point(14, p2).point(15, p1);
        return;
      default:
        t.tag(100, 'AcDbOrdinateDimension').point(13, p1).point(14, p2);
    }
  }
}

function along(p: CadPoint, d: CadPoint, k: number): CadPoint {
  return { x: p.x + d.x * k, y: p.y + d.y * k, z: (p.z ?? 0) + (d.z ?? 0) * k };
}

/** A hatch boundary as polyline vertices (edges sampled), for R12. */
function loopVertices(loop: CadHatchLoop): CadVertex[] {
  if (loop.kind === 'polyline') return loop.vertices;
  const out: CadVertex[] = [];
  for (const edge of loop.edges) {
    if (edge.kind === 'line') out.push(edge.start);
    else if (edge.kind === 'arc') {
      const ratio = 1;
      const major = { x: edge.radius, y: 0 };
      const [a, b] = edge.ccw ? [edge.startAngle, edge.endAngle] : [-edge.startAngle, -edge.endAngle];
      out.push(...ellipsePoints(edge.center, major, ratio, Math.min(a, b), Math.max(a, b)));
    } else if (edge.kind === 'ellipse') out.push(...ellipsePoints(edge.center, edge.majorAxis, edge.ratio, edge.startAngle, edge.endAngle));
    else out.push(...splinePoints(edge.degree, edge.controlPoints, edge.knots, edge.weights, []));
  }
  return out;
}
