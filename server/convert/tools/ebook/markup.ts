// The layout of a PDF page (tools/pdf-to-office) as markup that is both HTML and XHTML: headings,
// paragraphs with bold and italic runs, lists, tables with merged cells and images, all flowing
// text — never a positioned box per line or per character.
import type { Block, ImageBlock, PageLayout, ParagraphBlock, TableBlock, TextRun } from '../pdf-to-office/layout/blocks';
import { cellBounds, imageRowAt, type RowOfImages } from '../pdf-to-office/layout/image-rows';
import type { ListKind } from '../pdf-to-office/layout/list-markers';
import { cellEdges, isFullGrid, type CellEdges } from '../pdf-to-office/layout/table-rules';
import { sameLink } from '../pdf-to-office/extraction/page-links';
import { linearRuns } from '../pdf-to-office/layout/fractions';
import { pictureAsRead, type GlyphPicture, type LinkTarget, type PdfImage, type Script } from '../pdf-to-office/page-content';

/**
 * Characters XML forbids (controls, lone surrogates, U+FFFE/FFFF) come out of some PDFs' text;
 * an XHTML chapter with one of them does not open, so they are dropped.
 */
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const paragraphText = (p: ParagraphBlock): string => p.runs.map((r) => r.text).join('');

/** Where an image's bytes are found: a data URI in a single HTML file, a package path in an EPUB. */
export type ImageSource = (image: PdfImage) => string;

/** The pictures a page's markup shows: its image blocks and the glyph pictures in its text (TextRun.picture, as read). */
export function pageImages(page: PageLayout): PdfImage[] {
  const paragraphs = page.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b] : b.kind === 'table' ? b.cells.flatMap((c) => c.paragraphs) : []));
  const pictures = paragraphs.flatMap((p) => p.runs.flatMap((r) => (r.picture ? [pictureAsRead(r.picture)] : [])));
  return [...page.blocks.filter((b): b is ImageBlock => b.kind === 'image'), ...pictures];
}

/**
 * Glyphs no table could read, as a picture in the line, upright as its line reads: one em is the
 * run's font size, its foot where the ink ends below the baseline.
 */
function glyphPictureMarkup(picture: GlyphPicture, size: number, options: MarkupOptions): string {
  const { box, file, baseline } = pictureAsRead(picture);
  const em = (points: number) => Math.round((points / Math.max(1, size)) * 100) / 100;
  const style = `width:${em(box.x1 - box.x0)}em;height:${em(box.y1 - box.y0)}em;vertical-align:${em(baseline - box.y1)}em`;
  return `<img class="glyphs" src="${escapeXml(options.imageSource({ box, file }))}" alt="无法识别的字符" style="${style}" />`;
}

export interface MarkupOptions {
  imageSource: ImageSource;
  /** id attribute for a heading (so a table of contents can point at it), or undefined. */
  headingId?: (paragraph: ParagraphBlock) => string | undefined;
  /** Where a link to a page of the source PDF points, or undefined when that page was not written. */
  pageHref: (page: number) => string | undefined;
}

function linkHref(link: LinkTarget | undefined, options: MarkupOptions): string | undefined {
  if (!link) return undefined;
  return 'uri' in link ? link.uri : options.pageHref(link.page);
}

const SCRIPT_ELEMENT = { super: 'sup', sub: 'sub' } as const satisfies Record<Script, string>;

/** Neighbouring runs with the same emphasis and link become one element (the PDF splits runs by font too). */
function runsMarkup(runs: readonly TextRun[], inHeading: boolean, options: MarkupOptions): string {
  const merged: { text: string; bold: boolean; italic: boolean; script?: Script; link?: LinkTarget; picture?: string }[] = [];
  for (const run of linearRuns(runs)) {
    if (run.picture) {
      merged.push({ text: '', bold: false, italic: false, picture: glyphPictureMarkup(run.picture, run.size, options) });
      continue;
    }
    // A heading is bold by its element; bold runs inside it need no <strong>.
    const bold = run.bold && !inHeading;
    const last = merged.at(-1);
    if (last && last.picture === undefined && last.bold === bold && last.italic === run.italic && last.script === run.script && sameLink(last.link, run.link)) last.text += run.text;
    else merged.push({ text: run.text, bold, italic: run.italic, script: run.script, link: run.link });
  }
  return merged
    .map(({ text, bold, italic, script, link, picture }) => {
      if (picture !== undefined) return picture;
      let html = escapeXml(text);
      if (script && text.trim()) html = `<${SCRIPT_ELEMENT[script]}>${html}</${SCRIPT_ELEMENT[script]}>`;
      if (italic && text.trim()) html = `<em>${html}</em>`;
      if (bold && text.trim()) html = `<strong>${html}</strong>`;
      const href = linkHref(link, options);
      if (href !== undefined && text.trim()) html = `<a href="${escapeXml(href)}">${html}</a>`;
      return html;
    })
    .join('');
}

