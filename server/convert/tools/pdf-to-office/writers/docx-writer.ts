// Blocks → a Word document: one section per PDF page (its size, margins from where its content
// sits), real paragraphs with heading styles, list numbering, tables with merged cells and the
// borders drawn on the page, inline images (vector figures come as pictures drawn from the page).
// No text boxes or frames: everything flows, except a figure's labels: its picture (drawn without them) stays inline, and
// each label is a text box floating in front of it at the label's place, size and turn, with no
// border or fill. Vertical writing is set vertically where it stood, as a borderless one-cell tbRl
// table in the flow, on a page of it alone as among upright text. A page whose content cannot be
// written goes in as a picture of itself.
import { readFile, writeFile } from 'node:fs/promises';
import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  HeightRule,
  HorizontalPositionRelativeFrom,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  LineRuleType,
  Packer,
  PageOrientation,
  Paragraph,
  Tab,
  Table,
  TableBorders,
  TableCell,
  TableLayoutType,
  TableRow,
  TabStopType,
  TextDirection,
  TextRun,
  TextWrappingType,
  VerticalPositionRelativeFrom,
  WidthType,
  type ILevelsOptions,
  type INumberingOptions,
  type ITableCellBorders,
  type ParagraphChild,
  type UniversalMeasure,
} from 'docx';
import { ShapeRun } from 'docx/shapes';
import { sameLink } from '../extraction/page-links';
import type { PageFallback } from '../degraded-pages';
import { pictureAsRead, unionBox, type Box, type GlyphPicture, type LinkTarget } from '../page-content';
import type { Alignment, Block, TextRun as BlockRun, FigureLabel, ImageBlock, PageLayout, ParagraphBlock, TableBlock } from '../layout/blocks';
import { cellBounds, imageRowAt, type RowOfImages } from '../layout/image-rows';
import type { ListKind } from '../layout/list-markers';
import { spacingAbove } from '../layout/paragraphs';
import { cellEdges, isFullGrid, type CellEdges } from '../layout/table-rules';
import { verticalWritingAt } from '../layout/turned-text';
import { hexColor } from './colors';
import { equationOf, nestedScriptTerms, termLead, wordEquation } from './word-equations';
import { stretches } from '../layout/stretches';
import { DEFAULT_EAST_ASIAN_FONT, familyName, fixedWidthFamily, isEastAsianFamily } from './font-names';
import { EMUS_PER_POINT, PIXELS_PER_POINT, pixelSize } from './units';

const TWIPS_PER_POINT = 20;
const MIN_MARGIN = 18;
const MAX_MARGIN = 108;

const twips = (points: number) => Math.round(points * TWIPS_PER_POINT);

const ALIGNMENT = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const satisfies Record<Alignment, unknown>;
const HEADING = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
const LIST_FORMAT: Record<ListKind, (typeof LevelFormat)[keyof typeof LevelFormat]> = {
  bullet: LevelFormat.BULLET,
  decimal: LevelFormat.DECIMAL,
  lowerLetter: LevelFormat.LOWER_LETTER,
  upperLetter: LevelFormat.UPPER_LETTER,
  chinese: LevelFormat.CHINESE_COUNTING,
};

/** Each run of consecutive list items of one kind and label is one numbered list (its own numbering). */
class ListNumbering {
  readonly config: INumberingOptions['config'][number][] = [];
  private previous: ParagraphBlock | undefined;

  referenceFor(paragraph: ParagraphBlock): string | undefined {
    const list = paragraph.list;
    const continuing = list && this.previous?.list?.kind === list.kind && this.previous.list.label === list.label;
    this.previous = paragraph;
    if (!list) return undefined;
    if (!continuing) {
      const level: ILevelsOptions = {
        level: 0,
        format: LIST_FORMAT[list.kind],
        text: list.label,
        start: list.value,
        alignment: AlignmentType.LEFT,
        style: { paragraph: { indent: { left: 720, hanging: 360 } } },
      };
      this.config.push({ reference: `list-${this.config.length + 1}`, levels: [level] });
    }
    return this.config.at(-1)!.reference;
  }

  /** Anything but a list item ends the current list. */
  interrupt(): void {
    this.previous = undefined;
  }
}

/** The bookmark at the head of a page, which links to that page of the PDF point at. */
const pageBookmark = (page: number) => `Page${page}`;

/**
 * A run in Word's terms; `scale` shrinks it with a picture its label lies on. A code listing's
 * run (`fixedWidth`) is set in a fixed-width face and breaks its lines where its text does ('\n').
 */
