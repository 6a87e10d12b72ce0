// pdf-insert: blank pages, or pages of a second PDF, after a given page of the first.
import type { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertInput } from '../../types';
import { JobProgress } from './job-progress';
import { pagesOption, selectPageIndices } from '../../page-ranges';
import { baseName, loadPdf, savePdf } from './pdf-files';

const options = z.object({
  /** Insert after this page; 0 = before the first page; absent = after the last page. */
  position: z.coerce.number().int().min(0).optional(),
  /** Blank pages to insert when no second PDF is uploaded. */
  count: z.coerce.number().int().min(1).max(500).default(1),
  /** Which pages of the second PDF to insert; empty = all of them. */
  pages: pagesOption,
});
type InsertOptions = z.infer<typeof options>;

async function insertPagesOf(doc: PDFDocument, at: number, source: ConvertInput, inputs: readonly ConvertInput[], pages: string) {
  const sourceDoc = await loadPdf(source, inputs);
  const copied = await doc.copyPages(sourceDoc, selectPageIndices(pages, sourceDoc.getPageCount()));
  copied.forEach((page, offset) => doc.insertPage(at + offset, page));
}

/** Blank pages shaped like their neighbour, so they look the same in a reader and when printed. */
function insertBlankPages(doc: PDFDocument, at: number, count: number) {
  const neighbour = doc.getPage(Math.max(at - 1, 0));
  const { width, height } = neighbour.getMediaBox();
  for (let offset = 0; offset < count; offset++) {
    doc.insertPage(at + offset, [width, height]).setRotation(neighbour.getRotation());
  }
}

export const insertConverter: Converter<InsertOptions> = {
  toolId: 'pdf-insert',
  options,
  engines: [],
  async convert({ inputs, options: { position, count, pages } }, ctx) {
    const [target, source, ...extra] = inputs;
    if (!target || extra.length > 0) {
      throw new ConvertError('请上传要插入页面的PDF；如需插入其他文档的页面，再上传一个PDF（最多两个文件）');
    }
    const progress = new JobProgress(ctx);
    const doc = await loadPdf(target, inputs);
    const pageCount = doc.getPageCount();
    const at = position ?? pageCount;
    if (at > pageCount) throw new ConvertError(`插入位置超出文档范围：文档共 ${pageCount} 页，位置应在 0 到 ${pageCount} 之间`);
    progress.report(0.3);
    if (source) await insertPagesOf(doc, at, source, inputs, pages);
    else insertBlankPages(doc, at, count);
    progress.report(0.8);
    const output = await savePdf(doc, ctx, `${baseName(target)}_插入页面.pdf`);
    progress.report(1);
    return [output];
  },
};
