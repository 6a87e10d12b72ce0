// What a PDF page holds, as the layout analysis sees it (PDF points, origin at the top left).

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A stretch along one axis (points): a column's or a gap's extent across the page. */
export interface Interval {
  from: number;
  to: number;
}

export interface PdfFont {
  /** Without the subset prefix (`ABCDEF+`). */
  name: string;
  bold: boolean;
  italic: boolean;
}

export interface PdfChar {
  text: string;
  box: Box;
  font: PdfFont;
  size: number;
  /** The y of the glyph's origin (the pen position it is drawn from). */
  baseline: number;
  /** The x of the glyph's origin, where the reader gives it. */
  originX?: number;
  /**
   * Where drawing the page puts the glyph's origin, when that is not (originX, baseline): a glyph
   * of vertical writing is read from its pen, at its top, and drawn from its foot.
   */
  drawnOrigin?: { x: number; y: number };
  /** Fill colour as 0xRRGGBB (black when the reader did not say). */
  color?: number;
  /** The link the character lies in (extraction/page-links.ts); runs split where it changes (sameLink). */
  link?: LinkTarget;
  /**
   * A run of glyphs no table or OCR could read, kept as a picture drawn from the page
   * (extraction/glyph-pictures.ts): `text` is then '' and `box` the run's place in its line.
   * Writers place the picture where the glyphs stood.
   */
  picture?: GlyphPicture;
  /** Set on a smaller glyph raised or lowered after the text it belongs to (layout/sub-superscripts.ts). */
  script?: Script;
  /** Set on a glyph of a script that is a script of that script's glyph before it: the i of ∫_{V_i} (layout/sub-superscripts.ts). */
  innerScript?: Script;
  /** Set on a glyph of a stacked fraction, read in its place in its line (layout/fractions.ts). */
  fraction?: FractionPart;
  /** Set on a glyph of a matrix's or case distinction's entry, read in its place in its line (layout/matrices.ts). */
  matrix?: MatrixEntry;
  /** Set on the glyphs of a horizontal brace, what it spans and its label, read after one another (layout/stacked-limits.ts). */
  brace?: BracePart;
  /**
   * Set on the glyphs of an operator's limits, an arrow's label or a relation's note read into the
   * line they stand over or under (layout/stacked-limits.ts): smaller text off its baseline, which
   * says nothing of the size of the line's own text.
   */
  stacked?: true;
}

/** A horizontal brace (TeX's \underbrace, \overbrace): its character, ⏟ or ⏞. */
export interface Brace {
  char: string;
}

/** What a brace spans (base), the brace itself and the spaces around it (brace), or its label; its glyphs share one. */
export interface BracePart {
  of: Brace;
  part: 'base' | 'brace' | 'label';
}

/**
 * A matrix or case distinction (TeX's pmatrix, cases, a determinant's bars): its delimiters as
 * characters ('' where there is none: cases close with nothing), and where it stands (PDF points).
 */
export interface Matrix {
  open: string;
  close: string;
  box: Box;
}

/** An entry of a matrix, by row and column (from 0); its glyphs share one (runs split where it changes). */
export interface MatrixEntry {
  of: Matrix;
  row: number;
  column: number;
}

/** A stacked fraction: its bar (PDF points). */
export interface Fraction {
  bar: Box;
}

/** The numerator or the denominator of a fraction; its glyphs share one (runs split where it changes). */
export interface FractionPart {
  of: Fraction;
  part: 'numerator' | 'denominator';
}

/** From the top of a CJK glyph's em box to its baseline (ideographic fonts: 0.88 em). */
export const CJK_ASCENT = 0.88;

/** A superscript or a subscript. */
export type Script = 'super' | 'sub';

/**
 * Glyphs drawn from the page as a PNG: `box` is where their ink lies, which may reach beyond their
 * line (a tall brace); `baseline` is their line's, which a writer lines the picture up with.
 */
export interface GlyphPicture {
  box: Box;
  file: string;
  baseline: number;
  /**
   * On a line turned a quarter (text running down or up the page, not vertical writing): the
   * picture turned with its line, its glyphs upright as the line reads once set left to right,
   * with its box and baseline in the line's frame (toFrame). Writers that set such a line upright
   * in their text (Word, HTML) place this one (pictureAsRead); those that set it turned where it
   * stood (PowerPoint, OFD) the picture as drawn.
   */
  upright?: GlyphPicture;
}

/** The picture as its line reads: turned upright with a turned line (GlyphPicture.upright), else as drawn. */
export function pictureAsRead(picture: GlyphPicture): GlyphPicture {
  return picture.upright ?? picture;
}

/** Whether the character draws nothing: a space (a glyph picture is ink, though its text is ''). */
export function isBlank(c: PdfChar): boolean {
  return c.picture === undefined && c.text.trim() === '';
}

/** Where a link goes: a web or mail address (only http, https and mailto are kept), or a page of the source PDF (1-based). */
export type LinkTarget = { uri: string } | { page: number };

/** A link annotation's rectangle and target. */
export interface PdfLink {
  box: Box;
  target: LinkTarget;
}