function wordRuns(run: BlockRun, { scale = 1, fixedWidth = false } = {}): TextRun[] {
  const family = fixedWidth ? fixedWidthFamily(run.fontName) : familyName(run.fontName);
  return run.text.split('\n').map(
    (text, index) =>
      new TextRun({
        text,
        break: index > 0 ? 1 : undefined,
        bold: run.bold,
        italics: run.italic,
        color: run.color === undefined ? undefined : hexColor(run.color),
        size: Math.max(2, Math.round(run.size * scale * 2)),
        // w:vertAlign: Word raises or lowers the run and sets it smaller than its w:sz.
        superScript: run.script === 'super' || undefined,
        subScript: run.script === 'sub' || undefined,
        font: { ascii: family, hAnsi: family, cs: family, eastAsia: isEastAsianFamily(family) ? family : DEFAULT_EAST_ASIAN_FONT },
      }),
  );
}

/**
 * Glyphs no table could read, as an inline picture at their size on the page, upright as its line
 * reads (a turned line is set left to right here). Word sets an inline picture's foot on the
 * baseline; the run is lowered by the ink below the baseline (w:position), so a descender or the
 * low half of a tall brace sits where it stood and not a line above.
 */
async function glyphPicture(picture: GlyphPicture): Promise<ImageRun> {
  const { box, file, baseline } = pictureAsRead(picture);
  const below = Math.max(0, box.y1 - baseline);
  return new ImageRun({
    type: 'png',
    data: await readFile(file),
    transformation: pixelSize(box.x1 - box.x0, box.y1 - box.y0),
    // In half-points: LibreOffice (and WPS) read w:position only as an integer, not as the "-3pt"
    // the docx package's type asks for, which it writes through unchanged.
    ...(below >= 0.25 ? { run: { position: String(-Math.round(below * 2)) as UniversalMeasure } } : {}),
    altText: { name: '无法识别的字符', description: '无法识别的字符', title: '无法识别的字符' },
  });
}

/**
 * Runs of one link go in one hyperlink: an external one to a web or mail address, an internal one
 * to the bookmark of a page when that page has one (`anchoredPages`), else the text stays plain.
 */
async function textRuns(paragraph: ParagraphBlock, anchoredPages: ReadonlySet<number>): Promise<ParagraphChild[]> {
  const children: ParagraphChild[] = [];
  let linked: { runs: (TextRun | ImageRun)[]; link: LinkTarget } | undefined;
  const closeLink = () => {
    if (!linked) return;
    const { runs, link } = linked;
    if ('uri' in link) children.push(new ExternalHyperlink({ link: link.uri, children: runs }));
    else if (anchoredPages.has(link.page)) children.push(new InternalHyperlink({ anchor: pageBookmark(link.page), children: runs }));
    else children.push(...runs);
    linked = undefined;
  };
  const flushRight = paragraph.flushRightFrom;
  let first = 0;
  const terms = nestedScriptTerms(paragraph.runs);
  for (const { of, items } of stretches(paragraph.runs, (run) => equationOf(run) ?? terms.get(run))) {
    if (flushRight !== undefined && first <= flushRight && flushRight < first + items.length) {
      // To the paragraph's right tab stop (paragraph()): the piece stood flush right.
      closeLink();
      children.push(new TextRun({ children: [new Tab()] }));
    }
    first += items.length;
    if (of) {
      // A fraction or matrix stands outside any link: an equation cannot go in a hyperlink here.
      closeLink();
      const { lead, term } = of === terms.get(items[0]) ? termLead(items) : { term: items };
      if (lead) children.push(...wordRuns(lead));
      children.push(wordEquation(term));
      continue;
    }
    const [run] = items;
    const wordPieces = run.picture ? [await glyphPicture(run.picture)] : wordRuns(run, { fixedWidth: paragraph.preformatted });
    if (linked && !sameLink(linked.link, run.link)) closeLink();
    if (!run.link) children.push(...wordPieces);
    else if (linked) linked.runs.push(...wordPieces);
    else linked = { runs: wordPieces, link: run.link };
  }
  closeLink();
  return children;
}

/** Pages of the PDF that some run links to. */
function linkedPages(pages: readonly PageLayout[]): Set<number> {
  const paragraphs = pages.flatMap((p) => p.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b] : b.kind === 'table' ? b.cells.flatMap((c) => c.paragraphs) : [])));
  return new Set(paragraphs.flatMap((p) => p.runs.flatMap((r) => (r.link && 'page' in r.link ? [r.link.page] : []))));
}

