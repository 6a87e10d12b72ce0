// pdf-getimg: every image as it is stored in the PDF (JPEG stays the same JPEG bytes), without
// repeating an image that is drawn on many pages. An image with a soft mask comes as one PNG with
// the mask as its alpha channel (the mask is not an image of its own to the visitor).
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import { runEngine } from '../../engines';
import type { Converter, ConvertContext, ConvertInput, ConvertOutput } from '../../types';
import { pagesOption, passwordOption } from './options';
import { outputName } from './output-name';
import { corruptOnEngineFailure, openChosenPages } from './pdf-input';
import { applySoftMask } from './soft-mask';

const getImagesOptions = z.object({ pages: pagesOption, password: passwordOption });

export type GetImagesOptions = z.infer<typeof getImagesOptions>;

/** pdfimages -all writes these as raw codec streams that no image viewer opens; they are re-extracted as PNG. */
const RAW_CODEC_EXTENSIONS = new Set(['ccitt', 'jb2e']);

/** What pdfimages -all writes that sharp reads; a masked image or mask in another codec (JPEG 2000…) is taken from the PNG pass. */
const SHARP_READABLE_EXTENSIONS = new Set(['png', 'jpg', 'tif']);

interface ListedImage {
  page: number;
  num: number;
  /** Number of its soft mask, when it has one. */
  smask?: number;
}

/**
 * Rows of `pdfimages -list` that are pictures (not stencils), each with its soft mask: pdfimages
 * lists an image's SMask on the row right after it, numbered one more.
 */
function parseImageList(listing: string): ListedImage[] {
  const images: ListedImage[] = [];
  for (const line of listing.split('\n').slice(2)) {
    const [page, num, type] = line.trim().split(/\s+/);
    const last = images.at(-1);
    if (type === 'image') images.push({ page: Number(page), num: Number(num) });
    else if (type === 'smask' && last && last.page === Number(page) && last.num + 1 === Number(num)) last.smask = Number(num);
  }
  return images;
}

const extensionOf = (file: string | undefined) => path.extname(file ?? '').slice(1);

/** Files written by `pdfimages -p prefix`: `prefix-PPP-NNN.ext`, keyed by image number. */
async function extractedFiles(dir: string): Promise<Map<number, string>> {
  const files = new Map<number, string>();
  for (const name of await readdir(dir)) {
    const match = /^img-\d+-(\d+)\.(\w+)$/.exec(name);
    if (match && match[2] !== 'params' && match[2] !== 'jb2g') files.set(Number(match[1]), path.join(dir, name));
  }
  return files;
}

async function extract(pdfPath: string, mode: '-all' | '-png', pageRange: [number, number], dir: string, signal: AbortSignal) {
  await mkdir(dir);
  const args = [mode, '-p', '-f', String(pageRange[0]), '-l', String(pageRange[1]), pdfPath, path.join(dir, 'img')];
  await corruptOnEngineFailure(runEngine('pdfimages', args, { signal }));
  return extractedFiles(dir);
}

/** The image with its mask as alpha, or null when either will not decode (the image then comes as stored). */
async function maskedCopy(file: string, mask: string, out: string): Promise<string | null> {
  try {
    await writeFile(out, await applySoftMask(file, mask));
    return out;
  } catch {
    return null;
  }
}

async function imagesOf(input: ConvertInput, inputIndex: number, options: GetImagesOptions, ctx: ConvertContext): Promise<ConvertOutput[]> {
  const { source, pages } = await openChosenPages(input.path, options, ctx);
  const pageRange: [number, number] = [pages[0], pages[pages.length - 1]];
  const selectedPages = new Set(pages);
  const { stdout } = await corruptOnEngineFailure(
    runEngine('pdfimages', ['-list', '-f', String(pageRange[0]), '-l', String(pageRange[1]), source.path], { signal: ctx.signal }),
  );
  const listed = parseImageList(stdout.toString('utf8')).filter((image) => selectedPages.has(image.page));
  if (listed.length === 0) return [];

  const baseDir = path.join(ctx.workDir, `images-${inputIndex}`);
  await mkdir(baseDir);
  const originals = await extract(source.path, '-all', pageRange, path.join(baseDir, 'original'), ctx.signal);
  const maskedNeedsPng = ({ num, smask }: ListedImage) =>
    smask !== undefined && [num, smask].some((n) => !SHARP_READABLE_EXTENSIONS.has(extensionOf(originals.get(n))));
  const needsPng = listed.some((image) => RAW_CODEC_EXTENSIONS.has(extensionOf(originals.get(image.num))) || maskedNeedsPng(image));
  const pngs = needsPng ? await extract(source.path, '-png', pageRange, path.join(baseDir, 'png'), ctx.signal) : new Map<number, string>();

  const seen = new Set<string>();
  const outputs: ConvertOutput[] = [];
  const countOnPage = new Map<number, number>();
  for (const image of listed) {
    const { page, num, smask } = image;
    const from = maskedNeedsPng(image) ? pngs : originals;
    const original = from.get(num);
    let file = original && RAW_CODEC_EXTENSIONS.has(extensionOf(original)) ? pngs.get(num) : original;
    const mask = smask === undefined ? undefined : from.get(smask);
    if (!file) continue;
    if (mask) file = (await maskedCopy(file, mask, path.join(baseDir, `masked-${num}.png`))) ?? file;
    const digest = createHash('sha256').update(await readFile(file)).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    const n = (countOnPage.get(page) ?? 0) + 1;
    countOnPage.set(page, n);
    outputs.push({ name: outputName(input.name, `_第${page}页_${n}`, extensionOf(file)), path: file });
  }
  return outputs;
}

export const pdfGetImages: Converter<GetImagesOptions> = {
  toolId: 'pdf-getimg',
  options: getImagesOptions,
  engines: ['qpdf', 'poppler'],
  async convert({ inputs, options }, ctx) {
    const outputs: ConvertOutput[] = [];
    for (const [index, input] of inputs.entries()) {
      outputs.push(...(await imagesOf(input, index, options, ctx)));
      ctx.progress(Math.round(((index + 1) / inputs.length) * 100));
    }
    if (outputs.length === 0) throw new ConvertError('PDF中没有可提取的图片');
    return outputs;
  },
};
