// pdf-delete-page: remove the pages the visitor lists, keeping the rest of the document as it was.
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { editEachPdf } from './each-pdf';
import { pagesOption, selectPageIndices } from '../../page-ranges';

const options = z.object({ pages: pagesOption });

export const deletePageConverter: Converter<z.infer<typeof options>> = {
  toolId: 'pdf-delete-page',
  options,
  engines: [],
  async convert({ inputs, options: { pages } }, ctx) {
    if (pages === '') throw new ConvertError('请填写要删除的页码，例如 2,5-7');
    return editEachPdf(inputs, ctx, '删除页面', async (doc, progress) => {
      const pageCount = doc.getPageCount();
      const doomed = selectPageIndices(pages, pageCount);
      if (doomed.length === pageCount) throw new ConvertError('不能删除全部页面，至少要保留一页');
      // From the back, so the indices still to delete stay valid.
      await progress.forEach(doomed.reverse(), (index) => doc.removePage(index));
    });
  },
};
