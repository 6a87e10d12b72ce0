// Turns a parsed drawing into the CadDrawing every tool uses. LibreDWG's converter and dxf-json give
// nearly the same shape (dxf-json's was modelled on it); they differ in angle units (radians from
// DWG, degrees from DXF group codes), lineweights (DWG stores an index), where attributes live
// (nested in the INSERT or following it) and where blocks are listed.
import type { CadAttribute, CadBlock, CadDrawing, CadEntity, CadHatchEdge, CadHatchLine, CadHatchLoop, CadLayer, CadLayout, CadLineType, CadPoint, CadStyle, CadTextProps, CadTextStyle, CadVertex, CadViewport } from './model';
import { TRACE_MARK } from './dxf-stream';

type Raw = Record<string, any>;
type Format = 'dwg' | 'dxf';

/** DWG lineweight index → hundredths of a millimetre (the DXF value). */
const DWG_LINEWEIGHTS = [0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140, 158, 200, 211];

function lineweightOf(value: unknown, format: Format): number {
  if (typeof value !== 'number') return -1;
  if (format === 'dxf') return value;
  if (value === 29) return -1;
  if (value === 30) return -2;
  if (value === 31) return -3;
  return DWG_LINEWEIGHTS[value] ?? -3;
}

/** VIEWPORT status flag (DXF 90) of a viewport switched off. */
const VIEWPORT_OFF = 0x20000;

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

function point(p: Raw | undefined): CadPoint {
  if (!p) return { x: 0, y: 0 };
  const out: CadPoint = { x: num(p.x), y: num(p.y) };
  if (typeof p.z === 'number' && p.z !== 0) out.z = p.z;
  return out;
}

class Normalizer {
  readonly skipped: Record<string, number> = {};
  /** Degrees in DXF group codes, radians from LibreDWG. */
  private readonly angle: (v: unknown) => number;

  constructor(private readonly format: Format) {
    this.angle = format === 'dxf' ? (v) => (num(v) * Math.PI) / 180 : (v) => num(v);
  }

  skip(type: string): void {
    this.skipped[type] = (this.skipped[type] ?? 0) + 1;
  }

  style(e: Raw): CadStyle {
    const style: CadStyle = {
      layer: str(e.layer, '0') || '0',
      color: typeof e.colorIndex === 'number' ? e.colorIndex : 256,
      lineType: str(e.lineType) || str(e.lineTypeName),
      lineweight: lineweightOf(e.lineweight, this.format),
      lineTypeScale: num(e.lineTypeScale, 1) || 1,
      visible: e.isVisible !== false && e.visibility !== 1 && !(e.isVisible === undefined && e.visible === false),
    };
    if (e.handle) style.handle = String(e.handle);
    // dxf-json gives code 420 as `color`; LibreDWG gives `color` only alongside a real index.
    if (typeof e.color === 'number' && e.color >= 0 && (this.format === 'dxf' || e.colorIndex === undefined)) style.trueColor = e.color;
    return style;
  }

  text(t: Raw): CadTextProps {
    return {
      text: str(t.text),
      position: point(t.startPoint ?? t.insertionPoint),
      ...(t.endPoint && (num(t.halign) !== 0 || num(t.valign) !== 0) ? { alignPoint: point(t.alignmentPoint ?? t.endPoint) } : {}),
      height: num(t.textHeight, num(t.height, 1)),
      rotation: this.angle(t.rotation),
      widthFactor: num(t.xScale, 1) || 1,
      oblique: this.angle(t.obliqueAngle),
      style: str(t.styleName, 'Standard') || 'Standard',
      halign: num(t.halign),
      valign: num(t.valign),
    };
  }

  /** LibreDWG nests an attribute's text fields under `text`; dxf-json keeps them flat. */
  attribute(a: Raw): CadAttribute {
    const fields = typeof a.text === 'object' && a.text ? { ...a.text, text: str(a.text.text) } : a;
    return { ...this.style(a), ...this.text(fields), tag: str(a.tag), flags: num(a.attributeFlag, num(a.flags)) };
  }

