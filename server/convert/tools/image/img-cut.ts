// img-cut: rotate (90/180/270) and mirror, then crop, all in the coordinates of the picture the
// visitor sees on the page (upright, rotated, mirrored): a crop box in pixels, or the largest
// centred box of a ratio preset.
import { z } from 'zod';
import { ConvertError } from '../../errors';
import type { Converter } from '../../types';
import { outputName } from '../pdf-render/output-name';
import { encodeImage, imageFormatOption, sameFormatAs } from './image-formats';
import { convertEachImage } from './image-job';
import { IMAGE_ENGINES, imageWork, loadImage } from './image-source';
import { CROP_OUTSIDE } from './messages';
import { cutoutPng } from '../photo/cutout';

/** A switch sent as JSON (true) or as form text ('true', '1'). */
const switchOption = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((text) => text === 'true' || text === '1')])
  .default(false);

const pixels = z.coerce.number().int().min(0).max(100_000).default(0);

const RATIOS = { '1:1': 1, '4:3': 4 / 3, '3:4': 3 / 4, '16:9': 16 / 9, '9:16': 9 / 16 } as const;

const imgCutOptions = z.object({
  /** The crop box; a width or height of 0 means no box. */
  x: pixels,
  y: pixels,
  width: pixels,
  height: pixels,
  ratio: z.enum(['free', ...(Object.keys(RATIOS) as Array<keyof typeof RATIOS>)]).default('free'),
  angle: z.coerce.number().pipe(z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)])).default(0),
  /** Upside down. */
  flip: switchOption,
  /** Left to right. */
  flop: switchOption,
  format: z.union([z.literal('same'), imageFormatOption]).default('same'),
  /** Cutout (抠图): the background removed after the crop; the output is a transparent PNG. */
  cutout: switchOption,
});
export type ImgCutOptions = z.infer<typeof imgCutOptions>;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box to keep, in the rotated and mirrored picture; undefined keeps everything. */
export function cropBox(options: ImgCutOptions, width: number, height: number): Box | undefined {
  if (options.width > 0 && options.height > 0) {
    const box = { left: options.x, top: options.y, width: options.width, height: options.height };
    if (box.left + box.width > width || box.top + box.height > height) throw new ConvertError(CROP_OUTSIDE);
    return box;
  }
  if (options.ratio === 'free') return undefined;
  const ratio = RATIOS[options.ratio];
  const boxWidth = Math.min(width, Math.round(height * ratio));
  const boxHeight = Math.min(height, Math.round(boxWidth / ratio));
  return { left: Math.floor((width - boxWidth) / 2), top: Math.floor((height - boxHeight) / 2), width: boxWidth, height: boxHeight };
}

export const imgCut: Converter<ImgCutOptions> = {
  toolId: 'img-cut',
  options: imgCutOptions,
  engines: IMAGE_ENGINES,
  convert: ({ inputs, options }, ctx) =>
    convertEachImage('img-cut', inputs, ctx, async (source, save) => {
      const turned = options.angle === 90 || options.angle === 270;
      const width = turned ? source.height : source.width;
      const height = turned ? source.width : source.height;
      const box = cropBox(options, width, height);
      let image = loadImage(source).rotate(options.angle).flip(options.flip).flop(options.flop);
      if (box) {
        // sharp crops after rotating but before mirroring, so the box is mirrored back first.
        image = image.extract({
          left: options.flop ? width - box.left - box.width : box.left,
          top: options.flip ? height - box.top - box.height : box.top,
          width: box.width,
          height: box.height,
        });
      }
      if (options.cutout) {
        const png = await imageWork(cutoutPng(image, ctx.signal));
        return { name: outputName(source.input.name, '-抠图', 'png'), path: await save(png, 'png') };
      }
      const format = options.format === 'same' ? sameFormatAs(source.input.type) : options.format;
      const bytes = await imageWork(encodeImage(image, format));
      return { name: outputName(source.input.name, '-裁剪', format), path: await save(bytes, format) };
    }),
};
