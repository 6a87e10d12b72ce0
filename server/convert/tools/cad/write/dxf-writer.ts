// A CadDrawing as a DXF file of the chosen release: HEADER, CLASSES, TABLES, BLOCKS, ENTITIES and
// (2000+) OBJECTS with the root dictionary, groups and layouts. Written by us because no library
// here writes every release; what it must satisfy is an independent reader's audit (ezdxf).
import type { CadBlock, CadDrawing, CadEntity, CadPoint } from '../../../engines/cad-reader';
import { EntityWriter } from './dxf-entities';
import { DxfTags } from './dxf-tags';
import { ACADVER, isR12, isUtf8, type DxfVersion } from './dxf-versions';

/** Names every drawing has, whatever the source held. */
const STANDARD = 'Standard';
const BUILTIN_LINETYPES = ['ByBlock', 'ByLayer', 'Continuous'];

interface BlockPlan {
  block: CadBlock;
  record: string;
  /** A layout draws it (model or paper space). */
  layout?: { name: string; handle: string; tabOrder: number; paper?: { width: number; height: number } };
  paperSpace: boolean;
}

/** A4 landscape (mm): the sheet of a layout that names no paper. */
const DEFAULT_SHEET = { width: 297, height: 210 };

export function writeDxf(drawing: CadDrawing, version: DxfVersion): string {
  const body = new DxfTags(version);
  const r12 = isR12(version);
  const names = collectNames(drawing);
  const layerName = (name: string) => name || '0';
  const entities = new EntityWriter(body, layerName);
  // Viewport ids count across the drawing.
  let viewportId = 0;
  const writeSpace = (plan: BlockPlan) => {
    const at = { owner: plan.record, paperSpace: plan.paperSpace };
    for (const e of plan.block.entities) entities.write(e, at);
    const windows = plan.block.viewports ?? [];
    if (!plan.paperSpace || !plan.layout || windows.length === 0) return;
    // The layout's own viewport (the sheet) first, with the lowest id of the layout, as readers
    // (ours included) tell it from the windows onto model space.
    const sheet = plan.layout.paper ?? DEFAULT_SHEET;
    const centre = { x: sheet.width / 2, y: sheet.height / 2, z: 0 };
    entities.viewport({ center: centre, width: sheet.width, height: sheet.height, viewCenter: centre, viewHeight: sheet.height, twist: 0 }, at, ++viewportId);
    for (const v of windows) entities.viewport(v, at, ++viewportId);
  };

  // Handles of what others point to, given out before anything is written.
  const tableHandles = new Map<string, string>();
  const plans = planBlocks(drawing, body);
  const dictionaries = { root: body.handle(), groups: body.handle(), layouts: body.handle() };

  if (!r12) body.tag(0, 'SECTION').tag(2, 'CLASSES').tag(0, 'ENDSEC');
  writeTables(body, drawing, names, plans, tableHandles);

  body.tag(0, 'SECTION').tag(2, 'BLOCKS');
  for (const plan of plans) {
    if (r12 && plan.layout) continue;
    const inEntitiesSection = plan.layout !== undefined && (plan.block.name === '*Model_Space' || plan.block.name === '*Paper_Space');
    writeBlockBegin(body, plan, layerName);
    if (!inEntitiesSection) writeSpace(plan);
    writeBlockEnd(body, plan);
  }
  body.tag(0, 'ENDSEC');

  body.tag(0, 'SECTION').tag(2, 'ENTITIES');
  for (const plan of plans.filter((p) => p.block.name === '*Model_Space' || p.block.name === '*Paper_Space')) writeSpace(plan);
  body.tag(0, 'ENDSEC');

  if (!r12) writeObjects(body, plans, dictionaries);
  body.tag(0, 'EOF');

  const header = new DxfTags(version);
  writeHeader(header, drawing, version, body.handleSeed);
  return header.toString() + body.toString();
}