/**
 * `linePitch`: points from one line to the next, exactly (Word's own spacing otherwise).
 */
async function paragraph(block: ParagraphBlock, numbering: ListNumbering, anchoredPages: ReadonlySet<number>, bookmark?: string, linePitch?: number): Promise<Paragraph> {
  const reference = numbering.referenceFor(block);
  const indent = block.firstLineIndent >= 0 ? { firstLine: twips(block.firstLineIndent) } : { hanging: twips(-block.firstLineIndent) };
  const runs = await textRuns(block, anchoredPages);
  return new Paragraph({
    children: bookmark ? [new Bookmark({ id: bookmark, children: [] }), ...runs] : runs,
    heading: block.headingLevel ? HEADING[block.headingLevel] : undefined,
    alignment: ALIGNMENT[block.alignment],
    numbering: reference ? { reference, level: 0 } : undefined,
    indent: reference ? undefined : { left: twips(block.indentLeft), ...indent },
    // Word measures a tab stop from the column's left edge, the line from the indent on.
    tabStops: block.flushRightFrom === undefined ? undefined : [{ type: TabStopType.RIGHT, position: twips(block.indentLeft + block.box.x1 - block.box.x0) }],
    spacing: { before: twips(block.spaceBefore), after: 0, ...(linePitch ? { line: twips(linePitch), lineRule: LineRuleType.EXACT } : {}) },
  });
}

/** A rule as drawn (half a point) and no rule where none was. */
const RULE = { style: BorderStyle.SINGLE, size: 4, color: '000000' } as const;
const NO_RULE = { style: BorderStyle.NIL } as const;

/** A cell's borders: the rules drawn along its edges (CellEdges), nothing elsewhere. */
function cellBorders(edges: CellEdges): ITableCellBorders {
  const side = (ruled: boolean) => (ruled ? RULE : NO_RULE);
  return { top: side(edges.top), bottom: side(edges.bottom), left: side(edges.left), right: side(edges.right) };
}

/**
 * A ruled grid keeps Word's plain grid; a table with rules only here and there (booktabs: above,
 * under the header, below) has no table borders and each cell the borders drawn along it.
 */
async function table(block: TableBlock, numbering: ListNumbering, anchoredPages: ReadonlySet<number>): Promise<Table> {
  const grid = isFullGrid(block.rules, block.cells);
  const columnWidths = block.xs.slice(1).map((x, i) => twips(x - block.xs[i]));
  const rows: TableRow[] = [];
  for (const row of block.ys.slice(1).keys()) {
    const cells: TableCell[] = [];
    for (const cell of block.cells.filter((c) => c.row === row).sort((a, b) => a.column - b.column)) {
      const width = columnWidths.slice(cell.column, cell.column + cell.columnSpan).reduce((sum, w) => sum + w, 0);
      const children: Paragraph[] = [];
      for (const p of cell.paragraphs) children.push(await paragraph(p, numbering, anchoredPages));
      cells.push(
        new TableCell({
          children: children.length ? children : [new Paragraph({})],
          columnSpan: cell.columnSpan,
          rowSpan: cell.rowSpan,
          width: { size: width, type: WidthType.DXA },
          borders: grid ? undefined : cellBorders(cellEdges(block.rules, cell)),
        }),
      );
    }
    rows.push(new TableRow({ children: cells }));
  }
  numbering.interrupt();
  return new Table({
    rows,
    columnWidths,
    layout: TableLayoutType.FIXED,
    width: { size: columnWidths.reduce((sum, w) => sum + w, 0), type: WidthType.DXA },
    borders: grid ? undefined : TableBorders.NONE,
  });
}

const TEXT_FLOW = { horizontal: 'horizontal', up: 'bottomToTop', down: 'topToBottom' } as const satisfies Record<FigureLabel['flow'], string>;

/**
 * A label's text box, floating in front of its figure's picture: placed from the top of the
 * picture's paragraph, where the picture starts `top` points down, and from the column's left
 * edge, where it starts `left` points in; `scale` is the picture's.
 */
