// One PDF page → blocks in reading order: ruled tables (gridded, or ruled across only) take the characters inside them, vector
// figures become pictures of their region carrying their text as labels, the rest (lines, images,
// tables and figures as wholes) is ordered by columns, and runs of lines become paragraphs; text
// running down or up the page is laid out in its own frame and read as one piece (turned-text.ts).
import { median } from '../median';
import { containsPoint, insideBox, overlaps, unionBox, type Box, type PdfChar, type PdfPage } from '../page-content';
import type { Block, ImageBlock, PageLayout, SheetLines, TableBlock, TableCellBlock } from './blocks';
import { figureLabel, labelsInDrawingOrder, labelStacksInDrawingOrder, type PlacedLabel } from './figure-labels';
import { findListings, fixedWidthFonts, listingParagraph, type Listing } from './listings';
import { buildParagraphs, joinedLine, keepMarkerAsText, linePitches, spacedParagraphs } from './paragraphs';
import { findBooktabsTables } from './booktabs-tables';
import { framedReadingOrder, type Placed } from './reading-order';
import { findFigures, isTextFrame } from './figures';
import { centredUnder, findImageRows, type FoundImageRow } from './image-rows';
import { cellAt, findRuledTables, type GridCell, type RuledTable } from './ruled-tables';
import { isRealTable } from './table-evidence';
import { withScriptRowsRejoined, withScripts } from './sub-superscripts';
import { withFractions, withoutBars } from './fractions';
import { withBraceLabels, withStackedLimits } from './stacked-limits';
import { withExtensibleBars, withHorizontalBraces, withHungBrackets, withStackedBrackets } from './extensible-delimiters';
import { withMatrices } from './matrices';
import { labelRows } from './label-rows';
import { splitAtGaps, textBlockBox, textLine, type TextLine } from './text-lines';
import { quarterTurn, turnedLines, turnedText, type TurnedText } from './turned-text';

/** Narrowest gutter between columns, in body font sizes. */
const MIN_GUTTER_EMS = 0.8;
/** Images smaller than this (points) are rules or dots, not pictures. */
const MIN_IMAGE_SIDE = 4;
/** White space kept around a figure's picture (points), so strokes on its edge are not cut. */
const FIGURE_PADDING = 2;

type FlowItem = { kind: 'line'; box: TextLine['box']; line: TextLine } | Listing | ImageBlock | TableBlock | TurnedText | ({ kind: 'row'; box: TextLine['box'] } & FoundImageRow);

interface CellText {
  cell: GridCell;
  /** Characters per source line, so each line stays one line inside the cell. */
  lines: Map<number, PdfChar[]>;
}

function center(c: PdfChar): [number, number] {
  return [(c.box.x0 + c.box.x1) / 2, (c.box.y0 + c.box.y1) / 2];
}

function tableBlock(table: RuledTable, texts: Map<GridCell, CellText>): TableBlock {
  const cellLines = table.cells.map((cell) =>
    [...(texts.get(cell)?.lines.values() ?? [])]
      .map((chars) => textLine(chars))
      .filter((l): l is TextLine => l !== undefined)
      .sort((a, b) => a.baseline - b.baseline || a.box.x0 - b.box.x0),
  );
  // A column's padding on each side is the least room its cells' text leaves there (its fullest
  // cell's): a cell's text is set left, right or centred within the columns it spans less those.
  // (A cell's own room would take a header centred over two columns for text set to the right.)
  const [leftPadding, rightPadding] = [new Map<number, number>(), new Map<number, number>()];
  const leastRoom = (pads: Map<number, number>, column: number, room: number) => pads.set(column, Math.max(0, Math.min(room, pads.get(column) ?? room)));
  table.cells.forEach((cell, i) => {
    if (cellLines[i].length === 0) return;
    leastRoom(leftPadding, cell.column, Math.min(...cellLines[i].map((l) => l.box.x0)) - cell.box.x0);
    leastRoom(rightPadding, cell.column + cell.columnSpan - 1, cell.box.x1 - Math.max(...cellLines[i].map((l) => l.box.x1)));
  });
  const cells: TableCellBlock[] = table.cells.map((cell, i) => {
    const columnLeft = cell.box.x0 + (leftPadding.get(cell.column) ?? 0);
    const columnRight = cell.box.x1 - (rightPadding.get(cell.column + cell.columnSpan - 1) ?? 0);
    return { ...cell, paragraphs: buildParagraphs(cellLines[i].map((item) => ({ item, columnLeft, columnRight })), { inCell: true }) };
  });
  return { kind: 'table', box: table.box, xs: table.xs, ys: table.ys, cells, rules: table.rules };
}