  vertices(list: Raw[] | undefined): CadVertex[] {
    return (list ?? []).map((v) => {
      const out: CadVertex = { x: num(v.x), y: num(v.y) };
      if (typeof v.z === 'number' && v.z !== 0) out.z = v.z;
      if (num(v.bulge) !== 0) out.bulge = v.bulge;
      if (num(v.startWidth) !== 0) out.startWidth = v.startWidth;
      if (num(v.endWidth) !== 0) out.endWidth = v.endWidth;
      return out;
    });
  }

  hatchEdge(edge: Raw): CadHatchEdge | null {
    switch (edge.type) {
      case 1:
        return { kind: 'line', start: point(edge.start), end: point(edge.end) };
      case 2:
        return { kind: 'arc', center: point(edge.center), radius: num(edge.radius), startAngle: this.angle(edge.startAngle), endAngle: this.angle(edge.endAngle), ccw: edge.isCCW !== false };
      case 3:
        return {
          kind: 'ellipse',
          center: point(edge.center),
          majorAxis: point(edge.end),
          ratio: num(edge.lengthOfMinorAxis, 1),
          startAngle: this.angle(edge.startAngle),
          endAngle: this.angle(edge.endAngle),
          ccw: edge.isCCW !== false,
        };
      case 4: {
        const controlPoints = (edge.controlPoints ?? []).map(point);
        const weights = (edge.controlPoints ?? []).map((p: Raw) => p.weight).filter((w: unknown) => typeof w === 'number');
        return { kind: 'spline', degree: num(edge.degree, 3), controlPoints, knots: (edge.knots ?? []).map(Number), ...(weights.length === controlPoints.length && weights.length ? { weights } : {}) };
      }
      default:
        return null;
    }
  }

  hatchLoops(paths: Raw[] | undefined): CadHatchLoop[] {
    return (paths ?? []).map((path) =>
      Array.isArray(path.vertices)
        ? { kind: 'polyline', vertices: this.vertices(path.vertices), closed: path.isClosed !== false }
        : { kind: 'edges', edges: (path.edges ?? []).map((e: Raw) => this.hatchEdge(e)).filter((e: CadHatchEdge | null): e is CadHatchEdge => e !== null) },
    );
  }

