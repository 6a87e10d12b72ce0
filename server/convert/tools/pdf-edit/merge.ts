// pdf-merge: the uploaded PDFs, in upload order, as one document.
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { JobProgress } from './job-progress';
import { baseName, loadPdf, savePdf } from './pdf-files';

const options = z.object({});

export const mergeConverter: Converter<z.infer<typeof options>> = {
  toolId: 'pdf-merge',
  options,
  engines: [],
  async convert({ inputs }, ctx) {
    if (inputs.length < 2) throw new ConvertError('请至少上传两个PDF文件再合并');
    const merged = await PDFDocument.create();
    const progress = new JobProgress(ctx);
    await progress.slice(0, 0.9).forEach(inputs, async (input) => {
      const doc = await loadPdf(input, inputs);
      for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
    });
    const output = await savePdf(merged, ctx, `${baseName(inputs[0]!)}_合并.pdf`);
    progress.report(1);
    return [output];
  },
};