/**
 * A figure's region with FIGURE_PADDING around it, but not over the text lines beside it: they are
 * text of the page, which the picture would show a second time, and a caption set closer under a
 * plot than that (GeoTopo's page 31, 0.9 pt under its frame) would read as standing in it.
 */
function paddedFigure(figure: Box, lines: readonly TextLine[]): Box {
  const box = { x0: figure.x0 - FIGURE_PADDING, y0: figure.y0 - FIGURE_PADDING, x1: figure.x1 + FIGURE_PADDING, y1: figure.y1 + FIGURE_PADDING };
  for (const { box: line } of lines.filter((l) => overlaps(l.box, box))) {
    const acrossX = line.x0 < figure.x1 && line.x1 > figure.x0;
    const acrossY = line.y0 < figure.y1 && line.y1 > figure.y0;
    if (acrossX && line.y0 >= figure.y1) box.y1 = Math.min(box.y1, line.y0);
    if (acrossX && line.y1 <= figure.y0) box.y0 = Math.max(box.y0, line.y1);
    if (acrossY && line.x0 >= figure.x1) box.x1 = Math.min(box.x1, line.x0);
    if (acrossY && line.x1 <= figure.x0) box.x0 = Math.max(box.x0, line.x1);
  }
  return box;
}

/** The usual text size of the sizes given; a body size when there are none. */
const typicalSize = (sizes: readonly number[]) => median(sizes, 10);

/** A row's pictures left to right, then each one's captions (laid out in its cell), tied to them. */
function rowBlocks({ row, cells }: FoundImageRow): Block[] {
  const captions = cells.flatMap(({ image, captions: lines }) => {
    // A caption is set to its own measure (its widest line), not to the strip it may take across the
    // gap to the next picture: there its wrapped lines would read as short, each a paragraph of its own.
    const measure = lines.length ? unionBox(lines.map((l) => l.box)) : image.box;
    return buildParagraphs(lines.map((item) => ({ item, columnLeft: measure.x0, columnRight: measure.x1 }))).map((caption, index) => {
      // "(1) …" under a picture names it: Word must not number it as a list.
      keepMarkerAsText(caption);
      const spaceBefore = index === 0 ? Math.max(0, Math.round(caption.box.y0 - image.box.y1)) : caption.spaceBefore;
      // Centred under its picture, as sub-captions are set, it is centred in its cell; otherwise it
      // starts at the cell's edge (the writers' cells do not start where the layout's strip does).
      const placing = centredUnder(caption.box, image) ? { alignment: 'center' as const, indentLeft: 0, firstLineIndent: 0 } : { indentLeft: 0 };
      return { ...caption, ...placing, spaceBefore, captionOf: image };
    });
  });
  return [...cells.map(({ image }) => Object.assign(image, { row })), ...captions];
}

