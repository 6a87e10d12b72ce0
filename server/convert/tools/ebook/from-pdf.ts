// pdf-to-html and pdf-to-epub: the PDF → Office layout analysis (tools/pdf-to-office) written as
// flowing HTML or as an EPUB 3 package, text kept as text.
import path from 'node:path';
import { z } from 'zod';
import type { Converter, ConvertOutput } from '../../types';
import { pagesOption, passwordOption } from '../pdf-render/options';
import { outputName } from '../pdf-render/output-name';
import type { PageLayout } from '../pdf-to-office/layout/blocks';
import { readPdfLayouts } from '../pdf-to-office/office-converter';
import { writeEpub } from './epub-writer';
import { writeHtml } from './html-writer';

const fromPdfOptions = z.object({ pages: pagesOption, password: passwordOption });

export type FromPdfOptions = z.infer<typeof fromPdfOptions>;

type LayoutWriter = (pages: readonly PageLayout[], file: string, title: string) => Promise<void>;

/** Share of the progress bar the page dump takes; writing takes the rest. */
const READ_SHARE = 80;

function fromPdfConverter(toolId: string, extension: 'html' | 'epub', write: LayoutWriter): Converter<FromPdfOptions> {
  return {
    toolId,
    options: fromPdfOptions,
    engines: ['qpdf', 'mutool'],
    async convert({ inputs, options }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const layouts = await readPdfLayouts(
          { path: input.path, pages: options.pages, password: options.password },
          {
            workDir: ctx.workDir,
            signal: ctx.signal,
            onProgress: (fraction) => ctx.progress(Math.round(((index + fraction) / inputs.length) * READ_SHARE)),
          },
        );
        const name = outputName(input.name, '', extension);
        const file = path.join(ctx.workDir, `${index + 1}.${extension}`);
        await write(layouts, file, path.basename(name, `.${extension}`));
        outputs.push({ name, path: file });
      }
      ctx.progress(100);
      return outputs;
    },
  };
}

export const pdfToHtml = fromPdfConverter('pdf-to-html', 'html', writeHtml);
export const pdfToEpub = fromPdfConverter('pdf-to-epub', 'epub', (pages, file, title) => writeEpub(pages, file, { title }));