function labelBox(label: FigureLabel, picture: Box, left: number, top: number, scale: number): ShapeRun {
  const { frame } = label;
  const emus = (points: number) => Math.round(points * scale * EMUS_PER_POINT);
  return new ShapeRun({
    type: 'rectangle',
    transformation: { width: (frame.x1 - frame.x0) * scale * PIXELS_PER_POINT, height: (frame.y1 - frame.y0) * scale * PIXELS_PER_POINT, rotation: label.rotation || undefined },
    line: 'none',
    fill: 'none',
    children: [new Paragraph({ children: label.runs.flatMap((run) => wordRuns(run, { scale })), spacing: { before: 0, after: 0 } })],
    textOptions: { verticalAlignment: 'top', margins: { top: 0, right: 0, bottom: 0, left: 0 }, wrap: false, direction: TEXT_FLOW[label.flow] },
    floating: {
      horizontalPosition: { relative: HorizontalPositionRelativeFrom.COLUMN, offset: Math.round(left * EMUS_PER_POINT) + emus(frame.x0 - picture.x0) },
      verticalPosition: { relative: VerticalPositionRelativeFrom.PARAGRAPH, offset: Math.round(top * EMUS_PER_POINT) + emus(frame.y0 - picture.y0) },
      // In front of the picture, taking no room: the text around flows as if it were not there.
      wrap: { type: TextWrappingType.NONE },
      allowOverlap: true,
      behindDocument: false,
    },
  });
}

/**
 * A picture in a paragraph of its own, `scale`d, starting `left` points into its column (or cell);
 * a figure's labels float over it, anchored in that paragraph. `before`: space above it (points).
 */
async function image(block: ImageBlock, scale: number, left: number, centred: boolean, before = 0): Promise<Paragraph> {
  const width = block.box.x1 - block.box.x0;
  const height = block.box.y1 - block.box.y0;
  const picture = new ImageRun({
    type: 'png',
    data: await readFile(block.file),
    transformation: { width: Math.round(width * scale * PIXELS_PER_POINT), height: Math.round(height * scale * PIXELS_PER_POINT) },
  });
  return new Paragraph({
    alignment: centred ? AlignmentType.CENTER : AlignmentType.LEFT,
    ...(!centred && left > 0 && { indent: { left: twips(left) } }),
    // The labels are placed from the paragraph's top, the space above the picture included.
    spacing: { before: twips(before), after: 0 },
    children: [picture, ...(block.labels ?? []).map((label) => labelBox(label, block.box, left, before, scale))],
  });
}

/**
 * A picture standing alone in the flow: as wide as it was unless the column is narrower; centred
 * where it was centred on the page or on its text (a book's inner and outer margins differ),
 * else where it stood across the page.
 */
function lonePicture(block: ImageBlock, page: PageLayout, contentLeft: number, contentWidth: number): Promise<Paragraph> {
  const width = block.box.x1 - block.box.x0;
  const scale = Math.min(1, contentWidth / width);
  // The text's extent, not the page's blocks': a picture wider than the text would be centred on itself.
  const text = page.blocks.filter((b) => b.kind !== 'image').map((b) => b.box);
  const centredBetween = (left: number, right: number) => Math.abs(block.box.x0 - left - (right - block.box.x1)) < 0.05 * (right - left);
  const textBox = text.length > 0 ? unionBox(text) : undefined;
  const centred = centredBetween(0, page.width) || (textBox !== undefined && centredBetween(textBox.x0, textBox.x1));
  // Word's column starts at the left margin, which is clamped: the indent puts the picture back where it stood.
  const indent = Math.max(0, Math.min(block.box.x0 - contentLeft, contentWidth - width * scale));
  return image(block, scale, centred ? (contentWidth - width * scale) / 2 : indent, centred);
}

/**
 * Pictures side by side (layout/image-rows.ts) as a borderless one-row table, a cell per picture
 * with its captions under it: a paragraph of inline pictures would put every caption after all the
 * pictures, where a cell keeps "(a)" under the first. Cells meet halfway across the gaps, so the
 * pictures keep their spacing; each picture keeps its height above the row's bottom line as printed.
 */
