// Image output formats and their encoders. sharp writes most; BMP and ICO have writers of our own.
import type { Sharp } from 'sharp';
import { z } from 'zod';
import { encodeBmp } from './bmp';
import { encodeIco } from './ico';

export const IMAGE_FORMAT_NAMES = ['jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'bmp', 'ico'] as const;
export type ImageFormat = (typeof IMAGE_FORMAT_NAMES)[number];

export const imageFormatOption = z.enum(IMAGE_FORMAT_NAMES);

/** Formats that keep every frame of an animated GIF or WebP. */
export const ANIMATED_FORMATS: ReadonlySet<ImageFormat> = new Set(['gif', 'webp']);

const FORMAT_OF_TYPE: Record<string, ImageFormat> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
  tif: 'tiff',
  tiff: 'tiff',
  bmp: 'bmp',
  ico: 'ico',
  // We read HEIC but do not write it; JPEG is what every device opens.
  heic: 'jpg',
};

/** The format to write when the visitor keeps the input's. */
export function sameFormatAs(inputType: string): ImageFormat {
  return FORMAT_OF_TYPE[inputType] ?? 'png';
}

/** mozjpeg's trellis quantisation and progressive scans: at equal SSIM smaller than plain coding. */
const JPEG_SETTINGS = { trellisQuantisation: true, progressive: true, optimiseCoding: true } as const;

/**
 * mozjpeg quantisation tables: 0 is the standard one (Annex K), 1 is flat (every frequency alike).
 * At equal SSIM either can be the smaller by up to half, depending on the picture.
 */
export type JpegTable = 0 | 1;

/**
 * JPEG at `quality` over `table`. The scan split search takes another 1–3% off but changes no
 * decoded pixel, so a `trial` encoding (one of a quality search) skips it.
 */
export function encodeJpeg(image: Sharp, quality: number, table: JpegTable = 0, trial = false): Promise<Buffer> {
  return image.flatten({ background: '#ffffff' }).jpeg({ quality, quantisationTable: table, ...JPEG_SETTINGS, optimiseScans: !trial }).toBuffer();
}

/**
 * Encodes at `quality` (1–100) where the format has one; without it, lossless formats stay
 * lossless. For PNG and GIF a quality means a reduced palette, which is how they get smaller.
 */
export async function encodeImage(image: Sharp, format: ImageFormat, quality?: number): Promise<Buffer> {
  switch (format) {
    case 'jpg':
      return encodeJpeg(image, quality ?? 90);
    case 'png':
      return (quality === undefined ? image.png({ compressionLevel: 9, adaptiveFiltering: true }) : image.png({ palette: true, quality, effort: 10, compressionLevel: 9 })).toBuffer();
    case 'webp':
      return image.webp({ quality: quality ?? 90, effort: 6, smartSubsample: true }).toBuffer();
    case 'avif':
      return image.avif({ quality: quality ?? 60, effort: 4 }).toBuffer();
    case 'gif':
      return image.gif({ colours: quality === undefined ? 256 : Math.max(8, Math.round((256 * quality) / 100)) }).toBuffer();
    case 'tiff':
      return image.tiff({ compression: 'lzw', predictor: 'horizontal' }).toBuffer();
    case 'bmp':
      return encodeBmp(image);
    case 'ico':
      return encodeIco(image);
  }
}