  /** One raw entity → ours, or null (counted as skipped). `attributesOf` finds a DXF INSERT's following ATTRIBs. */
  entity(e: Raw, attributesOf: (insert: Raw) => Raw[]): CadEntity | null {
    const s = this.style(e);
    switch (e.type) {
      case 'LINE':
        return { ...s, type: 'LINE', start: point(e.startPoint), end: point(e.endPoint) };
      case 'POINT':
        return { ...s, type: 'POINT', position: point(e.position) };
      case 'CIRCLE':
        return { ...s, type: 'CIRCLE', center: point(e.center), radius: num(e.radius) };
      case 'ARC':
        return { ...s, type: 'ARC', center: point(e.center), radius: num(e.radius), startAngle: this.angle(e.startAngle), endAngle: this.angle(e.endAngle) };
      case 'ELLIPSE':
        return { ...s, type: 'ELLIPSE', center: point(e.center), majorAxis: point(e.majorAxisEndPoint), ratio: num(e.axisRatio, 1), startAngle: num(e.startAngle), endAngle: num(e.endAngle, Math.PI * 2) };
      case 'LWPOLYLINE':
        return { ...s, type: 'POLYLINE', vertices: this.vertices(e.vertices), closed: (num(e.flag) & 1) === 1, constantWidth: num(e.constantWidth), elevation: num(e.elevation), is3d: false };
      case 'POLYLINE2D':
      case 'POLYLINE3D':
      case 'POLYLINE': {
        const flag = num(e.flag);
        // Polyface and polygon meshes (flags 16, 64) are 3D surfaces no tool draws.
        if (flag & (16 | 64)) return this.skip(e.type === 'POLYLINE' ? 'POLYLINE_MESH' : e.type), null;
        const is3d = e.type === 'POLYLINE3D' || (flag & 8) === 8;
        // Spline-fit polylines carry their control frame as vertices flagged 16; the curve is the rest.
        const vertices = (e.vertices ?? []).filter((v: Raw) => (num(v.flag) & 16) === 0);
        return { ...s, type: 'POLYLINE', vertices: this.vertices(vertices), closed: (flag & 1) === 1, constantWidth: num(e.startWidth), elevation: num(e.elevation), is3d };
      }
      case 'SPLINE': {
        const controlPoints = (e.controlPoints ?? []).map(point);
        const weights = Array.isArray(e.weights) && e.weights.length === controlPoints.length ? e.weights.map(Number) : undefined;
        return {
          ...s,
          type: 'SPLINE',
          degree: num(e.degree, 3),
          closed: (num(e.flag) & 1) === 1,
          controlPoints,
          knots: (e.knots ?? e.knotValues ?? []).map(Number),
          ...(weights ? { weights } : {}),
          fitPoints: (e.fitPoints ?? []).map(point),
        };
      }
      case 'TEXT':
        return { ...s, type: 'TEXT', ...this.text(e) };
      case 'MTEXT': {
        const direction = e.direction ?? e.xAxisDirection;
        const rotation = direction && (num(direction.x) !== 0 || num(direction.y) !== 0) ? Math.atan2(num(direction.y), num(direction.x)) : this.format === 'dxf' ? num(e.rotation) : num(e.rotation);
        return {
          ...s,
          type: 'MTEXT',
          text: str(e.text),
          position: point(e.insertionPoint),
          height: num(e.textHeight, num(e.height, 1)),
          width: num(e.rectWidth, num(e.width)),
          rotation,
          attachment: num(e.attachmentPoint, 1) || 1,
          style: str(e.styleName, 'Standard') || 'Standard',
          lineSpacing: num(e.lineSpacing, num(e.lineSpacingFactor, 1)) || 1,
        };
      }
      case 'ATTDEF': {
        const fields = typeof e.text === 'object' && e.text ? { ...e.text, text: str(e.defaultValue ?? e.text.text) } : e;
        return { ...s, type: 'ATTDEF', ...this.text(fields), tag: str(e.tag), prompt: str(e.prompt), flags: num(e.attributeFlag, num(e.flags)) };
      }
      case 'INSERT':
        return {
          ...s,
          type: 'INSERT',
          block: str(e.name),
          position: point(e.insertionPoint),
          scale: { x: num(e.xScale, 1), y: num(e.yScale, 1), z: num(e.zScale, 1) },
          rotation: this.angle(e.rotation),
          columns: Math.max(1, num(e.columnCount, 1)),
          rows: Math.max(1, num(e.rowCount, 1)),
          columnSpacing: num(e.columnSpacing),
          rowSpacing: num(e.rowSpacing),
          attributes: (Array.isArray(e.attribs) && e.attribs.length ? e.attribs : attributesOf(e)).map((a: Raw) => this.attribute(a)),
        };
      case 'HATCH':
        return {
          ...s,
          type: 'HATCH',
          pattern: str(e.patternName, 'SOLID'),
          solid: num(e.solidFill) === 1,
          loops: this.hatchLoops(e.boundaryPaths),
          patternAngle: this.angle(e.patternAngle),
          patternScale: num(e.patternScale, 1) || 1,
          lines: (e.definitionLines ?? []).map(
            (l: Raw): CadHatchLine => ({ angle: this.angle(l.angle), base: point(l.base), offset: point(l.offset), dashes: (l.dashLengths ?? []).map(Number) }),
          ),
        };
      case 'DIMENSION':
        return {
          ...s,
          type: 'DIMENSION',
          block: str(e.name),
          dimensionType: num(e.dimensionType),
          measurement: num(e.measurement),
          text: str(e.text),
          definitionPoint: point(e.definitionPoint),
          textPoint: point(e.textPoint),
          ...(e.subDefinitionPoint1 ? { point1: point(e.subDefinitionPoint1) } : {}),
          ...(e.subDefinitionPoint2 ? { point2: point(e.subDefinitionPoint2) } : {}),
          rotation: this.angle(e.rotationAngle),
          style: str(e.styleName, 'Standard') || 'Standard',
        };
      case 'LEADER':
        return { ...s, type: 'LEADER', vertices: (e.vertices ?? []).map(point), arrow: e.isArrowheadEnabled !== false && e.arrowHeadFlag !== 0 };
      case 'SOLID':
      case 'TRACE':
      case '3DFACE': {
        const corners = Array.isArray(e.points) ? e.points.map(point) : [e.corner1, e.corner2, e.corner3, e.corner4].filter(Boolean).map(point);
        // dxf-stream.ts hands a DXF TRACE over as a marked SOLID.
        const traced = e.type === 'SOLID' && Array.isArray(e.xdata) && e.xdata.some((x: Raw) => x?.appName === TRACE_MARK);
        return { ...s, type: traced ? 'TRACE' : e.type, corners };
      }
      case 'RAY':
      case 'XLINE':
        return { ...s, type: e.type, base: point(e.firstPoint ?? e.position), direction: point(e.unitDirection ?? e.direction) };
      default:
        this.skip(String(e.type ?? 'UNKNOWN'));
        return null;
    }
  }

