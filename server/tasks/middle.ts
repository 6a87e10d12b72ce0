// The generic first step of a two-step task, for PDF tools whose converter has no `middle` of its
// own: small page thumbnails the visitor picks pages from, and the page count. A tool that combines
// files (merge, insert) shows one card per file, so only its first page is drawn (the count is
// still the whole file's).
import path from 'node:path';
import type { Converter, ConvertContext, ConvertJob, MiddleResult } from '../convert/types';
import { ConvertError } from '../convert/errors';
import type { Tool } from '../../shared/catalogue';
import { groupTaskPerFile } from './groups';
import { pageCount, renderPages } from './preview';
import { TASK_MESSAGES } from './messages';

const THUMBNAIL_DPI = 40;
/** A thumbnail never needs more; a page claiming to be metres wide is drawn smaller instead. */
const THUMBNAIL_MAX_SIDE = 400;

export function hasMiddleStep(tool: Tool, converter: Converter<unknown>): boolean {
  return Boolean(converter.middle) || tool.accept.includes('pdf');
}

/**
 * The generic thumbnails cost the visitor nothing (they come as soon as a file is chosen, one task
 * per file of a merge): the use is counted when the final run starts. A converter's own first
 * step (the ID photo's preview) is the work itself and counts at once.
 */
export function middleIsFree(converter: Converter<unknown>): boolean {
  return !converter.middle;
}

export async function runMiddle(converter: Converter<unknown>, job: ConvertJob<unknown>, ctx: ConvertContext): Promise<MiddleResult> {
  if (converter.middle) return converter.middle(job, ctx);
  const pdf = job.inputs.find((input) => input.type === 'pdf');
  if (!pdf) throw new ConvertError(TASK_MESSAGES.noMiddleStep);
  const pages = await pageCount(pdf.path, ctx.signal);
  const files = await renderPages(pdf.path, path.join(ctx.workDir, 'thumbs'), {
    dpi: THUMBNAIL_DPI,
    maxSide: THUMBNAIL_MAX_SIDE,
    ...(!groupTaskPerFile(converter.toolId) && { lastPage: 1 }),
    signal: ctx.signal,
    onPage: (page) => ctx.progress(Math.min(100, Math.round((page / pages) * 100))),
  });
  return {
    outputs: files.map((file, i) => ({ name: `page-${i + 1}.png`, path: file })),
    data: { pageCount: pages },
  };
}