/** Model space, the paper spaces (the active one first) and the blocks, each with its record handle. */
function planBlocks(drawing: CadDrawing, t: DxfTags): BlockPlan[] {
  const plans: BlockPlan[] = [];
  plans.push({ block: { name: '*Model_Space', basePoint: { x: 0, y: 0 }, entities: drawing.entities }, record: t.handle(), layout: { name: 'Model', handle: t.handle(), tabOrder: 0 }, paperSpace: false });
  const papers = [...drawing.paperSpaces];
  const active = papers.findIndex((p) => p.name.toUpperCase() === '*PAPER_SPACE');
  const activeBlock = active >= 0 ? papers.splice(active, 1)[0] : { name: '*Paper_Space', basePoint: { x: 0, y: 0 }, entities: [] };
  const used = new Set<string>(['MODEL']);
  const layoutName = (block: string, n: number) => {
    let name = drawing.layouts.find((l) => l.block.toUpperCase() === block.toUpperCase())?.name ?? `Layout${n}`;
    while (used.has(name.toUpperCase())) name = `${name}_${n}`;
    used.add(name.toUpperCase());
    return name;
  };
  [{ ...activeBlock, name: '*Paper_Space' }, ...papers].forEach((block, i) => {
    const name = i === 0 ? '*Paper_Space' : `*Paper_Space${i - 1}`;
    const paper = drawing.layouts.find((l) => l.block.toUpperCase() === block.name.toUpperCase())?.paper;
    plans.push({ block: { ...block, name }, record: t.handle(), layout: { name: layoutName(block.name, i + 1), handle: t.handle(), tabOrder: i + 1, paper }, paperSpace: true });
  });
  for (const block of drawing.blocks) plans.push({ block, record: t.handle(), paperSpace: false });
  return plans;
}

interface Names {
  layers: Set<string>;
  lineTypes: Set<string>;
  styles: Set<string>;
  dimStyles: Set<string>;
}

/** Every layer, line type, text style and dimension style an entity names, so each has its table entry. */
function collectNames(drawing: CadDrawing): Names {
  const names: Names = { layers: new Set(['0']), lineTypes: new Set(), styles: new Set([STANDARD]), dimStyles: new Set([STANDARD]) };
  for (const l of drawing.layers) names.layers.add(l.name);
  const visit = (e: CadEntity) => {
    names.layers.add(e.layer || '0');
    if (e.lineType) names.lineTypes.add(e.lineType);
    if ('style' in e && e.style) (e.type === 'DIMENSION' ? names.dimStyles : names.styles).add(e.style);
    if (e.type === 'INSERT') for (const a of e.attributes) {
      names.layers.add(a.layer || '0');
      if (a.style) names.styles.add(a.style);
    }
  };
  for (const b of [...drawing.blocks, ...drawing.paperSpaces]) b.entities.forEach(visit);
  drawing.entities.forEach(visit);
  for (const l of drawing.layers) if (l.lineType) names.lineTypes.add(l.lineType);
  return names;
}

function writeHeader(t: DxfTags, drawing: CadDrawing, version: DxfVersion, handleSeed: string): void {
  const r12 = isR12(version);
  const { min, max } = extents(drawing);
  const variable = (name: string) => t.tag(9, name);
  t.tag(0, 'SECTION').tag(2, 'HEADER');
  variable('$ACADVER').tag(1, ACADVER[version]);
  variable('$DWGCODEPAGE').tag(3, isUtf8(version) ? 'ANSI_1252' : 'ANSI_936');
  variable('$INSBASE').point(10, { x: 0, y: 0, z: 0 });
  variable('$EXTMIN').point(10, min);
  variable('$EXTMAX').point(10, max);
  variable('$LIMMIN').point(10, min, false);
  variable('$LIMMAX').point(10, max, false);
  if (!r12) {
    variable('$INSUNITS').tag(70, drawing.units);
    variable('$MEASUREMENT').tag(70, drawing.units === 1 || drawing.units === 2 ? 0 : 1);
  }
  variable('$HANDLING').tag(70, 1);
  variable('$HANDSEED').tag(5, handleSeed);
  t.tag(0, 'ENDSEC');
}