async function imageRowTable(row: RowOfImages, contentLeft: number, contentWidth: number, numbering: ListNumbering, anchoredPages: ReadonlySet<number>): Promise<Table> {
  const { cells } = row;
  const bounds = cellBounds(row);
  const scale = Math.min(1, contentWidth / (bounds.at(-1)! - bounds[0]));
  const widths = bounds.slice(1).map((x, i) => (x - bounds[i]) * scale);
  const top = Math.min(...cells.map((c) => c.image.box.y0));
  const tableCells: TableCell[] = [];
  for (const [i, { image: picture, captions }] of cells.entries()) {
    const width = (picture.box.x1 - picture.box.x0) * scale;
    const children: Paragraph[] = [await image(picture, scale, (widths[i] - width) / 2, true, (picture.box.y0 - top) * scale)];
    for (const caption of captions) children.push(await paragraph(caption, numbering, anchoredPages));
    tableCells.push(new TableCell({ children, width: { size: twips(widths[i]), type: WidthType.DXA } }));
  }
  return borderlessRow(tableCells, widths, bounds[0] - contentLeft, contentWidth);
}

/**
 * A borderless one-row table of `cells`, `widths` points wide, standing `left` points into the
 * column as far as `room` (points from the column's left edge) lets it; `height` (points) fixes the row's.
 */
function borderlessRow(cells: TableCell[], widths: readonly number[], left: number, room: number, height?: number): Table {
  const columnWidths = widths.map(twips);
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);
  return new Table({
    rows: [new TableRow({ children: cells, height: height === undefined ? undefined : { value: twips(height), rule: HeightRule.EXACT } })],
    columnWidths,
    layout: TableLayoutType.FIXED,
    width: { size: columnWidths.reduce((sum, w) => sum + w, 0), type: WidthType.DXA },
    indent: { size: twips(Math.min(Math.max(0, left), room - tableWidth)), type: WidthType.DXA },
    borders: TableBorders.NONE,
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
  });
}

/** How far apart a vertical paragraph's columns stood (points), when it has more than one. */
function columnPitch(block: ParagraphBlock): number | undefined {
  const pitch = (block.box.x1 - block.box.x0 - block.size) / (block.lineCount - 1);
  return block.lineCount > 1 && pitch >= block.size ? pitch : undefined;
}

/**
 * The room a vertical paragraph's columns take in Word beyond its box's width (points): a pitched
 * column's line is the whole pitch, the glyph at its left; Word's own spacing about half a character.
 */
function columnSlack(block: ParagraphBlock): number {
  const pitch = columnPitch(block);
  return pitch ? pitch - block.size : block.size / 2;
}

/**
 * Vertical writing, set vertically where it stood, on a page of it alone too (a tbRl section
 * would reflow its columns to the page's height): a borderless one-cell table of its box's size
 * whose text runs down, its columns right to left (tbRl), as far apart as they stood. The row is as tall as
 * the columns and half a character more, so Word breaks them where they broke on the page; the
 * cell reaches right by the first column's slack, so that column's glyphs stand where they stood
 * (into the page's margin if need be: the margins were taken from the glyphs' boxes). The space
 * above it, as a paragraph's would be, is the cell's top margin (a table has no space before).
 */
async function verticalWritingTable(
  { paragraphs, box }: { paragraphs: ParagraphBlock[]; box: Box },
  page: PageLayout,
  contentLeft: number,
  numbering: ListNumbering,
  anchoredPages: ReadonlySet<number>,
): Promise<Table> {
  const children: Paragraph[] = [];
  for (const p of paragraphs) children.push(await paragraph(p, numbering, anchoredPages, pageBookmarkAt(p, page, anchoredPages), columnPitch(p)));
  numbering.interrupt();
  const slacks = paragraphs.map(columnSlack);
  const room = page.width - MIN_MARGIN - contentLeft;
  const width = Math.min(room, box.x1 - box.x0 + slacks.reduce((sum, s) => sum + s, 0));
  const right = box.x1 + (columnPitch(paragraphs[0]) ? slacks[0] : 0);
  const size = Math.max(...paragraphs.map((p) => p.size));
  const above = page.blocks[page.blocks.indexOf(paragraphs[0]) - 1];
  const space = above ? spacingAbove(box.y0 - above.box.y1, size) : 0;
  const cell = new TableCell({
    children,
    width: { size: twips(width), type: WidthType.DXA },
    textDirection: TextDirection.TOP_TO_BOTTOM_RIGHT_TO_LEFT,
    margins: { top: twips(space), bottom: 0, left: 0, right: 0 },
  });
  return borderlessRow([cell], [width], right - width - contentLeft, room, space + box.y1 - box.y0 + size / 2);
}

