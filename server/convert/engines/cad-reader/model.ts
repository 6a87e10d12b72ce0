// The drawing every CAD tool works on: what the reader (a DWG through LibreDWG, a DXF through
// dxf-json) gives, normalised to one shape. Angles are radians, counter-clockwise; colours are
// AutoCAD colour indices (256 ByLayer, 0 ByBlock) with an optional true colour; lineweights are
// hundredths of a millimetre (-1 ByLayer, -2 ByBlock, -3 default). Plain JSON: it crosses a
// process boundary.

export interface CadPoint {
  x: number;
  y: number;
  z?: number;
}

export interface CadStyle {
  handle?: string;
  layer: string;
  /** ACI: 1–255, 256 ByLayer, 0 ByBlock. */
  color: number;
  /** 0xRRGGBB when the entity has a true colour (it wins over `color`). */
  trueColor?: number;
  /** '' or 'ByLayer' follows the layer. */
  lineType: string;
  lineweight: number;
  lineTypeScale: number;
  visible: boolean;
}

export interface CadVertex {
  x: number;
  y: number;
  z?: number;
  /** tan(θ/4) of the arc to the next vertex; 0 straight. */
  bulge?: number;
  startWidth?: number;
  endWidth?: number;
}

export interface CadTextProps {
  text: string;
  position: CadPoint;
  /** The second alignment point (TEXT with halign/valign other than left/baseline). */
  alignPoint?: CadPoint;
  height: number;
  rotation: number;
  widthFactor: number;
  oblique: number;
  style: string;
  /** 0 left, 1 centre, 2 right, 3 aligned, 4 middle, 5 fit. */
  halign: number;
  /** 0 baseline, 1 bottom, 2 middle, 3 top. */
  valign: number;
}

export interface CadAttribute extends CadStyle, CadTextProps {
  tag: string;
  /** Attribute flags: 1 invisible, 2 constant, 4 verify, 8 preset. */
  flags: number;
}

export type CadHatchEdge =
  | { kind: 'line'; start: CadPoint; end: CadPoint }
  | { kind: 'arc'; center: CadPoint; radius: number; startAngle: number; endAngle: number; ccw: boolean }
  | { kind: 'ellipse'; center: CadPoint; majorAxis: CadPoint; ratio: number; startAngle: number; endAngle: number; ccw: boolean }
  | { kind: 'spline'; degree: number; controlPoints: CadPoint[]; knots: number[]; weights?: number[] };

export type CadHatchLoop = { kind: 'polyline'; vertices: CadVertex[]; closed: boolean } | { kind: 'edges'; edges: CadHatchEdge[] };

export interface CadHatchLine {
  angle: number;
  base: CadPoint;
  offset: CadPoint;
  dashes: number[];
}

