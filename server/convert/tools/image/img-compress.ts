// img-compress: a level or a target size. Each format squeezes its own way (mozjpeg, palette PNG,
// slower WebP/AVIF effort); a target size is met by binary search over quality, keeping the
// dimensions unless a maximum width or height is given. The download is never bigger than the upload.
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { compressedOutput } from '../media/compressed-output';
import { targetTooSmall } from '../media/messages';
import { convertEachImage } from './image-job';
import { encodeImage, type ImageFormat } from './image-formats';
import { IMAGE_ENGINES, imageWork, loadImage, type ImageSource } from './image-source';

const imgCompressOptions = z.object({
  level: z.enum(['low', 'medium', 'high']).default('medium'),
  /** Wanted size in KB; 0 means "use the level". */
  targetKB: z.coerce.number().int().min(0).max(100 * 1024).default(0),
  /** 0 keeps the width (and height). */
  maxWidth: z.coerce.number().int().min(0).max(20_000).default(0),
  maxHeight: z.coerce.number().int().min(0).max(20_000).default(0),
});
export type ImgCompressOptions = z.infer<typeof imgCompressOptions>;
type Level = ImgCompressOptions['level'];

type CompressedFormat = Extract<ImageFormat, 'jpg' | 'png' | 'webp' | 'avif' | 'gif'>;

/** Quality per level; `undefined` is lossless (PNG at the lightest level). */
const QUALITY: Record<CompressedFormat, Record<Level, number | undefined>> = {
  jpg: { low: 85, medium: 75, high: 60 },
  webp: { low: 85, medium: 75, high: 60 },
  avif: { low: 65, medium: 50, high: 38 },
  png: { low: undefined, medium: 85, high: 65 },
  gif: { low: 100, medium: 75, high: 50 },
};

const MIN_QUALITY = 5;

/** TIFF, BMP, ICO and HEIC have no compact encoding we write: they become JPEG, or PNG when transparent. */
const KEPT_FORMATS: Partial<Record<string, CompressedFormat>> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

export function compressedFormat(inputType: string, hasAlpha: boolean): CompressedFormat {
  return KEPT_FORMATS[inputType] ?? (hasAlpha ? 'png' : 'jpg');
}

function encoder(source: ImageSource, format: CompressedFormat, options: ImgCompressOptions): (quality: number | undefined) => Promise<Buffer> {
  return (quality) => {
    let image = loadImage(source, format === 'gif' || format === 'webp');
    if (options.maxWidth > 0 || options.maxHeight > 0) {
      image = image.resize(options.maxWidth || undefined, options.maxHeight || undefined, { fit: 'inside', withoutEnlargement: true });
    }
    return imageWork(encodeImage(image, format, quality));
  };
}

/** The highest quality whose encoding fits `targetBytes` (sizes fall as quality falls). */
async function fitTarget(encode: (quality: number) => Promise<Buffer>, targetBytes: number): Promise<Buffer> {
  let low = MIN_QUALITY;
  let high = 100;
  let best: Buffer | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(quality);
    if (bytes.length <= targetBytes) {
      best = bytes;
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  if (!best) throw new ConvertError(targetTooSmall((await encode(MIN_QUALITY)).length / 1024));
  return best;
}

export const imgCompress: Converter<ImgCompressOptions> = {
  toolId: 'img-compress',
  options: imgCompressOptions,
  engines: IMAGE_ENGINES,
  convert: ({ inputs, options }, ctx) =>
    convertEachImage('img-compress', inputs, ctx, async (source, save) => {
      const format = compressedFormat(source.input.type, source.hasAlpha);
      const encode = encoder(source, format, options);
      const bytes = options.targetKB > 0 ? await fitTarget(encode, options.targetKB * 1024) : await encode(QUALITY[format][options.level]);
      return compressedOutput(source.input, { path: await save(bytes, format), size: bytes.length, extension: format });
    }),
};
