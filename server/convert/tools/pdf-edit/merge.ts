// pdf-merge: the uploaded PDFs, in upload order, as one document. qpdf does the merge (it is
// faster than pdf-lib on hundreds of files and repairs small damage), then the inputs' bookmarks
// are joined under one entry per file (carried-outline.ts); when qpdf refuses an input (an open
// password, damage beyond repair), pdf-lib runs the merge so the error names the file. Every
// input's attachments come along (carried-attachments.ts), and links and page labels are pointed
// at the merged pages (carried-pages.ts).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { allPagesOf, assertTextKept } from '../pdf-kept-text';
import { countPdfPages } from '../pdf-render/pdf-input';
import { JobProgress } from './job-progress';
import { joinOutlines } from './carried-outline';
import { baseName, loadPdf, savePdf } from './pdf-files';
import { writePages } from './qpdf-pages';
import { copyAttachmentsOptions } from './carried-attachments';
import { carryLinksAndLabels } from './carried-pages';
import type { PageOrigin } from '../pdf-kept-text';

const options = z.object({});

async function mergeWithQpdf(inputs: readonly ConvertInput[], origins: readonly PageOrigin[], ctx: ConvertContext, name: string): Promise<ConvertOutput> {
  const file = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  const paths = inputs.map((input) => input.path);
  await writePages(inputs, file, ctx.signal, await copyAttachmentsOptions(paths, ctx));
  const linked = await carryLinksAndLabels(file, inputs, origins, ctx);
  return { name, path: await joinOutlines(inputs, linked, ctx) };
}

async function mergeWithPdfLib(inputs: readonly ConvertInput[], ctx: ConvertContext, name: string): Promise<ConvertOutput> {
  const merged = await PDFDocument.create();
  const progress = new JobProgress(ctx);
  await progress.slice(0, 0.9).forEach(inputs, async (input) => {
    const doc = await loadPdf(input, inputs);
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  });
  return savePdf(merged, ctx, name);
}

export const mergeConverter: Converter<z.infer<typeof options>> = {
  toolId: 'pdf-merge',
  options,
  engines: ['qpdf'],
  async convert({ inputs }, ctx) {
    if (inputs.length < 2) throw new ConvertError('请至少上传两个PDF文件再合并');
    const name = `${baseName(inputs[0]!)}_合并.pdf`;
    // The merged pages are every input's pages, in upload order.
    const counts = await Promise.all(inputs.map((input) => countPdfPages(input.path, { password: '', workDir: ctx.workDir, signal: ctx.signal }).catch(() => 0)));
    const origins = counts.flatMap((count, source) => allPagesOf(source, count));
    let output: ConvertOutput;
    try {
      // An input qpdf cannot open (an open password, damage) goes straight to pdf-lib, whose refusal names it.
      if (counts.includes(0)) throw new Error('an input qpdf cannot open');
      output = await mergeWithQpdf(inputs, origins, ctx, name);
    } catch (error) {
      if (error instanceof ConvertError || ctx.signal.aborted) throw error;
      output = await mergeWithPdfLib(inputs, ctx, name);
    }
    await assertTextKept(output, { sources: inputs, pages: origins }, ctx);
    ctx.progress(100);
    return [output];
  },
};