export type CadEntity = CadStyle &
  (
    | { type: 'LINE'; start: CadPoint; end: CadPoint }
    | { type: 'POINT'; position: CadPoint }
    | { type: 'CIRCLE'; center: CadPoint; radius: number }
    | { type: 'ARC'; center: CadPoint; radius: number; startAngle: number; endAngle: number }
    | { type: 'ELLIPSE'; center: CadPoint; majorAxis: CadPoint; ratio: number; startAngle: number; endAngle: number }
    /** LWPOLYLINE, 2D and 3D POLYLINE (is3d), widths and bulges kept. */
    | { type: 'POLYLINE'; vertices: CadVertex[]; closed: boolean; constantWidth: number; elevation: number; is3d: boolean }
    | { type: 'SPLINE'; degree: number; closed: boolean; controlPoints: CadPoint[]; knots: number[]; weights?: number[]; fitPoints: CadPoint[] }
    | ({ type: 'TEXT' } & CadTextProps)
    | {
        type: 'MTEXT';
        /** The raw MTEXT string with its format codes (\P new paragraph, {\f…;} fonts…). */
        text: string;
        position: CadPoint;
        height: number;
        /** Reference rectangle width; 0 no wrapping. */
        width: number;
        rotation: number;
        /** 1–9: top-left … bottom-right. */
        attachment: number;
        style: string;
        lineSpacing: number;
      }
    | ({ type: 'ATTDEF'; tag: string; prompt: string; flags: number } & CadTextProps)
    | {
        type: 'INSERT';
        block: string;
        position: CadPoint;
        scale: CadPoint;
        rotation: number;
        columns: number;
        rows: number;
        columnSpacing: number;
        rowSpacing: number;
        attributes: CadAttribute[];
      }
    | { type: 'HATCH'; pattern: string; solid: boolean; loops: CadHatchLoop[]; patternAngle: number; patternScale: number; lines: CadHatchLine[] }
    /** Drawn by its anonymous block (`block`, *D…); the rest is what a DXF writer needs to keep it editable. */
    | {
        type: 'DIMENSION';
        block: string;
        dimensionType: number;
        measurement: number;
        text: string;
        definitionPoint: CadPoint;
        textPoint: CadPoint;
        point1?: CadPoint;
        point2?: CadPoint;
        rotation: number;
        style: string;
      }
    | { type: 'LEADER'; vertices: CadPoint[]; arrow: boolean }
    /** SOLID, TRACE and 3DFACE: four corners (SOLID's in its zig-zag order). */
    | { type: 'SOLID' | 'TRACE' | '3DFACE'; corners: CadPoint[] }
    | { type: 'RAY' | 'XLINE'; base: CadPoint; direction: CadPoint }
  );

export type CadEntityType = CadEntity['type'];

export interface CadLayer {
  name: string;
  color: number;
  trueColor?: number;
  lineType: string;
  lineweight: number;
  off: boolean;
  frozen: boolean;
  locked: boolean;
  plot: boolean;
}

export interface CadLineType {
  name: string;
  description: string;
  /** Dash lengths: positive drawn, negative gap, 0 dot. */
  pattern: number[];
}

export interface CadTextStyle {
  name: string;
  /** The font file or SHX name (txt, simplex.shx, SimSun…). */
  font: string;
  /** The SHX big font for CJK (gbcbig.shx…). */
  bigFont: string;
  height: number;
  widthFactor: number;
  oblique: number;
}

/** A paper-space window onto model space (a VIEWPORT entity other than the layout's own). */
export interface CadViewport {
  /** Centre and size of the window on paper. */
  center: CadPoint;
  width: number;
  height: number;
  /** The model point shown at the window's centre and the model height the window spans. */
  viewCenter: CadPoint;
  viewHeight: number;
  /** View twist, radians counter-clockwise. */
  twist: number;
}

export interface CadBlock {
  name: string;
  basePoint: CadPoint;
  entities: CadEntity[];
  /** Paper-space blocks: the viewports onto model space (drawn by the renderer, written by the DXF writer for 2000+). */
  viewports?: CadViewport[];
}

export interface CadLayout {
  name: string;
  /** The paper-space block the layout draws (*Paper_Space, *Paper_Space0…). */
  block: string;
  tabOrder: number;
  /** Paper size in millimetres when the layout has a plot setting. */
  paper?: { width: number; height: number };
}

export interface CadDrawing {
  source: { format: 'dwg' | 'dxf'; version: string };
  /** $INSUNITS: 0 unitless, 1 inches, 4 millimetres, 6 metres… */
  units: number;
  layers: CadLayer[];
  lineTypes: CadLineType[];
  textStyles: CadTextStyle[];
  /** Named and anonymous blocks, model and paper space excepted. */
  blocks: CadBlock[];
  /** Model space. */
  entities: CadEntity[];
  /** Paper-space layouts that hold something, in tab order. */
  layouts: CadLayout[];
  /** Paper-space blocks by name (*Paper_Space…): what each layout draws. */
  paperSpaces: CadBlock[];
  /** Entities the reader gave that no tool can carry (3DSOLID, OLE frames…), by type. */
  skipped: Record<string, number>;
}