  /**
   * The viewports onto model space among a paper space's entities. The layout's own viewport (the
   * sheet itself, made with the layout) is the one of lowest ID, or of lowest handle where there
   * are no IDs (IDs count across the drawing: only Layout1's own viewport is ID 1).
   */
  viewports(list: Raw[] | undefined): CadViewport[] {
    const raw = (list ?? []).filter((e) => e.type === 'VIEWPORT');
    const order = (v: Raw) => [num(v.viewportId) || Number.MAX_SAFE_INTEGER, parseInt(String(v.handle ?? ''), 16) || 0];
    const own = raw.reduce<Raw | undefined>((low, v) => {
      if (!low) return v;
      const [a, b] = [order(v), order(low)];
      return a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!) ? v : low;
    }, undefined);
    return raw
      .filter((v) => v !== own && !(num(v.statusBitFlags) & VIEWPORT_OFF) && !(this.format === 'dxf' && v.status === 0))
      .filter((v) => num(v.width) > 0 && num(v.height) > 0 && num(v.viewHeight) > 0)
      .map((v) => {
        // The view centre is in display coordinates: relative to the target point (plan views).
        const target = point(v.targetPoint);
        const centre = point(v.displayCenter);
        return {
          center: point(v.viewportCenter),
          width: num(v.width),
          height: num(v.height),
          viewCenter: { x: centre.x + target.x, y: centre.y + target.y },
          viewHeight: num(v.viewHeight),
          twist: this.angle(v.viewTwistAngle),
        };
      });
  }

  /** Entities of one space or block: ATTRIBs go into their INSERT, SEQEND/VERTEX are structure. */
  entities(list: Raw[] | undefined): CadEntity[] {
    const raw = list ?? [];
    const out: CadEntity[] = [];
    // dxf-json lists an INSERT's ATTRIBs after it (owned by the insert's handle when the file has handles).
    const attribsByOwner = new Map<string, Raw[]>();
    for (const e of raw) {
      if (e.type !== 'ATTRIB') continue;
      const owner = String(e.ownerBlockRecordSoftId ?? '');
      attribsByOwner.set(owner, [...(attribsByOwner.get(owner) ?? []), e]);
    }
    raw.forEach((e, i) => {
      if (e.type === 'ATTRIB' || e.type === 'SEQEND' || e.type === 'VERTEX') return;
      const attributesOf = (insert: Raw): Raw[] => {
        const owned = attribsByOwner.get(String(insert.handle ?? ''));
        if (owned) return owned;
        const following: Raw[] = [];
        for (let j = i + 1; j < raw.length && raw[j].type === 'ATTRIB'; j++) following.push(raw[j]);
        return following;
      };
      const entity = this.entity(e, attributesOf);
      if (entity) out.push(entity);
    });
    return out;
  }
}

