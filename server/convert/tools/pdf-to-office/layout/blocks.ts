// What the writers receive: a page as blocks in reading order.
import type { Box, LinkTarget, PdfImage, RuleSegment } from '../page-content';
import type { ListKind } from './list-markers';
import type { TextLine } from './text-lines';

export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  /** Points. */
  size: number;
  fontName: string;
  /** The whole run is the text of this link (a writer drops a page link whose page it did not write). */
  link?: LinkTarget;
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
  /** `marker` is the text the item started with, dropped because Word numbers the item itself. */
  list?: { kind: ListKind; value: number; marker: string };
  alignment: Alignment;
  /** Points from the column's left edge. */
  indentLeft: number;
  /** Points the first line starts right (positive) or left (negative) of the others. */
  firstLineIndent: number;
  /** Empty space above, in points. */
  spaceBefore: number;
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
}

export interface ImageBlock extends PdfImage {
  kind: 'image';
  /**
   * Drawn from the page rather than taken from it: a vector figure (its region of page
   * `renderFrom`), or a whole page that could not be rebuilt. `file` is set when it is drawn
   * (figure-images.ts); until then it is empty.
   */
  renderFrom?: number;
}

export type Block = ParagraphBlock | TableBlock | ImageBlock;

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  blocks: Block[];
  /**
   * Text lines outside ruled tables, for tables found by alignment alone; they include the labels
   * of figures (which the blocks carry only inside the figure's picture).
   */
  freeLines: TextLine[];
  /** Ruling outside figures. */
  rules: RuleSegment[];
}
