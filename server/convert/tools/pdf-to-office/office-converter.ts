// The shared shape of the tools that rebuild a PDF as a document (Word, Excel, PPT here; HTML and
// EPUB in tools/ebook): open the PDF (encrypted and damaged files answered in Chinese), dump the
// chosen pages with mutool, lay them out, hand the layout to one writer.
import path from 'node:path';
import { z } from 'zod';
import { selectPageNumbers } from '../../page-ranges';
import type { Converter, ConvertOutput } from '../../types';
import { pagesOption, passwordOption } from '../pdf-render/options';
import { outputName } from '../pdf-render/output-name';
import { corruptOnEngineFailure, openReadablePdf } from '../pdf-render/pdf-input';
import { readPdfPages } from './extraction/read-pages';
import type { PageLayout } from './layout/blocks';
import { assignHeadings } from './layout/headings';
import { layoutPage } from './layout/page-layout';

const layoutOptions = z.object({
  pages: pagesOption,
  password: passwordOption,
  /** At most this many of the chosen pages, from the first (a try-out's result: server/tasks/tryout.ts). */
  pageLimit: z.coerce.number().int().min(1).max(100_000).optional(),
});

export type LayoutOptions = z.infer<typeof layoutOptions>;

/** Writes the laid-out pages to `file`; `title` is the output's name without extension. */
export type LayoutWriter = (pages: readonly PageLayout[], file: string, title: string) => Promise<void>;

/** Share of the progress bar the page dump takes; layout and writing take the rest. */
const READ_SHARE = 80;

export interface LayoutSource {
  /** The visitor's PDF (its name stays display only). */
  path: string;
  pages: string;
  password: string;
  pageLimit?: number;
}

/**
 * Opens a PDF (encrypted and damaged files answered in Chinese), dumps the chosen pages with mutool
 * and lays them out with document-wide headings: what every writer of this layout starts from.
 */
export async function readPdfLayouts(
  source: LayoutSource,
  { workDir, signal, onProgress }: { workDir: string; signal: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<PageLayout[]> {
  const pdf = await openReadablePdf(source.path, { password: source.password, workDir, signal });
  const pageNumbers = selectPageNumbers(source.pages, pdf.pageCount).slice(0, source.pageLimit);
  const pdfPages = await corruptOnEngineFailure(readPdfPages(pdf.path, pageNumbers, { workDir, signal, onProgress }));
  const layouts = pdfPages.map(layoutPage);
  assignHeadings(layouts);
  return layouts;
}

export function pdfLayoutConverter(toolId: string, extension: string, write: LayoutWriter): Converter<LayoutOptions> {
  return {
    toolId,
    options: layoutOptions,
    engines: ['qpdf', 'mutool'],
    async convert({ inputs, options }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const layouts = await readPdfLayouts(
          { path: input.path, pages: options.pages, password: options.password, pageLimit: options.pageLimit },
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
