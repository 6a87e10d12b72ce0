// pdf-to-longpng: every selected page stacked into one tall PNG, for sharing on phones.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { dpiOption, pagesOption, passwordOption } from './options';
import { outputName } from './output-name';
import { readPageSizes } from './page-sizes';
import { openChosenPages } from './pdf-input';
import { renderPages } from './render-pages';

/** Beyond this, phone viewers and chat apps refuse or blur the image, and memory grows for nothing. */
export const MAX_LONG_IMAGE_HEIGHT = 65_000;
/** The whole picture is composed in memory (RGB): 40 megapixels is 120 MB. */
export const MAX_LONG_IMAGE_PIXELS = 40_000_000;

const longImageOptions = z.object({
  pages: pagesOption,
  password: passwordOption,
  // A long image is viewed on a phone; screen resolution is enough by default.
  dpi: dpiOption.unwrap().max(300).default(96),
});

export type LongImageOptions = z.infer<typeof longImageOptions>;

const pixels = (points: number, dpi: number) => Math.ceil((points * dpi) / 72);

async function renderLongImage(input: ConvertInput, options: LongImageOptions, ctx: ConvertContext, onProgress: (done: number) => void): Promise<ConvertOutput> {
  const { source, pages: chosen } = await openChosenPages(input.path, options, ctx);
  const pages = new Set(chosen);
  const sizes = (await readPageSizes(source.path, source.pageCount, ctx.signal)).filter((size) => pages.has(size.page));
  // Checked before rendering, so an oversized request costs nothing.
  const estimatedHeight = sizes.reduce((sum, size) => sum + pixels(size.height, options.dpi), 0);
  if (estimatedHeight > MAX_LONG_IMAGE_HEIGHT) {
    throw new ConvertError(`长图高度将达到${estimatedHeight}像素，超过上限${MAX_LONG_IMAGE_HEIGHT}像素，请降低分辨率或减少页数`);
  }
  const estimatedWidth = Math.max(...sizes.map((size) => pixels(size.width, options.dpi)));
  if (estimatedWidth * estimatedHeight > MAX_LONG_IMAGE_PIXELS) {
    throw new ConvertError(`长图将达到${Math.round((estimatedWidth * estimatedHeight) / 1e6)}百万像素，超过上限${MAX_LONG_IMAGE_PIXELS / 1e6}百万像素，请降低分辨率或减少页数`);
  }
  const rendered = await renderPages(source.path, [...pages], {
    dpi: options.dpi,
    format: 'png',
    workDir: ctx.workDir,
    signal: ctx.signal,
    onProgress: (done) => onProgress(done * 0.8),
  });
  const images = await Promise.all(rendered.map(async ({ file }) => ({ file, ...(await sharp(file).metadata()) })));
  const width = Math.max(...images.map((image) => image.width));
  let top = 0;
  const layers = images.map((image) => {
    const layer = { input: image.file, top, left: Math.floor((width - image.width) / 2) };
    top += image.height;
    return layer;
  });
  const output = path.join(ctx.workDir, `long-${randomUUID()}.png`);
  await sharp({ create: { width, height: top, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .composite(layers)
    .png({ compressionLevel: 6 })
    .toFile(output);
  onProgress(1);
  return { name: outputName(input.name, '_长图', 'png'), path: output };
}

export const pdfToLongPng: Converter<LongImageOptions> = {
  toolId: 'pdf-to-longpng',
  options: longImageOptions,
  engines: ['qpdf', 'poppler', 'mutool'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      outputs.push(await renderLongImage(input, options, ctx, (done) => ctx.progress(Math.round(((index + done) / inputs.length) * 100))));
    }
    return outputs;
  },
};
