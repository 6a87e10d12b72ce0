// Cutout (img-cut's `cutout` option) and the ID photo (img-background-color) on a person-like
// picture the test draws: head, neck and shoulders in flat colours on a plain background. Results
// are read back with sharp: alpha at the corners and on the body, the photo's size in px and the
// background colour at its corners.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { runInThisContext } from 'node:vm';
import path from 'node:path';
import sharp from 'sharp';
import { ID_PHOTO_COLORS, ID_PHOTO_SIZES, idPhotoSize } from '../../shared/id-photo';
import { ConvertError } from '../../server/convert/errors';
import { imageConverters } from '../../server/convert/tools/image';
import { photoConverters } from '../../server/convert/tools/photo';
import type { Converter, ConvertContext, ConvertInput } from '../../server/convert/types';
import { pngClaiming } from '../support/pixel-bomb';

jest.setTimeout(240_000);

// onnxruntime-node's binding makes its output arrays in Node's main realm, and onnxruntime-common
// checks them with `instanceof Float32Array` in jest's sandbox realm; outside jest both are one.
globalThis.Float32Array = runInThisContext('Float32Array') as Float32ArrayConstructor;

let scratch: string;
const files: Record<string, string> = {};

const PERSON = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320">
  <rect width="240" height="320" fill="#7fb069"/>
  <ellipse cx="120" cy="110" rx="45" ry="58" fill="#e0ac69"/>
  <rect x="105" y="160" width="30" height="30" fill="#e0ac69"/>
  <path d="M30 320 Q40 190 120 185 Q200 190 210 320 Z" fill="#2d3a8c"/>
</svg>`;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'photo-test-'));
  files['person.png'] = path.join(scratch, 'person.png');
  await sharp(Buffer.from(PERSON)).png().toFile(files['person.png']);
  files['person.jpg'] = path.join(scratch, 'person.jpg');
  await sharp(Buffer.from(PERSON)).jpeg({ quality: 92 }).toFile(files['person.jpg']);
  files['bomb.png'] = path.join(scratch, 'bomb.png');
  writeFileSync(files['bomb.png'], pngClaiming(100_000, 100_000));
  files['text.png'] = path.join(scratch, 'text.png');
  writeFileSync(files['text.png'], 'not a picture\n'.repeat(40));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let jobs = 0;
function context(): ConvertContext {
  const workDir = path.join(scratch, `job-${++jobs}`);
  mkdirSync(workDir);
  return { workDir, signal: new AbortController().signal, progress: () => undefined, tier: 'vip' };
}

function input(name: string): ConvertInput {
  return { name, path: files[name], size: statSync(files[name]).size, type: path.extname(name).slice(1) };
}

function tool(list: Converter<any>[], id: string): Converter<any> {
  return list.find((c) => c.toolId === id)!;
}

async function pixelAt(data: Buffer, channels: number, width: number, x: number, y: number): Promise<number[]> {
  const i = (y * width + x) * channels;
  return [...data.subarray(i, i + channels)];
}

async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConvertError);
  return (error as ConvertError).message;
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
    [11, 'red', 'png'],
  ])('size %i on %s as %s: exact px and the colour at the corners', async (sizeId, colorId, format) => {
    const [output] = await idPhoto.convert({ inputs: [input('person.jpg')], options: idPhoto.options.parse({ size: String(sizeId), color: colorId, format }) }, context());
    const size = idPhotoSize(sizeId)!;
    const color = ID_PHOTO_COLORS.find((c) => c.id === colorId)!;
    const meta = await sharp(output.path).metadata();
    expect(meta.format).toBe(format === 'jpg' ? 'jpeg' : 'png');
    expect([meta.width, meta.height]).toEqual([size.size.width, size.size.height]);
    const { data, info } = await sharp(output.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    // The top corners and the sides at eye level (the shoulders may fill the bottom corners).
    for (const [x, y] of [[2, 2], [width - 3, 2], [2, Math.round(height * 0.3)], [width - 3, Math.round(height * 0.3)]]) {
      const [r, g, b] = await pixelAt(data, 3, width, x, y);
      expect(Math.abs(r - color.rgba.r)).toBeLessThanOrEqual(6);
      expect(Math.abs(g - color.rgba.g)).toBeLessThanOrEqual(6);
      expect(Math.abs(b - color.rgba.b)).toBeLessThanOrEqual(6);
    }
    // The person is there: the middle of the photo's lower part is the shirt, not the background.
    const [r, g, b] = await pixelAt(data, 3, width, Math.round(width / 2), Math.round(height * 0.93));
    expect(Math.abs(r - 0x2d) + Math.abs(g - 0x3a) + Math.abs(b - 0x8c)).toBeLessThan(40);
    expect(output.name).toBe(`person-${size.name}-${color.label}底.${format}`);
  });

  it('previews every colour in the middle step, the chosen one first', async () => {
    const result = await idPhoto.middle!({ inputs: [input('person.png')], options: idPhoto.options.parse({ size: 2, color: 'white' }) }, context());
    expect(result.data).toMatchObject({ colors: ['white', 'red', 'blue', 'grey'], size: 2, width: 413, height: 579 });
    expect(result.outputs).toHaveLength(4);
    const meta = await sharp(result.outputs[0].path).metadata();
    expect(meta.format).toBe('png');
    expect(meta.height).toBe(240);
    const { data, info } = await sharp(result.outputs[0].path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(await pixelAt(data, 3, info.width, 1, 1)).toEqual([255, 255, 255]);
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
