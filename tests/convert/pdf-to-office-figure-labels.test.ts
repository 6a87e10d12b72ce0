// A vector figure's text through PDF → Word and PowerPoint (issue 14: tracemonkey and the GeoTopo
// thesis lost every axis tick, legend entry and box label to the figure's picture). The figure
// (tests/support/vector-figure-pdfs.ts) is a plot with tick labels, a legend, axis titles, a y-axis
// title turned to read upwards and a red label. Its labels must come out as text in text boxes over
// a picture that no longer holds them, where they stood. Read back by independent readers: the
// package's XML, sharp for the picture's pixels, LibreOffice printing the DOCX and PPTX to PDF and
// poppler's pdftotext -bbox for where each word landed.
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfToOfficeConverters } from '../../server/convert/tools/pdf-to-office';
import { pdfToHtml } from '../../server/convert/tools/ebook/from-pdf';
import { drawPictures, DegradedPages } from '../../server/convert/tools/pdf-to-office/degraded-pages';
import type { ImageBlock, PageLayout } from '../../server/convert/tools/pdf-to-office/layout/blocks';
import { greyPixels, region } from '../support/pixels';
import { SOFFICE_TIMEOUT_MS, sofficeConvert } from '../support/soffice';
import { DIAGRAM_BOXES, DIAGRAM_SHADOW, diagramPdf, LABELLED_FIGURE, labelledFigurePdf, SUB_FIGURE_PLOTS, subFigurePlotsPdf } from '../support/vector-figure-pdfs';
import { readZipParts, zipPartText } from '../support/zip';
import { sheetRows } from '../support/sheet-rows';
import { zipEntry } from '../support/transparent-image';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';
import { converterOf, convertFile, scratchFolder } from '../support/convert-job';

const EMUS_PER_POINT = 12700;

const scratch = scratchFolder('pdf-to-office-figure-labels-');
let figurePdf: string;
beforeAll(async () => {
  figurePdf = path.join(scratch, 'labelled-figure.pdf');
  writeFileSync(figurePdf, await labelledFigurePdf());
  pptxgenjsInBrowserMode();
});

const run = async (toolId: string, file: string, notes: string[] = []) => (await convertFile(converterOf(toolId, [...pdfToOfficeConverters, pdfToHtml]), file, scratch, { notes })).path;
const part = zipPartText;

/** The first sheet's rows with text in them. */
const rowsWithText = async (xlsx: string) => (await sheetRows(xlsx)).filter((row) => row.length > 0);

const textOf = (xml: string) => [...xml.matchAll(/<(?:w|a):t(?: [^>]*)?>([^<]*)<\/(?:w|a):t>/g)].map((m) => m[1]).join(' ');

/** Words and their boxes (points) as poppler reads a PDF page. */
function wordBoxes(pdf: string): { word: string; x0: number; y0: number; x1: number; y1: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    word: m[5],
    x0: Number(m[1]),
    y0: Number(m[2]),
    x1: Number(m[3]),
    y1: Number(m[4]),
  }));
}

/**
 * Where each word's centre lies from the centre of "Time" (the x-axis title), in points: the
 * figure as a whole may sit higher or lower on the reflowed page, its labels not among themselves.
 */
function labelPlaces(pdf: string, words: readonly string[]): Map<string, [number, number]> {
  const boxes = wordBoxes(pdf);
  const centre = (word: string) => {
    const box = boxes.find((b) => b.word === word);
    if (!box) throw new Error(`${word} not in ${pdf}`);
    return [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2] as const;
  };
  const [tx, ty] = centre('Time');
  return new Map(words.map((word) => [word, [centre(word)[0] - tx, centre(word)[1] - ty]]));
}

const PLACED_WORDS = ['Series', 'Fitted', 'Peak', 'Value', 'Amplitude', '100', '45'];

function expectSamePlaces(reprint: string): void {
  const original = labelPlaces(figurePdf, PLACED_WORDS);
  const reprinted = labelPlaces(reprint, PLACED_WORDS);
  for (const word of PLACED_WORDS) {
    const [[ox, oy], [rx, ry]] = [original.get(word)!, reprinted.get(word)!];
    expect({ word, dx: Math.abs(rx - ox) < 2.5, dy: Math.abs(ry - oy) < 2.5 }).toEqual({ word, dx: true, dy: true });
  }
}

