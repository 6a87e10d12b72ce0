// Most tools treat every uploaded PDF alike and independently; this is that loop, once.
import { PDFPageLeaf, type PDFDocument, type PDFRef } from 'pdf-lib';
import { ConvertError } from '../../errors';
import type { ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { assertTextKept, type PageOrigin, type TextChange } from '../pdf-kept-text';
import { JobProgress } from './job-progress';
import { baseName, loadPdf, savePdf } from './pdf-files';
import { carryLinksAndLabels } from './carried-pages';

export type PdfWork = (doc: PDFDocument, input: ConvertInput, progress: JobProgress) => Promise<ConvertOutput[]>;
/** Changes `doc`; returns what it did to each page's text (1-based page of the result) when it added or removed some. */
export type PdfEdit = (doc: PDFDocument, progress: JobProgress) => void | PageTextChange | Promise<void | PageTextChange>;
export type PageTextChange = (resultPage: number) => TextChange;

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

/** The page objects in page order, read from the page tree (pdf-lib's getPages() is cached and misses removePage). */
function pageRefs(doc: PDFDocument): PDFRef[] {
  const refs: PDFRef[] = [];
  doc.catalog.Pages().traverse((node, ref) => {
    if (node instanceof PDFPageLeaf) refs.push(ref);
  });
  return refs;
}

/** Where each page of `doc` came from: its page in the file as loaded (`before`, the page refs then), or nowhere. */
function pageOrigins(doc: PDFDocument, before: readonly PDFRef[]): PageOrigin[] {
  return pageRefs(doc).map((ref) => {
    const index = before.indexOf(ref);
    return index < 0 ? 'new' : { source: 0, page: index + 1 };
  });
}

const keepsEveryPage = (origins: readonly PageOrigin[]) => origins.every((origin, index) => origin !== 'new' && origin.page === index + 1);

/**
 * Changes each PDF in place with `edit`; one result per file, named "原名_<suffix>.pdf". When the
 * edit removed or added pages, links and page labels are pointed at the pages as they now are;
 * the result's text is checked against the input's, page by page (pdf-kept-text).
 */
export function editEachPdf(inputs: readonly ConvertInput[], ctx: ConvertContext, suffix: string, edit: PdfEdit): Promise<ConvertOutput[]> {
  return forEachPdf(inputs, ctx, async (doc, input, progress) => {
    const before = pageRefs(doc);
    const change = (await edit(doc, progress.slice(0, 0.9))) ?? undefined;
    const pages = pageOrigins(doc, before);
    const saved = await savePdf(doc, ctx, `${baseName(input)}_${suffix}.pdf`);
    const output = keepsEveryPage(pages) ? saved : { ...saved, path: await carryLinksAndLabels(saved.path, [input], pages, ctx) };
    await assertTextKept(output, { sources: [input], pages, change }, ctx);
    progress.report(1);
    return [output];
  });
}
