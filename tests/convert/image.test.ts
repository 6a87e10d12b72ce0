// Image tools over pictures the test makes (sharp, ffmpeg, heif-enc); results are read back by
// sharp's metadata and by ffprobe for the formats sharp cannot read (BMP, ICO).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { imageConverters } from '../../server/convert/tools/image';
import type { Converter, ConvertInput, ConvertOutput } from '../../server/convert/types';
import { pngClaiming } from '../support/pixel-bomb';
import { PORTRAIT } from '../support/portrait';
import { jobContext, refusal, scratchFolder } from '../support/convert-job';
// ffmpeg's SSIM on luma: a judge independent of the tool's own SSIM.
import { lumaSsim } from '../support/ffmpeg-measures';

const scratch = scratchFolder('image-test-');
const images: Record<string, string> = {};

/** Left half red, right half blue: shows which way a picture was turned or mirrored. */
function halves(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).composite([
    { input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } }, left: width / 2, top: 0 },
  ]);
}

beforeAll(async () => {
  const image = (name: string) => (images[name] = path.join(scratch, name));
  // Photo-like: a smooth gradient under grain, saved at high quality.
  const gradient = Buffer.alloc(320 * 240 * 3);
  for (let i = 0; i < 320 * 240; i++) gradient.set([(i % 320) * 0.8, Math.floor(i / 320), 128], i * 3);
  const grain = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).png().toBuffer();
  await sharp(gradient, { raw: { width: 320, height: 240, channels: 3 } }).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 97 }).toFile(image('photo.jpg'));
  // Screenshot-like: flat colours and text.
  const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#f4f4f4"/><rect x="20" y="20" width="360" height="40" fill="#3366cc"/><text x="30" y="120" font-size="24" fill="#222">Screenshot 截图 12345</text></svg>');
  await sharp(text).png().toFile(image('screen.png'));
  await sharp(images['photo.jpg']).jpeg({ quality: 30, mozjpeg: true }).toFile(image('small.jpg'));
  await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toFile(image('alpha.png'));
  await halves(40, 20).png().toFile(image('halves.png'));
  execFileSync('heif-enc', ['-q', '60', image('halves.png'), '-o', image('halves.heic')]);
  await sharp({ create: { width: 48, height: 32, channels: 3, background: '#00ff00' } }).png().toFile(image('green.png'));
  execFileSync('heif-enc', [image('halves.png'), image('green.png'), '-o', image('burst.heic')]);
  const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=5:duration=1', image('anim.gif')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=60x40', '-frames:v', '1', image('test.bmp')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=48x48', '-frames:v', '1', image('test.ico')]);
  writeFileSync(image('bomb.png'), pngClaiming(100_000, 100_000));
  writeFileSync(image('big-claim.png'), pngClaiming(12_000, 12_000));
  const photo = statSync(images['photo.jpg']).size;
  writeFileSync(image('truncated.jpg'), Buffer.from(execFileSync('head', ['-c', String(Math.floor(photo / 2)), images['photo.jpg']])));
  writeFileSync(image('text.png'), 'this is not a picture at all, only text\n'.repeat(20));
  // Wider than the quality search's centre sample (1449 pixels), with calm middle and busy sides.
  const grain3 = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).blur(0.8).png().toBuffer();
  const calm = Buffer.alloc(1500 * 1000 * 3);
  for (let i = 0; i < 1500 * 1000; i++) calm.set([60 + (i % 1500) / 10, 90 + Math.floor(i / 1500) / 8, 160], i * 3);
  await sharp(grain3).composite([{ input: calm, raw: { width: 1500, height: 1000, channels: 3 }, left: 750, top: 0 }]).jpeg({ quality: 95 }).toFile(image('wide.jpg'));
  // A real photo: a portrait saved as JPEG (Debian's python-matplotlib-data, from scripts/setup).
  writeFileSync(image('portrait.jpg'), readFileSync(PORTRAIT));
});

function converter(toolId: string): Converter<any> {
  const found = imageConverters.find((c) => c.toolId === toolId);
  if (!found) throw new Error(`no converter ${toolId}`);
  return found;
}

const context = (progress: number[] = []) => jobContext(scratch, { progress });

function input(name: string, type = path.extname(name).slice(1)): ConvertInput {
  return { name, path: images[name], size: statSync(images[name]).size, type };
}

async function run(toolId: string, name: string, options: Record<string, unknown> = {}, type?: string, ctx = context()): Promise<ConvertOutput> {
  const tool = converter(toolId);
  const [output] = await tool.convert({ inputs: [input(name, type)], options: tool.options.parse(options) }, ctx);
  return output;
}

/** The picture ffmpeg makes of `name` with the filter `filter` (a crop, a flip, a scale): what a tool should have made. */
function ffmpegMade(name: string, filter: string): string {
  const file = path.join(scratch, `${name}-${filter.replace(/[^a-z0-9]+/gi, '_')}.png`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', images[name], '-vf', filter, file]);
  return file;
}

function ffprobeStreams(file: string): Array<{ codec_name: string; width: number; height: number }> {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file], { encoding: 'utf8' })).streams;
}