/** The red label's colour as written (hex), within what colour management moves it (MuPDF reads D91A1A as D81919). */
function expectColour(hex: string | undefined): void {
  expect(hex).toBeDefined();
  const written = [0, 2, 4].map((i) => parseInt(hex!.slice(i, i + 2), 16));
  LABELLED_FIGURE.coloured.color.forEach((c, i) => expect(Math.abs(written[i] - c * 255)).toBeLessThan(6));
}

/** The text boxes of a DOCX body: each anchored drawing holding a wps:txbx, with its text and offsets. */
function docxTextBoxes(xml: string) {
  return [...xml.matchAll(/<wp:anchor\b([^>]*)>([\s\S]*?)<\/wp:anchor>/g)]
    .filter((m) => m[2].includes('<wps:txbx>'))
    .map((m) => ({
      anchor: m[1],
      xml: m[2],
      text: textOf(m[2]),
      left: Number(/<wp:positionH relativeFrom="column"><wp:posOffset>(-?\d+)</.exec(m[2])?.[1]),
      top: Number(/<wp:positionV relativeFrom="paragraph"><wp:posOffset>(-?\d+)</.exec(m[2])?.[1]),
      width: Number(/<wp:extent cx="(\d+)"/.exec(m[2])?.[1]),
      height: Number(/<wp:extent cx="\d+" cy="(\d+)"/.exec(m[2])?.[1]),
    }));
}

