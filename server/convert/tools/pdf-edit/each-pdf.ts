// Most tools treat every uploaded PDF alike and independently; this is that loop, once.
import type { PDFDocument } from 'pdf-lib';
import { ConvertError } from '../../errors';
import type { ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { JobProgress } from './job-progress';
import { baseName, loadPdf, savePdf } from './pdf-files';

export type PdfWork = (doc: PDFDocument, input: ConvertInput, progress: JobProgress) => Promise<ConvertOutput[]>;
export type PdfEdit = (doc: PDFDocument, progress: JobProgress) => void | Promise<void>;

/** Opens each PDF in turn and lets `work` turn it into results, sharing the progress bar between files. */
export async function forEachPdf(inputs: readonly ConvertInput[], ctx: ConvertContext, work: PdfWork): Promise<ConvertOutput[]> {
  if (inputs.length === 0) throw new ConvertError('请上传PDF文件');
  const progress = new JobProgress(ctx);
  const outputs: ConvertOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    ctx.signal.throwIfAborted();
    const doc = await loadPdf(input, inputs);
    outputs.push(...(await work(doc, input, progress.part(index, inputs.length))));
  }
  return outputs;
}

/** Changes each PDF in place with `edit`; one result per file, named "原名_<suffix>.pdf". */
export function editEachPdf(inputs: readonly ConvertInput[], ctx: ConvertContext, suffix: string, edit: PdfEdit): Promise<ConvertOutput[]> {
  return forEachPdf(inputs, ctx, async (doc, input, progress) => {
    await edit(doc, progress.slice(0, 0.9));
    const output = await savePdf(doc, ctx, `${baseName(input)}_${suffix}.pdf`);
    progress.report(1);
    return [output];
  });
}
