// pdf-to-jpg and pdf-to-png: one image per selected page at the chosen resolution.
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { Converter, ConvertOutput } from '../../types';
import { dpiOption, pagesOption, passwordOption, qualityOption } from './options';
import { outputName } from './output-name';
import { openChosenPages } from './pdf-input';
import { renderPages } from './render-pages';

const pageImageOptions = z.object({
  pages: pagesOption,
  password: passwordOption,
  dpi: dpiOption,
  /** JPEG quality; PNG is lossless and ignores it. */
  quality: qualityOption,
});

export type PageImageOptions = z.infer<typeof pageImageOptions>;

type ImageFormat = 'jpg' | 'png';

function pageImageConverter(toolId: string, format: ImageFormat): Converter<PageImageOptions> {
  return {
    toolId,
    options: pageImageOptions,
    engines: ['qpdf', 'mutool'],
    async convert({ inputs, options }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const { source, pages } = await openChosenPages(input.path, options, ctx);
        const rendered = await renderPages(source.path, pages, {
          dpi: options.dpi,
          // JPEG goes through sharp from mutool's PNG, read from the file in strips: raw pixels in the
          // server's memory (120 MB for a page at the pixel budget) took it past its 512 MB budget.
          format: 'png',
          workDir: ctx.workDir,
          signal: ctx.signal,
          onProgress: (done) => ctx.progress(Math.round(((index + done) / inputs.length) * 95)),
        });
        for (const { page, file } of rendered) {
          const name = outputName(input.name, `_第${page}页`, format);
          if (format === 'png') {
            outputs.push({ name, path: file });
            continue;
          }
          const jpeg = path.join(path.dirname(file), `${page}.jpg`);
          await sharp(file, { sequentialRead: true, limitInputPixels: false }).jpeg({ quality: options.quality }).toFile(jpeg);
          outputs.push({ name, path: jpeg });
        }
      }
      ctx.progress(100);
      return outputs;
    },
  };
}

export const pdfToJpg = pageImageConverter('pdf-to-jpg', 'jpg');
export const pdfToPng = pageImageConverter('pdf-to-png', 'png');
