// Test PDFs for PDF → Office on pages that are not plain text (issue 14 items 1–3), drawn with
// pdf-lib the way plotting libraries and form designers draw them:
// - a report page with a vector plot (frame, grid lines, ticks, stroked and filled bars, a
//   polyline of many short diagonal segments, Bézier curves, labels and a legend inside the plot)
//   above a real ruled table with text in every cell, and paragraphs around both;
// - a form-like page: about twenty words of loose text and one small boxed area;
// - a paragraph of short lines right above a figure of overlapping filled shapes, as TCPDF's
//   alphatrans example has it (its last lines within label distance of the figure);
// - the plot again with a y-axis title turned to read upwards and a legend entry in colour, as
//   matplotlib and gnuplot draw them: labels that must stay text, turned and coloured;
// - two figures stacked with a paragraph and a display formula between them, the lower one a plot
//   whose curve runs far off its axes and is clipped there, as pgfplots draws it (GeoTopo.pdf);
// - three sub-figures of one figure, two side by side and a plot below both, each with its caption
//   (GeoTopo.pdf's Kugelkoordinaten, Rotationskörper and sine plot);
// - two plots side by side as sub-figures of one figure, each with tick labels and an "(a) …" or
//   "(b) …" caption under it, the right one's y ticks within a label's reach of the left plot
//   (GeoTopo.pdf's spiral and sine, page 23);
// - a page of two columns, two small sub-figures "(a)", "(b)" side by side in the left one and a
//   figure in the right one on the same band, each column with its caption and text below
//   (tracemonkey.pdf's page 7);
// - a diagram with its legend framed beside it, out of a label's reach of the drawing (GeoTopo.pdf's
//   Abbildung 2.13);
// - a state diagram of labelled boxes, with or without soft shadows drawn as pictures under the
//   boxes (tracemonkey.pdf's Figure 2);
// - diagrams joined by arrows on one row, and a grid whose corners are dots drawn as glyphs of an
//   unnamed Type 3 font that do not move the pen (GeoTopo.pdf's page 40, where they read as "b");
// - a commutative diagram as XY-pic draws one: three nodes joined by three bare strokes (its tips
//   are glyphs of its own fonts), beside a fill-in line and a fraction whose rules must stay what
//   they are (GeoTopo.pdf's page 14);
// - a figure of two areas hatched with a tiling pattern, each on a base line, with a caption under
//   them (GeoTopo.pdf's "Halbraum", TikZ's pattern=north east lines).
import sharp from 'sharp';
import {
  beginText,
  clip,
  degrees,
  endPath,
  endText,
  lineTo,
  moveTo,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextMatrix,
  showText,
  rectangle,
  setLineWidth,
  StandardFonts,
  rgb,
  stroke,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';

/** What the ruled table of the figure page holds, row by row. */
export const FIGURE_PAGE_TABLE = [
  ['Region', 'Revenue', 'Growth'],
  ['North', '1,200', '5%'],
  ['South', '980', '3%'],
  ['Total', '2,180', '4%'],
];

/** Words of the figure page that lie outside both the plot and the table. */
export const FIGURE_PAGE_PROSE = ['Quarterly', 'measurements', 'Closing', 'remark'];

/** PDF user space has y upwards; these helpers take y from the top of an A4 page. */
const PAGE_HEIGHT = 842;
const top = (y: number) => PAGE_HEIGHT - y;

function line(page: PDFPage, x0: number, y0: number, x1: number, y1: number, thickness = 0.8, gray = 0): void {
  page.drawLine({ start: { x: x0, y: top(y0) }, end: { x: x1, y: top(y1) }, thickness, color: rgb(gray, gray, gray) });
}

/** Eight strokes from (cx, cy) out to `r`, the first `turn` radians from level: a diagram of slanted lines. */
function star(page: PDFPage, cx: number, cy: number, r: number, turn = 0.3): void {
  for (let i = 0; i < 8; i++) line(page, cx, cy, cx + r * Math.cos((i * Math.PI) / 4 + turn), cy + r * Math.sin((i * Math.PI) / 4 + turn), 1);
}

function drawPlot(page: PDFPage, font: PDFFont): void {
  const left = 100;
  const right = 500;
  const plotTop = 170;
  const bottom = 400;
  const text = (s: string, x: number, y: number, size = 8) => page.drawText(s, { x, y: top(y), size, font });
  // Light grid lines every 40 pt, as matplotlib's grid() draws them: a perfect lattice with no text in it.
  for (let x = left; x <= right; x += 40) line(page, x, plotTop, x, bottom, 0.4, 0.8);
  for (let y = bottom; y >= plotTop; y -= 23) line(page, left, y, right, y, 0.4, 0.8);
  // The frame (axes box) and ticks with their labels outside it.
  page.drawRectangle({ x: left, y: top(bottom), width: right - left, height: bottom - plotTop, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  for (let x = left, i = 0; x <= right; x += 40, i++) {
    line(page, x, bottom, x, bottom + 4);
    text(String(i * 10), x - 4, bottom + 13);
  }
  for (let y = bottom, i = 0; y >= plotTop; y -= 23, i++) {
    line(page, left - 4, y, left, y);
    text(String(i * 5), left - 18, y + 3);
  }
  // Bars: filled, and stroked around (their edges are axis-aligned lines touching the frame).
  for (let i = 0; i < 8; i++) {
    const height = 30 + ((i * 37) % 120);
    page.drawRectangle({ x: left + 12 + i * 48, y: top(bottom), width: 18, height, color: rgb(0.3, 0.5, 0.8), borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  }
  // A measured series: a polyline of many short diagonal segments.
  let previous = { x: left, y: bottom - 60 };
  for (let i = 1; i <= 80; i++) {
    const x = left + i * 5;
    const y = bottom - 60 - 70 * Math.sin(i / 9) - 10 * Math.sin(i * 1.7);
    line(page, previous.x, previous.y, x, y, 0.7);
    previous = { x, y };
  }
  // A fitted curve: Bézier segments.
  page.drawSvgPath('M 0 0 C 60 -120 140 -150 200 -90 S 330 -20 400 -140', { x: left, y: top(bottom - 20), borderColor: rgb(0.8, 0.2, 0.2), borderWidth: 1.2 });
  // Legend inside the plot, and the axis titles.
  page.drawRectangle({ x: 400, y: top(200), width: 90, height: 24, borderColor: rgb(0, 0, 0), borderWidth: 0.5, color: rgb(1, 1, 1) });
  text('Series measured', 408, 188);
  text('Fitted curve', 408, 197);
  text('Time in seconds', 270, bottom + 26, 9);
  text('Value', left - 40, 280, 9);
}

function drawTable(page: PDFPage, font: PDFFont): void {
  const xs = [100, 220, 340, 460];
  const rowHeight = 22;
  const tableTop = 480;
  FIGURE_PAGE_TABLE.forEach((row, r) => {
    row.forEach((cell, c) => page.drawText(cell, { x: xs[c] + 6, y: top(tableTop + r * rowHeight + 15), size: 10, font }));
  });
  const tableBottom = tableTop + FIGURE_PAGE_TABLE.length * rowHeight;
  for (let r = 0; r <= FIGURE_PAGE_TABLE.length; r++) line(page, xs[0], tableTop + r * rowHeight, xs.at(-1)!, tableTop + r * rowHeight);
  for (const x of xs) line(page, x, tableTop, x, tableBottom);
}

/** One A4 page: a heading, a paragraph, the plot with its caption, the ruled table, a closing line. */
export async function figureAndTablePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, PAGE_HEIGHT]);
  page.drawText('Quarterly measurements', { x: 100, y: top(90), size: 18, font });
  page.drawText('The plot below shows the measured values; the table lists the totals.', { x: 100, y: top(130), size: 11, font });
  drawPlot(page, font);
  page.drawText('Figure 1. Values measured over one quarter.', { x: 100, y: top(455), size: 10, font });
  drawTable(page, font);
  page.drawText('Closing remark after the table.', { x: 100, y: top(600), size: 11, font });
  return doc.save();
}

/** Where labelledFigurePdf's plot stands (points from the page's top left) and the labels it holds. */
export const LABELLED_FIGURE = {
  plot: { x0: 100, y0: 170, x1: 500, y1: 400 },
  /** Text drawn inside and around the plot, each a line of its own. */
  labels: ['Series measured', 'Fitted curve', 'Time in seconds', 'Value', 'Amplitude in mV', 'Peak load'],
  /** The turned title: reads upwards, its baseline's start (left of the tick labels) and size. */
  turned: { text: 'Amplitude in mV', x: 52, y: 340, size: 10 },
  /** The coloured label and its colour. */
  coloured: { text: 'Peak load', x: 300, y: 215, size: 9, color: [0.85, 0.1, 0.1] as const },
};

/** One A4 page: a heading, a paragraph, the plot with a turned y-axis title and a red label, a caption. */
export async function labelledFigurePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, PAGE_HEIGHT]);
  page.drawText('Quarterly measurements', { x: 100, y: top(90), size: 18, font });
  page.drawText('The plot below shows the measured values over the quarter.', { x: 100, y: top(130), size: 11, font });
  drawPlot(page, font);
  const { turned, coloured } = LABELLED_FIGURE;
  page.drawText(turned.text, { x: turned.x, y: top(turned.y), size: turned.size, font, rotate: degrees(90) });
  page.drawText(coloured.text, { x: coloured.x, y: top(coloured.y), size: coloured.size, font, color: rgb(...coloured.color) });
  page.drawText('Figure 1. Values measured over one quarter.', { x: 100, y: top(455), size: 10, font });
  page.drawText('Closing remark below the figure.', { x: 100, y: top(500), size: 11, font });
  return doc.save();
}

