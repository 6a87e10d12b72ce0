// img-background-color (证件照换底色): the person segmented, the background replaced by one of the
// SPEC §3 colours, the person framed at one of the 17 SPEC §3 sizes (head found from the mask's
// outline: its top near the top of the frame, head and neck about 55% of the frame's height,
// centred on the head). The model runs once per uploaded photo (person-mask.ts keeps its mask):
// `middle` makes the preview the page composes colours and sizes from; `convert` the full-size
// photo. Uses are counted when the photo is uploaded (server/usage: the day's free ones, then an
// ID-photo pack), not here: a converter knows no accounts.
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import {
  ID_PHOTO_COLOR_IDS,
  ID_PHOTO_SIZES,
  idPhotoColor,
  idPhotoSize,
  type IdPhotoColor,
  type IdPhotoPreviewData,
  type IdPhotoPreviewLayout,
  type IdPhotoSize,
} from '../../../../shared/id-photo';
import type { ConvertContext, ConvertJob, Converter, MiddleResult } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { IMAGE_ENGINES, imageWork, loadImage, openImage } from '../image/image-source';
import { pictureImage, toPicture, type Picture } from './cutout';
import { personMaskFile, readPersonMask, writePersonMask } from './person-mask';
import { cutoutPixels, SEGMENT_ENGINE, segmentSubject, workSize, type Mask } from './segment';

const idPhotoOptions = z.object({
  color: z.enum(ID_PHOTO_COLOR_IDS).default('blue'),
  /** An SPEC §3 size id (1 = 一寸 295×413 … 17). */
  size: z.coerce
    .number()
    .int()
    .refine((id) => idPhotoSize(id) !== undefined, { message: 'unknown ID-photo size' })
    .default(1),
  format: z.enum(['jpg', 'png']).default('jpg'),
});
export type IdPhotoOptions = z.infer<typeof idPhotoOptions>;

/** Where the person goes in the frame. */
const HEAD_TOP = 0.09;
const HEAD_HEIGHT = 0.55;
const HEAD_WIDTH_MAX = 0.72;
/** The preview's longer side in px: sharp enough for a frame shown on a phone at 2×. */
const PREVIEW_SIDE = 720;

export interface Placement {
  scale: number;
  left: number;
  top: number;
}

/**
 * The head in a person mask: from the top of the mask down to the neck, the narrowest row that has
 * a wider row above it (the head) and a much wider row below it (the shoulders).
 */
export function findHead(region: Uint8Array, width: number, height: number): { top: number; bottom: number; left: number; right: number } | undefined {
  const rowWidth = new Array<number>(height).fill(0);
  const rowMin = new Array<number>(height).fill(width);
  const rowMax = new Array<number>(height).fill(-1);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!region[y * width + x]) continue;
      rowWidth[y]++;
      rowMin[y] = Math.min(rowMin[y], x);
      rowMax[y] = Math.max(rowMax[y], x);
    }
    if (rowWidth[y] > 0) {
      if (top < 0) top = y;
      bottom = y;
    }
  }
  if (top < 0) return undefined;
  const span = bottom - top + 1;
  const maxBelow = new Array<number>(height + 1).fill(0);
  for (let y = bottom; y >= top; y--) maxBelow[y] = Math.max(maxBelow[y + 1], rowWidth[y]);
  let maxAbove = 0;
  let neck = -1;
  for (let y = top; y <= bottom; y++) {
    maxAbove = Math.max(maxAbove, rowWidth[y]);
    if (y < top + span * 0.12 || y > top + span * 0.8) continue;
    const w = rowWidth[y];
    if (w > 0 && w <= maxAbove * 0.85 && maxBelow[y] >= w * 1.3 && (neck < 0 || w < rowWidth[neck])) neck = y;
  }
  if (neck < 0) return undefined;
  let left = width;
  let right = -1;
  for (let y = top; y <= neck; y++) {
    if (rowWidth[y] === 0) continue;
    left = Math.min(left, rowMin[y]);
    right = Math.max(right, rowMax[y]);
  }
  return { top, bottom: neck, left, right };
}

