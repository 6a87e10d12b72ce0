// Cutout (img-cut's `cutout` option) and the ID photo (img-background-color) on a person-like
// picture the test draws (head, neck and shoulders in flat colours on a plain background) and on a
// real portrait. Results are read back with sharp: alpha at the corners and on the body, the
// photo's size in px and the background colour at its corners; the preview the page composes
// matches the download; the model runs once per uploaded photo, whatever is chosen after.
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ID_PHOTO_COLORS, ID_PHOTO_SIZES, idPhotoColor, idPhotoSize, type IdPhotoColor, type IdPhotoPreviewData, type IdPhotoPreviewLayout, type IdPhotoSize } from '../../shared/id-photo';
import { imageConverters } from '../../server/convert/tools/image';
import { photoConverters } from '../../server/convert/tools/photo';
import { personMaskFile } from '../../server/convert/tools/photo/person-mask';
import { segmentationRuns } from '../../server/convert/tools/photo/segment';
import type { Converter, ConvertInput } from '../../server/convert/types';
import '../support/onnx-realm';
import { pngClaiming } from '../support/pixel-bomb';
import { PORTRAIT } from '../support/portrait';
import { jobContext, refusal, scratchFolder } from '../support/convert-job';

jest.setTimeout(240_000);

const scratch = scratchFolder('photo-test-');
const files: Record<string, string> = {};

const PERSON = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320">
  <rect width="240" height="320" fill="#7fb069"/>
  <ellipse cx="120" cy="110" rx="45" ry="58" fill="#e0ac69"/>
  <rect x="105" y="160" width="30" height="30" fill="#e0ac69"/>
  <path d="M30 320 Q40 190 120 185 Q200 190 210 320 Z" fill="#2d3a8c"/>
