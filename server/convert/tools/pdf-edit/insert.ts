// pdf-insert: blank pages, or pages of a second PDF, after a given page of the first.
import type { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertInput } from '../../types';
import { JobProgress } from './job-progress';
import { pagesOption, selectPageIndices } from '../../page-ranges';
import { baseName, loadPdf, savePdf } from './pdf-files';
import { assertTextKept, type PageOrigin } from '../pdf-kept-text';
import { carryLinksAndLabels } from './carried-pages';

const options = z.object({
  /** Insert after this page; 0 = before the first page; absent = after the last page. */
  position: z.coerce.number().int().min(0).optional(),
  /** Blank pages to insert when no second PDF is uploaded. */
  count: z.coerce.number().int().min(1).max(500).default(1),
  /** Which pages of the second PDF to insert; empty = all of them. */
  pages: pagesOption,
});
type InsertOptions = z.infer<typeof options>;

/** Inserts the chosen pages of `source`; returns where they came from in it. */
async function insertPagesOf(doc: PDFDocument, at: number, source: ConvertInput, inputs: readonly ConvertInput[], pages: string): Promise<PageOrigin[]> {
  const sourceDoc = await loadPdf(source, inputs);
  const chosen = selectPageIndices(pages, sourceDoc.getPageCount());
  const copied = await doc.copyPages(sourceDoc, chosen);
  copied.forEach((page, offset) => doc.insertPage(at + offset, page));
  return chosen.map((index) => ({ source: 1, page: index + 1 }));
}

/** Blank pages shaped like their neighbour, so they look the same in a reader and when printed. */
function insertBlankPages(doc: PDFDocument, at: number, count: number): PageOrigin[] {
  const neighbour = doc.getPage(Math.max(at - 1, 0));
  const { width, height } = neighbour.getMediaBox();
  for (let offset = 0; offset < count; offset++) {
    doc.insertPage(at + offset, [width, height]).setRotation(neighbour.getRotation());
  }
  return Array.from({ length: count }, () => 'new');
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
    const inserted = source ? await insertPagesOf(doc, at, source, inputs, pages) : insertBlankPages(doc, at, count);
    progress.report(0.8);
    const saved = await savePdf(doc, ctx, `${baseName(target)}_插入页面.pdf`);
    const kept = Array.from({ length: pageCount }, (_, index): PageOrigin => ({ source: 0, page: index + 1 }));
    const origins = [...kept.slice(0, at), ...inserted, ...kept.slice(at)];
    // Links and labels of both files, pointed at the pages as they now stand.
    const output = { ...saved, path: await carryLinksAndLabels(saved.path, inputs, origins, ctx) };
    await assertTextKept(output, { sources: inputs, pages: origins }, ctx);
    progress.report(1);
    return [output];
  },
};
