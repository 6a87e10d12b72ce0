// pdf-rotate: turn all or some pages clockwise by a quarter, half or three quarters.
import { degrees } from 'pdf-lib';
import { z } from 'zod';
import type { Converter } from '../../types';
import { editEachPdf } from './each-pdf';
import { pagesOption, selectPageIndices } from '../../page-ranges';

const options = z.object({
  /** Clockwise, added to the page's current rotation. */
  angle: z.coerce.number().pipe(z.union([z.literal(90), z.literal(180), z.literal(270)])).default(90),
  /** Empty: every page. */
  pages: pagesOption,
});

export const rotateConverter: Converter<z.infer<typeof options>> = {
  toolId: 'pdf-rotate',
  options,
  engines: [],
  convert: ({ inputs, options: { angle, pages } }, ctx) =>
    editEachPdf(inputs, ctx, '旋转', async (doc, progress) => {
      const allPages = doc.getPages();
      await progress.forEach(selectPageIndices(pages, allPages.length), (index) => {
        const page = allPages[index]!;
        page.setRotation(degrees((page.getRotation().angle + angle) % 360));
      });
    }),
};
