// The OCR tools: pictures (img-to-txt, img-to-excel) and scanned PDFs (scan-to-word, scan-to-excel).
// Pages are read side by side, then laid out and written by the PDF → Office writers, so a scan
// comes out with the same paragraphs, headings and tables as a PDF with real text.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ConvertContext, ConvertInput, ConvertOutput, Converter } from '../../types';
import { IMAGE_ENGINES, loadImage, openImage } from '../image/image-source';
import { pagesOption, passwordOption } from '../pdf-render/options';
import { outputName } from '../pdf-render/output-name';
import { openChosenPages } from '../pdf-render/pdf-input';
import { renderPages } from '../pdf-render/render-pages';
import type { PageLayout } from '../pdf-to-office/layout/blocks';
import { assignHeadings } from '../pdf-to-office/layout/headings';
import { layoutPage } from '../pdf-to-office/layout/page-layout';
import { writeDocx } from '../pdf-to-office/writers/docx-writer';
import { writeXlsx } from '../pdf-to-office/writers/xlsx-writer';
import { recognizePage, sideBySide, type RecognizedPage } from './recognize-page';
import sharp from 'sharp';

/** Points per pixel for a picture: an A4 page at most, and 96 dpi for pictures smaller than that. */
function pictureScale(width: number, height: number): number {
  const [short, long] = [Math.min(width, height), Math.max(width, height)];
  return Math.min(0.75, 595.28 / short, 841.89 / long);
}

function layouts(pages: readonly RecognizedPage[]): PageLayout[] {
  const laidOut = pages.map((p) => layoutPage(p.page));
  assignHeadings(laidOut);
  return laidOut;
}

/** Pictures are read side by side, each its own result. */
async function recognizePictures(inputs: readonly ConvertInput[], ctx: ConvertContext, share: number): Promise<RecognizedPage[]> {
  let done = 0;
  return sideBySide(inputs, async (input, index) => {
    const source = await openImage(input, index, ctx);
    const page = await recognizePage(loadImage(source), { number: 1, scale: pictureScale(source.width, source.height), workDir: ctx.workDir, signal: ctx.signal });
    ctx.progress(Math.round((++done / inputs.length) * share));
    return page;
  });
}

const textFormat = z.enum(['txt', 'docx', 'both']).default('both');
const imgToTxtOptions = z.object({ format: textFormat });

export const imgToTxt: Converter<z.infer<typeof imgToTxtOptions>> = {
  toolId: 'img-to-txt',
  options: imgToTxtOptions,
  engines: ['tesseract', ...IMAGE_ENGINES],
  async convert({ inputs, options }, ctx) {
    const pages = await recognizePictures(inputs, ctx, 90);
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      if (options.format !== 'docx') {
        const file = path.join(ctx.workDir, `${index + 1}.txt`);
        // The byte order mark tells Windows editors the text is UTF-8, not the local GBK.
        await writeFile(file, `\ufeff${pages[index].text}\n`);
        outputs.push({ name: outputName(input.name, '', 'txt'), path: file });
      }
      if (options.format !== 'txt') {
        const file = path.join(ctx.workDir, `${index + 1}.docx`);
        await writeDocx(layouts([pages[index]]), file);
        outputs.push({ name: outputName(input.name, '', 'docx'), path: file });
      }
    }
    ctx.progress(100);
    return outputs;
  },
};

const imgToExcelOptions = z.object({});

export const imgToExcel: Converter<z.infer<typeof imgToExcelOptions>> = {
  toolId: 'img-to-excel',
  options: imgToExcelOptions,
  engines: ['tesseract', ...IMAGE_ENGINES],
  async convert({ inputs }, ctx) {
    const pages = await recognizePictures(inputs, ctx, 90);
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      const file = path.join(ctx.workDir, `${index + 1}.xlsx`);
      await writeXlsx(layouts([pages[index]]), file);
      outputs.push({ name: outputName(input.name, '', 'xlsx'), path: file });
    }
    ctx.progress(100);
    return outputs;
  },
};

/** 300 dpi is what OCR wants for body text; less is faster and still reads 12 pt text. */
const scanOptions = z.object({ pages: pagesOption, password: passwordOption, dpi: z.coerce.number().int().min(100).max(400).default(300) });
type ScanOptions = z.infer<typeof scanOptions>;

const RENDER_SHARE = 20;
const OCR_SHARE = 75;

function scanConverter(toolId: string, extension: 'docx' | 'xlsx', write: (pages: readonly PageLayout[], file: string) => Promise<void>): Converter<ScanOptions> {
  return {
    toolId,
    options: scanOptions,
    engines: ['qpdf', 'mutool', 'tesseract'],
    async convert({ inputs, options }, ctx) {
      const outputs: ConvertOutput[] = [];
      for (const [index, input] of inputs.entries()) {
        const share = (fraction: number, from: number, width: number) => Math.round(((index + (from + fraction * width) / 100) / inputs.length) * 100);
        const { source: pdf, pages: numbers } = await openChosenPages(input.path, options, ctx);
        const rendered = await renderPages(pdf.path, numbers, {
          dpi: options.dpi,
          format: 'png',
          workDir: ctx.workDir,
          signal: ctx.signal,
          onProgress: (done) => ctx.progress(share(done, 0, RENDER_SHARE)),
        });
        let done = 0;
        const pages = await sideBySide(rendered, async ({ page, file, dpi }) => {
          // A page beyond the pixel budget was drawn at a lower resolution than asked (render-pages.ts).
          const result = await recognizePage(sharp(file), { number: page, scale: 72 / dpi, workDir: ctx.workDir, signal: ctx.signal });
          ctx.progress(share(++done / rendered.length, RENDER_SHARE, OCR_SHARE));
          return result;
        });
        const file = path.join(ctx.workDir, `${index + 1}.${extension}`);
        await write(layouts(pages), file);
        outputs.push({ name: outputName(input.name, '', extension), path: file });
      }
      ctx.progress(100);
      return outputs;
    },
  };
}

export const scanToWord = scanConverter('scan-to-word', 'docx', writeDocx);
export const scanToExcel = scanConverter('scan-to-excel', 'xlsx', writeXlsx);