/** Model-space extents from the points entities name (insert contents not expanded). */
function extents(drawing: CadDrawing): { min: CadPoint; max: CadPoint } {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const add = (p?: CadPoint, r = 0) => {
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return;
    minX = Math.min(minX, p.x - r); minY = Math.min(minY, p.y - r); maxX = Math.max(maxX, p.x + r); maxY = Math.max(maxY, p.y + r);
  };
  for (const e of drawing.entities) {
    switch (e.type) {
      case 'LINE': add(e.start); add(e.end); break;
      case 'CIRCLE': case 'ARC': add(e.center, e.radius); break;
      case 'ELLIPSE': add(e.center, Math.hypot(e.majorAxis.x, e.majorAxis.y)); break;
      case 'POLYLINE': e.vertices.forEach((v) => add(v)); break;
      case 'SPLINE': (e.controlPoints.length ? e.controlPoints : e.fitPoints).forEach((p) => add(p)); break;
      case 'LEADER': e.vertices.forEach((p) => add(p)); break;
      case 'SOLID': case 'TRACE': case '3DFACE': e.corners.forEach((p) => add(p)); break;
      case 'POINT': add(e.position); break;
      case 'RAY': case 'XLINE': add(e.base); break;
      case 'DIMENSION': add(e.definitionPoint); add(e.textPoint); break;
      case 'HATCH': for (const l of e.loops) if (l.kind === 'polyline') l.vertices.forEach((v) => add(v)); break;
      default: add(e.position);
    }
  }
  if (minX > maxX) return { min: { x: 0, y: 0, z: 0 }, max: { x: 0, y: 0, z: 0 } };
  return { min: { x: minX, y: minY, z: 0 }, max: { x: maxX, y: maxY, z: 0 } };
}

