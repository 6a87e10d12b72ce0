// word-to-img: the document laid out by LibreOffice, then its PDF rendered by the PDF tools —
// a PNG per page (pdf-to-png) or all pages stacked into one long image (pdf-to-longpng).
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { pagesOption } from '../../page-ranges';
import type { Converter, ConvertContext, ConvertOutput } from '../../types';
import { pdfToPng } from '../pdf-render/to-images';
import { pdfToLongPng } from '../pdf-render/to-long-image';
import { OFFICE_ENGINES, officeToPdf } from './office-pdf';

const wordToImageOptions = z.object({
  /** `pages`: one PNG per page; `long`: one tall PNG. */
  mode: z.enum(['pages', 'long']).default('pages'),
  pages: pagesOption,
  dpi: z.coerce.number().int().min(36).max(300).default(150),
});

export type WordToImageOptions = z.infer<typeof wordToImageOptions>;

export const wordToImage: Converter<WordToImageOptions> = {
  toolId: 'word-to-img',
  options: wordToImageOptions,
  engines: [...OFFICE_ENGINES, 'qpdf', 'poppler', 'mutool'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const share = (done: number) => Math.round(((index + done) / inputs.length) * 100);
      const pdf = await officeToPdf(input, index, ctx);
      ctx.progress(share(0.4));
      // The page renderer names its images after the visitor's document (报告_第1页.png).
      const rendered = { name: input.name, path: pdf, size: (await stat(pdf)).size, type: 'pdf' };
      const renderCtx: ConvertContext = { ...ctx, progress: (percent) => ctx.progress(share(0.4 + (percent / 100) * 0.6)) };
      const renderer = options.mode === 'long' ? pdfToLongPng : pdfToPng;
      const renderOptions = renderer.options.parse({ pages: options.pages, dpi: options.dpi });
      outputs.push(...(await renderer.convert({ inputs: [rendered], options: renderOptions }, renderCtx)));
    }
    return outputs;
  },
};
