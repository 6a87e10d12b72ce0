// Pages → a PowerPoint deck, one slide per page. Everything on a slide stays editable: the page's
// images as pictures, its ruling lines as line shapes, and each paragraph (table cells included)
// as a text box at its place. No rendered page image behind them: it would duplicate the text
// and make edits show the old text underneath.
// Vector figures come as pictures drawn from the page, like raster images, without their text:
// each label is a text box over the picture at its place, size, colour and turn.
// A deck has one slide size: the first page's. Other pages are scaled to fit it. A page whose
// content cannot be placed goes in as a picture of itself.
import { readFile, writeFile } from 'node:fs/promises';
import PptxGenJS from 'pptxgenjs';
import type { PageFallback } from '../degraded-pages';
import type { FigureLabel, PageLayout, ParagraphBlock, TextRun } from '../layout/blocks';
import { linearRuns } from '../layout/fractions';
import type { LinkTarget } from '../page-content';
import { hexColor } from './colors';
import { familyName, fixedWidthFamily } from './font-names';
import { isVerticalWriting } from '../layout/turned-text';

const POINTS_PER_INCH = 72;
/** Office renders a little wider than the PDF's fonts at times; this keeps one line one line. */
const WIDTH_SLACK = 1.06;

type Slide = ReturnType<PptxGenJS['addSlide']>;

/** The 1-based slide that shows a page of the PDF, for links to that page; undefined when it was not converted. */
type SlideOf = (page: number) => number | undefined;

function hyperlink(link: LinkTarget | undefined, slideOf: SlideOf): { url: string } | { slide: number } | undefined {
  if (!link) return undefined;
  if ('uri' in link) return { url: link.uri };
  const slide = slideOf(link.page);
  return slide === undefined ? undefined : { slide };
}

/** a:rPr baseline in pptxgenjs's unit (×50 → thousandths of a percent): PowerPoint's own superscript +30 %, subscript −25 %. */
const SCRIPT_BASELINE = { super: 600, sub: -500 } as const;

/** A run's face, weight, slant, size and rise on the slide; a code listing's runs (`fixedWidth`) in a fixed-width face. */
function runFont(run: TextRun, scale: number, fixedWidth = false) {
  return {
    bold: run.bold,
    italic: run.italic,
    fontSize: Math.max(1, run.size * scale),
    fontFace: fixedWidth ? fixedWidthFamily(run.fontName) : familyName(run.fontName),
    ...(run.script && { baseline: SCRIPT_BASELINE[run.script] }),
  };
}

/** A PNG as pptxgenjs takes it: as data, not a path, so pptxgenjs needs no file access of its own. */
async function pictureData(file: string): Promise<string> {
  return `image/png;base64,${(await readFile(file)).toString('base64')}`;
}

/** Em spaces about as wide as a glyph picture, holding its room in the text box it lies over. */
function pictureRoom(run: TextRun): string {
  const { box } = run.picture!;
  return '\u2003'.repeat(Math.max(1, Math.round((box.x1 - box.x0) / Math.max(1, run.size))));
}

type NumberType = 'arabicPeriod' | 'arabicParenR' | 'arabicParenBoth' | 'alphaLcPeriod' | 'alphaLcParenR' | 'alphaLcParenBoth' | 'alphaUcPeriod' | 'alphaUcParenR' | 'alphaUcParenBoth';

/** PowerPoint's numbering schemes by the kind and label they print; any other label ("%1、") stays text at the head of its item. */
const NUMBER_TYPES: Partial<Record<string, NumberType>> = {
  'decimal %1.': 'arabicPeriod', 'decimal %1)': 'arabicParenR', 'decimal (%1)': 'arabicParenBoth',
  'lowerLetter %1.': 'alphaLcPeriod', 'lowerLetter %1)': 'alphaLcParenR', 'lowerLetter (%1)': 'alphaLcParenBoth',
  'upperLetter %1.': 'alphaUcPeriod', 'upperLetter %1)': 'alphaUcParenR', 'upperLetter (%1)': 'alphaUcParenBoth',
};