export function layoutPage(source: PdfPage): PageLayout {
  // Fractions, operators' limits and arrows' labels read in their place, scripts a line apart put
  // back into their lines, matrices read entry by entry in the line they stand in, and horizontal
  // braces with their labels after what they span (a matrix too), before anything measures lines;
  // a fraction's bar is no rule of the page any more. First, a line MuPDF broke where a subscript
  // steps back under its superscript (x₁², κⁿ₁) is one line again (withScripts asks again later).
  const fractions = withFractions(withScriptRowsRejoined(source.lines), source.rules);
  const page = {
    ...source,
    lines: withBraceLabels(withStackedBrackets(withHungBrackets(withMatrices(withScripts(withStackedLimits(withHungBrackets(withHorizontalBraces(withExtensibleBars(fractions.lines))))))))),
    rules: source.rules.filter((rule) => !fractions.bars.has(rule)),
    ...(source.drawings && { drawings: withoutBars(source.drawings, fractions.bars) }),
  };
  const drawings = page.drawings ?? [];
  const charCentres = page.lines.flatMap((l) => l.chars.map(center));
  const upright = page.lines.filter((line) => !quarterTurn(line.direction)).flatMap((line) => splitAtGaps(line.chars));
  const tables = [...findRuledTables(page.rules), ...findBooktabsTables(page.rules, upright, drawings, page.height)].filter((table) => isRealTable(table, charCentres, drawings));
  const figures = findFigures(page, tables.map((t) => t.box));
  const inFigure = (c: PdfChar) => figures.some((f) => containsPoint(f, ...center(c)));
  const cellTexts = new Map<GridCell, CellText>();
  const freeLines: TextLine[] = [];
  /** Text running down or up the page, in its own frame (turned-text.ts). */
  const turned = { down: [] as TextLine[], up: [] as TextLine[] };
  /** Each figure's text: in Word and PowerPoint as labels over the figure's picture, on the sheet as rows of its labels. */
  const labels = figures.map((): PlacedLabel[] => []);
  page.lines.forEach((line, lineIndex) => {
    const free: PdfChar[] = [];
    const inFigures: PdfChar[] = [];
    for (const c of line.chars) {
      const [x, y] = center(c);
      const cell = tables.map((t) => cellAt(t, x, y)).find((found) => found !== undefined);
      if (!cell) {
        // A glyph picture inside a figure is drawn with the figure, which leaves out only labels' glyphs.
        if (!inFigure(c)) free.push(c);
        else if (c.picture === undefined) inFigures.push(c);
        continue;
      }
      const text = cellTexts.get(cell) ?? { cell, lines: new Map() };
      cellTexts.set(cell, text);
      text.lines.set(lineIndex, [...(text.lines.get(lineIndex) ?? []), c]);
    }
    const flow = quarterTurn(line.direction);
    if (flow) turned[flow].push(...turnedLines(free, flow));
    else freeLines.push(...splitAtGaps(free));
    for (const figureLine of splitAtGaps(inFigures)) {
      // Its first glyph lies in a figure (inFigure): the line goes with that figure.
      const figure = Math.max(0, figures.findIndex((f) => containsPoint(f, ...center(figureLine.chars[0]))));
      labels[figure].push({ line: figureLine, label: figureLabel(figureLine, line.direction) });
    }
  });

  const images: ImageBlock[] = page.images
    .filter((i) => i.box.x1 - i.box.x0 >= MIN_IMAGE_SIDE && i.box.y1 - i.box.y0 >= MIN_IMAGE_SIDE)
    // A picture inside a figure is drawn with it.
    .filter((i) => !figures.some((f) => insideBox(i.box, f, 1)))
    .map((i) => ({ kind: 'image', ...i }));
  const figureImages: ImageBlock[] = figures.map((figure, i) => {
    return { kind: 'image', box: paddedFigure(figure, freeLines), file: '', renderFrom: page.number, labels: labelsInDrawingOrder(labels[i]) };
  });
  const turnedTexts = (['down', 'up'] as const)
    .filter((flow) => turned[flow].length > 0)
    .map((flow) => turnedText(turned[flow], flow, MIN_GUTTER_EMS * typicalSize(turned[flow].map((l) => l.size))));
  // A code listing is read as one piece, its lines kept as set (listings.ts).
  const { listings, rest: proseLines } = findListings(freeLines, fixedWidthFonts(page.lines.flatMap((l) => l.chars)));
  // Pictures side by side are read as one piece with the captions under them.
  const { rows: imageRows, lines: flowLines } = findImageRows([...images, ...figureImages], proseLines);
  const inRows = new Set<ImageBlock | TextLine>(imageRows.flatMap((r) => [...r.images, ...r.cells.flatMap((c) => c.captions)]));
  const items: FlowItem[] = [
    // Columns are found between text blocks: punctuation hung into a gutter does not close it.
    ...flowLines.filter((line) => !inRows.has(line)).map((line) => ({ kind: 'line' as const, box: textBlockBox(line), line })),
    ...listings,
    ...[...images, ...figureImages].filter((image) => !inRows.has(image)),
    ...imageRows.map((row) => ({ kind: 'row' as const, box: row.row.box, ...row })),
    ...tables.map((t) => tableBlock(t, cellTexts)),
    ...turnedTexts,
  ];
  const gutter = MIN_GUTTER_EMS * typicalSize(freeLines.map((l) => l.size));
  const lineBoxes = freeLines.map((l) => l.box);
  const frames = drawings.filter((d) => isTextFrame(d, lineBoxes) && !figures.some((f) => overlaps(f, d.box))).map((d) => d.box);
  const ordered = framedReadingOrder(items, gutter, frames);

  const blocks: Block[] = [];
  const sheetLines: SheetLines[] = [];
  const sheetGroup = (lines: TextLine[], placed?: { columnLeft: number; columnRight: number }) =>
    void (lines.length && sheetLines.push({ at: blocks.length, lines, ...(placed && { pageColumn: { from: placed.columnLeft, to: placed.columnRight } }) }));
  /** Lines set in rows and cells on the sheet as they are given (SheetLines.rows). */
  const sheetRows = (rows: TextLine[][][]) => void (rows.length && sheetLines.push({ at: blocks.length, lines: rows.flat(2), rows }));
  /** A figure's text on the sheet: its labels as drawn, a stacked label's lines together. */
  const figureGroup = (image: ImageBlock) => sheetRows(labelRows(labelStacksInDrawingOrder(labels[figureImages.indexOf(image)] ?? []).map((stack) => stack.map((l) => l.line))));
  /** Text read one after the other: runs of lines become paragraphs, a listing stays one block. */
  let stretch: (Placed<TextLine>[] | Placed<Listing>)[] = [];
  const pitches = linePitches(ordered.flatMap((placed) => (placed.item.kind === 'line' ? [{ ...placed, item: placed.item.line }] : [])));
  const closeStretch = () => {
    const paragraphs = stretch.flatMap((part) => (Array.isArray(part) ? buildParagraphs(part, { pitches }) : [listingParagraph(part)]));
    // Text after a picture, a table or a caption keeps the room the page leaves under it.
    const before = blocks.at(-1);
    blocks.push(...spacedParagraphs(paragraphs, before && (before.kind !== 'paragraph' || before.captionOf) ? before.box : undefined));
    stretch = [];
  };
  for (const placed of ordered) {
    const { item } = placed;
    if (item.kind === 'line') {
      const lines = stretch.at(-1);
      // A sheet reads a column's lines together, one column after the other (not side by side);
      // text after a stack of rows beside their first, in rows of its own after them.
      const last = Array.isArray(lines) ? lines.at(-1) : undefined;
      if (!last || last.columnLeft !== placed.columnLeft || last.columnRight !== placed.columnRight || placed.afterStack) sheetGroup([item.line], placed);
      else sheetLines.at(-1)!.lines.push(item.line);
      if (Array.isArray(lines)) lines.push({ ...placed, item: item.line });
      else stretch.push([{ ...placed, item: item.line }]);
    } else if (item.kind === 'listing') {
      sheetGroup(item.lines, placed);
      stretch.push({ ...placed, item });
    } else {
      closeStretch();
      for (const image of item.kind === 'row' ? item.images : item.kind === 'image' ? [item] : []) figureGroup(image);
      if (item.kind === 'row') {
        // Each picture's caption whole in one cell, on one row: side by side, captions' lines would interleave row by row.
        const captions = item.cells.flatMap((cell) => joinedLine(cell.captions) ?? []);
        sheetRows(captions.length ? [captions.map((caption) => [caption])] : []);
        blocks.push(...rowBlocks(item));
      } else blocks.push(...(item.kind === 'turned' ? item.paragraphs : [item]));
    }
  }
  closeStretch();
  return {
    number: page.number,
    width: page.width,
    height: page.height,
    blocks,
    sheetLines,
    rules: page.rules.filter((rule) => !figures.some((f) => insideBox(rule, f, 1))),
  };
}