describe('PDF → Word: a figure keeps its labels as text (issue 14)', () => {
  let docx: string;
  let xml: string;
  beforeAll(async () => {
    const notes: string[] = [];
    docx = await run('pdf-to-word', figurePdf, notes);
    expect(notes).toEqual([]);
    xml = await part(docx, 'word/document.xml');
  });

  it('puts every label in a borderless, unfilled text box floating in front of the picture, none of them in the flowing text', () => {
    const boxes = docxTextBoxes(xml);
    const boxTexts = boxes.map((b) => b.text.trim());
    for (const label of LABELLED_FIGURE.labels) expect(boxTexts).toContain(label);
    // Tick labels too: 0 … 100 along the x axis, 0 … 50 up the y axis.
    for (const tick of ['0', '10', '50', '100']) expect(boxTexts).toContain(tick);
    for (const box of boxes) {
      expect(box.anchor).toMatch(/behindDoc="0"/);
      expect(box.xml).toContain('<wp:wrapNone/>');
      expect(box.xml).toMatch(/<wps:spPr>[\s\S]*<a:noFill\/><a:ln><a:noFill\/><\/a:ln><\/wps:spPr>/);
    }
    // The flowing text (outside the text boxes) has the prose and caption, not the labels.
    const flowing = textOf(xml.replace(/<w:drawing>[\s\S]*?<\/w:drawing>/g, ''));
    expect(flowing).toContain('Figure 1. Values measured over one quarter.');
    for (const label of LABELLED_FIGURE.labels) expect(flowing).not.toMatch(new RegExp(`\\b${label}\\b`));
    // One picture, its labels anchored right after it (in its paragraph), before the caption.
    expect(xml.match(/<pic:pic\b/g)).toHaveLength(1);
    const afterPicture = xml.slice(xml.indexOf('<pic:pic'), xml.indexOf('Figure 1. Values measured'));
    expect(docxTextBoxes(afterPicture)).toHaveLength(boxes.length);
    expect(afterPicture.slice(0, afterPicture.indexOf('<wp:anchor'))).not.toMatch(/<w:p[ >]/);
  });

  it('gives the labels in the order the plot drew them: the x axis\'s ticks, the y axis\'s from the bottom up, the legend, the titles', () => {
    // Read by rows, the y axis's ticks came between the legend's lines and the x axis's ticks
    // after its zero; copied or read aloud, each axis's ticks belong together.
    const ticks = (step: number) => Array.from({ length: 11 }, (_, i) => String(i * step));
    const drawn = [...ticks(10), ...ticks(5), 'Series measured', 'Fitted curve', 'Time in seconds', 'Value', LABELLED_FIGURE.turned.text, LABELLED_FIGURE.coloured.text];
    expect(docxTextBoxes(xml).map((b) => b.text.trim())).toEqual(drawn);
  });

  it('keeps the turned title turned (text reading upwards) and the red label red, at their sizes', () => {
    const boxes = docxTextBoxes(xml);
    const turned = boxes.find((b) => b.text.trim() === LABELLED_FIGURE.turned.text)!;
    expect(turned.xml).toMatch(/<wps:bodyPr[^>]*vert="vert270"/);
    // Upright box, taller than wide: the text runs up it.
    expect(turned.height).toBeGreaterThan(3 * turned.width);
    expect(turned.xml).toContain(`<w:sz w:val="${LABELLED_FIGURE.turned.size * 2}"/>`);
    const coloured = boxes.find((b) => b.text.trim() === LABELLED_FIGURE.coloured.text)!;
    expectColour(/<w:color w:val="([0-9A-F]{6})"\/>/.exec(coloured.xml)?.[1]);
    expect(coloured.xml).toContain(`<w:sz w:val="${LABELLED_FIGURE.coloured.size * 2}"/>`);
  });

  it('draws the picture without the labels: where a legend entry stood, the legend box is blank', async () => {
    const media = (await readZipParts(docx)).map((p) => p.name).filter((name) => /^word\/media\/.+\.png$/.test(name));
    expect(media).toHaveLength(1);
    const picture = await greyPixels(await zipEntry(docx, media[0]));
    const extent = /<wp:inline\b[\s\S]*?<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml)!;
    const pixelsPerEmu = picture.width / Number(extent[1]);
    // The picture stands at the column's left edge (its paragraph is left-aligned), so a text box's
    // offsets are where it lies on the picture.
    expect(/<w:p>(?:(?!<\/w:p>)[\s\S])*?<w:jc w:val="left"\/>(?:(?!<\/w:p>)[\s\S])*?<pic:pic/.test(xml)).toBe(true);
    const boxes = docxTextBoxes(xml);
    for (const label of ['Series measured', 'Fitted curve']) {
      const box = boxes.find((b) => b.text.trim() === label)!;
      // The first line of the box, where the label's glyphs were: from a fifth of an em below its top
      // to one em down, over the width the text had (the box has 30 % more room).
      const em = 8 * EMUS_PER_POINT;
      const left = Math.round(box.left * pixelsPerEmu);
      const top = Math.round((box.top + 0.2 * em) * pixelsPerEmu);
      const area = region(picture, left, top, Math.round(((box.width - em) / 1.3) * pixelsPerEmu), Math.round(0.8 * em * pixelsPerEmu));
      expect(area.width * area.height).toBeGreaterThan(500);
      expect({ label, darkest: area.data.reduce((darkest, grey) => Math.min(darkest, grey), 255) > 200 }).toEqual({ label, darkest: true });
    }
    // The plot itself is there: its frame, bars and series are ink.
    expect(picture.data.reduce((darkest, grey) => Math.min(darkest, grey), 255)).toBeLessThan(60);
  });

  it('LibreOffice lays it out on as many pages as the input, with every label as text where it stood', () => {
    const reprint = sofficeConvert(docx, 'pdf', scratch);
    expect(Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [reprint], { encoding: 'utf8' }))![1])).toBe(1);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', reprint, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const label of LABELLED_FIGURE.labels) expect(text).toContain(label);
    // Each label drawn once: the picture no longer holds a second copy (poppler reads only text, so
    // count what it reads against the input).
    const count = (pdf: string, word: string) => wordBoxes(pdf).filter((w) => w.word === word).length;
    for (const word of ['Series', 'Amplitude', 'Peak', '100']) expect(count(reprint, word)).toBe(count(figurePdf, word));
    expectSamePlaces(reprint);
  }, SOFFICE_TIMEOUT_MS);
});

