// Renders PDF pages to raster files with `mutool draw` (several times faster than pdftoppm),
// splitting the pages over one process per core.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runEngine } from '../../engines';
import { corruptOnEngineFailure } from './pdf-input';

export interface RenderedPage {
  page: number;
  file: string;
}

export interface RenderOptions {
  dpi: number;
  /** `pnm` is raw RGB: cheapest when the pixels are re-encoded anyway (JPEG). */
  format: 'png' | 'pnm';
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

export async function renderPages(pdfPath: string, pages: readonly number[], options: RenderOptions): Promise<RenderedPage[]> {
  const outputDir = path.join(options.workDir, `pages-${randomUUID()}`);
  await mkdir(outputDir);
  const fileOf = (page: number) => path.join(outputDir, `${page}.${options.format}`);
  const chunks = splitIntoChunks(pages, Math.min(os.availableParallelism(), pages.length));
  let pagesDone = 0;
  await Promise.all(
    chunks.map(async (chunk) => {
      const args = ['draw', '-q', '-r', String(options.dpi), '-c', 'rgb', '-o', path.join(outputDir, `%d.${options.format}`), pdfPath, chunk.join(',')];
      await corruptOnEngineFailure(runEngine('mutool', args, { signal: options.signal }));
      pagesDone += chunk.length;
      options.onProgress?.(pagesDone / pages.length);
    }),
  );
  return pages.map((page) => ({ page, file: fileOf(page) }));
}