function writeTables(t: DxfTags, drawing: CadDrawing, names: Names, plans: BlockPlan[], handles: Map<string, string>): void {
  const r12 = isR12(t.version);
  t.tag(0, 'SECTION').tag(2, 'TABLES');
  const table = (name: string, count: number, entries: () => void) => {
    const handle = t.handle();
    handles.set(name, handle);
    t.tag(0, 'TABLE').tag(2, name).tag(5, handle);
    if (!r12) t.tag(330, '0').tag(100, 'AcDbSymbolTable');
    t.tag(70, count);
    if (!r12 && name === 'DIMSTYLE') t.tag(100, 'AcDbDimStyleTable').tag(71, 0);
    entries();
    t.tag(0, 'ENDTAB');
  };
  const entry = (type: string, subclass: string, name: string, flags = 0) => {
    t.tag(0, type).tag(type === 'DIMSTYLE' ? 105 : 5, t.handle());
    if (!r12) t.tag(330, handles.get(type)!).tag(100, 'AcDbSymbolTableRecord').tag(100, subclass);
    t.tag(2, name).tag(70, flags);
  };

  table('VPORT', 1, () => {
    const { min, max } = extents(drawing);
    entry('VPORT', 'AcDbViewportTableRecord', '*Active');
    t.tag(10, 0).tag(20, 0).tag(11, 1).tag(21, 1).tag(12, (min.x + max.x) / 2).tag(22, (min.y + max.y) / 2);
    t.tag(13, 0).tag(23, 0).tag(14, 10).tag(24, 10).tag(15, 10).tag(25, 10).point(16, { x: 0, y: 0, z: 1 }).point(17, { x: 0, y: 0, z: 0 });
    t.tag(40, Math.max(max.y - min.y, 1) * 1.1).tag(41, 1.5).tag(42, 50).tag(43, 0).tag(44, 0).tag(50, 0).tag(51, 0);
    t.tag(71, 0).tag(72, 100).tag(73, 1).tag(74, 3).tag(75, 0).tag(76, 0).tag(77, 0).tag(78, 0);
  });

  const lineTypes = new Map(drawing.lineTypes.map((l) => [l.name.toUpperCase(), l]));
  const ltNames = [...BUILTIN_LINETYPES, ...[...new Set([...drawing.lineTypes.map((l) => l.name), ...names.lineTypes])].filter((n) => !BUILTIN_LINETYPES.some((b) => b.toUpperCase() === n.toUpperCase()))];
  table('LTYPE', ltNames.length, () => {
    for (const name of ltNames) {
      const lt = lineTypes.get(name.toUpperCase());
      const pattern = lt?.pattern ?? [];
      entry('LTYPE', 'AcDbLinetypeTableRecord', name);
      t.tag(3, lt?.description ?? (name === 'Continuous' ? 'Solid line' : '')).tag(72, 65).tag(73, pattern.length).tag(40, pattern.reduce((s, d) => s + Math.abs(d), 0));
      for (const d of pattern) {
        t.tag(49, d);
        if (!r12) t.tag(74, 0);
      }
    }
  });

  const known = new Set(ltNames.map((n) => n.toUpperCase()));
  const layerDefs = new Map(drawing.layers.map((l) => [l.name, l]));
  table('LAYER', names.layers.size, () => {
    for (const name of names.layers) {
      const l = layerDefs.get(name);
      entry('LAYER', 'AcDbLayerTableRecord', name, (l?.frozen ? 1 : 0) | (l?.locked ? 4 : 0));
      const color = l && l.color >= 1 && l.color <= 255 ? l.color : 7;
      t.tag(62, l?.off ? -color : color);
      if (!r12 && l?.trueColor !== undefined) t.tag(420, l.trueColor);
      t.tag(6, l?.lineType && known.has(l.lineType.toUpperCase()) && !/^by(layer|block)$/i.test(l.lineType) ? l.lineType : 'Continuous');
      if (!r12) {
        if (l && !l.plot) t.tag(290, 0);
        t.tag(370, l && l.lineweight >= 0 ? l.lineweight : -3);
      }
    }
  });

  const styleDefs = new Map(drawing.textStyles.map((s) => [s.name, s]));
  const styles = new Set([...names.styles, ...drawing.textStyles.map((s) => s.name).filter(Boolean)]);
  table('STYLE', styles.size, () => {
    for (const name of styles) {
      const s = styleDefs.get(name);
      entry('STYLE', 'AcDbTextStyleTableRecord', name);
      t.tag(40, s?.height ?? 0).tag(41, s?.widthFactor || 1).tag(50, ((s?.oblique ?? 0) * 180) / Math.PI).tag(71, 0).tag(42, 2.5);
      t.tag(3, s?.font || 'txt').tag(4, s?.bigFont ?? '');
    }
  });

  table('VIEW', 0, () => {});
  table('UCS', 0, () => {});
  table('APPID', 1, () => entry('APPID', 'AcDbRegAppTableRecord', 'ACAD'));
  table('DIMSTYLE', names.dimStyles.size, () => {
    for (const name of names.dimStyles) entry('DIMSTYLE', 'AcDbDimStyleTableRecord', name);
  });
  if (!r12) {
    const recordTable = t.handle();
    handles.set('BLOCK_RECORD', recordTable);
    t.tag(0, 'TABLE').tag(2, 'BLOCK_RECORD').tag(5, recordTable).tag(330, '0').tag(100, 'AcDbSymbolTable').tag(70, plans.length);
    for (const plan of plans) {
      t.tag(0, 'BLOCK_RECORD').tag(5, plan.record).tag(330, recordTable).tag(100, 'AcDbSymbolTableRecord').tag(100, 'AcDbBlockTableRecord').tag(2, plan.block.name);
      if (plan.layout) t.tag(340, plan.layout.handle);
      t.tag(70, 0).tag(280, 1).tag(281, 0);
    }
    t.tag(0, 'ENDTAB');
  }
  t.tag(0, 'ENDSEC');
}

