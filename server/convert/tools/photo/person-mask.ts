// The person mask of an uploaded photo, kept so the model runs once per photo: the ID photo's
// preview step and every final run after it compose from the same mask. It lies beside the task's
// input in the task's own storage folder, so deleting the task or the retention sweep removes it.
//
// One grey+alpha PNG at the segmentation's work size: grey is the kept subject region (0 or 255,
// what framing reads), alpha the soft, feathered mask (what compositing reads).
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import sharp, { type OutputInfo } from 'sharp';
import type { ConvertInput } from '../../types';
import type { Mask } from './segment';

export interface PersonMask extends Mask {
  /** 1 where the subject is, 0 elsewhere. */
  region: Uint8Array;
}

export function personMaskFile(input: ConvertInput): string {
  return `${input.path}.mask.png`;
}

export async function writePersonMask(file: string, mask: PersonMask): Promise<void> {
  const pixels = Buffer.alloc(mask.width * mask.height * 2);
  for (let i = 0; i < mask.width * mask.height; i++) {
    pixels[2 * i] = mask.region[i] ? 255 : 0;
    pixels[2 * i + 1] = mask.alpha[i];
  }
  // Written aside and renamed: a reader never sees half a mask.
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await sharp(pixels, { raw: { width: mask.width, height: mask.height, channels: 2 } }).png({ compressionLevel: 6 }).toFile(temp);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The kept mask, or undefined when there is none for a picture of this size (then segment again). */
export async function readPersonMask(file: string, width: number, height: number): Promise<PersonMask | undefined> {
  let rgba: { data: Buffer; info: OutputInfo };
  try {
    rgba = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    return undefined;
  }
  const { data, info } = rgba;
  if (info.width !== width || info.height !== height) return undefined;
  const region = new Uint8Array(width * height);
  const alpha = Buffer.alloc(width * height);
  for (let i = 0; i < region.length; i++) {
    region[i] = data[info.channels * i] >= 128 ? 1 : 0;
    alpha[i] = data[info.channels * i + info.channels - 1];
  }
  return { width, height, alpha, region };
}
