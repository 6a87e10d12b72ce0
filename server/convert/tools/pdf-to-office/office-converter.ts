// The shared shape of the tools that rebuild a PDF as a document (Word, Excel, PPT here; HTML and
// EPUB in tools/ebook): open the PDF (encrypted and damaged files answered in Chinese), dump the
// chosen pages with mutool, lay them out, draw the pictures the layout asks for (vector figures:
// without their text for a writer that places it over them as labels), hand the layout to one writer. A page that cannot be rebuilt goes in degraded (degraded-pages.ts)
// and the task's message says which; it never fails the document.
import path from 'node:path';
import { z } from 'zod';
import { selectPageNumbers } from '../../page-ranges';
import type { Converter, ConvertOutput } from '../../types';
import { pagesOption, passwordOption } from '../pdf-render/options';
import { outputName } from '../pdf-render/output-name';
import { corruptOnEngineFailure, openReadablePdf } from '../pdf-render/pdf-input';
import { DegradedPages, drawPictures, layoutOrPicture, pageFallback, type PageFallback } from './degraded-pages';
import { readPdfPages } from './extraction/read-pages';
import { unreadableNote } from './extraction/unmapped-glyphs';
import type { ImageBlock, PageLayout } from './layout/blocks';
import { assignHeadings } from './layout/headings';
import { containsPoint, type PdfPage } from './page-content';

const layoutOptions = z.object({
  pages: pagesOption,
  password: passwordOption,
  /** At most this many of the chosen pages, from the first (a try-out's result: server/tasks/tryout.ts). */
  pageLimit: z.coerce.number().int().min(1).max(100_000).optional(),
});

export type LayoutOptions = z.infer<typeof layoutOptions>;

/**
 * Writes the laid-out pages to `file`; `title` is the output's name without extension. A writer
 * that fails on one page puts it in through `fallback` rather than failing the file.
 */
export type LayoutWriter = (pages: readonly PageLayout[], file: string, title: string, fallback: PageFallback) => Promise<void>;

/** Pages named in a task's message before the rest are counted. */
const MAX_NAMED_PAGES = 10;

/** The task's note on degraded pages, in Chinese: 第3、5页版面未能还原… */
export function degradedNote(pages: readonly number[], fileName?: string): string {
  const named = pages.slice(0, MAX_NAMED_PAGES).join('、');
  const more = pages.length > MAX_NAMED_PAGES ? `等${pages.length}页` : '页';
  return `${fileName ? `${fileName}：` : ''}第${named}${more}版面未能完整还原，已按原样（图片或文本行）保留`;
}

/** Share of the progress bar reading the pages takes (their dump, then glyph OCR); layout and writing take the rest. */
const READ_SHARE = 80;

export interface LayoutSource {
  /** The visitor's PDF (its name stays display only). */
  path: string;
  pages: string;
  password: string;
  pageLimit?: number;
  /** The writer places figures' labels as text over their pictures (LayoutWriterTraits). */
  labelsAsText?: boolean;
}

/**
 * How many of a page's unreadable glyphs the output lacks: those that take no room but stand in a
 * picture drawn from the page (a figure: XY-pic's arrow tips) are in that picture.
 */
function leftOut(page: PdfPage, layout: PageLayout): number | undefined {
  const drawn = layout.blocks.filter((b): b is ImageBlock => b.kind === 'image' && b.renderFrom === page.number).map((b) => b.box);
  const kept = (page.roomless ?? []).filter(({ box }) => drawn.some((d) => containsPoint(d, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))).reduce((sum, run) => sum + run.glyphs, 0);
  return page.unreadable === undefined ? undefined : page.unreadable - kept || undefined;
}

/**
 * Opens a PDF (encrypted and damaged files answered in Chinese), dumps the chosen pages with mutool
 * and lays them out with document-wide headings: what every writer of this layout starts from.
 */
export async function readPdfLayouts(
  source: LayoutSource,
  { workDir, signal, onProgress, deadline }: { workDir: string; signal: AbortSignal; onProgress?: (fraction: number) => void; deadline?: number },
): Promise<{ layouts: PageLayout[]; degraded: DegradedPages; fallback: PageFallback; unreadable: { number: number; unreadable?: number; pictured?: number }[] }> {
  const pdf = await openReadablePdf(source.path, { password: source.password, workDir, signal });
  const pageNumbers = selectPageNumbers(source.pages, pdf.pageCount).slice(0, source.pageLimit);
  // Pages are reflowed here, so a page whose /Rotate turns its text is read upright, from a copy
  // (unrotated-pages.ts) that every picture of the pages is then rendered from too.
  const reading = await corruptOnEngineFailure(readPdfPages(pdf.path, pageNumbers, { workDir, signal, onProgress, deadline, uprightTurnedPages: true }));
  const degraded = new DegradedPages();
  const layouts = reading.pages.map((page) => layoutOrPicture(page, degraded));
  assignHeadings(layouts);
  await drawPictures(reading.pdfPath, layouts, degraded, { workDir, signal }, { labelsAsText: source.labelsAsText });
  const unreadable = reading.pages.map((page, i) => ({ number: page.number, unreadable: leftOut(page, layouts[i]), pictured: page.pictured }));
  return { layouts, degraded, fallback: pageFallback(reading.pdfPath, degraded, { workDir, signal }), unreadable };
}

/** What a writer does with the layout beyond the blocks. */
export interface LayoutWriterTraits {
  /**
   * It places each figure's labels (ImageBlock.labels) as text over the figure's picture, which
   * is then drawn without them. A writer that does not gets figures with their text drawn in.
   */
  labelsAsText?: boolean;
}

export function pdfLayoutConverter(toolId: string, extension: string, write: LayoutWriter, { labelsAsText = false }: LayoutWriterTraits = {}): Converter<LayoutOptions> {
  return {
    toolId,
    options: layoutOptions,
    engines: ['qpdf', 'mutool'],
    async convert({ inputs, options }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const { layouts, degraded, fallback, unreadable } = await readPdfLayouts(
          { path: input.path, pages: options.pages, password: options.password, pageLimit: options.pageLimit, labelsAsText },
          {
            workDir: ctx.workDir,
            signal: ctx.signal,
            deadline: ctx.deadline,
            onProgress: (fraction) => ctx.progress(Math.round(((index + fraction) / inputs.length) * READ_SHARE)),
          },
        );
        const name = outputName(input.name, '', extension);
        const file = path.join(ctx.workDir, `${index + 1}.${extension}`);
        await write(layouts, file, path.basename(name, `.${extension}`), fallback);
        outputs.push({ name, path: file });
        if (degraded.pages.length) ctx.note?.(degradedNote(degraded.pages, inputs.length > 1 ? input.name : undefined));
        const unreadableText = unreadableNote(unreadable, inputs.length > 1 ? input.name : undefined);
        if (unreadableText) ctx.note?.(unreadableText);
      }
      ctx.progress(100);
      return outputs;
    },
  };
}
