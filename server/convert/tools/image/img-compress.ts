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
import { ssim, type RgbPicture } from './ssim';

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
 * Quality is chosen on the whole picture up to this many pixels, above it on a sample of that size
 * and then checked on the whole: fast on big photos, and the artifacts keep their real scale (on a
 * downscaled copy they would look smaller than they are).
 */
const SAMPLE_PIXELS = 2_100_000;

/** The sample is this many tiles a side, spread over the picture: its calm and busy parts both count. */
const SAMPLE_TILES = 3;

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

async function rgb(image: Sharp): Promise<RgbPicture> {
  const { data, info } = await image.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
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
  /** Size of the encoding at that quality, to compare encoders by. */
  bytes: number;
}

/** The lowest quality in `range` whose encoding of `picture` keeps `floor`; undefined when even the highest does not. */
async function lowestQualityKeeping(picture: Buffer, reference: RgbPicture, encode: Encoder, range: readonly [number, number], floor: number): Promise<Choice | undefined> {
  let [low, high] = range;
  let best: Choice | undefined;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(sharp(picture), quality, true);
    if (ssim(reference, await rgb(sharp(bytes))) >= floor) {
      best = { encode, quality, bytes: bytes.length };
      high = quality - 1;
    } else {
      low = quality + 1;
    }
  }
  return best;
}

async function tiledSample(picture: Buffer, width: number, height: number): Promise<Buffer> {
  // Tiles on JPEG's 16-pixel block grid (4:2:0), so each one encodes as it does in the whole.
  const side = Math.floor(Math.sqrt(SAMPLE_PIXELS) / SAMPLE_TILES / 16) * 16;
  const [tileWidth, tileHeight] = [Math.min(side, width), Math.min(side, height)];
  // Tile i is centred on the middle of the i-th of SAMPLE_TILES equal strips, as far as it fits.
  const at = (extent: number, tile: number, i: number) => Math.floor(Math.min(extent - tile, Math.max(0, (extent * (i + 0.5)) / SAMPLE_TILES - tile / 2)) / 16) * 16;
  const tiles: Buffer[] = [];
  for (let row = 0; row < SAMPLE_TILES; row++) {
    for (let column = 0; column < SAMPLE_TILES; column++) {
      const region = { left: at(width, tileWidth, column), top: at(height, tileHeight, row), width: tileWidth, height: tileHeight };
      tiles.push(await sharp(picture).extract(region).png({ compressionLevel: 0 }).toBuffer());
    }
  }
  return sharp(tiles, { join: { across: SAMPLE_TILES } }).png({ compressionLevel: 0 }).toBuffer();
}

async function compressToLevel(source: ImageSource, format: CompressedFormat, options: ImgCompressOptions): Promise<Buffer> {
  if (format === 'gif') return encodeImage(prepared(source, format, options), format, GIF_QUALITY[options.level]);
  const { data: upright, info } = await prepared(source, format, options).png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
  const whole = info.width * info.height <= SAMPLE_PIXELS;
  const sample = whole ? upright : await tiledSample(upright, info.width, info.height);
  const range = QUALITY_RANGE[format];
  const floor = SSIM_FLOOR[options.level];
  const reference = await rgb(sharp(sample));
  let best: Choice | undefined;
  for (const encode of encoders(format)) {
    const choice = await lowestQualityKeeping(sample, reference, encode, range, floor);
    if (choice && (!best || choice.bytes < best.bytes)) best = choice;
  }
  // PNG without a good-enough palette stays lossless; lossy formats take their best quality.
  if (!best) return encodeImage(prepared(source, format, options), format, format === 'png' ? undefined : range[1]);
  let { quality } = best;
  if (!whole) {
    // The sample can be calmer than the rest: the whole picture must keep the floor too.
    const original = await rgb(sharp(upright));
    if (ssim(original, await rgb(sharp(await best.encode(sharp(upright), quality, true)))) < floor) {
      quality = (await lowestQualityKeeping(upright, original, best.encode, [quality + 1, range[1]], floor))?.quality ?? range[1];
    }
  }
  return best.encode(prepared(source, format, options), quality, false);
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