describe('PDF → Excel: a figure\'s labels in rows under its picture, as drawn (issue 14)', () => {
  it('gives the x axis\'s ticks in one row, left to right, then the y axis\'s from the bottom up a row each, the legend, the titles', async () => {
    // By alignment, the y axis's ticks came in the rows of the legend's lines and of the x axis's
    // ticks, and the titles in rows of their own among them: a jumble neither drawn nor read so.
    const rows = await rowsWithText(await run('pdf-to-excel', figurePdf));
    const ticks = (step: number) => Array.from({ length: 11 }, (_, i) => String(i * step));
    // The legend's entries, one under the other, in one cell as they stand (a line each).
    const drawn = [ticks(10), ...ticks(5).map((tick) => [tick]), ...['Series measured\nFitted curve', 'Time in seconds', 'Value', LABELLED_FIGURE.turned.text, LABELLED_FIGURE.coloured.text].map((label) => [label])];
    const first = rows.findIndex((row) => row[0] === '0');
    expect(rows.slice(first, first + drawn.length)).toEqual(drawn);
    // Between the paragraph above the figure and its caption.
    expect(rows[first - 1]).toEqual(['The plot below shows the measured values over the quarter.']);
    expect(rows[first + drawn.length]).toEqual(['Figure 1. Values measured over one quarter.']);
  });
});

describe('PDF → PowerPoint: a figure keeps its labels as text (issue 14)', () => {
  let pptx: string;
  beforeAll(async () => {
    pptx = await run('pdf-to-ppt', figurePdf);
  });

  it('puts every label in a text box in front of the picture, the turned title turned', async () => {
    const slide = await part(pptx, 'ppt/slides/slide1.xml');
    expect(slide.match(/<p:pic>/g)).toHaveLength(1);
    const after = slide.slice(slide.indexOf('<p:pic>'));
    const shapes = [...after.matchAll(/<p:sp>([\s\S]*?)<\/p:sp>/g)].map((m) => m[1]);
    const texts = shapes.map((s) => textOf(s).trim());
    for (const label of LABELLED_FIGURE.labels) expect(texts).toContain(label);
    const turned = shapes[texts.indexOf(LABELLED_FIGURE.turned.text)];
    expect(turned).toMatch(/<a:bodyPr[^>]*vert="vert270"/);
    const coloured = shapes[texts.indexOf(LABELLED_FIGURE.coloured.text)];
    expectColour(/<a:srgbClr val="([0-9A-F]{6})"\/>/.exec(coloured)?.[1]);
  });

  it('LibreOffice shows every label once, where it stood', () => {
    const reprint = sofficeConvert(pptx, 'pdf', scratch);
    const count = (pdf: string, word: string) => wordBoxes(pdf).filter((w) => w.word === word).length;
    for (const word of ['Series', 'Amplitude', 'Peak', '100']) expect(count(reprint, word)).toBe(count(figurePdf, word));
    expectSamePlaces(reprint);
  }, SOFFICE_TIMEOUT_MS);
});

describe('figures for writers that do not place labels, and labels that are not drawn', () => {
  it('PDF → HTML keeps the labels in the figure picture, as before', async () => {
    const html = readFileSync(await run('pdf-to-html', figurePdf), 'utf8');
    expect(html).not.toContain('Series measured');
    expect(html).toContain('Figure 1. Values measured over one quarter.');
  });

  it('a label whose glyphs are not found drawn is not placed, and the picture is still drawn', async () => {
    const workDir = path.join(scratch, 'draw-only');
    mkdirSync(workDir);
    const box = { x0: 96, y0: 166, x1: 504, y1: 404 };
    const ghost = { runs: [{ text: 'Ghost', bold: false, italic: false, size: 9, fontName: 'Helvetica', color: 0 }], size: 9, origin: { x: 200, y: 300 }, direction: { x: 1, y: 0 }, length: 20, glyphs: [{ x: 200.3, y: 301.7 }], frame: { x0: 200, y0: 292, x1: 236, y1: 305 }, rotation: 0, flow: 'horizontal' as const };
    const figure: ImageBlock = { kind: 'image', box, file: '', renderFrom: 1, labels: [ghost] };
    const page: PageLayout = { number: 1, width: 595, height: 842, blocks: [figure], sheetLines: [], rules: [] };
    const degraded = new DegradedPages();
    await drawPictures(figurePdf, [page], degraded, { workDir, signal: new AbortController().signal }, { labelsAsText: true });
    expect(degraded.pages).toEqual([]);
    expect(figure.labels).toBeUndefined();
    // Drawn, its text and all.
    expect(statSync(figure.file).size).toBeGreaterThan(1000);
  });
});

