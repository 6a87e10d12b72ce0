// Opens a visitor's image safely: dimensions are read from the header and checked before any
// pixel is decoded (a tiny PNG can claim 100000×100000), the bytes must be the format the upload
// was taken for, and formats sharp cannot decode (HEVC HEIC, BMP, ICO) are decoded to PNG by
// engines that can.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { ConvertError, isConvertError } from '../../errors';
import { probeMedia, safeInputArgs } from '../../engines/ffmpeg';
import { EngineFailedError, runEngine } from '../../engines';
import type { ConvertContext, ConvertInput } from '../../types';
import { IMAGE_CORRUPT, NOT_AN_IMAGE, tooManyDecodedBytes, tooManyPixels } from './messages';

/** Engines behind the formats sharp cannot read (BMP and ICO through ffmpeg, HEVC HEIC through libheif). */
export const IMAGE_ENGINES = ['ffmpeg', 'heif'] as const;

/** 100 megapixels: a 200 MP phone photo is refused, anything a camera of 2020 or a scan at 600 dpi makes is not. */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * What one picture may take once decoded: pixels × channels × bytes per channel. The pixel limit
 * alone let a 770 KB PNG of 9900×10000 16-bit RGBA (792 MB decoded) hold the server at 3.8 GB;
 * 256 MB keeps a 48 MP photo (144 MB as 8-bit RGB) and a 600 dpi A4 scan while refusing that.
 */
export const MAX_DECODED_BYTES = 256 * 1024 * 1024;

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** Truncated files fail instead of decoding to a grey lower half. */
const SHARP_OPTIONS: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' };

/** sharp's name of the format each upload type must be. */
const SHARP_FORMAT_OF_TYPE: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tif: 'tiff',
  tiff: 'tiff',
  avif: 'heif',
  heic: 'heif',
};

/** Formats ffmpeg decodes for us, with the demuxer that reads them. */
const FFMPEG_DEMUXER_OF_TYPE: Record<string, string> = { bmp: 'bmp_pipe', ico: 'ico' };

export interface ImageSource {
  input: ConvertInput;
  /** A file sharp reads: the upload itself or a PNG decoded from it. */
  path: string;
  /** Upright size (after EXIF orientation) of one frame. */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Frames of an animated GIF or WebP; 1 otherwise. */
  pages: number;
}

/** Turns sharp's failures on a visitor's bytes into messages the visitor can act on. */
export async function imageWork<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isConvertError(error) || !(error instanceof Error) || error.name === 'AbortError') throw error;
    if (/exceeds pixel limit/.test(error.message)) throw new ConvertError(tooManyPixels(MAX_INPUT_PIXELS), { cause: error });
    if (/unsupported image format/.test(error.message)) throw new ConvertError(NOT_AN_IMAGE, { cause: error });
    // sharp reports bad arguments as "Expected …": those are ours, not the visitor's.
    if (/^Expected /.test(error.message)) throw error;
    throw new ConvertError(IMAGE_CORRUPT, { cause: error });
  }
}

function checkPixels(width: number, height: number, frames: number, channels = 4, depth = 'uchar'): void {
  if (width * height * frames > MAX_INPUT_PIXELS) throw new ConvertError(tooManyPixels(MAX_INPUT_PIXELS));
  const bytes = width * height * frames * channels * (BYTES_PER_SAMPLE[depth] ?? 8);
  if (bytes > MAX_DECODED_BYTES) throw new ConvertError(tooManyDecodedBytes(width, height, bytes));
}

/** BMP and ICO: the header's size checked through ffprobe, then the largest picture decoded by ffmpeg. */
async function decodeWithFfmpeg(input: ConvertInput, demuxer: string, output: string, signal: AbortSignal): Promise<void> {
  const info = await probeMedia(input.path, { signal, demuxer });
  const pictures = info.streams.filter((s) => s.kind === 'video' && s.width && s.height);
  if (pictures.length === 0) throw new ConvertError(NOT_AN_IMAGE);
  const largest = pictures.reduce((a, b) => (a.width! * a.height! >= b.width! * b.height! ? a : b));
  checkPixels(largest.width!, largest.height!, 1);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', ...safeInputArgs(input.path, demuxer)];
  args.push('-map', `0:${largest.index}`, '-frames:v', '1', '-c:v', 'png', '-f', 'image2', '-update', '1', output);
  try {
    await runEngine('ffmpeg', args, { signal });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(IMAGE_CORRUPT, { cause: error });
    throw error;
  }
}

/**
 * HEVC-coded HEIC (every iPhone photo): libheif's CLI has the decoder sharp's build lacks. A file
 * of several pictures (a burst) comes out as `name-1.png`, `name-2.png`…; the primary one is kept.
 */
async function decodeHeic(input: ConvertInput, output: string, primaryIndex: number, signal: AbortSignal): Promise<string> {
  try {
    await runEngine('heif-convert', ['--quiet', input.path, output], { signal });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(IMAGE_CORRUPT, { cause: error });
    throw error;
  }
  return existsSync(output) ? output : output.replace(/\.png$/, `-${primaryIndex + 1}.png`);
}

export async function openImage(input: ConvertInput, index: number, ctx: ConvertContext): Promise<ImageSource> {
  let file = input.path;
  const decoded = path.join(ctx.workDir, `decoded-${index}.png`);
  const demuxer = FFMPEG_DEMUXER_OF_TYPE[input.type];
  if (demuxer) {
    await decodeWithFfmpeg(input, demuxer, decoded, ctx.signal);
    file = decoded;
  }
  // Reads the header only; sharp itself refuses what exceeds the pixel limit.
  const header = await imageWork(sharp(file, SHARP_OPTIONS).metadata());
  const expected = demuxer ? 'png' : SHARP_FORMAT_OF_TYPE[input.type];
  if (header.format !== expected) throw new ConvertError(NOT_AN_IMAGE);
  const pages = header.pages ?? 1;
  checkPixels(header.width, header.pageHeight ?? header.height, pages, header.channels, header.depth);
  if (header.format === 'heif' && header.compression === 'hevc') file = await decodeHeic(input, decoded, header.pagePrimary ?? 0, ctx.signal);
  return {
    input,
    path: file,
    width: header.autoOrient.width,
    height: header.autoOrient.height,
    hasAlpha: header.hasAlpha,
    pages,
  };
}

/** A fresh pipeline over the source, upright; all frames when `animated`. */
export function loadImage(source: ImageSource, animated = false): Sharp {
  return sharp(source.path, { ...SHARP_OPTIONS, animated: animated && source.pages > 1 }).autoOrient();
}
