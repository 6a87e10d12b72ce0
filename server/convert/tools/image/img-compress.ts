// img-compress: each level keeps a structural similarity (SSIM) to the original, and the lowest
// quality that keeps it is searched for per picture, so a busy photo gets what it needs and a
// flat one no more. Each format squeezes its own way (trellis-quantised JPEG over whichever of two
// quantisation tables is smaller at that floor, palette PNG, slower WebP/AVIF effort). A target
// size is met by binary search over quality instead. Dimensions stay unless a maximum width or
// height is given, and the download is never bigger than the upload.
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { compressedOutput } from '../media/compressed-output';
import { targetTooSmall } from '../media/messages';
import { convertEachImage } from './image-job';
import { encodeImage, encodeJpeg, type ImageFormat, type JpegTable } from './image-formats';
import { IMAGE_ENGINES, imageWork, loadImage, type ImageSource } from './image-source';
import { ssim, type GreyPicture } from './ssim';

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

/** SSIM on luma each level keeps. */
const SSIM_FLOOR: Record<Level, number> = { low: 0.985, medium: 0.95, high: 0.93 };

/** Qualities searched; PNG's is its palette's (libimagequant), and PNG falls back to lossless. */
const QUALITY_RANGE: Record<Exclude<CompressedFormat, 'gif'>, readonly [number, number]> = {
  jpg: [30, 95],
  webp: [30, 95],
  avif: [20, 90],
  png: [20, 100],
};

/** GIF is a palette already: the level only shrinks it. */
const GIF_QUALITY: Record<Level, number> = { low: 100, medium: 75, high: 50 };

/**
 * Quality is chosen on the whole picture up to this many pixels, above it on a centre sample of
 * that size: fast on big photos, and the artifacts keep their real scale (on a downscaled copy
 * they would look smaller than they are).
 */
const SAMPLE_PIXELS = 2_100_000;

const MIN_TARGET_QUALITY = 5;

/** TIFF, BMP, ICO and HEIC have no compact encoding we write: they become JPEG, or PNG when transparent. */
const KEPT_FORMATS: Partial<Record<string, CompressedFormat>> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };

export function compressedFormat(inputType: string, hasAlpha: boolean): CompressedFormat {
  return KEPT_FORMATS[inputType] ?? (hasAlpha ? 'png' : 'jpg');
}

/** The source, upright and resized as asked. */
function prepared(source: ImageSource, format: CompressedFormat, options: ImgCompressOptions): Sharp {
  const image = loadImage(source, format === 'gif' || format === 'webp');
  if (options.maxWidth === 0 && options.maxHeight === 0) return image;
  return image.resize(options.maxWidth || undefined, options.maxHeight || undefined, { fit: 'inside', withoutEnlargement: true });
}

/**
 * Luma as JPEG stores it (BT.601 weights on the gamma-encoded RGB), kept fractional: within 0.001
 * of ffmpeg's SSIM on a JPEG's own Y plane. libvips' greyscale weighs linear light instead and read
 * busy photos up to 0.005 lower, which cost two quality steps.
 */
async function luma(image: Sharp): Promise<GreyPicture> {
  const { data, info } = await image.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const y = new Float32Array(width * height);
  for (let i = 0, p = 0; i < y.length; i++, p += channels) y[i] = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
  return { data: y, width, height };
}

/** `trial` marks the encodings of a quality search, which may skip work that changes no pixel. */
type Encoder = (image: Sharp, quality: number, trial: boolean) => Promise<Buffer>;

/** JPEG quantisation tables tried per picture, each at its own lowest quality: the smaller wins. */
const JPEG_TABLES: readonly JpegTable[] = [0, 1];

function encoders(format: Exclude<CompressedFormat, 'gif'>): Encoder[] {
  if (format === 'jpg') return JPEG_TABLES.map((table) => (image, quality, trial) => encodeJpeg(image, quality, table, trial));
  return [(image, quality) => encodeImage(image, format, quality)];
}

interface Choice {
  encode: Encoder;
  quality: number;
  /** Size of the sample at that quality, to compare encoders by. */
  bytes: number;
}

/** The lowest quality in `range` whose sample keeps `floor`; undefined when even the highest does not. */
async function lowestQualityKeeping(sample: Buffer, reference: GreyPicture, encode: Encoder, range: readonly [number, number], floor: number): Promise<Choice | undefined> {
  let [low, high] = range;
  let best: Choice | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(sharp(sample), quality, true);
    if (ssim(reference, await luma(sharp(bytes))) >= floor) {
      best = { encode, quality, bytes: bytes.length };
      high = quality - 1;
    } else {
      low = quality + 1;
    }
  }
  return best;
}

async function compressToLevel(source: ImageSource, format: CompressedFormat, options: ImgCompressOptions): Promise<Buffer> {
  if (format === 'gif') return encodeImage(prepared(source, format, options), format, GIF_QUALITY[options.level]);
  const { data: upright, info } = await prepared(source, format, options).png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
  const side = Math.floor(Math.sqrt(SAMPLE_PIXELS));
  const whole = info.width * info.height <= SAMPLE_PIXELS;
  const width = whole ? info.width : Math.min(info.width, side);
  const height = whole ? info.height : Math.min(info.height, side);
  const sample = await sharp(upright)
    .extract({ left: Math.floor((info.width - width) / 2), top: Math.floor((info.height - height) / 2), width, height })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const range = QUALITY_RANGE[format];
  const reference = await luma(sharp(sample));
  let best: Choice | undefined;
  for (const encode of encoders(format)) {
    const choice = await lowestQualityKeeping(sample, reference, encode, range, SSIM_FLOOR[options.level]);
    if (choice && (!best || choice.bytes < best.bytes)) best = choice;
  }
  if (best) return best.encode(prepared(source, format, options), best.quality, false);
  // PNG without a good-enough palette stays lossless; lossy formats take their best quality.
  return encodeImage(prepared(source, format, options), format, format === 'png' ? undefined : range[1]);
}

/** The highest quality whose encoding fits `targetBytes` (sizes fall as quality falls). */
async function compressToSize(source: ImageSource, format: CompressedFormat, options: ImgCompressOptions): Promise<Buffer> {
  const targetBytes = options.targetKB * 1024;
  const encode = (quality: number) => encodeImage(prepared(source, format, options), format, quality);
  let low = MIN_TARGET_QUALITY;
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
  if (!best) throw new ConvertError(targetTooSmall((await encode(MIN_TARGET_QUALITY)).length / 1024));
  return best;
}

export const imgCompress: Converter<ImgCompressOptions> = {
  toolId: 'img-compress',
  options: imgCompressOptions,
  engines: IMAGE_ENGINES,
  convert: ({ inputs, options }, ctx) =>
    convertEachImage('img-compress', inputs, ctx, async (source, save) => {
      const format = compressedFormat(source.input.type, source.hasAlpha);
      const bytes = await imageWork(options.targetKB > 0 ? compressToSize(source, format, options) : compressToLevel(source, format, options));
      return compressedOutput(source.input, { path: await save(bytes, format), size: bytes.length, extension: format });
    }),
};
