// One page the layout analysis or a writer cannot rebuild must not fail a whole document (a
// 117-page thesis lost to one odd figure): that page goes in as a picture of itself, its text kept
// for the sheet, and the task's message names the pages treated so.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ConvertContext } from '../../types';
import { drawPageClips } from './extraction/page-clips';
import type { ImageBlock, PageLayout } from './layout/blocks';
import { layoutPage } from './layout/page-layout';
import { linesOfPage, type TextLine } from './layout/text-lines';
import type { PdfPage } from './page-content';
import { logger } from '../../../log';

/** What a writer gets to fall back on for a page it fails on. */
export interface PageFallback {
  /** The page as one picture of itself (counted as degraded). */
  picture(page: PageLayout): Promise<PageLayout>;
  /** Counts a page the writer put in some simpler way of its own (a sheet's plain rows). */
  degraded(pageNumber: number, error: unknown): void;
}

/** Collects the numbers of the pages that went in degraded, for the task's message. */
export class DegradedPages {
  private readonly numbers = new Set<number>();

  add(pageNumber: number, error: unknown): void {
    logger.warn({ err: error, page: pageNumber }, 'pdf layout: page degraded');
    this.numbers.add(pageNumber);
  }

  get pages(): number[] {
    return [...this.numbers].sort((a, b) => a - b);
  }
}

function wholePage(page: { number: number; width: number; height: number }, lines: TextLine[]): PageLayout {
  const picture: ImageBlock = { kind: 'image', box: { x0: 0, y0: 0, x1: page.width, y1: page.height }, file: '', renderFrom: page.number };
  return { number: page.number, width: page.width, height: page.height, blocks: [picture], sheetLines: [{ at: 0, lines }], rules: [] };
}

/** The page laid out, or (when the analysis fails on it) as a picture of itself with its text lines. */
export function layoutOrPicture(page: PdfPage, degraded: DegradedPages): PageLayout {
  try {
    return layoutPage(page);
  } catch (error) {
    degraded.add(page.number, error);
    return wholePage(page, linesOfPage(page.lines));
  }
}

/**
 * Draws the pictures the layout asked for (figures, degraded pages) into `workDir`. A picture
 * mutool cannot draw is left out, and its page counted as degraded. With `labelsAsText` (a writer
 * that places a figure's labels over it), a figure is drawn without its labels' text and keeps
 * the labels found drawn; otherwise, or when that drawing fails, it is drawn with its text and
 * carries no labels.
 */
export async function drawPictures(
  pdfPath: string,
  pages: readonly PageLayout[],
  degraded: DegradedPages,
  ctx: Pick<ConvertContext, 'workDir' | 'signal'>,
  { labelsAsText = false }: { labelsAsText?: boolean } = {},
): Promise<void> {
  const pending = pages.flatMap((page) =>
    page.blocks.filter((b): b is ImageBlock & { renderFrom: number } => b.kind === 'image' && b.renderFrom !== undefined && b.file === ''),
  );
  for (const block of pending) block.file = path.join(ctx.workDir, `drawn-${block.renderFrom}-${randomUUID()}.png`);
  const clips = pending.map((b) => ({ page: b.renderFrom, box: b.box, file: b.file, labels: labelsAsText ? b.labels?.map((label) => label.glyphs) : undefined }));
  const drawn = await drawPageClips(pdfPath, clips, ctx);
  for (const block of pending) {
    const found = new Set(drawn.get(block.file)?.labelsLeftOut ?? []);
    const labels = block.labels?.filter((_, i) => found.has(i)) ?? [];
    if (labels.length) block.labels = labels;
    else delete block.labels;
  }
  for (const page of pages) {
    const missing = page.blocks.filter((b) => b.kind === 'image' && b.renderFrom !== undefined && !drawn.has(b.file));
    if (missing.length === 0) continue;
    degraded.add(page.number, new Error('page clip not drawn'));
    page.blocks = page.blocks.filter((b) => !missing.includes(b));
  }
}

/** The fallback writers use, drawing a page when one asks for it. */
export function pageFallback(pdfPath: string, degraded: DegradedPages, ctx: Pick<ConvertContext, 'workDir' | 'signal'>): PageFallback {
  return {
    async picture(page) {
      degraded.add(page.number, new Error('writer failed on the page'));
      const layout = wholePage(page, page.sheetLines.flatMap((group) => group.lines));
      await drawPictures(pdfPath, [layout], new DegradedPages(), ctx);
      return layout;
    },
    degraded: (pageNumber, error) => degraded.add(pageNumber, error),
  };
}
