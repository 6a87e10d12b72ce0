// pdf-add-page-number: "第 3 页 / 共 10 页" (or any template) on every page, upright as displayed.
import { rgb } from 'pdf-lib';
import { z } from 'zod';
import type { Converter } from '../../types';
import { drawAsArtifact } from './artifacts';
import { embedCjkFont } from './cjk-font';
import { editEachPdf } from './each-pdf';
import { visualFrame } from './page-geometry';

const options = z.object({
  position: z.enum(['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right']).default('bottom-center'),
  /** {n}: this page's number; {total}: the last page's number. */
  format: z.string().trim().min(1).max(100).refine((format) => format.includes('{n}'), '页码格式中需要包含 {n}').default('第 {n} 页 / 共 {total} 页'),
  /** The number the first page gets. */
  start: z.coerce.number().int().min(0).max(1_000_000).default(1),
  fontSize: z.coerce.number().min(6).max(72).default(12),
});
type PageNumberOptions = z.infer<typeof options>;

/** Distance from the page edge, in points (about 1 cm), less on very small pages. */
const MARGIN = 28;
const MARGIN_SHARE = 0.05;

export const pageNumberConverter: Converter<PageNumberOptions> = {
  toolId: 'pdf-add-page-number',
  options,
  engines: [],
  convert: ({ inputs, options: { position, format, start, fontSize } }, ctx) =>
    editEachPdf(inputs, ctx, '页码', async (doc, progress) => {
      const font = await embedCjkFont(doc);
      const pages = doc.getPages();
      const total = String(start + pages.length - 1);
      const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'center' | 'right'];
      const numbers = pages.map((_, index) => format.replaceAll('{n}', String(start + index)).replaceAll('{total}', total));
      await progress.forEach(pages, (page, index) => {
        const text = numbers[index]!;
        const frame = visualFrame(page);
        const margin = Math.min(MARGIN, MARGIN_SHARE * Math.min(frame.width, frame.height));
        // Odd pages (a 4 pt ImageMagick page, a narrow strip) get smaller numbers rather than clipped ones.
        const size = Math.min(fontSize, (fontSize * (frame.width - 2 * margin)) / font.widthOfTextAtSize(text, fontSize), frame.height / 10);
        const textWidth = font.widthOfTextAtSize(text, size);
        const x = horizontal === 'left' ? margin : horizontal === 'right' ? frame.width - margin - textWidth : (frame.width - textWidth) / 2;
        const y = vertical === 'bottom' ? margin : frame.height - margin - font.heightAtSize(size, { descender: false });
        const origin = frame.toPage({ x, y });
        drawAsArtifact(page, vertical === 'top' ? 'Header' : 'Footer', () =>
          page.drawText(text, { ...origin, font, size, rotate: frame.rotation(0), color: rgb(0, 0, 0) }),
        );
      });
      return (resultPage) => ({ kind: 'added', text: numbers[resultPage - 1]! });
    }),
};