function layersOf(entries: Raw[] | undefined, format: Format): CadLayer[] {
  return (entries ?? []).map((l) => {
    const color = num(l.colorIndex, 7);
    const layer: CadLayer = {
      name: str(l.name, '0'),
      color: Math.abs(color) || 7,
      lineType: str(l.lineType, 'Continuous') || 'Continuous',
      lineweight: format === 'dwg' ? lineweightOf(l.lineweight, 'dwg') : num(l.lineweight, -3),
      // DXF marks an off layer by a negative colour.
      off: l.off === true || color < 0,
      // The flags, not LibreDWG's `frozen`/`locked` fields (it reports layer 0 of AutoCAD's own files as locked).
      frozen: (num(l.standardFlag) & 1) === 1,
      locked: (num(l.standardFlag) & 4) === 4,
      plot: l.plotFlag !== 0 && l.isPlotting !== false,
    };
    if (format === 'dwg' && typeof l.color === 'number' && l.colorIndex === undefined) layer.trueColor = l.color;
    if (format === 'dxf' && typeof l.trueColor === 'number') layer.trueColor = l.trueColor;
    return layer;
  });
}

function lineTypesOf(entries: Raw[] | undefined): CadLineType[] {
  return (entries ?? [])
    .filter((t) => !['BYBLOCK', 'BYLAYER'].includes(str(t.name).toUpperCase()))
    .map((t) => ({
      name: str(t.name),
      description: str(t.description),
      pattern: (t.pattern ?? []).map((p: Raw | number) => (typeof p === 'number' ? p : num(p.elementLength ?? p.dashLength ?? p.length))),
    }));
}

function textStylesOf(entries: Raw[] | undefined): CadTextStyle[] {
  return (entries ?? []).map((s) => ({
    name: str(s.name, 'Standard'),
    font: str(s.font),
    bigFont: str(s.bigFont),
    height: num(s.fixedTextHeight),
    widthFactor: num(s.widthFactor, 1) || 1,
    oblique: num(s.obliqueAngle),
  }));
}

const isModelSpace = (name: string) => name.toUpperCase() === '*MODEL_SPACE';
const isPaperSpace = (name: string) => name.toUpperCase().startsWith('*PAPER_SPACE');
/** R12 names the spaces' blocks $MODEL_SPACE and $PAPER_SPACE: the names every later release uses. */
const spaceBlockName = (name: string) => name.replace(/^\$MODEL_SPACE$/i, '*Model_Space').replace(/^\$PAPER_SPACE/i, '*Paper_Space');

/** LibreDWG: blocks are BLOCK_RECORD entries holding their entities; model space is also `entities`. */
export function normalizeDwg(db: Raw, version: string): CadDrawing {
  const n = new Normalizer('dwg');
  const records: Raw[] = db.tables?.BLOCK_RECORD?.entries ?? [];
  const blocks: CadBlock[] = [];
  const paperSpaces: CadBlock[] = [];
  const handleToBlock = new Map<string, string>();
  for (const r of records) {
    const name = str(r.name);
    handleToBlock.set(String(r.handle), name);
    if (isModelSpace(name)) continue;
    if (isPaperSpace(name)) paperSpaces.push({ name, basePoint: point(r.basePoint), entities: n.entities(r.entities), viewports: n.viewports(r.entities) });
    else blocks.push({ name, basePoint: point(r.basePoint), entities: n.entities(r.entities) });
  }
  // LibreDWG's `entities` lists model space and the active paper space together: keep model space.
  const modelHandle = records.find((r) => isModelSpace(str(r.name)))?.handle;
  const modelRaw = (db.entities ?? []).filter((e: Raw) => modelHandle === undefined || String(e.ownerBlockRecordSoftId) === String(modelHandle));
  const layouts = layoutsOf(db.objects?.LAYOUT, (l) => handleToBlock.get(String(l.paperSpaceTableId ?? l.blockRecordHandle ?? '')));
  return assemble(n, db.tables, { format: 'dwg', version }, num(db.header?.INSUNITS), blocks, modelRaw, layouts, paperSpaces);
}