</svg>`;

beforeAll(async () => {
  files['person.png'] = path.join(scratch, 'person.png');
  await sharp(Buffer.from(PERSON)).png().toFile(files['person.png']);
  files['person.jpg'] = path.join(scratch, 'person.jpg');
  await sharp(Buffer.from(PERSON)).jpeg({ quality: 92 }).toFile(files['person.jpg']);
  files['bomb.png'] = path.join(scratch, 'bomb.png');
  writeFileSync(files['bomb.png'], pngClaiming(100_000, 100_000));
  files['text.png'] = path.join(scratch, 'text.png');
  writeFileSync(files['text.png'], 'not a picture\n'.repeat(40));
});

const context = () => jobContext(scratch);

function input(name: string): ConvertInput {
  return { name, path: files[name], size: statSync(files[name]).size, type: path.extname(name).slice(1) };
}

let uploads = 0;
/** The portrait as a task's stored input: alone in its folder, as the task store keeps it. */
function uploadedPortrait(): ConvertInput {
  const folder = path.join(scratch, `task-${++uploads}`, 'in');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, '0.jpg');
  copyFileSync(PORTRAIT, file);
  return { name: 'grace_hopper.jpg', path: file, size: statSync(file).size, type: 'jpg' };
}

/** Colour distance (sum over the channels). */
function distance([r, g, b]: number[], color: IdPhotoColor): number {
  return Math.abs(r - color.rgba.r) + Math.abs(g - color.rgba.g) + Math.abs(b - color.rgba.b);
}

/** The top corners and the sides at eye level (the shoulders may fill the bottom corners). */
async function backgroundSamples(file: string): Promise<{ width: number; height: number; samples: number[][] }> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const points = [[2, 2], [width - 3, 2], [2, Math.round(height * 0.3)], [width - 3, Math.round(height * 0.3)]];
  return { width, height, samples: await Promise.all(points.map(([x, y]) => pixelAt(data, 3, width, x, y))) };
}

/** What the page shows: the preview image placed by its layout over the colour, at the size's px. */
async function composeLikeThePage(preview: string, layout: IdPhotoPreviewLayout, size: IdPhotoSize, color: IdPhotoColor): Promise<Buffer> {
  const { width: frameWidth, height: frameHeight } = size.size;
  const [left, top, width, height] = [layout.left * frameWidth, layout.top * frameHeight, layout.width * frameWidth, layout.height * frameHeight].map(Math.round);
  const scaled = await sharp(preview).resize(width, height, { fit: 'fill' }).png().toBuffer();
  const inside = { left: Math.max(0, -left), top: Math.max(0, -top) };
  const part = await sharp(scaled)
    .extract({ ...inside, width: Math.min(width, frameWidth - left) - inside.left, height: Math.min(height, frameHeight - top) - inside.top })
    .png()
    .toBuffer();
  return sharp({ create: { width: frameWidth, height: frameHeight, channels: 3, background: color.value } })
    .composite([{ input: part, left: Math.max(0, left), top: Math.max(0, top) }])
    .removeAlpha()
    .raw()
    .toBuffer();
}

function tool(list: Converter<any>[], id: string): Converter<any> {
  return list.find((c) => c.toolId === id)!;
}

async function pixelAt(data: Buffer, channels: number, width: number, x: number, y: number): Promise<number[]> {
  const i = (y * width + x) * channels;
  return [...data.subarray(i, i + channels)];
}

describe('shared ID-photo table', () => {
  it('has the four SPEC colours and the 17 SPEC sizes', () => {
    expect(ID_PHOTO_COLORS.map((c) => c.id)).toEqual(['red', 'blue', 'white', 'grey']);
    expect(ID_PHOTO_SIZES).toHaveLength(17);
    expect(idPhotoSize(1)?.size).toEqual({ width: 295, height: 413 });
    expect(idPhotoSize(8)?.size).toEqual({ width: 1050, height: 1500 });
    expect(new Set(ID_PHOTO_SIZES.map((s) => s.id)).size).toBe(17);
  });
});

describe('cutout (img-cut with cutout)', () => {
  it('makes a transparent PNG: alpha 0 at the corners, 255 on the body', async () => {
    const cut = tool(imageConverters, 'img-cut');
    const [output] = await cut.convert({ inputs: [input('person.png')], options: cut.options.parse({ cutout: 'true' }) }, context());
    expect(output.name).toBe('person-抠图.png');
    const { data, info } = await sharp(output.path).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 240, height: 320, channels: 4 });
    for (const [x, y] of [[0, 0], [239, 0], [0, 319], [239, 319], [10, 100]]) expect((await pixelAt(data, 4, 240, x, y))[3]).toBe(0);
    expect((await pixelAt(data, 4, 240, 120, 270))[3]).toBe(255); // the body's centre
    expect((await pixelAt(data, 4, 240, 120, 110))[3]).toBe(255); // the face
  });
});

describe('img-background-color', () => {
  const idPhoto = tool(photoConverters, 'img-background-color');

  it.each([
    [1, 'blue', 'jpg'],
    [2, 'white', 'jpg'],
    [11, 'red', 'png'],
    [8, 'grey', 'png'],
    [14, 'blue', 'jpg'],
  ])('size %i on %s as %s: exact px and the colour at the corners', async (sizeId, colorId, format) => {
    const [output] = await idPhoto.convert({ inputs: [input('person.jpg')], options: idPhoto.options.parse({ size: String(sizeId), color: colorId, format }) }, context());
    const size = idPhotoSize(sizeId)!;
    const color = ID_PHOTO_COLORS.find((c) => c.id === colorId)!;
    const meta = await sharp(output.path).metadata();
    expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : 'png');
    expect([meta.width, meta.height]).toEqual([size.size.width, size.size.height]);
    const { samples } = await backgroundSamples(output.path);
    for (const [r, g, b] of samples) {
      expect(Math.abs(r - color.rgba.r)).toBeLessThanOrEqual(6);
      expect(Math.abs(g - color.rgba.g)).toBeLessThanOrEqual(6);
      expect(Math.abs(b - color.rgba.b)).toBeLessThanOrEqual(6);
    }
    // The person is there: the middle of the photo's lower part is the shirt, not the background.
    const { data, info } = await sharp(output.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = await pixelAt(data, 3, info.width, Math.round(info.width / 2), Math.round(info.height * 0.93));
    expect(Math.abs(r - 0x2d) + Math.abs(g - 0x3a) + Math.abs(b - 0x8c)).toBeLessThan(40);
    expect(output.name).toBe(`person-${size.name}-${color.label}底.${format}`);
  });

  it('previews one cut-out the page places in every size, and the placed preview is the download', async () => {
    const result = await idPhoto.middle!({ inputs: [input('person.png')], options: idPhoto.options.parse({}) }, context());
    const data = result.data as unknown as IdPhotoPreviewData;
    expect(data.layouts.map((l) => l.size)).toEqual(ID_PHOTO_SIZES.map((s) => s.id));
    expect(result.outputs).toHaveLength(1);
    const preview = result.outputs[0].path;
    const meta = await sharp(preview).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    const { data: pixels, info } = await sharp(preview).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect((await pixelAt(pixels, 4, info.width, 0, 0))[3]).toBe(0);
    for (const [sizeId, colorId] of [[2, 'white'], [11, 'red']] as const) {
      const size = idPhotoSize(sizeId)!;
      const color = idPhotoColor(colorId);
      const shown = await composeLikeThePage(preview, data.layouts.find((l) => l.size === sizeId)!, size, color);
      const [output] = await idPhoto.convert({ inputs: [input('person.png')], options: idPhoto.options.parse({ size: sizeId, color: colorId, format: 'png' }) }, context());
      const download = await sharp(output.path).removeAlpha().raw().toBuffer();
      let difference = 0;
      for (let i = 0; i < download.length; i++) difference += Math.abs(download[i] - shown[i]);
      expect(difference / download.length).toBeLessThan(4);
    }
  });

  it('segments an uploaded photo once: the preview and every download after it compose from the kept mask', async () => {
    const upload = uploadedPortrait();
    const before = segmentationRuns();
    await idPhoto.middle!({ inputs: [upload], options: idPhoto.options.parse({}) }, context());
    expect(segmentationRuns()).toBe(before + 1);
    const mask = statSync(personMaskFile(upload), { bigint: true });
    for (const [size, color] of [[2, 'blue'], [1, 'red'], [11, 'white'], [17, 'grey']] as const) {
      const [output] = await idPhoto.convert({ inputs: [upload], options: idPhoto.options.parse({ size, color }) }, context());
      expect((await sharp(output.path).metadata()).height).toBe(idPhotoSize(size)!.size.height);
    }
    expect(segmentationRuns()).toBe(before + 1);
    const after = statSync(personMaskFile(upload), { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([mask.ino, mask.mtimeNs]);
  });

  it('a download without a preview step segments once too, and keeps the mask for the next', async () => {
    const upload = uploadedPortrait();
    const before = segmentationRuns();
    await idPhoto.convert({ inputs: [upload], options: idPhoto.options.parse({ size: 1 }) }, context());
    await idPhoto.convert({ inputs: [upload], options: idPhoto.options.parse({ size: 2 }) }, context());
    expect(segmentationRuns()).toBe(before + 1);
  });

  it.each(ID_PHOTO_COLORS.map((c) => [c.id]))('a real portrait on %s at 二寸: 413×579, the colour at the corners, the face in the middle', async (colorId) => {
    const color = idPhotoColor(colorId);
    const [output] = await idPhoto.convert({ inputs: [uploadedPortrait()], options: idPhoto.options.parse({ size: 2, color: colorId }) }, context());
    const { width, height, samples } = await backgroundSamples(output.path);
    expect([width, height]).toEqual([413, 579]);
    for (const sample of samples) expect(distance(sample, color)).toBeLessThanOrEqual(18);
    // The face (between the eyes and the chin) is centred, and is not the background.
    const { data } = await sharp(output.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(distance(await pixelAt(data, 3, width, Math.round(width / 2), Math.round(height * 0.4)), color)).toBeGreaterThan(60);
  });

  it('refuses an unknown size or colour', () => {
    expect(() => idPhoto.options.parse({ size: 18 })).toThrow();
    expect(() => idPhoto.options.parse({ color: 'green' })).toThrow();
  });

  it('refuses a pixel bomb and a file that is no picture, in Chinese', async () => {
    const ctx = context();
    expect(await refusal(idPhoto.convert({ inputs: [input('bomb.png')], options: idPhoto.options.parse({}) }, ctx))).toMatch(/图片尺寸过大/);
    expect(await refusal(idPhoto.convert({ inputs: [input('text.png')], options: idPhoto.options.parse({}) }, ctx))).toMatch(/不是有效的图片/);
    const cut = tool(imageConverters, 'img-cut');
    expect(await refusal(cut.convert({ inputs: [input('bomb.png')], options: cut.options.parse({ cutout: true }) }, ctx))).toMatch(/[\u4e00-\u9fff]/);
  });
});
