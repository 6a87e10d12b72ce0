// word-to-pdf, excel-to-pdf, ppt-to-pdf and txt-to-pdf: each input becomes one PDF. Text goes
// through LibreOffice too (decoded from UTF-8 or GBK first), so Chinese lines wrap and break pages
// the way a word processor does, with the CJK fonts setup installs.
import { z } from 'zod';
import type { Converter, ConvertOutput } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { OFFICE_ENGINES, officeToPdf, type OfficePdfOptions } from './office-pdf';

function toPdfConverter<O>(toolId: string, options: z.ZodType<O>, pdfOptions: (options: O) => OfficePdfOptions): Converter<O> {
  return {
    toolId,
    options,
    engines: OFFICE_ENGINES,
    async convert({ inputs, options: chosen }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const pdf = await officeToPdf(input, index, ctx, pdfOptions(chosen));
        outputs.push({ name: outputName(input.name, '', 'pdf'), path: pdf });
        ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
      }
      return outputs;
    },
  };
}

const noOptions = z.object({});

export const wordToPdf = toPdfConverter('word-to-pdf', noOptions, () => ({}));
export const pptToPdf = toPdfConverter('ppt-to-pdf', noOptions, () => ({}));
export const txtToPdf = toPdfConverter('txt-to-pdf', noOptions, () => ({}));
export const excelToPdf = toPdfConverter(
  'excel-to-pdf',
  z.object({
    /** Scale each sheet to one page wide, so wide tables are not cut into column strips. */
    fitWidth: z.boolean().default(true),
  }),
  (options) => ({ fitSheetsToWidth: options.fitWidth }),
);