function margins(page: PageLayout): { top: number; right: number; bottom: number; left: number } {
  const content: Box = page.blocks.length ? unionBox(page.blocks.map((b) => b.box)) : { x0: 72, y0: 72, x1: page.width - 72, y1: page.height - 72 };
  const clamp = (value: number) => Math.min(MAX_MARGIN, Math.max(MIN_MARGIN, value));
  return { top: clamp(content.y0), right: clamp(page.width - content.x1), bottom: clamp(page.height - content.y1), left: clamp(content.x0) };
}

/** The page's bookmark, when `block` opens a page that a link points at. */
const pageBookmarkAt = (block: Block, page: PageLayout, anchoredPages: ReadonlySet<number>) => (block === page.blocks[0] && anchoredPages.has(page.number) ? pageBookmark(page.number) : undefined);

async function blockContent(block: Block, page: PageLayout, contentLeft: number, contentWidth: number, numbering: ListNumbering, anchoredPages: ReadonlySet<number>): Promise<Paragraph | Table> {
  if (block.kind === 'paragraph') return paragraph(block, numbering, anchoredPages, pageBookmarkAt(block, page, anchoredPages));
  numbering.interrupt();
  return block.kind === 'table' ? table(block, numbering, anchoredPages) : lonePicture(block, page, contentLeft, contentWidth);
}

async function pageContent(page: PageLayout, numbering: ListNumbering, anchoredPages: ReadonlySet<number>): Promise<(Paragraph | Table)[]> {
  const margin = margins(page);
  const contentWidth = page.width - margin.left - margin.right;
  const children: (Paragraph | Table)[] = [];
  for (let index = 0; index < page.blocks.length; ) {
    const row = imageRowAt(page.blocks, index);
    const writing = verticalWritingAt(page.blocks, index);
    if (row) {
      numbering.interrupt();
      children.push(await imageRowTable(row.row, margin.left, contentWidth, numbering, anchoredPages));
      index = row.next;
    } else if (writing) {
      children.push(await verticalWritingTable(writing, page, margin.left, numbering, anchoredPages));
      index = writing.next;
    } else {
      children.push(await blockContent(page.blocks[index], page, margin.left, contentWidth, numbering, anchoredPages));
      index++;
    }
  }
  return children;
}

/** Height of the empty paragraph a page that opens with a table starts with (points). */
const OPENING_LINE = 1;

/**
 * A page opening with a table (vertical writing, pictures side by side, a table at its top) starts
 * with an empty hairline paragraph, the top margin that much smaller: LibreOffice lays a section
 * that opens with a table out on the page size and margins of the section before it.
 */
function openingLine(children: (Paragraph | Table)[]): { children: (Paragraph | Table)[]; lowered: number } {
  if (!(children[0] instanceof Table)) return { children, lowered: 0 };
  const line = new Paragraph({ spacing: { before: 0, after: 0, line: twips(OPENING_LINE), lineRule: LineRuleType.EXACT } });
  return { children: [line, ...children], lowered: OPENING_LINE };
}

export async function writeDocx(pages: readonly PageLayout[], file: string, _title?: string, fallback?: PageFallback): Promise<void> {
  const numbering = new ListNumbering();
  // A page a link points to carries a bookmark in its first paragraph, when it starts with one.
  const linked = linkedPages(pages);
  const anchoredPages = new Set(pages.filter((p) => linked.has(p.number) && p.blocks[0]?.kind === 'paragraph').map((p) => p.number));
  const sections = [];
  for (const laidOut of pages) {
    let page = laidOut;
    let children: (Paragraph | Table)[];
    try {
      children = await pageContent(page, numbering, anchoredPages);
    } catch (error) {
      if (!fallback) throw error;
      page = await fallback.picture(page);
      numbering.interrupt();
      children = await pageContent(page, numbering, anchoredPages);
    }
    const margin = margins(page);
    const opening = openingLine(children);
    const landscape = page.width > page.height;
    sections.push({
      properties: {
        page: {
          // docx swaps width and height for landscape pages, so it is given them portrait-wise.
          size: { width: twips(Math.min(page.width, page.height)), height: twips(Math.max(page.width, page.height)), orientation: landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT },
          margin: { top: twips(margin.top - opening.lowered), right: twips(margin.right), bottom: twips(margin.bottom), left: twips(margin.left) },
        },
      },
      children: opening.children.length ? opening.children : [new Paragraph({})],
    });
  }
  const document = new Document({
    numbering: { config: numbering.config },
    styles: { default: { document: { run: { font: { eastAsia: DEFAULT_EAST_ASIAN_FONT } } } } },
    sections,
  });
  await writeFile(file, await Packer.toBuffer(document));
}
