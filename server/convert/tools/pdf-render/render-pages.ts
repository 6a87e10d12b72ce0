// Renders PDF pages to raster files with `mutool draw` (several times faster than pdftoppm),
// splitting the pages over one process per core. Every page is held to a pixel budget: a page
// larger than the budget at the asked resolution is drawn at the resolution that fits it (a
// 409-byte PDF can claim one 3000 pt page, 625 megapixels at 600 dpi).
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runEngine } from '../../engines';
import { withFieldAppearances } from './field-appearances';
import { readPageSizes } from './page-sizes';
import { corruptOnEngineFailure } from './pdf-input';

/** 40 megapixels: an A4 page at 600 dpi (34.8 MP) keeps its resolution. */
export const MAX_PAGE_PIXELS = 40_000_000;

/** The resolution a page of this size (points) is drawn at: the asked one, or lower to fit the budget. */
export function budgetedDpi(widthPt: number, heightPt: number, dpi: number): number {
  const pixels = ((widthPt * dpi) / 72) * ((heightPt * dpi) / 72);
  if (pixels <= MAX_PAGE_PIXELS) return dpi;
  return Math.max(1, Math.floor(72 * Math.sqrt(MAX_PAGE_PIXELS / (widthPt * heightPt))));
}

export interface RenderedPage {
  page: number;
  file: string;
  /** The resolution it was drawn at (lower than asked for a page beyond the pixel budget). */
  dpi: number;
}

export interface RenderOptions {
  dpi: number;
  format: 'png';
  workDir: string;
  signal?: AbortSignal;
  /** Called with the share of pages done, 0–1. */
  onProgress?(done: number): void;
}

/** Contiguous runs of pages, one per process, so each process keeps its own page cache warm. */
function splitIntoChunks(pages: readonly number[], chunkCount: number): number[][] {
  const size = Math.ceil(pages.length / chunkCount);
  const chunks: number[][] = [];
  for (let start = 0; start < pages.length; start += size) chunks.push(pages.slice(start, start + size));
  return chunks;
}

export async function renderPages(source: string, pages: readonly number[], options: RenderOptions): Promise<RenderedPage[]> {
  const pdfPath = await withFieldAppearances(source, options.workDir, options.signal);
  const outputDir = path.join(options.workDir, `pages-${randomUUID()}`);
  await mkdir(outputDir);
  const fileOf = (page: number) => path.join(outputDir, `${page}.${options.format}`);
  const sizes = new Map((await readPageSizes(pdfPath, Math.max(...pages), options.signal)).map((size) => [size.page, size]));
  const dpiOf = new Map(pages.map((page) => {
    const size = sizes.get(page);
    return [page, size ? budgetedDpi(size.width, size.height, options.dpi) : options.dpi];
  }));
  // Pages at the asked resolution share processes; each oversized page gets one of its own.
  const normal = pages.filter((page) => dpiOf.get(page) === options.dpi);
  const oversized = pages.filter((page) => dpiOf.get(page) !== options.dpi);
  const runs = [
    ...splitIntoChunks(normal, Math.min(os.availableParallelism(), Math.max(1, normal.length))).map((chunk) => ({ chunk, dpi: options.dpi })),
    ...oversized.map((page) => ({ chunk: [page], dpi: dpiOf.get(page)! })),
  ];
  let pagesDone = 0;
  await Promise.all(
    runs.map(async ({ chunk, dpi }) => {
      const args = ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', path.join(outputDir, `%d.${options.format}`), pdfPath, chunk.join(',')];
      await corruptOnEngineFailure(runEngine('mutool', args, { signal: options.signal }));
      pagesDone += chunk.length;
      options.onProgress?.(pagesDone / pages.length);
    }),
  );
  return pages.map((page) => ({ page, file: fileOf(page), dpi: dpiOf.get(page)! }));
}
