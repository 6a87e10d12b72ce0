// pdf-split: one PDF into several — by the ranges the visitor lists, every n pages, or page by page.
// qpdf writes the parts (qpdf-pages.ts), so a part keeps the form fields and page labels of its
// pages (pdf-lib's copyPages left the form behind), and carried-outline.ts gives each part the
// bookmarks into its pages and the document information; each part keeps the document's
// attachments, its pages' labels and the links among its pages (carried-attachments.ts, carried-pages.ts).
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ConvertContext, ConvertInput, Converter, ConvertOutput } from '../../types';
import { corruptOnEngineFailure } from '../pdf-render/pdf-input';
import { forEachPdf } from './each-pdf';
import type { JobProgress } from './job-progress';
import { pagesOption, parsePageRanges, type PageRange } from '../../page-ranges';
import { baseName } from './pdf-files';
import { carryToParts } from './carried-outline';
import { withAttachmentsOf } from './carried-attachments';
import { LinksAndLabels } from './carried-pages';
import { KeptTextCheck, type PageOrigin } from '../pdf-kept-text';
import { splitEvery, writePages } from './qpdf-pages';

const options = z.object({
  mode: z.enum(['ranges', 'every', 'single']).default('single'),
  /** Mode "ranges": each range becomes one file. */
  pages: pagesOption,
  /** Mode "every": pages per file. */
  n: z.coerce.number().int().min(1).max(100_000).default(1),
});
type SplitOptions = z.infer<typeof options>;

/** Pages per part when the parts are all alike (every n pages, page by page); undefined for listed ranges. */
function partSize({ mode, n }: SplitOptions): number | undefined {
  if (mode === 'ranges') return undefined;
  return mode === 'every' ? n : 1;
}

function partsOf(splitOptions: SplitOptions, pageCount: number): PageRange[] {
  const size = partSize(splitOptions);
  if (size === undefined) return parsePageRanges(splitOptions.pages, pageCount);
  const parts: PageRange[] = [];
  for (let from = 1; from <= pageCount; from += size) parts.push({ from, to: Math.min(from + size - 1, pageCount) });
  return parts;
}

const workFile = (ctx: ConvertContext) => path.join(ctx.workDir, `${randomUUID()}.pdf`);

async function writeParts(input: ConvertInput, parts: readonly PageRange[], size: number | undefined, ctx: ConvertContext, progress: JobProgress): Promise<string[]> {
  if (size === undefined) {
    const files: string[] = [];
    await progress.forEach(parts, async (range) => {
      const file = workFile(ctx);
      await writePages([{ path: input.path, range }], file, ctx.signal);
      files.push(file);
    });
    return files;
  }
  const folder = path.join(ctx.workDir, randomUUID());
  await mkdir(folder);
  const targets = parts.map(() => workFile(ctx));
  const files = await splitEvery(input.path, size, folder, (index) => targets[index]!, ctx.signal);
  if (files.length !== parts.length) throw new Error(`qpdf wrote ${files.length} parts, expected ${parts.length}`);
  progress.report(1);
  return files;
}

export const splitConverter: Converter<SplitOptions> = {
  toolId: 'pdf-split',
  options,
  engines: ['qpdf'],
  convert: ({ inputs, options: splitOptions }, ctx) =>
    // pdf-lib opens each file first: its refusals (encrypted, damaged) name the file, and it counts the pages.
    forEachPdf(inputs, ctx, async (doc, input, progress) => {
      const parts = partsOf(splitOptions, doc.getPageCount());
      // A file pdf-lib opened and qpdf cannot write is damaged beyond what either repairs.
      const written = await corruptOnEngineFailure(writeParts(input, parts, partSize(splitOptions), ctx, progress));
      const outlined = await corruptOnEngineFailure(carryToParts(input, written, parts, ctx));
      const attached = await corruptOnEngineFailure(withAttachmentsOf(input.path, outlined, ctx));
      const check = new KeptTextCheck({ sources: [input] }, ctx.workDir, ctx.signal);
      const carrier = new LinksAndLabels([input], ctx);
      const files: string[] = [];
      for (const [index, file] of attached.entries()) {
        const { from, to } = parts[index]!;
        const origins = Array.from({ length: to - from + 1 }, (_, offset): PageOrigin => ({ source: 0, page: from + offset }));
        const linked = await corruptOnEngineFailure(carrier.carry(file, origins));
        await check.assertKept({ path: linked }, origins);
        files.push(linked);
      }
      return files.map((file, index): ConvertOutput => {
        const { from, to } = parts[index]!;
        return { name: `${baseName(input)}_${from === to ? from : `${from}-${to}`}.pdf`, path: file };
      });
    }),
};