/** The item's bullet or numbering as PowerPoint prints it, or undefined when its marker stays text. */
function bulletOf(list: NonNullable<ParagraphBlock['list']>) {
  if (list.kind === 'bullet') return list.label === '•' ? true : { characterCode: list.label.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0') };
  const numberType = NUMBER_TYPES[`${list.kind} ${list.label}`];
  // pptxgenjs 3.12 writes `style` (its types' `numberType` is never read).
  return numberType && { type: 'number' as const, style: numberType, numberStartAt: list.value };
}

async function addParagraph(slide: Slide, paragraph: ParagraphBlock, inches: (points: number) => number, scale: number, slideOf: SlideOf): Promise<void> {
  const { box, list } = paragraph;
  const bullet = list && bulletOf(list);
  const runs = list && !bullet ? [{ ...paragraph.runs[0], text: list.marker, picture: undefined, link: undefined, script: undefined, fraction: undefined }, ...linearRuns(paragraph.runs)] : linearRuns(paragraph.runs);
  const text = runs.map((run, index) => ({
    text: run.picture ? pictureRoom(run) : run.text,
    options: {
      ...runFont(run, scale, paragraph.preformatted),
      bullet: index === 0 ? bullet : undefined,
      hyperlink: run.picture ? undefined : hyperlink(run.link, slideOf),
    },
  }));
  // Text that ran down or up the page is set so again: along its flow it gets the slack.
  const along = (length: number) => inches(length * WIDTH_SLACK + 2);
  slide.addText(text, {
    x: inches(box.x0),
    y: inches(box.y0),
    w: paragraph.flow ? inches(box.x1 - box.x0) : along(box.x1 - box.x0),
    h: paragraph.flow ? along(box.y1 - box.y0) : inches(box.y1 - box.y0),
    vert: paragraph.flow && (isVerticalWriting(paragraph) ? 'eaVert' : TEXT_FLOW[paragraph.flow]),
    margin: 0,
    valign: 'top',
    align: paragraph.alignment,
    fit: 'none',
    // A listing's lines break where its text does ('\n', which pptxgenjs makes line breaks), never elsewhere.
    wrap: paragraph.lineCount > 1 && !paragraph.preformatted,
  });
  // A text box's runs cannot hold a picture: glyphs no table could read go over it where they stood.
  for (const { picture } of paragraph.runs) {
    if (!picture) continue;
    const { box: at, file } = picture;
    slide.addImage({ data: await pictureData(file), x: inches(at.x0), y: inches(at.y0), w: inches(at.x1 - at.x0), h: inches(at.y1 - at.y0), altText: '无法识别的字符' });
  }
}

type Inches = (points: number) => number;

const TEXT_FLOW = { horizontal: 'horz', up: 'vert270', down: 'vert' } as const satisfies Record<FigureLabel['flow'], string>;

/** A figure's label as a text box over its picture, left to right or turned as it stood. */
function addLabel(slide: Slide, label: FigureLabel, inches: Inches, scale: number): void {
  const { frame } = label;
  const text = label.runs.map((run) => ({
    text: run.text,
    options: {
      ...runFont(run, scale),
      color: run.color === undefined ? undefined : hexColor(run.color),
    },
  }));
  slide.addText(text, {
    x: inches(frame.x0),
    y: inches(frame.y0),
    w: inches(frame.x1 - frame.x0),
    h: inches(frame.y1 - frame.y0),
    rotate: label.rotation || undefined,
    vert: TEXT_FLOW[label.flow],
    margin: 0,
    valign: 'top',
    align: 'left',
    fit: 'none',
    wrap: false,
  });
}

async function fillSlide(deck: PptxGenJS, slide: Slide, page: PageLayout, inches: Inches, scale: number, slideOf: SlideOf): Promise<void> {
  for (const block of page.blocks) {
    if (block.kind === 'image') {
      slide.addImage({ data: await pictureData(block.file), x: inches(block.box.x0), y: inches(block.box.y0), w: inches(block.box.x1 - block.box.x0), h: inches(block.box.y1 - block.box.y0) });
      for (const label of block.labels ?? []) addLabel(slide, label, inches, scale);
    } else if (block.kind === 'paragraph') {
      await addParagraph(slide, block, inches, scale, slideOf);
    } else {
      for (const cell of block.cells) for (const paragraph of cell.paragraphs) await addParagraph(slide, paragraph, inches, scale, slideOf);
    }
  }
  for (const rule of page.rules) {
    slide.addShape(deck.ShapeType.line, { x: inches(rule.x0), y: inches(rule.y0), w: inches(rule.x1 - rule.x0), h: inches(rule.y1 - rule.y0), line: { color: '000000', width: 0.75 * scale } });
  }
}

export async function writePptx(pages: readonly PageLayout[], file: string, _title?: string, fallback?: PageFallback): Promise<void> {
  const deck = new PptxGenJS();
  const slideWidth = pages[0]?.width ?? 595;
  const slideHeight = pages[0]?.height ?? 842;
  deck.defineLayout({ name: 'PDF', width: slideWidth / POINTS_PER_INCH, height: slideHeight / POINTS_PER_INCH });
  deck.layout = 'PDF';
  const slideNumbers = new Map(pages.map((page, index) => [page.number, index + 1]));
  const slideOf: SlideOf = (page) => slideNumbers.get(page);
  for (const page of pages) {
    const scale = Math.min(slideWidth / page.width, slideHeight / page.height);
    const inches = (points: number) => (points * scale) / POINTS_PER_INCH;
    const slide = deck.addSlide();
    try {
      await fillSlide(deck, slide, page, inches, scale, slideOf);
    } catch (error) {
      if (!fallback) throw error;
      // pptxgenjs cannot take shapes back: the page's opaque picture covers what went in before the failure.
      await fillSlide(deck, slide, await fallback.picture(page), inches, scale, slideOf);
    }
  }
  await writeFile(file, (await deck.write({ outputType: 'nodebuffer', compression: true })) as Buffer);
}
