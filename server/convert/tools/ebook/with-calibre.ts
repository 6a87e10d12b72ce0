// epub-to-pdf and epub-mobi-azw3 on calibre's ebook-convert: among EPUB, MOBI and AZW3, and any of
// them to PDF with Chinese fonts.
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { ConvertContext, ConvertInput, ConvertOutput, Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { ebookConvert } from './calibre';
import { EBOOK_CORRUPT } from './messages';

const EBOOK_INPUTS = ['epub', 'mobi', 'azw3'] as const;
type EbookFormat = 'epub' | 'mobi' | 'azw3' | 'pdf';

/**
 * PDF pages from a reflowable book: A4 with margins and page numbers, body text at 16 px. Chinese
 * text gets WenQuanYi Zen Hei whatever family the book names (calibre.ts, FONTS_CONF).
 */
const PDF_ARGUMENTS = [
  '--paper-size', 'a4',
  '--pdf-page-margin-top', '54', '--pdf-page-margin-bottom', '54', '--pdf-page-margin-left', '54', '--pdf-page-margin-right', '54',
  '--pdf-default-font-size', '16', '--pdf-mono-font-size', '14',
  '--pdf-page-numbers',
];

/** Calibre's MOBI output writes the old MOBI 6 plus KF8 in one file, which every Kindle opens. */
const TARGET_ARGUMENTS: Record<EbookFormat, readonly string[]> = {
  epub: ['--epub-version', '3'],
  mobi: ['--mobi-file-type', 'both'],
  azw3: [],
  pdf: PDF_ARGUMENTS,
};

function sourceFormat(input: ConvertInput): (typeof EBOOK_INPUTS)[number] {
  const type = input.type.toLowerCase();
  if ((EBOOK_INPUTS as readonly string[]).includes(type)) return type as (typeof EBOOK_INPUTS)[number];
  throw new ConvertError(EBOOK_CORRUPT);
}

async function convertBook(input: ConvertInput, index: number, target: EbookFormat, ctx: ConvertContext): Promise<ConvertOutput> {
  // ebook-convert goes by the file names' extensions; the stored input has none of its own.
  const dir = path.join(ctx.workDir, `book-${index + 1}`);
  await mkdir(dir, { recursive: true });
  const source = path.join(dir, `source.${sourceFormat(input)}`);
  await copyFile(input.path, source);
  const file = path.join(dir, `output.${target}`);
  await ebookConvert(source, file, TARGET_ARGUMENTS[target], ctx);
  return { name: outputName(input.name, '', target), path: file };
}

async function convertEach(inputs: readonly ConvertInput[], ctx: ConvertContext, targetOf: (input: ConvertInput) => EbookFormat): Promise<ConvertOutput[]> {
  const outputs: ConvertOutput[] = [];
  for (const [index, input] of inputs.entries()) {
    ctx.progress(Math.round((index / inputs.length) * 100));
    outputs.push(await convertBook(input, index, targetOf(input), ctx));
  }
  ctx.progress(100);
  return outputs;
}

const epubToPdfOptions = z.object({});

export const epubToPdf: Converter<z.infer<typeof epubToPdfOptions>> = {
  toolId: 'epub-to-pdf',
  options: epubToPdfOptions,
  engines: ['calibre'],
  convert: ({ inputs }, ctx) => convertEach(inputs, ctx, () => 'pdf'),
};

const ebookFormatOptions = z.object({
  /** `auto`: an EPUB becomes AZW3 (for Kindle); a MOBI or AZW3 becomes EPUB (for every other reader). */
  format: z.enum(['auto', 'epub', 'mobi', 'azw3', 'pdf']).default('auto'),
});

export const ebookFormatConvert: Converter<z.infer<typeof ebookFormatOptions>> = {
  toolId: 'epub-mobi-azw3',
  options: ebookFormatOptions,
  engines: ['calibre'],
  convert: ({ inputs, options }, ctx) =>
    convertEach(inputs, ctx, (input) => (options.format !== 'auto' ? options.format : sourceFormat(input) === 'epub' ? 'azw3' : 'epub')),
};
