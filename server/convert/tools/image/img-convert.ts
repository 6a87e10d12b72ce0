// img-convert: any accepted image into jpg, png, webp, avif, gif, tiff, bmp or ico; animated
// GIF and WebP keep their frames when the target can hold them.
import { z } from 'zod';
import type { Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { qualityOption } from '../pdf-render/options';
import { ANIMATED_FORMATS, encodeImage, imageFormatOption } from './image-formats';
import { convertEachImage } from './image-job';
import { IMAGE_ENGINES, imageWork, loadImage } from './image-source';

const imgConvertOptions = z.object({
  format: imageFormatOption.default('png'),
  /** For the lossy targets (jpg, webp, avif). */
  quality: qualityOption,
});
type ImgConvertOptions = z.infer<typeof imgConvertOptions>;

const LOSSY = new Set(['jpg', 'webp', 'avif']);

export const imgConvert: Converter<ImgConvertOptions> = {
  toolId: 'img-convert',
  options: imgConvertOptions,
  engines: IMAGE_ENGINES,
  convert: ({ inputs, options: { format, quality } }, ctx) =>
    convertEachImage('img-convert', inputs, ctx, async (source, save) => {
      const image = loadImage(source, ANIMATED_FORMATS.has(format));
      const bytes = await imageWork(encodeImage(image, format, LOSSY.has(format) ? quality : undefined));
      return { name: outputName(source.input.name, '', format), path: await save(bytes, format) };
    }),
};