describe('a diagram whose boxes are labelled on two lines (tracemonkey\'s state machine)', () => {
  let diagram: string;
  beforeAll(async () => {
    diagram = path.join(scratch, 'diagram.pdf');
    writeFileSync(diagram, await diagramPdf());
  });

  it('the input: poppler reads each box\'s lines together', () => {
    const lines = execFileSync('pdftotext', ['-enc', 'UTF-8', diagram, '-'], { encoding: 'utf8' }).split('\n');
    for (const box of DIAGRAM_BOXES.filter((b) => b.length > 1)) expect(lines.slice(lines.indexOf(box[0]), lines.indexOf(box[0]) + box.length)).toEqual(box);
  });

  it('PDF → Word gives its labels box by box, left to right, each box\'s lines together', async () => {
    const xml = (await part(await run('pdf-to-word', diagram), 'word/document.xml')).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
    expect(docxTextBoxes(xml).map((box) => box.text)).toEqual(DIAGRAM_BOXES.flat());
  });

  it('PDF → Excel gives its labels box by box under the diagram, each box\'s lines together in one cell, a line each', async () => {
    // By alignment, the rows of the boxes' lines cut across the boxes: "Record", "Enter" in a row,
    // then "Monitor", then "LIR Trace", "Compiled Trace".
    const xlsx = await run('pdf-to-excel', diagram);
    const rows = await rowsWithText(xlsx);
    expect(rows).toEqual([['Trace states'], ...DIAGRAM_BOXES.map((lines) => [lines.join('\n')]), ['Figure 1. The states a trace goes through.']]);
    // A two-line cell's row is two lines tall (15 pt each, Excel's default row): Excel and
    // LibreOffice keep rows at their height on opening, and its second line ran into the next row.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx);
    const heights: number[] = [];
    workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => void (cell.text.includes('\n') && heights.push(row.height))));
    expect(heights).toEqual([30, 30]);
  });
});

describe('a diagram whose boxes cast soft shadows drawn as pictures (tracemonkey\'s Figure 2)', () => {
  let shadowed: string;
  beforeAll(async () => {
    shadowed = path.join(scratch, 'shadowed-diagram.pdf');
    writeFileSync(shadowed, await diagramPdf({ shadows: true }));
  });

  it('the input: three pictures (poppler\'s pdfimages), one under each box', () => {
    const rows = execFileSync('pdfimages', ['-list', shadowed], { encoding: 'utf8' }).split('\n').slice(2).filter((row) => row.trim().split(/\s+/)[2] === 'image');
    expect(rows).toHaveLength(DIAGRAM_BOXES.length);
  });

  it('PDF → Word draws the shadows in the diagram\'s one picture, wide enough to hold them, its labels still text boxes over it', async () => {
    const xml = (await part(await run('pdf-to-word', shadowed), 'word/document.xml')).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
    // Not a shadow as a picture of its own before or after the diagram (tracemonkey's page 2 had three).
    expect(xml.match(/<pic:pic\b/g)).toHaveLength(1);
    expect(docxTextBoxes(xml).map((box) => box.text)).toEqual(DIAGRAM_BOXES.flat());
    // From the first shadow's left edge to the last one's right edge (the boxes span 100–490 pt).
    const { spread, offset } = DIAGRAM_SHADOW;
    const shadowsSpan = 490 + spread + offset - (100 - spread + offset);
    const width = Number(/<wp:inline\b[\s\S]*?<wp:extent cx="(\d+)"/.exec(xml)![1]) / EMUS_PER_POINT;
    expect(width).toBeGreaterThanOrEqual(shadowsSpan);
  });
});

