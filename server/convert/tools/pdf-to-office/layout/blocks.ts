// What the writers receive: a page as blocks in reading order.
import type { BracePart, Box, FractionPart, GlyphPicture, Interval, LinkTarget, MatrixEntry, PdfImage, RuleSegment, Script } from '../page-content';
import type { ListKind } from './list-markers';
import type { TableRules } from './table-rules';
import type { TextLine } from './text-lines';

export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  /** Points; for a superscript or subscript, the size of the text it belongs to (writers make it smaller). */
  size: number;
  fontName: string;
  /** Raised or lowered (PdfChar.script). */
  script?: Script;
  /** Raised or lowered off its script's baseline (PdfChar.innerScript): Word nests it in an equation, other writers set it as its script's text. */
  innerScript?: Script;
  /** Part of a stacked fraction (PdfChar.fraction): a writer sets the fraction, or writes it on one line (layout/fractions.ts linearFractions). */
  fraction?: FractionPart;
  /** An entry of a matrix (PdfChar.matrix): a writer sets the matrix, or writes it on one line (layout/matrices.ts linearMatrices). */
  matrix?: MatrixEntry;
  /** Part of a horizontal brace (PdfChar.brace): Word sets it as one, other writers as the text it reads as. */
  brace?: BracePart;
  /** The whole run is the text of this link (a writer drops a page link whose page it did not write). */
  link?: LinkTarget;
  /** 0xRRGGBB; only figure labels carry it (a legend's colours say which series is which). */
  color?: number;
  /**
   * Glyphs no table could read, as a picture drawn from the page (PdfChar.picture): `text` is
   * then '', and a writer places the picture, at its box's size, where the run stands in the text.
   */
  picture?: GlyphPicture;
}

export type Alignment = 'left' | 'center' | 'right';

export interface ParagraphBlock {
  kind: 'paragraph';
  box: Box;
  runs: TextRun[];
  /** The size most of its text has. */
  size: number;
  lineCount: number;
  /** Set by the document-wide heading pass. */
  headingLevel?: 1 | 2 | 3;
  /**
   * A list item: `marker` is the text it started with, dropped from its runs because the writer
   * numbers the item itself, printing `label` (list-markers.ts) from `value` on.
   */
  list?: { kind: ListKind; value: number; marker: string; label: string };
  alignment: Alignment;
  /** Points from the column's left edge. */
  indentLeft: number;
  /** Points the first line starts right (positive) or left (negative) of the others. */
  firstLineIndent: number;
  /** Empty space above, in points. */
  spaceBefore: number;
  /**
   * Set when the text ran down (vertical writing) or up the page (layout/turned-text.ts): its
   * lines, indents and spacing are then measured along that flow, its box is the page's.
   */
  flow?: 'down' | 'up';
  /** A caption right under this picture of a row of pictures (layout/image-rows.ts). */
  captionOf?: ImageBlock;
  /**
   * A code listing (layout/listings.ts): its runs' spaces and line breaks ('\n') are the layout,
   * kept as they are in a fixed-width face, never reflowed.
   */
  preformatted?: true;
  /**
   * One line whose runs from this index on stood flush with its column's right edge, apart from
   * the rest (a running header's title, an equation's number): Word sets them there with a right
   * tab; the other writers write them on after the space that ends the run before.
   */
  flushRightFrom?: number;
}

export interface TableCellBlock {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  box: Box;
  paragraphs: ParagraphBlock[];
}

export interface TableBlock {
  kind: 'table';
  box: Box;
  xs: number[];
  ys: number[];
  cells: TableCellBlock[];
  /** The grid lines drawn on the page: a cell's borders are those along its edges. */
  rules: TableRules;
}

/** A unit vector, y down: the way a label's text runs. */
export interface Direction {
  x: number;
  y: number;
}

/** A line of a figure's text, placed over the figure's picture (layout/figure-labels.ts). */
export interface FigureLabel {
  /** In reading order; each carries its colour. */
  runs: TextRun[];
  /** The size most of its characters have (points). */
  size: number;
  /** Its first glyph's origin (page points): the start of its baseline. */
  origin: { x: number; y: number };
  /** Left to right unless turned (a y-axis title runs upwards: {x: 0, y: -1}). */
  direction: Direction;
  /** From the origin along `direction` to the end of its last glyph (points). */
  length: number;
  /** The origins of its glyphs, which the figure's picture leaves out. */
  glyphs: { x: number; y: number }[];
  /**
   * The text box it goes in (page points), before `rotation`, with room to spare along the text:
   * set at the box's start (top left; flowing up, bottom left), its first baseline lies where the
   * label's did.
   */
  frame: Box;
  /** Degrees clockwise about the frame's centre, for text at an angle other than upright, up or down. */
  rotation: number;
  /** Left to right, or turned a quarter to read upwards (a y-axis title) or downwards. */
  flow: 'horizontal' | 'up' | 'down';
}

export interface ImageBlock extends PdfImage {
  kind: 'image';
  /**
   * Drawn from the page rather than taken from it: a vector figure (its region of page
   * `renderFrom`), or a whole page that could not be rebuilt. `file` is set when it is drawn
   * (degraded-pages.ts drawPictures); until then it is empty.
   */
  renderFrom?: number;
  /**
   * A figure's text, to be placed over its picture as text: the picture is then drawn without
   * it. Drawing removes them again when the picture could only be drawn with its text.
   */
  labels?: FigureLabel[];
  /**
   * The row of pictures side by side it stands in (layout/image-rows.ts), shared by them all: the
   * blocks hold the row's pictures left to right, then their captions (ParagraphBlock.captionOf).
   */
  row?: ImageRow;
}

/** Pictures standing side by side in one band; `box` spans them and their captions. */
export interface ImageRow {
  box: Box;
}

export type Block = ParagraphBlock | TableBlock | ImageBlock;

/**
 * Lines a sheet lays out together, by alignment: a stretch of one column's lines, a figure's labels
 * (which the blocks carry only with the figure's picture), the captions of a row of pictures. `at`
 * is how many blocks come before them in reading order, so tables fall between them where they stand.
 */
export interface SheetLines {
  at: number;
  lines: TextLine[];
  /**
   * The page column (x-range, points) its lines stand in, for the text of a column (and a listing in
   * it); absent for a figure's labels and pictures' captions, which are the pictures' own. A picture
   * goes on the sheet in the columns the text of its page column goes in.
   */
  pageColumn?: Interval;
  /**
   * `lines` already set in rows, each a row's cells left to right, each cell's lines one under the
   * other: a figure's labels as drawn (layout/label-rows.ts), as Word places them, not by alignment,
   * whose rows cut a diagram's box labelled on two lines in half and mix a plot's axes; the captions
   * of a row of pictures, a cell each, side by side in their pictures' order (by their baselines, a
   * caption wrapped onto more lines came after the one beside it). A sheet writes them so.
   */
  rows?: TextLine[][][];
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  blocks: Block[];
  /**
   * Text lines outside ruled tables, for a sheet that lays them out in cells by alignment: in
   * reading order, in groups read together (see SheetLines).
   */
  sheetLines: SheetLines[];
  /** Ruling outside figures. */
  rules: RuleSegment[];
}
