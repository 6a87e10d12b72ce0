// jpg-to-pdf: the uploaded images, in upload order, as one PDF.
import type { Converter } from '../../types';
import { IMAGE_ENGINES } from '../image/image-source';
import { outputName } from '../pdf-render/output-name';
import { imagePdfOptions, imagesToPdf, type ImagePdfOptions } from './image-pdf';

export const jpgToPdf: Converter<ImagePdfOptions> = {
  toolId: 'jpg-to-pdf',
  options: imagePdfOptions,
  engines: IMAGE_ENGINES,
  async convert({ inputs, options }, ctx) {
    const pdf = await imagesToPdf(inputs, options, ctx);
    return [{ name: outputName(inputs[0].name, '', 'pdf'), path: pdf }];
  },
};