function alignmentAttribute(p: ParagraphBlock): string {
  return p.alignment === 'left' ? '' : ` class="align-${p.alignment}"`;
}

function paragraphMarkup(p: ParagraphBlock, options: MarkupOptions): string {
  // A code listing keeps its spaces and line breaks.
  if (p.preformatted) return `<pre>${runsMarkup(p.runs, false, options)}</pre>`;
  if (p.headingLevel) {
    const id = options.headingId?.(p);
    const idAttribute = id ? ` id="${id}"` : '';
    return `<h${p.headingLevel}${idAttribute}${alignmentAttribute(p)}>${runsMarkup(p.runs, true, options)}</h${p.headingLevel}>`;
  }
  return `<p${alignmentAttribute(p)}>${runsMarkup(p.runs, false, options)}</p>`;
}

function listItemMarkup(p: ParagraphBlock, options: MarkupOptions): string {
  // The marker the PDF showed stays as text ("（一）", "3.", "•"), so copied text reads as printed.
  const marker = p.list ? `<span class="marker">${escapeXml(p.list.marker)}</span>` : '';
  return `<li>${marker}${runsMarkup(p.runs, false, options)}</li>`;
}

const ORDERED: Record<ListKind, boolean> = { bullet: false, decimal: true, lowerLetter: true, upperLetter: true, chinese: true };

const SIDES = ['top', 'bottom', 'left', 'right'] as const satisfies readonly (keyof CellEdges)[];

/** A table drawn with some rules only (booktabs) shows those and no others; a full grid keeps the plain grid of the CSS. */
function tableMarkup(table: TableBlock, options: MarkupOptions): string {
  const asDrawn = !isFullGrid(table.rules, table.cells);
  const rows = table.ys.slice(1).map((_, row) => {
    const cells = table.cells
      .filter((cell) => cell.row === row)
      .sort((a, b) => a.column - b.column)
      .map((cell) => {
        const span = (cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '') + (cell.columnSpan > 1 ? ` colspan="${cell.columnSpan}"` : '');
        const edges = asDrawn ? cellEdges(table.rules, cell) : undefined;
        const ruled = edges ? SIDES.filter((side) => edges[side]).map((side) => `rule-${side}`) : [];
        const content = cell.paragraphs.map((p) => (p.list ? `<p>${escapeXml(p.list.marker)}${runsMarkup(p.runs, false, options)}</p>` : paragraphMarkup({ ...p, headingLevel: undefined }, options))).join('');
        return `<td${span}${ruled.length ? ` class="${ruled.join(' ')}"` : ''}>${content}</td>`;
      });
    return `<tr>${cells.join('')}</tr>`;
  });
  // A table wider than a phone scrolls in its own box instead of widening the page.
  return `<div class="table-wrap"><table${asDrawn ? ' class="as-drawn"' : ''}><tbody>${rows.join('')}</tbody></table></div>`;
}

function imageMarkup(image: ImageBlock, page: PageLayout, options: MarkupOptions): string {
  const width = Math.round(image.box.x1 - image.box.x0);
  const centred = Math.abs(image.box.x0 - (page.width - image.box.x1)) < 0.05 * page.width;
  // Width as a share of the page, so the picture keeps its place in the flow on any screen.
  const share = Math.min(100, Math.max(1, Math.round((width / page.width) * 100)));
  return `<div class="figure${centred ? ' align-center' : ''}"><img src="${escapeXml(options.imageSource(image))}" alt="" style="width:${share}%" /></div>`;
}

/**
 * Pictures side by side (layout/image-rows.ts) as a row of cells, each picture with its captions
 * under it; widths are shares of the page and the gaps stay as printed. Each picture keeps its
 * height above the row's bottom line (a margin in % is a share of the cell's width).
 */