/** What framing aims at: the head and neck (or, without that outline, the whole subject). */
export interface PersonBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** The share of the frame's height the box takes. */
  share: number;
  /** The person is cut by the bottom of the picture. */
  cutAtBottom: boolean;
}

export function personBox(region: Uint8Array, width: number, height: number): PersonBox {
  const cutAtBottom = region.subarray((height - 1) * width).some((v) => v);
  const head = findHead(region, width, height);
  if (head) return { ...head, share: HEAD_HEIGHT, cutAtBottom };
  // No head and shoulders outline: frame the whole subject with a margin.
  let [top, bottom, left, right] = [height, -1, width, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!region[y * width + x]) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return { top, bottom, left, right, share: 1 - 2 * HEAD_TOP, cutAtBottom };
}

/** Scale and offset of a `picture` in a `frame` so the person sits as an ID photo wants. */
export function placePerson(box: PersonBox, picture: { height: number }, frame: { width: number; height: number }): Placement {
  const boxWidth = box.right - box.left + 1;
  const boxHeight = box.bottom - box.top + 1;
  const scale = Math.min((box.share * frame.height) / boxHeight, (HEAD_WIDTH_MAX * frame.width) / boxWidth);
  const centreX = (box.left + box.right + 1) / 2;
  const left = Math.round(frame.width / 2 - centreX * scale);
  let top = Math.round(HEAD_TOP * frame.height - box.top * scale);
  // A person cut by the bottom of the picture should reach the bottom of the frame too.
  const gap = frame.height - (top + picture.height * scale);
  if (gap > 0 && box.cutAtBottom) top += Math.round(Math.min(gap, 0.16 * frame.height));
  return { scale, left, top };
}

interface Segmented {
  picture: Picture;
  mask: Mask;
  box: PersonBox;
}

/** The photo at the segmentation's work size and its person mask: the kept one, else the model's (then kept). */
async function segmentPhoto(job: ConvertJob<IdPhotoOptions>, ctx: ConvertContext): Promise<Segmented> {
  const source = await openImage(job.inputs[0], 0, ctx);
  const work = workSize(source.width, source.height);
  const picture = await imageWork(toPicture(loadImage(source).resize(work.width, work.height, { fit: 'fill' })));
  ctx.progress(20);
  const file = personMaskFile(job.inputs[0]);
  let found = await readPersonMask(file, picture.width, picture.height);
  if (!found) {
    found = await segmentSubject(pictureImage(picture), picture.width, picture.height, ctx.signal);
    await writePersonMask(file, found);
  }
  ctx.progress(70);
  const { region, ...mask } = found;
  return { picture, mask, box: personBox(region, picture.width, picture.height) };
}

/** The ID photo at `size`, on `color`, as a flat RGB pipeline. */
export async function composeIdPhoto(segmented: Segmented, size: IdPhotoSize, color: IdPhotoColor): Promise<Sharp> {
  const { picture, mask, box } = segmented;
  const frame = size.size;
  const place = placePerson(box, picture, frame);
  const scaledWidth = Math.max(1, Math.round(picture.width * place.scale));
  const scaledHeight = Math.max(1, Math.round(picture.height * place.scale));
  // The part of the scaled picture inside the frame.
  const left = Math.max(0, -place.left);
  const top = Math.max(0, -place.top);
  const right = Math.min(scaledWidth, frame.width - place.left);
  const bottom = Math.min(scaledHeight, frame.height - place.top);
  const background = { ...color.rgba };
  const canvas = sharp({ create: { width: frame.width, height: frame.height, channels: 4, background } });
  if (right <= left || bottom <= top) return sharp(await canvas.flatten({ background: color.value }).png().toBuffer());
  const person = await sharp(await cutoutPixels(pictureImage(picture), mask), { raw: { width: picture.width, height: picture.height, channels: 4 } })
    .resize(scaledWidth, scaledHeight, { fit: 'fill', kernel: 'lanczos3' })
    .extract({ left, top, width: right - left, height: bottom - top })
    .png()
    .toBuffer();
  const composed = await canvas
    .composite([{ input: person, left: Math.max(0, place.left), top: Math.max(0, place.top) }])
    .png()
    .toBuffer();
  return sharp(composed).flatten({ background: color.value });
}