function writeBlockBegin(t: DxfTags, plan: BlockPlan, layerName: (n: string) => string): void {
  const r12 = isR12(t.version);
  const { block } = plan;
  const anonymous = block.name.startsWith('*') && !plan.layout;
  const attributes = block.entities.some((e) => e.type === 'ATTDEF');
  t.tag(0, 'BLOCK').tag(5, t.handle());
  if (!r12) t.tag(330, plan.record).tag(100, 'AcDbEntity');
  if (plan.paperSpace) t.tag(67, 1);
  t.tag(8, layerName('0'));
  if (!r12) t.tag(100, 'AcDbBlockBegin');
  t.tag(2, block.name).tag(70, (anonymous ? 1 : 0) | (attributes ? 2 : 0)).point(10, block.basePoint).tag(3, block.name).tag(1, '');
}

function writeBlockEnd(t: DxfTags, plan: BlockPlan): void {
  const r12 = isR12(t.version);
  t.tag(0, 'ENDBLK').tag(5, t.handle());
  if (!r12) t.tag(330, plan.record).tag(100, 'AcDbEntity');
  if (plan.paperSpace) t.tag(67, 1);
  t.tag(8, '0');
  if (!r12) t.tag(100, 'AcDbBlockEnd');
}

function writeObjects(t: DxfTags, plans: BlockPlan[], d: { root: string; groups: string; layouts: string }): void {
  const layouts = plans.filter((p) => p.layout);
  t.tag(0, 'SECTION').tag(2, 'OBJECTS');
  t.tag(0, 'DICTIONARY').tag(5, d.root).tag(330, '0').tag(100, 'AcDbDictionary').tag(281, 1);
  t.tag(3, 'ACAD_GROUP').tag(350, d.groups).tag(3, 'ACAD_LAYOUT').tag(350, d.layouts);
  t.tag(0, 'DICTIONARY').tag(5, d.groups).tag(330, d.root).tag(100, 'AcDbDictionary').tag(281, 1);
  t.tag(0, 'DICTIONARY').tag(5, d.layouts).tag(330, d.root).tag(100, 'AcDbDictionary').tag(281, 1);
  for (const p of layouts) t.tag(3, p.layout!.name).tag(350, p.layout!.handle);
  for (const p of layouts) {
    const l = p.layout!;
    const model = !p.paperSpace;
    t.tag(0, 'LAYOUT').tag(5, l.handle).tag(102, '{ACAD_REACTORS').tag(330, d.layouts).tag(102, '}').tag(330, d.layouts);
    t.tag(100, 'AcDbPlotSettings').tag(1, '').tag(2, 'none_device').tag(4, 'ISO_A3_(420.00_x_297.00_MM)').tag(6, '');
    t.tag(40, 7.5).tag(41, 20).tag(42, 7.5).tag(43, 20).tag(44, 420).tag(45, 297).tag(46, 0).tag(47, 0).tag(48, 0).tag(49, 0).tag(140, 0).tag(141, 0).tag(142, 1).tag(143, 1);
    t.tag(70, model ? 1712 : 688).tag(72, 1).tag(73, 0).tag(74, 5).tag(7, '').tag(75, 16).tag(76, 0).tag(77, 2).tag(78, 300).tag(147, 1).tag(148, 0).tag(149, 0);
    t.tag(100, 'AcDbLayout').tag(1, l.name).tag(70, 1).tag(71, l.tabOrder).tag(10, 0).tag(20, 0).tag(11, 420).tag(21, 297);
    t.point(12, { x: 0, y: 0, z: 0 }).point(14, { x: 0, y: 0, z: 0 }).point(15, { x: 420, y: 297, z: 0 }).tag(146, 0);
    t.point(13, { x: 0, y: 0, z: 0 }).point(16, { x: 1, y: 0, z: 0 }).point(17, { x: 0, y: 1, z: 0 }).tag(76, 0).tag(330, p.record);
  }
  t.tag(0, 'ENDSEC');
}