function imageRowMarkup(row: RowOfImages, page: PageLayout, options: MarkupOptions): string {
  const bounds = cellBounds(row);
  const share = (points: number) => Math.round((points / page.width) * 1000) / 10;
  const top = Math.min(...row.cells.map((c) => c.image.box.y0));
  const cells = row.cells.map(({ image, captions }, i) => {
    const cellWidth = bounds[i + 1] - bounds[i];
    const percentOfCell = (points: number) => Math.round((points / cellWidth) * 1000) / 10;
    const picture = `<img src="${escapeXml(options.imageSource(image))}" alt="" style="width:${percentOfCell(image.box.x1 - image.box.x0)}%;margin-top:${percentOfCell(image.box.y0 - top)}%" />`;
    const text = captions.map((p) => paragraphMarkup({ ...p, headingLevel: undefined }, options)).join('');
    return `<div style="width:${share(cellWidth)}%">${picture}${text}</div>`;
  });
  // Indented from the page's text as far as it was.
  const contentLeft = Math.min(...page.blocks.map((b) => b.box.x0));
  return `<div class="figure-row" style="margin-left:${share(Math.max(0, bounds[0] - contentLeft))}%">${cells.join('')}</div>`;
}

/** The blocks of one page in reading order; consecutive list items of one kind make one list. */
export function pageMarkup(page: PageLayout, options: MarkupOptions): string {
  const out: string[] = [];
  let openList: { kind: ListKind; items: string[]; start: number } | undefined;
  const closeList = () => {
    if (!openList) return;
    const tag = ORDERED[openList.kind] ? 'ol' : 'ul';
    const start = tag === 'ol' && openList.start !== 1 ? ` start="${openList.start}"` : '';
    out.push(`<${tag}${start}>${openList.items.join('')}</${tag}>`);
    openList = undefined;
  };
  for (let index = 0; index < page.blocks.length; index++) {
    const block: Block = page.blocks[index];
    const row = imageRowAt(page.blocks, index);
    if (row) {
      closeList();
      out.push(imageRowMarkup(row.row, page, options));
      index = row.next - 1;
      continue;
    }
    if (block.kind === 'paragraph' && block.list) {
      if (openList?.kind !== block.list.kind) {
        closeList();
        openList = { kind: block.list.kind, items: [], start: block.list.value };
      }
      openList.items.push(listItemMarkup(block, options));
      continue;
    }
    closeList();
    if (block.kind === 'paragraph') out.push(paragraphMarkup(block, options));
    else if (block.kind === 'table') out.push(tableMarkup(block, options));
    else out.push(imageMarkup(block, page, options));
  }
  closeList();
  return out.join('\n');
}

/**
 * The look both outputs share: readable flowing text. Latin faces come first so Latin letters and
 * quotes keep Latin widths; Chinese characters fall through to the first Chinese face the reader has.
 */
export const BASE_CSS = `
body { font-family: Georgia, "Times New Roman", "Liberation Serif", "Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", SimSun, serif; line-height: 1.6; }
h1, h2, h3 { font-family: "Helvetica Neue", Arial, "Liberation Sans", "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif; line-height: 1.3; }
p { margin: 0.5em 0; }
.align-center { text-align: center; }
.align-right { text-align: right; }
ul, ol { list-style-type: none; padding-left: 1.5em; }
li { margin: 0.25em 0; }
li > .marker { margin-left: -1.5em; display: inline-block; min-width: 1.5em; }
.table-wrap { overflow-x: auto; margin: 0.75em 0; }
table { border-collapse: collapse; }
td { border: 1px solid #888; padding: 0.2em 0.4em; vertical-align: top; }
td > p { margin: 0; }
sup, sub { line-height: 0; }
table.as-drawn td { border: none; }
table.as-drawn td.rule-top { border-top: 1px solid #888; }
table.as-drawn td.rule-bottom { border-bottom: 1px solid #888; }
table.as-drawn td.rule-left { border-left: 1px solid #888; }
table.as-drawn td.rule-right { border-right: 1px solid #888; }
.figure { margin: 0.75em 0; }
.figure img { max-width: 100%; height: auto; }
.figure-row { display: flex; align-items: flex-start; margin: 0.75em 0; }
.figure-row > div { display: inline-block; vertical-align: top; flex: none; text-align: center; }
pre { font-family: Consolas, "Courier New", "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 0.85em; line-height: 1.35; margin: 0.75em 0; overflow-x: auto; }
.figure-row img { max-width: 100%; height: auto; }
.figure-row p { margin: 0.25em 0 0; overflow-wrap: anywhere; }
@media (max-width: 480px) { .figure-row p { font-size: 0.8em; } }
`;