/**
 * The preview the page composes every colour and size from: the cut-out person (transparent
 * PNG) over the part of the picture any size shows, and where that image sits in each size's
 * frame. Switching colour or size on the page then needs neither the server nor the model.
 */
async function previewCutout(segmented: Segmented, file: string): Promise<IdPhotoPreviewLayout[]> {
  const { picture, mask, box } = segmented;
  const placed = ID_PHOTO_SIZES.map((size) => ({ size, place: placePerson(box, picture, size.size) }));
  // The union of what the frames show, in the picture's pixels.
  const shown = { left: picture.width, top: picture.height, right: 0, bottom: 0 };
  for (const { size, place } of placed) {
    shown.left = Math.min(shown.left, Math.max(0, Math.floor(-place.left / place.scale)));
    shown.top = Math.min(shown.top, Math.max(0, Math.floor(-place.top / place.scale)));
    shown.right = Math.max(shown.right, Math.min(picture.width, Math.ceil((size.size.width - place.left) / place.scale)));
    shown.bottom = Math.max(shown.bottom, Math.min(picture.height, Math.ceil((size.size.height - place.top) / place.scale)));
  }
  const crop = { left: shown.left, top: shown.top, width: Math.max(1, shown.right - shown.left), height: Math.max(1, shown.bottom - shown.top) };
  const shrink = Math.min(1, PREVIEW_SIDE / Math.max(crop.width, crop.height));
  await sharp(await cutoutPixels(pictureImage(picture), mask), { raw: { width: picture.width, height: picture.height, channels: 4 } })
    .extract(crop)
    .resize(Math.max(1, Math.round(crop.width * shrink)), Math.max(1, Math.round(crop.height * shrink)), { fit: 'fill' })
    // A palette keeps the preview small; the download is made from the full picture.
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toFile(file);
  const share = (value: number, of: number) => Math.round((value / of) * 10_000) / 10_000;
  return placed.map(({ size, place }) => ({
    size: size.id,
    left: share(place.left + crop.left * place.scale, size.size.width),
    top: share(place.top + crop.top * place.scale, size.size.height),
    width: share(crop.width * place.scale, size.size.width),
    height: share(crop.height * place.scale, size.size.height),
  }));
}

export const imgBackgroundColor: Converter<IdPhotoOptions> = {
  toolId: 'img-background-color',
  options: idPhotoOptions,
  engines: [...IMAGE_ENGINES, SEGMENT_ENGINE],

  /** The preview the page switches colours and sizes on, free of charge. */
  async middle(job, ctx): Promise<MiddleResult> {
    const segmented = await segmentPhoto(job, ctx);
    const file = path.join(ctx.workDir, 'preview.png');
    const layouts = await previewCutout(segmented, file);
    ctx.progress(100);
    return {
      outputs: [{ name: outputName(job.inputs[0].name, '-预览', 'png'), path: file }],
      data: { layouts, remainingUses: null } satisfies IdPhotoPreviewData,
    };
  },

  async convert(job, ctx) {
    const segmented = await segmentPhoto(job, ctx);
    const size = idPhotoSize(job.options.size)!;
    const color = idPhotoColor(job.options.color);
    const photo = (await composeIdPhoto(segmented, size, color)).withMetadata({ density: 300 });
    const bytes = job.options.format === 'png' ? await photo.png().toBuffer() : await photo.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer();
    const file = path.join(ctx.workDir, `id-photo.${job.options.format}`);
    await writeFile(file, bytes);
    ctx.progress(100);
    return [{ name: outputName(job.inputs[0].name, `-${size.name}-${color.label}底`, job.options.format), path: file }];
  },
};
