// Cutout (抠图): the background removed, the subject kept on a transparent PNG whose alpha is the
// segmentation mask, feathered slightly. Exposed as img-cut's `cutout` option (there is no
// catalogue row of its own), after img-cut's rotate, mirror and crop.
import sharp, { type Sharp } from 'sharp';
import { cutoutPixels, scaleMask, segmentSubject, workSize } from './segment';

export interface Picture {
  /** Upright RGB pixels. */
  rgb: Buffer;
  width: number;
  height: number;
}

/** Decodes a pipeline once to RGB pixels, so segmentation and output read the same picture. */
export async function toPicture(image: Sharp): Promise<Picture> {
  const { data, info } = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

export function pictureImage(picture: Picture): Sharp {
  return sharp(picture.rgb, { raw: { width: picture.width, height: picture.height, channels: 3 } });
}

/** The picture with its background transparent, as a PNG at the picture's full size. */
export async function cutoutPng(image: Sharp, signal: AbortSignal): Promise<Buffer> {
  const picture = await toPicture(image);
  const work = workSize(picture.width, picture.height);
  const small = work.width === picture.width ? pictureImage(picture) : pictureImage(picture).resize(work.width, work.height, { fit: 'fill' });
  const mask = await scaleMask(await segmentSubject(small, work.width, work.height, signal), picture.width, picture.height);
  const rgba = await cutoutPixels(pictureImage(picture), mask);
  return sharp(rgba, { raw: { width: picture.width, height: picture.height, channels: 4 } }).png({ compressionLevel: 6 }).toBuffer();
}