/** The colour at the top-left pixel. */
async function firstPixel(file: string): Promise<number[]> {
  const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

describe('img-convert', () => {
  it.each([
    ['jpg', 'jpeg', undefined],
    ['png', 'png', undefined],
    ['webp', 'webp', undefined],
    ['avif', 'heif', 'av1'],
    ['gif', 'gif', undefined],
    ['tiff', 'tiff', undefined],
  ])('converts a photo to %s', async (format, sharpFormat, compression) => {
    const progress: number[] = [];
    const output = await run('img-convert', 'photo.jpg', { format }, undefined, context(progress));
    expect(output.name).toBe(`photo.${format}`);
    const meta = await sharp(output.path).metadata();
    expect(meta).toMatchObject({ format: sharpFormat, width: 320, height: 240 });
    if (compression) expect(meta.compression).toBe(compression);
    // The photo itself (ffmpeg reads no AVIF here: sharp decodes that one to PNG first). The grain
    // keeps re-encoded JPEG at SSIM 0.85; another picture would be near 0.
    const readable = format === 'avif' ? await sharp(output.path).png().toFile(`${output.path}.png`).then(() => `${output.path}.png`) : output.path;
    expect(lumaSsim(images['photo.jpg'], readable)).toBeGreaterThan(0.8);
    expect(progress).toEqual([100]);
  });

  it('writes a BMP that ffmpeg reads', async () => {
    const output = await run('img-convert', 'alpha.png', { format: 'bmp' });
    expect(ffprobeStreams(output.path)).toMatchObject([{ codec_name: 'bmp', width: 64, height: 64 }]);
  });

  it('writes an ICO with every icon size up to the picture', async () => {
    const output = await run('img-convert', 'photo.jpg', { format: 'ico' });
    const sizes = ffprobeStreams(output.path).map((s) => s.width);
    expect(sizes).toEqual([16, 32, 48, 64, 128, 256]);
  });

  it('reads HEVC HEIC, BMP and ICO', async () => {
    const heic = await run('img-convert', 'halves.heic', { format: 'png' });
    expect(await sharp(heic.path).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    const [r, , b] = await firstPixel(heic.path);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    const bmp = await run('img-convert', 'test.bmp', { format: 'png' });
    expect(await sharp(bmp.path).metadata()).toMatchObject({ format: 'png', width: 60, height: 40 });
    const ico = await run('img-convert', 'test.ico', { format: 'webp' });
    expect(await sharp(ico.path).metadata()).toMatchObject({ format: 'webp', width: 48, height: 48 });
    expect(lumaSsim(images['test.bmp'], bmp.path)).toBeGreaterThan(0.99);
    expect(lumaSsim(images['test.ico'], ico.path)).toBeGreaterThan(0.9);
  });

  it('keeps the primary picture of a HEIC burst', async () => {
    const output = await run('img-convert', 'burst.heic', { format: 'jpg' });
    expect(await sharp(output.path).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 20 });
  });

  it('keeps the frames of an animated GIF in WebP', async () => {
    const output = await run('img-convert', 'anim.gif', { format: 'webp' });
    expect(await sharp(output.path).metadata()).toMatchObject({ format: 'webp', pages: 5, width: 64 });
  });

  it('puts transparency on white for JPEG', async () => {
    const output = await run('img-convert', 'alpha.png', { format: 'jpg' });
    const meta = await sharp(output.path).metadata();
    expect(meta.hasAlpha).toBe(false);
    const [r, g, b] = await firstPixel(output.path);
    expect(r).toBeGreaterThan(100);
    expect(g).toBeGreaterThan(150);
    expect(b).toBeGreaterThan(100);
  });
});

/** Bytes of sharp's default JPEG at the lowest quality whose luma SSIM keeps `floor`. */
async function sharpDefaultJpegKeeping(file: string, floor: number): Promise<number> {
  const output = path.join(scratch, 'sharp-default.jpg');
  let [low, high, bytes] = [1, 100, statSync(file).size];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    await sharp(file).jpeg({ quality }).toFile(output);
    if (lumaSsim(file, output) >= floor) [bytes, high] = [statSync(output).size, quality - 1];
    else low = quality + 1;
  }
  return bytes;
}