/** A run of characters on one baseline, as MuPDF grouped them. */
export interface PdfLine {
  chars: PdfChar[];
  /**
   * The unit vector (y down) the text runs along, when not left to right: a rotated page, a
   * turned text matrix, vertical writing (down). Its characters' boxes are turned with it.
   */
  direction?: { x: number; y: number };
}

export interface PdfImage {
  box: Box;
  /** PNG in the job's work dir. */
  file: string;
}

/** The glyph pictures among the characters (PdfChar.picture), in their order. */
export function charPictures(chars: readonly PdfChar[]): GlyphPicture[] {
  return chars.flatMap((c) => (c.picture === undefined ? [] : [c.picture]));
}

/** An axis-aligned ruling line: horizontal when y0 === y1, vertical when x0 === x1. */
export type RuleSegment = Box;

/**
 * A vector path other than text: `rules` only axis-aligned straight pieces (borders, ticks, stroked
 * boxes), `slanted` curves or slanted lines, `fill` a filled shape that is not a thin bar. `pieces`
 * counts its segments (a plotted series of 80 points is one path of 80 pieces).
 */
export interface PdfDrawing {
  box: Box;
  kind: 'rules' | 'slanted' | 'fill';
  pieces: number;
}

export interface PdfPage {
  /** 1-based page number in the source PDF. */
  number: number;
  width: number;
  height: number;
  lines: PdfLine[];
  images: PdfImage[];
  rules: RuleSegment[];
  /** Absent where the page was not read from vector content (OCR). */
  drawings?: PdfDrawing[];
  /**
   * Glyphs left out because no table gave their text and no picture was made of them (over the
   * bound, or not drawn: extraction/glyph-pictures.ts); absent when none.
   */
  unreadable?: number;
  /**
   * Where the glyphs among `unreadable` that take no room stood (a zero advance: XY-pic's arrow
   * tips), each run's box and glyph count: a picture drawn from the page there (a figure) keeps
   * them after all. Absent when none.
   */
  roomless?: { box: Box; glyphs: number }[];
  /** Glyphs no table gave their text, kept as pictures (PdfChar.picture); absent when none. */
  pictured?: number;
}

/** Which way text runs (y down) turned 0, 90, 180 and 270 degrees clockwise. */
const QUARTER_TURNS = [
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 0, y: -1 },
];

/** Which way (unit vector, y down) text upright on a page runs once the page is turned `degrees` clockwise (a multiple of 90). */
export function quarterTurnDirection(degrees: number): { x: number; y: number } {
  return QUARTER_TURNS[Math.round(degrees / 90) & 3];
}

/** The downward side of text running along `u` (unit vector, y down): a quarter turn clockwise from it. */
export function downwardSide(u: { x: number; y: number }): { x: number; y: number } {
  return { x: -u.y, y: u.x };
}

/** The point `along` points in direction `u` and `down` points to its downward side from `origin` (y down). */
export function stepFrom(origin: { x: number; y: number }, u: { x: number; y: number }, along: number, down: number): { x: number; y: number } {
  const step = fromFrame({ x: along, y: down }, u);
  return { x: origin.x + step.x, y: origin.y + step.y };
}

type Point = { x: number; y: number };

/** A direction this close to an axis runs along it. */
export const AXIS = 0.999;

/** Page → the frame of text running along `u` (unit vector, y down): along it becomes x, its downward side y. */
export function toFrame({ x, y }: Point, u: Point): Point {
  return { x: x * u.x + y * u.y, y: -x * u.y + y * u.x };
}

/** The frame of text running along `u` → page (toFrame undone). */
export function fromFrame({ x, y }: Point, u: Point): Point {
  return { x: x * u.x - y * u.y, y: x * u.y + y * u.x };
}

/** The box around `box`'s corners taken through `map` (one of toFrame, fromFrame). */
export function boxThrough(box: Box, map: (p: Point) => Point): Box {
  return boxAround([box.x0, box.x1].flatMap((x) => [box.y0, box.y1].map((y) => map({ x, y }))));
}

/** The smallest box around the points. */
export function boxAround(points: readonly { x: number; y: number }[]): Box {
  return unionBox(points.map(({ x, y }) => ({ x0: x, y0: y, x1: x, y1: y })));
}

export function boxWidth(box: Box): number {
  return box.x1 - box.x0;
}

export function boxHeight(box: Box): number {
  return box.y1 - box.y0;
}

export function unionBox(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

export function containsPoint(box: Box, x: number, y: number, tolerance = 0): boolean {
  return x >= box.x0 - tolerance && x <= box.x1 + tolerance && y >= box.y0 - tolerance && y <= box.y1 + tolerance;
}

export function overlaps(a: Box, b: Box, margin = 0): boolean {
  return a.x0 <= b.x1 + margin && b.x0 <= a.x1 + margin && a.y0 <= b.y1 + margin && b.y0 <= a.y1 + margin;
}

export function insideBox(inner: Box, outer: Box, tolerance = 0): boolean {
  return inner.x0 >= outer.x0 - tolerance && inner.x1 <= outer.x1 + tolerance && inner.y0 >= outer.y0 - tolerance && inner.y1 <= outer.y1 + tolerance;
}