/** An A4 page with Helvetica; `text` takes y from the top of the page. */
export async function a4Page(textSize: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, PAGE_HEIGHT]);
  const text = (s: string, x: number, y: number, size = textSize) => page.drawText(s, { x, y: top(y), size, font });
  return { doc, page, text, font };
}

/** One A4 page like a filled-in form: labels and values, one small box with a note in it. */
export async function looseFormPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(11);
  text('Application form', 72, 80, 16);
  text('Name:', 72, 130);
  text('Alice Walker', 160, 130);
  text('City:', 72, 160);
  text('Springfield', 160, 160);
  text('Phone:', 330, 160);
  text('555 0100', 400, 160);
  // A small boxed area split in two by a rule: a bogus 2×2 grid for a naive detector.
  page.drawRectangle({ x: 72, y: top(260), width: 200, height: 60, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  line(page, 172, 200, 172, 260);
  line(page, 72, 230, 272, 230);
  text('Office use', 80, 218, 9);
  text('Signature and date below', 72, 300);
  text('Approved by the clerk', 72, 330);
  return doc.save();
}

/** The lines of the paragraph right above the shapes of paragraphAboveFigurePdf. */
export const PARAGRAPH_ABOVE_FIGURE = ['Alpha values used here:', 'Red square filled at one.', 'Green square at a half.', 'Blue square at a half.', 'Ellipse drawn at a third.'];

/** One A4 page: five short lines of one paragraph, then overlapping filled squares and an ellipse just below. */
export async function paragraphAboveFigurePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, PAGE_HEIGHT]);
  PARAGRAPH_ABOVE_FIGURE.forEach((text, i) => page.drawText(text, { x: 72, y: top(60 + 15 * i), size: 11, font }));
  const square = (x: number, y: number, color: ReturnType<typeof rgb>) => page.drawRectangle({ x, y: top(y + 150), width: 150, height: 150, color, opacity: 0.5, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  square(110, 130, rgb(1, 0, 0));
  square(160, 180, rgb(0, 1, 0));
  square(210, 230, rgb(0, 0, 1));
  page.drawEllipse({ x: 380, y: top(260), xScale: 130, yScale: 60, color: rgb(0.6, 0.2, 0.8), opacity: 0.4 });
  return doc.save();
}

/** The text between stackedFiguresPdf's two figures: a paragraph's lines and a display formula. */
export const TEXT_BETWEEN_FIGURES = [
  'The triangulation above refines both of the given ones, and every face of it',
  'lies in exactly one face of each; the boundary map below is linear on chains.',
  'Applying it twice gives zero, as the computation shows for a single triangle:',
  'd(e1 - e2 + e3) = (c - b) - (c - a) + (b - a) = 0',
];

/**
 * One A4 page: a diagram of slanted lines and dots with its caption, the paragraph and formula of
 * TEXT_BETWEEN_FIGURES, then a plot whose parabola runs from its axes up to the page's top edge,
 * clipped to the axes box, and its caption.
 */
export async function stackedFiguresPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(11);
  text('Simplicial complexes', 72, 60, 16);
  // A triangulation: a square's corners, its centre, and the lines between them.
  const points = [
    [220, 100],
    [380, 100],
    [380, 250],
    [220, 250],
    [300, 175],
  ];
  for (const [a, b] of [[0, 1], [1, 2], [2, 3], [3, 0], [0, 4], [1, 4], [2, 4], [3, 4], [0, 2]]) line(page, points[a][0], points[a][1], points[b][0], points[b][1], 1);
  for (const [x, y] of points) page.drawCircle({ x, y: top(y), size: 3, color: rgb(0.1, 0.2, 0.9) });
  text('Figure 1. A triangulation of the square.', 180, 280, 10);
  text(TEXT_BETWEEN_FIGURES[0], 72, 325);
  text(TEXT_BETWEEN_FIGURES[1], 72, 340);
  text(TEXT_BETWEEN_FIGURES[2], 72, 355);
  text(TEXT_BETWEEN_FIGURES[3], 170, 385);
  // The plot: axes box, ticks with labels, and a parabola whose branches leave the box far upwards.
  const box = { x0: 150, y0: 430, x1: 450, y1: 620 };
  page.drawRectangle({ x: box.x0, y: top(box.y1), width: box.x1 - box.x0, height: box.y1 - box.y0, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  for (let i = 0; i <= 6; i++) {
    const x = box.x0 + i * 50;
    line(page, x, box.y1, x, box.y1 + 4);
    text(String(i * 2), x - 3, box.y1 + 14, 8);
  }
  page.pushOperators(pushGraphicsState(), rectangle(box.x0, top(box.y1), box.x1 - box.x0, box.y1 - box.y0), clip(), endPath(), setLineWidth(1), moveTo(box.x0, top(0)));
  // y = 600 - ((x - 300) / 4)^2 from the page's top edge down to the box's bottom and back up.
  for (let x = box.x0 + 1; x <= box.x1; x += 2) page.pushOperators(lineTo(x, top(Math.max(0, box.y1 - 20 - ((x - 300) / 4) ** 2))));
  page.pushOperators(stroke(), popGraphicsState());
  text('Figure 2. A parabola cut at its axes.', 200, 650, 10);
  return doc.save();
}

/** The captions of subFiguresPdf's three sub-figures. */
export const SUB_FIGURE_CAPTIONS = ['(a) Sphere', '(b) Solid', '(c) Sine and cosine'];

/**
 * One A4 page: a diagram on the left, a lower one on the right, each captioned, and a plot below
 * both whose top comes right under the left caption.
 */
export async function subFiguresPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  text('Coordinates', 72, 60, 16);
  star(page, 175, 175, 75);
  text(SUB_FIGURE_CAPTIONS[0], 150, 276);
  star(page, 410, 185, 60);
  text(SUB_FIGURE_CAPTIONS[1], 390, 262);
  const box = { x0: 100, y0: 279, x1: 480, y1: 420 };
  page.drawRectangle({ x: box.x0, y: top(box.y1), width: box.x1 - box.x0, height: box.y1 - box.y0, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  let previous = { x: box.x0, y: 350 };
  for (let x = box.x0 + 4; x <= box.x1; x += 4) {
    const next = { x, y: 350 - 60 * Math.sin((x - box.x0) / 40) };
    line(page, previous.x, previous.y, next.x, next.y, 0.8);
    previous = next;
  }
  text(SUB_FIGURE_CAPTIONS[2], 240, 440);
  return doc.save();
}

/** subFigurePlotsPdf's captions, its plots' tick labels, its figure's caption and the paragraph after. */
export const SUB_FIGURE_PLOTS = {
  captions: ['(a) Rising sine', '(b) Falling cosine'],
  xTicks: ['0', '5', '10'],
  yTicks: ['-1', '+1'],
  caption: 'Figure 3. Two curves measured side by side.',
  paragraph: 'The paragraph after the figure reads on.',
};

type TextAt = (s: string, x: number, y: number, size?: number) => unknown;

/**
 * A plot in `box`: its axes box, `curve` over it as slanted segments 4 pt apart (from its middle,
 * 5/12 of the box's height up and down), the x tick labels 12 pt under it, evenly from its
 * left edge to its right, the y tick labels left of it, from 8 pt above its foot to 12 pt under its top.
 */
function curvePlot(page: PDFPage, text: TextAt, box: { x0: number; y0: number; x1: number; y1: number }, curve: (phase: number) => number, { xTicks, yTicks }: { xTicks: readonly string[]; yTicks: readonly string[] }): void {
  page.drawRectangle({ x: box.x0, y: top(box.y1), width: box.x1 - box.x0, height: box.y1 - box.y0, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  const middle = (box.y0 + box.y1) / 2;
  const amplitude = ((box.y1 - box.y0) * 5) / 12;
  let previous = { x: box.x0, y: middle };
  for (let x = box.x0 + 4; x <= box.x1; x += 4) {
    const next = { x, y: middle - amplitude * curve((x - box.x0) / 25) };
    line(page, previous.x, previous.y, next.x, next.y, 0.8);
    previous = next;
  }
  xTicks.forEach((tick, i) => text(tick, box.x0 + (i * (box.x1 - box.x0)) / (xTicks.length - 1) - 3, box.y1 + 12, 8));
  yTicks.forEach((tick, i) => text(tick, box.x0 - 18, box.y1 - 8 - (i * (box.y1 - box.y0 - 20)) / (yTicks.length - 1), 8));
}

/**
 * One A4 page: two plots side by side (axes box, a curve of slanted segments, tick labels under
 * and left of each), 8 pt between the left plot and the right one's y tick labels; under each plot
 * its caption, both on one baseline (`captionBaseline`; at 291 their line boxes start within the 2 pt
 * a figure's picture is drawn wider than its content, as GeoTopo's page 31 sets its sub-captions
 * 0.9 pt under its plots); then the figure's caption and a paragraph.
 */
export async function subFigurePlotsPdf({ captionBaseline = 300 } = {}): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  text('Two curves', 72, 60, 16);
  const { captions, xTicks, yTicks } = SUB_FIGURE_PLOTS;
  [100, 290].forEach((left, k) => {
    curvePlot(page, text, { x0: left, y0: 150, x1: left + 160, y1: 270 }, k === 0 ? Math.sin : Math.cos, { xTicks, yTicks });
    text(captions[k], left + 45, captionBaseline);
  });
  text(SUB_FIGURE_PLOTS.caption, 160, 330, 10);
  text(SUB_FIGURE_PLOTS.paragraph, 72, 370, 11);
  return doc.save();
}

/** subFigureGridPdf's captions, row by row, and its figure's caption. */
export const SUB_FIGURE_GRID = {
  captions: [
    ['(a) Rising sine', '(b) Falling cosine'],
    ['(c) Sine again', '(d) Cosine again'],
  ],
  caption: 'Figure 4. Four curves in two rows.',
};

/**
 * One A4 page: four plots in two rows of two (as subFigurePlotsPdf's), each with its caption under
 * its x tick labels; the second row starts 2.5 pt under the first row's captions, so its plots come
 * within a label's reach of the first row's tick labels (LaTeX's subfigures set a row under another
 * that close): the four are found as one figure, the first row's captions standing in it. Then
 * the figure's caption.
 */
export async function subFigureGridPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  text('Four curves', 72, 60, 16);
  const ticks = { xTicks: SUB_FIGURE_PLOTS.xTicks, yTicks: SUB_FIGURE_PLOTS.yTicks };
  SUB_FIGURE_GRID.captions.forEach((captions, row) => {
    const y0 = 120 + row * 109;
    [110, 300].forEach((left, k) => {
      curvePlot(page, text, { x0: left, y0, x1: left + 150, y1: y0 + 80 }, k === 0 ? Math.sin : Math.cos, ticks);
      text(captions[k], left + 40, y0 + 104);
    });
  });
  text(SUB_FIGURE_GRID.caption, 160, 360, 10);
  return doc.save();
}

/**
 * subFigureCaptionLinePdf's captions as they read: "(a) …" and "(b) …" on one line, the latter
 * wrapped onto a second, hyphenated; and its figure's caption.
 */
export const CAPTION_LINE = { left: '(a) Two congruent triangles', right: ['(b) Two more congruent tri-', 'angles'], read: ['(a) Two congruent triangles', '(b) Two more congruent triangles'], caption: 'Figure 5. Equal areas.' };

/**
 * One A4 page: two diagrams side by side 10 pt apart, their captions set a word space apart on one
 * line under both, each centred under its own diagram, as wide as it; the space between them
 * starts 1 pt right of the left diagram, within the margin its picture is drawn with (GeoTopo's
 * page 79: "(a) Zwei kongruente Dreiecke (b) Zwei weitere kongruente Drei-" over "ecke"). Then the
 * figure's caption.
 */
export async function subFigureCaptionLinePdf(): Promise<Uint8Array> {
  const { doc, page, text: heading } = await a4Page(9);
  heading('Equal areas', 72, 60, 16);
  // Captions in Courier, whose widths every reader takes alike (Helvetica's differ a little in MuPDF's font).
  const font = await doc.embedFont(StandardFonts.Courier);
  const text = (s: string, x: number, y: number) => page.drawText(s, { x, y: top(y), size: 9, font });
  const width = (s: string) => font.widthOfTextAtSize(s, 9);
  const split = 300;
  const [a, b] = [width(CAPTION_LINE.left), width(CAPTION_LINE.right[0])];
  const bStart = split + 1 + width(' ');
  // Each diagram as wide as its caption, less a point either side.
  const left = { x0: split + 2 - a, x1: split };
  const right = { x0: split + 10, x1: bStart + b - (split + 10 - bStart) };
  // Strokes an eighth of a turn apart from a sixteenth of one: none level or upright, the outermost
  // reaching x0 and x1, the lowest 15 pt over the captions' baseline.
  for (const { x0, x1 } of [left, right]) star(page, (x0 + x1) / 2, 245 - (x1 - x0) / 2, (x1 - x0) / 2 / Math.cos(Math.PI / 8), Math.PI / 8);
  text(`${CAPTION_LINE.left} `, split + 1 - a, 260);
  text(CAPTION_LINE.right[0], bStart, 260);
  const rest = width(CAPTION_LINE.right[1]);
  text(CAPTION_LINE.right[1], (right.x0 + right.x1) / 2 - rest / 2, 271);
  heading(CAPTION_LINE.caption, 240, 300, 10);
  return doc.save();
}

/** subFigureUnderRowPdf's right column: its sub-figures' captions, its figure's caption and text; and the left column's text. */
export const SUB_FIGURE_UNDER_ROW = {
  marks: ['(a)', '(b)', '(c)'],
  caption: 'Figure 6. Three traces, the last under both.',
  right: ['The right column reads on under its figure.'],
  left: ['The left column is text from top to foot,', 'the first column of a paper beside a figure.', 'It reads on line after line down the page,', 'as long as the figure stands beside it.'],
};

/**
 * One A4 page of two columns (72–282 and 312–522 pt), the left one text; in the right one two small
 * diagrams side by side with "(a)" and "(b)" under them, a wider diagram under both with "(c)"
 * centred under it (right of the column's middle), then the figure's caption and text
 * (tracemonkey's page 6).
 */
export async function subFigureUnderRowPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  const { marks } = SUB_FIGURE_UNDER_ROW;
  star(page, 360, 120, 30);
  star(page, 440, 120, 30);
  text(marks[0], 354, 166);
  text(marks[1], 434, 166);
  // The lower one, two stars joined by a line from 350 to 520: its middle 435, the column's 417.
  star(page, 390, 215, 35);
  star(page, 480, 215, 35);
  line(page, 350, 215, 520, 215, 1);
  text(marks[2], 429, 266);
  text(SUB_FIGURE_UNDER_ROW.caption, 312, 290);
  SUB_FIGURE_UNDER_ROW.right.forEach((l, i) => text(l, 312, 310 + 12 * i));
  for (let i = 0; i < 24; i++) text(SUB_FIGURE_UNDER_ROW.left[i % 4], 72, 90 + 12 * i);
  return doc.save();
}

/** The captions and column text of figuresInTwoColumnsPdf, left column first. */
export const FIGURES_IN_COLUMNS = {
  left: ['Figure 7. Two graphs of one loop.', 'The left column reads on under its figure', 'with lines of its own, as papers set them.'],
  right: ['Figure 8. A graph of two loops.', 'The right column reads on under its figure', 'in the same way, a column of its own.'],
};

/**
 * One A4 page of two columns (72–282 and 312–522 pt): in the left one two small diagrams side by
 * side, 10 pt apart, with "(a)" and "(b)" under them, then its caption and text; in the right one
 * a diagram 80 pt wide on the same band, ending where they do, 150 pt from them, its caption as
 * close under it as the marks are under theirs, then its text.
 */
export async function figuresInTwoColumnsPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  star(page, 120, 130, 30);
  star(page, 192, 130, 30);
  text('(a)', 114, 176);
  text('(b)', 186, 176);
  star(page, 420, 120, 40);
  FIGURES_IN_COLUMNS.left.forEach((line, i) => text(line, 72, 200 + 12 * i));
  FIGURES_IN_COLUMNS.right.forEach((line, i) => text(line, 312, 178 + 12 * i));
  return doc.save();
}

/** The entries of legendBesideFigurePdf's legend, each after a short line in its colour. */
export const LEGEND_ENTRIES = ['Coarse', 'Fine', 'Both'];

/** One A4 page: a paragraph, a diagram of slanted lines, its legend framed 6 pt to its right, a caption. */
export async function legendBesideFigurePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(11);
  text('A refinement of two triangulations is drawn below.', 72, 80);
  const corners = [
    [200, 120],
    [330, 120],
    [330, 250],
    [200, 250],
  ];
  for (const [a, b] of [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2], [1, 3]]) line(page, corners[a][0], corners[a][1], corners[b][0], corners[b][1], 1);
  // The refinement: each corner to the middles of the sides it does not touch.
  for (const [x, y] of corners) {
    line(page, x, y, 265, y === 120 ? 250 : 120, 0.6);
    line(page, x, y, x === 200 ? 330 : 200, 185, 0.6);
  }
  page.drawRectangle({ x: 336, y: top(160), width: 60, height: 40, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  const colours = [rgb(0, 0, 1), rgb(0, 0.7, 0), rgb(1, 0, 0)];
  LEGEND_ENTRIES.forEach((entry, i) => {
    page.drawLine({ start: { x: 340, y: top(131 + 11 * i) }, end: { x: 356, y: top(131 + 11 * i) }, thickness: 1, color: colours[i] });
    text(entry, 360, 134 + 11 * i, 8);
  });
  text('Figure 1. Two triangulations and their common refinement.', 120, 280, 10);
  return doc.save();
}

/** The boxes of diagramPdf's state diagram, left to right, each label's lines top to bottom. */
export const DIAGRAM_BOXES = [['Record', 'LIR Trace'], ['Monitor'], ['Enter', 'Compiled Trace']];

/** How far diagramPdf's shadows reach past their boxes on every side (points), and how far down-right they are cast. */
export const DIAGRAM_SHADOW = { spread: 6, offset: 3 };

/**
 * One A4 page: a heading, then a state diagram as tracemonkey draws one — boxes side by side
 * joined by curved arrows, two of them labelled on two lines — and a caption. With `shadows`, each
 * box casts a soft shadow as tracemonkey's does: a translucent picture drawn under it, reaching
 * past it (DIAGRAM_SHADOW), so the shadows of the boxes at the diagram's edges stick out of its strokes.
 */
export async function diagramPdf({ shadows = false } = {}): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(9);
  text('Trace states', 100, 90, 18);
  const shadow = shadows ? await doc.embedPng(await sharp({ create: { width: 61, height: 31, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.35 } } }).png().toBuffer()) : undefined;
  const { spread, offset } = DIAGRAM_SHADOW;
  DIAGRAM_BOXES.forEach((lines, i) => {
    const left = 100 + i * 140;
    if (shadow) page.drawImage(shadow, { x: left - spread + offset, y: top(200) - spread - offset, width: 110 + 2 * spread, height: 50 + 2 * spread });
    page.drawRectangle({ x: left, y: top(200), width: 110, height: 50, borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
    // A one-line label sits in the middle of its box, a two-line one a line above and below it.
    lines.forEach((label, k) => text(label, left + 10, 180 + (k - (lines.length - 1) / 2) * 11));
    // From the top of the box before to the foot of this one.
    if (i > 0) page.drawSvgPath('M 0 0 C 30 0 0 50 30 50', { x: left - 30, y: top(150), borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  });
  // Return arrows from under the boxes, with filled heads: curves and fills, what a diagram is made of.
  for (const [from, to] of [[485, 105], [295, 165], [435, 175]]) {
    page.drawSvgPath(`M 0 0 C 0 40 ${to - from} 40 ${to - from} 0`, { x: from, y: top(200), borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
    page.drawSvgPath('M 0 0 L -4 8 L 4 8 Z', { x: to, y: top(200), color: rgb(0, 0, 0) });
  }
  text('Figure 1. The states a trace goes through.', 100, 280, 10);
  return doc.save();
}

/** The label over diagramsInRowPdf's arrow, and its caption. */
export const ROW_OF_DIAGRAMS = { arrowLabel: 'phi', caption: 'Figure 2. A simplicial map and a grid.' };

/**
 * One A4 page: a triangle with dots at its corners, an arrow (a line and a filled head, labelled)
 * to a segment with dots at its ends, all on one row as separate drawings; below, a square grid
 * with diagonals whose nine corners are dots drawn as "b" in an unnamed Type 3 font whose glyph
 * does not move the pen; then a caption.
 */
export async function diagramsInRowPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(10);
  text('A triangle is mapped onto a segment:', 72, 80);
  const dot = (x: number, y: number) => page.drawRectangle({ x: x - 2, y: top(y) - 2, width: 4, height: 4, color: rgb(0, 0, 0) });
  for (const [a, b] of [[[100, 180], [170, 180]], [[170, 180], [140, 130]], [[140, 130], [100, 180]]] as const) line(page, a[0], a[1], b[0], b[1], 0.6);
  [[100, 180], [170, 180], [140, 130]].forEach(([x, y]) => dot(x, y));
  // The arrow stands 20 pt right of the triangle, the segment 20 pt right of the arrow.
  line(page, 190, 160, 240, 160, 0.6);
  page.drawSvgPath('M 0 0 L -6 -3 L -6 3 Z', { x: 246, y: top(160), color: rgb(0, 0, 0) });
  text(ROW_OF_DIAGRAMS.arrowLabel, 208, 154, 8);
  line(page, 266, 170, 330, 170, 0.6);
  dot(266, 170);
  dot(330, 170);

  // The grid's dots: glyph "b" of a Type 3 font with no name, width 0, a filled square at its origin.
  const dotProc = doc.context.stream('0 0 d0 -300 -300 600 600 re f');
  const type3 = doc.context.register(
    doc.context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [-300, -300, 300, 300],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { b: doc.context.register(dotProc) },
      Encoding: { Type: 'Encoding', Differences: [98, 'b'] },
      FirstChar: 98,
      LastChar: 98,
      Widths: [0],
      Resources: {},
    }),
  );
  page.node.setFontDictionary(PDFName.of('T3Dots'), type3);
  const grid = { x0: 150, y0: 260, side: 120 };
  for (let k = 0; k <= 2; k++) {
    const at = k * (grid.side / 2);
    line(page, grid.x0, grid.y0 + at, grid.x0 + grid.side, grid.y0 + at, 0.6);
    line(page, grid.x0 + at, grid.y0, grid.x0 + at, grid.y0 + grid.side, 0.6);
  }
  line(page, grid.x0, grid.y0, grid.x0 + grid.side, grid.y0 + grid.side, 0.6);
  line(page, grid.x0 + grid.side, grid.y0, grid.x0, grid.y0 + grid.side, 0.6);
  for (let i = 0; i <= 2; i++) {
    for (let j = 0; j <= 2; j++) {
      const x = grid.x0 + (i * grid.side) / 2;
      const y = top(grid.y0 + (j * grid.side) / 2);
      page.pushOperators(beginText(), setFontAndSize('T3Dots', 3), setTextMatrix(1, 0, 0, 1, x, y), showText(PDFHexString.of('62')), endText());
    }
  }
  text(ROW_OF_DIAGRAMS.caption, 120, 410);
  return doc.save();
}

/** The nodes and arrow labels of arrowDiagramPdf's diagram, and the text around it. */
export const ARROW_DIAGRAM = { nodes: ['X', 'Y', 'Z'], arrows: ['f', 'h', 'g'], before: 'Then the square below commutes:', blank: ['Name', 'Date'], after: 'and so on.' };

/**
 * One A4 page: a sentence, then a commutative diagram — X → Y on one row, both arrows down to Z —
 * of single strokes from node to node at the nodes' middle (TeX's math axis), each labelled; then a
 * form line "Name ____ Date" whose blank is drawn at the baseline, a fraction 1/2 drawn with its
 * bar, and a closing sentence.
 */
export async function arrowDiagramPdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(11);
  text(ARROW_DIAGRAM.before, 72, 100);
  const [x, y, z] = ARROW_DIAGRAM.nodes;
  const [f, h, g] = ARROW_DIAGRAM.arrows;
  // Baselines 160 (X, Y) and 200 (Z); an 11 pt capital's middle lies 4 pt above its baseline.
  text(x, 250, 160);
  text(y, 330, 160);
  text(z, 290, 200);
  line(page, 262, 156, 326, 156, 0.4);
  text(f, 292, 152, 8);
  line(page, 260, 162, 286, 190, 0.4);
  text(h, 262, 182, 8);
  line(page, 332, 162, 302, 190, 0.4);
  text(g, 322, 182, 8);
  // The blank runs from just after "Name" to just before "Date", at their baseline.
  text(ARROW_DIAGRAM.blank[0], 72, 260);
  line(page, 106, 261, 220, 261, 0.4);
  text(ARROW_DIAGRAM.blank[1], 224, 260);
  text('1', 300, 292, 9);
  line(page, 298, 295, 306, 295, 0.4);
  text('2', 300, 304, 9);
  text(ARROW_DIAGRAM.after, 72, 340);
  return doc.save();
}

export const HATCHED_FIGURE = { before: 'A half-space and a half-disc are alike:', caption: '(a) Half-space', after: 'Both have a boundary.' };

/**
 * One A4 page: a sentence, two areas filled with a tiling pattern of slanted strokes (each 60 by
 * 30 pt, 30 pt apart, on a base line 1.2 pt thick), the caption under them and a closing sentence.
 * The pattern's cell is drawn once and repeated: no path of the page itself draws the hatching.
 */
export async function hatchedFigurePdf(): Promise<Uint8Array> {
  const { doc, page, text } = await a4Page(11);
  text(HATCHED_FIGURE.before, 72, 100);
  const cell = doc.context.stream('0.4 w 0 0 m 4 4 l S', { Type: 'Pattern', PatternType: 1, PaintType: 1, TilingType: 1, BBox: [-1, -1, 4, 4], XStep: 3, YStep: 3, Resources: {} });
  // The page's text gave it resources (its font).
  page.node.Resources()!.set(PDFName.of('Pattern'), doc.context.obj({ Hatch: doc.context.register(cell) }));
  for (const x0 of [240, 330]) {
    page.pushOperators(
      pushGraphicsState(),
      PDFOperator.of('cs' as never, [PDFName.of('Pattern')]),
      PDFOperator.of('scn' as never, [PDFName.of('Hatch')]),
      rectangle(x0, top(160), 60, 30),
      PDFOperator.of('f' as never),
      popGraphicsState(),
    );
    line(page, x0, 160, x0 + 60, 160, 1.2);
  }
  text(HATCHED_FIGURE.caption, 290, 178, 9);
  text(HATCHED_FIGURE.after, 72, 220);
  return doc.save();
}

/** dotSubFigurePdf's sub-captions, its figure's caption, and the bulleted line under the figure. */
export const DOT_SUB_FIGURE = {
  marks: ['(a) 0-simplex', '(b) 1-simplex', '(c) 2-simplex'],
  caption: 'Figure 2.6: Examples of simplices.',
  bullet: 'Every simplex has faces.',
  item: '(d) and each face is a simplex.',
};

/**
 * One A4 page: a figure of sub-figures whose first is a single dot 5.7 pt across with "(a) …"
 * centred under it, over a row of two diagrams with "(b) …" and "(c) …" under them (GeoTopo's page
 * 38: the 0-simplex is one dot), the figure's caption; then a line after a bullet dot, and a line
 * "(d) …" under the bullet, which must stay text and a bullet.
 */
export async function dotSubFigurePdf(): Promise<Uint8Array> {
  const { doc, page, text, font } = await a4Page(11);
  const centred = (s: string, x: number, y: number) => text(s, x - font.widthOfTextAtSize(s, 9) / 2, y, 9);
  text('The simplices of the first dimensions:', 72, 100);
  page.drawCircle({ x: 297, y: top(140), size: 2.85, color: rgb(0, 0, 0) });
  centred(DOT_SUB_FIGURE.marks[0], 297, 155);
  star(page, 240, 200, 25);
  star(page, 360, 200, 25);
  centred(DOT_SUB_FIGURE.marks[1], 240, 240);
  centred(DOT_SUB_FIGURE.marks[2], 360, 240);
  text(DOT_SUB_FIGURE.caption, 210, 270);
  page.drawCircle({ x: 80, y: top(319), size: 2, color: rgb(0, 0, 0) });
  text(DOT_SUB_FIGURE.bullet, 90, 323);
  text(DOT_SUB_FIGURE.item, 60, 338);
  return doc.save();
}