describe('img-compress', () => {
  it.each([
    ['photo.jpg', 'jpeg'],
    ['screen.png', 'png'],
  ])('makes %s smaller at the same size and says by how much', async (name, format) => {
    const output = await run('img-compress', name);
    expect(output.name).toMatch(/-已压缩-节省\d+%\.(jpg|png)$/);
    const original = await sharp(images[name]).metadata();
    expect(await sharp(output.path).metadata()).toMatchObject({ format, width: original.width, height: original.height });
    expect(statSync(output.path).size).toBeLessThan(statSync(images[name]).size);
  });

  it.each(['photo.jpg', 'portrait.jpg'])('makes %s clearly smaller than the smallest sharp-default JPEG at the same SSIM', async (name) => {
    const output = await run('img-compress', name, { level: 'medium' });
    expect(lumaSsim(images[name], output.path)).toBeGreaterThanOrEqual(0.95);
    // By 15% at least: one quantisation table and libvips' greyscale as luma saved 12% on the portrait.
    expect(statSync(output.path).size).toBeLessThan(0.85 * (await sharpDefaultJpegKeeping(images[name], 0.95)));
  });

  it('keeps the floor over the whole of a picture whose centre is calmer than the rest', async () => {
    const output = await run('img-compress', 'wide.jpg', { level: 'medium' });
    expect(lumaSsim(images['wide.jpg'], output.path)).toBeGreaterThanOrEqual(0.95);
  });

  it('compresses harder at a higher level', async () => {
    const low = statSync((await run('img-compress', 'photo.jpg', { level: 'low' })).path).size;
    const high = statSync((await run('img-compress', 'photo.jpg', { level: 'high' })).path).size;
    expect(high).toBeLessThan(low);
  });

  it('meets a target size', async () => {
    const output = await run('img-compress', 'photo.jpg', { targetKB: 8 });
    expect(statSync(output.path).size).toBeLessThanOrEqual(8 * 1024);
    expect(await sharp(output.path).metadata()).toMatchObject({ width: 320, height: 240 });
    // Still the photo, at the lower quality the size allows (SSIM 0.82 here).
    expect(lumaSsim(images['photo.jpg'], output.path)).toBeGreaterThan(0.7);
  });

  it('refuses a target no quality can meet', async () => {
    expect(await refusal(run('img-compress', 'screen.png', { targetKB: 1 }))).toMatch(/^目标大小过小/);
  });

  it('shrinks the dimensions only when asked', async () => {
    const output = await run('img-compress', 'photo.jpg', { maxWidth: 160 });
    expect(await sharp(output.path).metadata()).toMatchObject({ width: 160, height: 120 });
    expect(lumaSsim(ffmpegMade('photo.jpg', 'scale=160:120:flags=area'), output.path)).toBeGreaterThan(0.8);
  });

  it('hands back the original when nothing smaller comes out', async () => {
    const output = await run('img-compress', 'small.jpg', { level: 'low' });
    expect(output.name).toBe('small-已是最小体积.jpg');
    expect(statSync(output.path).size).toBe(statSync(images['small.jpg']).size);
  });
});

describe('img-cut', () => {
  it('rotates a quarter turn', async () => {
    const output = await run('img-cut', 'halves.png', { angle: 90 });
    expect(output.name).toBe('halves-裁剪.png');
    expect(await sharp(output.path).metadata()).toMatchObject({ width: 20, height: 40 });
    expect(await firstPixel(output.path)).toEqual([255, 0, 0]);
  });

  it('crops a box in the mirrored picture the visitor sees', async () => {
    const output = await run('img-cut', 'halves.png', { flop: true, x: 0, y: 0, width: 10, height: 10 });
    expect(await sharp(output.path).metadata()).toMatchObject({ width: 10, height: 10 });
    expect(await firstPixel(output.path)).toEqual([0, 0, 255]);
  });

  it('crops the largest centred box of a ratio', async () => {
    const output = await run('img-cut', 'photo.jpg', { ratio: '16:9', format: 'webp' });
    expect(await sharp(output.path).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(lumaSsim(ffmpegMade('photo.jpg', 'crop=320:180:0:30'), output.path)).toBeGreaterThan(0.8);
    const square = await run('img-cut', 'photo.jpg', { ratio: '1:1', flip: 'true' });
    expect(await sharp(square.path).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 240 });
    // The centre, upside down (the same box unflipped is another picture).
    expect(lumaSsim(ffmpegMade('photo.jpg', 'crop=240:240:40:0,vflip'), square.path)).toBeGreaterThan(0.8);
    expect(lumaSsim(ffmpegMade('photo.jpg', 'crop=240:240:40:0'), square.path)).toBeLessThan(0.5);
  });

  it('refuses a box outside the picture', async () => {
    expect(await refusal(run('img-cut', 'halves.png', { x: 30, y: 0, width: 20, height: 10 }))).toBe('裁剪区域超出了图片范围');
  });
});

describe('bad input', () => {
  it.each(['bomb.png', 'big-claim.png'])('refuses the pixel bomb %s before decoding it', async (name) => {
    for (const tool of ['img-convert', 'img-compress', 'img-cut']) {
      expect(await refusal(run(tool, name))).toBe('图片尺寸过大（超过1亿像素），无法处理');
    }
  });

  it('refuses a truncated image', async () => {
    expect(await refusal(run('img-convert', 'truncated.jpg', { format: 'png' }))).toBe('图片文件不完整或已损坏');
  });

  it('refuses a file that is not the image its name says', async () => {
    expect(await refusal(run('img-convert', 'text.png'))).toBe('文件不是有效的图片，或图片格式与文件名不符');
    expect(await refusal(run('img-compress', 'screen.png', {}, 'jpg'))).toBe('文件不是有效的图片，或图片格式与文件名不符');
  });
});
