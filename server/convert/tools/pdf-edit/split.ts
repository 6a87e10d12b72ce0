// pdf-split: one PDF into several — by the ranges the visitor lists, every n pages, or page by page.
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import type { Converter, ConvertOutput } from '../../types';
import { forEachPdf } from './each-pdf';
import { pagesOption, parsePageRanges, type PageRange } from '../../page-ranges';
import { baseName, savePdf } from './pdf-files';

const options = z.object({
  mode: z.enum(['ranges', 'every', 'single']).default('single'),
  /** Mode "ranges": each range becomes one file. */
  pages: pagesOption,
  /** Mode "every": pages per file. */
  n: z.coerce.number().int().min(1).max(100_000).default(1),
});
type SplitOptions = z.infer<typeof options>;

function partsOf({ mode, pages, n }: SplitOptions, pageCount: number): PageRange[] {
  if (mode === 'ranges') return parsePageRanges(pages, pageCount);
  const size = mode === 'every' ? n : 1;
  const parts: PageRange[] = [];
  for (let from = 1; from <= pageCount; from += size) parts.push({ from, to: Math.min(from + size - 1, pageCount) });
  return parts;
}

export const splitConverter: Converter<SplitOptions> = {
  toolId: 'pdf-split',
  options,
  engines: [],
  convert: ({ inputs, options: splitOptions }, ctx) =>
    forEachPdf(inputs, ctx, async (doc, input, progress) => {
      const outputs: ConvertOutput[] = [];
      await progress.forEach(partsOf(splitOptions, doc.getPageCount()), async ({ from, to }) => {
        const part = await PDFDocument.create();
        const indices = Array.from({ length: to - from + 1 }, (_, offset) => from - 1 + offset);
        for (const page of await part.copyPages(doc, indices)) part.addPage(page);
        const label = from === to ? `${from}` : `${from}-${to}`;
        outputs.push(await savePdf(part, ctx, `${baseName(input)}_${label}.pdf`));
      });
      return outputs;
    }),
};
