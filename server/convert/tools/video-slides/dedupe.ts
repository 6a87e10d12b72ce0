// Drops frames that look like the one kept before them (a slide shown twice in a row, a speaker
// moving a little in front of the same slide). Two measures of a small greyscale thumbnail: a
// difference hash (where the edges are) and the mean brightness difference (flat pictures of
// different colours have the same empty hash).
import sharp from 'sharp';
import type { KeyFrame } from './keyframes';

const HASH_WIDTH = 9;
const HASH_HEIGHT = 8;
/** Bits (of 64) two frames may differ in and still count as the same picture. */
const SAME_PICTURE_BITS = 5;
/** Mean absolute difference of the thumbnails' grey levels (0–255) that still counts as the same. */
const SAME_PICTURE_GREY = 8;

export interface Thumbnail {
  /** 9×8 grey levels. */
  pixels: Uint8Array;
  /** 64-bit dHash: each bit says whether a pixel is brighter than its right neighbour. */
  hash: bigint;
}

export async function thumbnailOf(file: string): Promise<Thumbnail> {
  const pixels = new Uint8Array(await sharp(file).greyscale().resize(HASH_WIDTH, HASH_HEIGHT, { fit: 'fill' }).raw().toBuffer());
  let hash = 0n;
  for (let y = 0; y < HASH_HEIGHT; y++) {
    for (let x = 0; x < HASH_WIDTH - 1; x++) {
      hash = (hash << 1n) | (pixels[y * HASH_WIDTH + x]! > pixels[y * HASH_WIDTH + x + 1]! ? 1n : 0n);
    }
  }
  return { pixels, hash };
}

function hammingDistance(a: bigint, b: bigint): number {
  let diff = a ^ b;
  let bits = 0;
  while (diff > 0n) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

export function pictureDistance(a: Thumbnail, b: Thumbnail): { hashBits: number; grey: number } {
  let sum = 0;
  for (let i = 0; i < a.pixels.length; i++) sum += Math.abs(a.pixels[i]! - b.pixels[i]!);
  return { hashBits: hammingDistance(a.hash, b.hash), grey: sum / a.pixels.length };
}

export function samePicture(a: Thumbnail, b: Thumbnail): boolean {
  const { hashBits, grey } = pictureDistance(a, b);
  return hashBits <= SAME_PICTURE_BITS && grey <= SAME_PICTURE_GREY;
}

/** Keeps the first frame and each frame that differs from the last kept one. */
export async function distinctFrames(frames: readonly KeyFrame[], signal?: AbortSignal): Promise<KeyFrame[]> {
  const kept: KeyFrame[] = [];
  let last: Thumbnail | undefined;
  for (const frame of frames) {
    signal?.throwIfAborted();
    const thumbnail = await thumbnailOf(frame.file);
    if (last && samePicture(thumbnail, last)) continue;
    kept.push(frame);
    last = thumbnail;
  }
  return kept;
}

/** At most `max` frames, spread evenly over the video (first and last kept). */
export function thinFrames<T>(frames: readonly T[], max: number): T[] {
  if (frames.length <= max) return [...frames];
  if (max <= 1) return frames.slice(0, max);
  return Array.from({ length: max }, (_, i) => frames[Math.round((i * (frames.length - 1)) / (max - 1))]!);
}