/** dxf-json: blocks by name with their entities; model space entities in `entities`. */
export function normalizeDxf(db: Raw): CadDrawing {
  const n = new Normalizer('dxf');
  const blocks: CadBlock[] = [];
  const paperSpaces: CadBlock[] = [];
  const recordToBlock = new Map<string, string>();
  for (const r of db.tables?.BLOCK_RECORD?.entries ?? []) recordToBlock.set(String(r.handle), str(r.name));
  const paperRaw: Raw[] = [];
  for (const b of Object.values<Raw>(db.blocks ?? {})) {
    const name = spaceBlockName(str(b.name));
    if (isModelSpace(name)) continue;
    if (isPaperSpace(name)) paperSpaces.push({ name, basePoint: point(b.position ?? b.basePoint), entities: n.entities(b.entities), viewports: n.viewports(b.entities) });
    else blocks.push({ name, basePoint: point(b.position ?? b.basePoint), entities: n.entities(b.entities) });
  }
  // Entities of the active paper space sit in the ENTITIES section with the paper-space flag (67).
  const modelRaw = (db.entities ?? []).filter((e: Raw) => {
    if (e.inPaperSpace === true || e.paperSpace === 1 || e.isInPaperSpace === true) return paperRaw.push(e), false;
    return true;
  });
  if (paperRaw.length) {
    const active = paperSpaces.find((p) => p.name.toUpperCase() === '*PAPER_SPACE');
    const entities = n.entities(paperRaw);
    const viewports = n.viewports(paperRaw);
    if (active) {
      active.entities.push(...entities);
      active.viewports = [...(active.viewports ?? []), ...viewports];
    } else paperSpaces.push({ name: '*Paper_Space', basePoint: { x: 0, y: 0 }, entities, viewports });
  }
  const layoutObjects = Array.isArray(db.objects?.byName?.LAYOUT) ? db.objects.byName.LAYOUT : Array.isArray(db.objects?.LAYOUT) ? db.objects.LAYOUT : [];
  const layouts = layoutsOf(layoutObjects, (l) => recordToBlock.get(String(l.paperSpaceTableId ?? l.blockRecordHandle ?? l.ownerBlockRecordSoftId ?? '')));
  return assemble(n, db.tables, { format: 'dxf', version: str(db.header?.$ACADVER, 'AC1009') }, num(db.header?.$INSUNITS), blocks, modelRaw, layouts, paperSpaces);
}

/** The drawing from what both readers give alike: tables, blocks, model space; layouts that draw something. */
function assemble(n: Normalizer, tables: Raw | undefined, source: CadDrawing['source'], units: number, blocks: CadBlock[], modelRaw: Raw[], layouts: CadLayout[], paperSpaces: CadBlock[]): CadDrawing {
  return {
    source,
    units,
    layers: layersOf(tables?.LAYER?.entries, source.format),
    lineTypes: lineTypesOf(tables?.LTYPE?.entries),
    textStyles: textStylesOf(tables?.STYLE?.entries),
    blocks,
    entities: n.entities(modelRaw),
    layouts: layouts.filter((l) => paperSpaces.some((p) => p.name === l.block && (p.entities.length > 0 || (p.viewports?.length ?? 0) > 0))),
    paperSpaces,
    skipped: n.skipped,
  };
}

function layoutsOf(list: Raw[] | undefined, blockOf: (layout: Raw) => string | undefined): CadLayout[] {
  const out: CadLayout[] = [];
  for (const l of list ?? []) {
    const name = str(l.layoutName ?? l.name);
    if (!name || name.toUpperCase() === 'MODEL') continue;
    const block = blockOf(l);
    if (!block || !isPaperSpace(block)) continue;
    const layout: CadLayout = { name, block, tabOrder: num(l.tabOrder) };
    const width = num(l.paperWidth ?? l.plotSettings?.paperWidth);
    const height = num(l.paperHeight ?? l.plotSettings?.paperHeight);
    if (width > 0 && height > 0) layout.paper = { width, height };
    out.push(layout);
  }
  return out.sort((a, b) => a.tabOrder - b.tabOrder);
}