describe('sub-figures side by side, each with tick labels and an "(a) …" caption under it (GeoTopo\'s pages 23 and 81)', () => {
  // Their captions were taken in as labels of the one figure both made: in Word floating text
  // boxes over one picture, read in the figure's order among the tick labels, not text under each plot.
  let plots: string;
  let docx: string;
  let xml: string;
  beforeAll(async () => {
    plots = path.join(scratch, 'sub-figure-plots.pdf');
    writeFileSync(plots, await subFigurePlotsPdf());
    docx = await run('pdf-to-word', plots);
    xml = (await part(docx, 'word/document.xml')).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  });

  it('the input: poppler reads both captions on one line, under the tick labels', () => {
    const words = wordBoxes(plots);
    const [rising, falling] = ['Rising', 'Falling'].map((word) => words.find((w) => w.word === word)!);
    expect(Math.abs(rising.y0 - falling.y0)).toBeLessThan(1);
    expect(words.filter((w) => w.word === '10').every((tick) => tick.y1 < rising.y0)).toBe(true);
  });

  it('PDF → Word sets each plot in its cell of one row with its caption under it as a paragraph, the tick labels text boxes over the plots', () => {
    expectCaptionedRow(xml);
  });

  it('… and so when the captions stand closer under the plots than the margin their pictures are drawn with (GeoTopo\'s page 31)', async () => {
    const close = path.join(scratch, 'sub-figure-plots-close.pdf');
    writeFileSync(close, await subFigurePlotsPdf({ captionBaseline: 291 }));
    expectCaptionedRow((await part(await run('pdf-to-word', close), 'word/document.xml')).replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, ''));
  });

  function expectCaptionedRow(xml: string): void {
    const { captions, xTicks, yTicks } = SUB_FIGURE_PLOTS;
    const boxes = docxTextBoxes(xml).map((box) => box.text.trim());
    for (const caption of captions) expect(boxes.join(' ')).not.toContain(caption.slice(4));
    // Every tick of both plots is still a label.
    for (const tick of [...xTicks, ...yTicks]) expect(boxes.filter((text) => text === tick)).toHaveLength(2);
    const row = [...xml.matchAll(/<w:tr[ >][\s\S]*?<\/w:tr>/g)].map((m) => m[0]).find((r) => /<pic:pic[ >]/.test(r));
    expect(row).toBeDefined();
    const cells = [...row!.matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((m) => m[0]);
    expect(cells).toHaveLength(2);
    for (const [i, cell] of cells.entries()) {
      expect(cell.match(/<pic:pic[ >]/g)).toHaveLength(1);
      // After the picture and its labels' text boxes, the caption's own paragraph.
      const after = cell.slice(cell.lastIndexOf('</w:drawing>')).replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, '');
      expect(textOf(after).trim()).toBe(captions[i]);
    }
    // Read in order: (a), (b), then the figure's caption and the paragraph.
    const flowing = textOf(xml.replace(/<w:txbxContent>[\s\S]*?<\/w:txbxContent>/g, ''));
    const order = [...captions, SUB_FIGURE_PLOTS.caption, SUB_FIGURE_PLOTS.paragraph].map((text) => flowing.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  }

  it('LibreOffice prints both captions on one line under the plots, (a) left of (b), each once', () => {
    const reprint = sofficeConvert(docx, 'pdf', scratch);
    const words = wordBoxes(reprint);
    const [rising, falling] = ['Rising', 'Falling'].map((word) => words.filter((w) => w.word === word));
    expect([rising.length, falling.length]).toEqual([1, 1]);
    expect(Math.abs(rising[0].y0 - falling[0].y0)).toBeLessThan(2);
    expect(rising[0].x1).toBeLessThan(falling[0].x0);
    // Under the tick labels of the plots' x axes.
    expect(words.filter((w) => w.word === '10').every((tick) => tick.y1 < rising[0].y0)).toBe(true);
  }, SOFFICE_TIMEOUT_MS);
});
