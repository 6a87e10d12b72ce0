// pdf-to-cad: a PDF's vector paths and text (mutool's trace) as a DXF drawing in millimetres.
// Pages holding only pictures (scans) have nothing to convert and are refused in Chinese.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../../errors';
import type { Converter, ConvertOutput } from '../../../types';
import { pagesOption, passwordOption } from '../../pdf-render/options';
import { outputName } from '../../pdf-render/output-name';
import { corruptOnEngineFailure, openChosenPages } from '../../pdf-render/pdf-input';
import { writeDxf } from './dxf-writer';
import { EMPTY_PDF_MESSAGE, SCANNED_PDF_MESSAGE } from './messages';
import { drawingFromPages } from './pdf-drawing';
import { tracePdf } from './pdf-trace';

const pdfToCadOptions = z.object({ pages: pagesOption, password: passwordOption });

export const pdfToCad: Converter<z.infer<typeof pdfToCadOptions>> = {
  toolId: 'pdf-to-cad',
  options: pdfToCadOptions,
  engines: ['qpdf', 'mutool'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const { source, pages: pageNumbers } = await openChosenPages(input.path, options, ctx);
      const pages = await corruptOnEngineFailure(tracePdf(source.path, pageNumbers, ctx.workDir, ctx.signal));
      ctx.progress(Math.round(((index + 0.6) / inputs.length) * 100));
      const drawing = drawingFromPages(pages);
      if (drawing.entities.length === 0) {
        const scanned = pages.some((p) => p.images > 0);
        throw new ConvertError(inputs.length > 1 ? `${input.name}：${scanned ? SCANNED_PDF_MESSAGE : EMPTY_PDF_MESSAGE}` : scanned ? SCANNED_PDF_MESSAGE : EMPTY_PDF_MESSAGE);
      }
      const file = path.join(ctx.workDir, `${index + 1}.dxf`);
      await writeFile(file, writeDxf(drawing, '2018'));
      outputs.push({ name: outputName(input.name, '', 'dxf'), path: file });
    }
    ctx.progress(100);
    return outputs;
  },
};
