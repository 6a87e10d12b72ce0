// video-to-pdf and video-to-ppt over a clip the test generates: three still scenes (red, blue,
// red again) of a second each, then a moving test pattern. Results are read back independently:
// pdfinfo for the PDF's pages and their size, the PPTX zip's slide XML for slides and captions.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ConvertError } from '../../server/convert/errors';
import { findConverter } from '../../server/convert/registry';
import { frameTimes, pictureDistance, samePicture, thumbnailOf, selectExpression, thinFrames } from '../../server/convert/tools/video-slides';
import type { ConvertInput } from '../../server/convert/types';
import { jobContext, scratchFolder } from '../support/convert-job';
import { meanColour } from '../support/pixels';
import { pptxgenjsInBrowserMode } from '../support/pptx-in-jest';

const scratch = scratchFolder('video-slides-test-');
let slidesVideo: string;
let toneOnly: string;

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

beforeAll(() => {
  slidesVideo = path.join(scratch, 'lecture.mp4');
  const still = (color: string) => ['-f', 'lavfi', '-i', `color=${color}:size=320x240:rate=10:duration=1`];
  ffmpeg([
    ...still('red'),
    ...still('blue'),
    ...still('red'),
    '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10:duration=1',
    '-filter_complex', '[0][1][2][3]concat=n=4:v=1,format=yuv420p[v]',
    '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', slidesVideo,
  ]);
  pptxgenjsInBrowserMode();
  toneOnly = path.join(scratch, 'tone.wav');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000:duration=2', toneOnly]);
});

const context = () => jobContext(scratch, { tier: 'guest' });

const input = (file: string, type: string): ConvertInput => ({ name: `讲座.${type}`, path: file, size: 1, type });

function run(toolId: string, file: string, type: string, options: Record<string, unknown> = {}) {
  const converter = findConverter(toolId)!;
  return converter.convert({ inputs: [input(file, type)], options: converter.options.parse(options) }, context());
}

describe('pieces', () => {
  test('the select expression keeps the first frame, scene changes and one frame per interval (as ffmpeg runs it)', () => {
    /** The times ffmpeg selects on a clip of still colours, each `seconds` long. */
    const selected = (colours: string[], seconds: number, options: { interval: number; scene: number }) => {
      const clip = path.join(scratch, `stills-${colours.join('-')}.mp4`);
      const inputs = colours.flatMap((colour) => ['-f', 'lavfi', '-i', `color=${colour}:size=160x120:rate=5:duration=${seconds}`]);
      ffmpeg([...inputs, '-filter_complex', `${colours.map((_, i) => `[${i}]`).join('')}concat=n=${colours.length}:v=1,format=yuv420p[v]`, '-map', '[v]', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);
      const printed = path.join(scratch, `selected-${colours.join('-')}-${options.interval}.txt`);
      ffmpeg(['-i', clip, '-vf', `select='${selectExpression(options)}',metadata=mode=print:file=${printed}`, '-f', 'null', '-']);
      return frameTimes(readFileSync(printed, 'utf8')).map((t) => Math.round(t * 10) / 10);
    };
    // Scene changes: the first frame and each new colour, nothing in between (the interval is long).
    expect(selected(['red', 'blue', 'green'], 2, { interval: 100, scene: 0.3 })).toEqual([0, 2, 4]);
    // One still picture: the first frame, then one per interval.
    expect(selected(['gray'], 6, { interval: 2, scene: 0.3 })).toEqual([0, 2, 4]);
  });

  test('frame times are read from the metadata filter output', () => {
    const printed = 'frame:0    pts:0       pts_time:0\nlavfi.scene_score=0.000000\nframe:1    pts:12288   pts_time:1.2\nlavfi.scene_score=0.4\n';
    expect(frameTimes(printed)).toEqual([0, 1.2]);
  });

  test('thinning keeps the first and last and spreads the rest', () => {
    expect(thinFrames([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 5, 9]);
    expect(thinFrames([1, 2], 5)).toEqual([1, 2]);
  });

  test('the thumbnail tells pictures apart (flat colours too) and matches a re-encoded copy', async () => {
    const gradient = Buffer.alloc(64 * 48 * 3);
    for (let i = 0; i < 64 * 48; i++) gradient.fill((i % 64) * 4, i * 3, i * 3 + 3);
    const a = path.join(scratch, 'a.png');
    const b = path.join(scratch, 'b.jpg');
    const c = path.join(scratch, 'c.png');
    await sharp(gradient, { raw: { width: 64, height: 48, channels: 3 } }).png().toFile(a);
    await sharp(a).jpeg({ quality: 40 }).toFile(b);
    await sharp(a).flop().toFile(c);
    const red = path.join(scratch, 'red.png');
    const blue = path.join(scratch, 'blue.png');
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#ff0000' } }).png().toFile(red);
    await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0000ff' } }).png().toFile(blue);
    const [ta, tb, tc, tr, tbl] = await Promise.all([a, b, c, red, blue].map(thumbnailOf));
    expect(samePicture(ta!, tb!)).toBe(true);
    expect(samePicture(ta!, tc!)).toBe(false);
    expect(pictureDistance(ta!, tc!).hashBits).toBeGreaterThan(20);
    // Flat pictures have the same (empty) gradient hash; their brightness tells them apart.
    expect(samePicture(tr!, tbl!)).toBe(false);
    expect(samePicture(tr!, tr!)).toBe(true);
  });
});

function pdfPages(file: string): { pages: number; size: string } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]), size: /^Page size:\s+(.*)$/m.exec(info)![1]! };
}

/** What a picture mostly is: red, blue, or something else (the test pattern), from its mean colour. */
async function colourOf(picture: Buffer | string): Promise<string> {
  const [r, g, b] = await meanColour(picture);
  if (r > 200 && g < 40 && b < 40) return 'red';
  if (b > 200 && r < 40 && g < 40) return 'blue';
  return 'other';
}

/** The colour of each page of a PDF as poppler draws it. */
async function pageColours(file: string, pages: number): Promise<string[]> {
  const colours: string[] = [];
  for (let page = 1; page <= pages; page++) {
    colours.push(await colourOf(execFileSync('pdftoppm', ['-r', '10', '-png', '-f', String(page), '-l', String(page), '-singlefile', file])));
  }
  return colours;
}

test('video-to-pdf: one page per distinct scene, sized from the frame', async () => {
  // A long interval: only scene changes (and the first frame) make pages.
  const [output] = await run('video-to-pdf', slidesVideo, 'mp4', { interval: 60, scene: 0.3 });
  expect(output!.name).toBe('讲座.pdf');
  execFileSync('qpdf', ['--check', output!.path]);
  const { pages, size } = pdfPages(output!.path);
  // red, blue, red again, test pattern (its moving frames hash alike or are not scene changes).
  expect(pages).toBeGreaterThanOrEqual(4);
  expect(pages).toBeLessThanOrEqual(6);
  expect(size).toMatch(/^240 x 180 pts/);
  // The scenes in order: red, blue, red again, then the pattern.
  expect(await pageColours(output!.path, pages)).toEqual(['red', 'blue', 'red', ...Array(pages - 3).fill('other')]);
});

test('video-to-pdf: a short interval adds frames, and duplicates of the same still are dropped', async () => {
  // No scene detection worth the name (threshold 0.9) but a frame every half second: eight
  // candidates, two of each still scene, of which the second is the same picture as the first.
  const [output] = await run('video-to-pdf', slidesVideo, 'mp4', { interval: 0.5, scene: 0.9 });
  const { pages } = pdfPages(output!.path);
  expect(pages).toBeGreaterThanOrEqual(4);
  expect(pages).toBeLessThanOrEqual(5);
  // Each still once (its second frame dropped), the moving pattern once or twice.
  expect(await pageColours(output!.path, pages)).toEqual(['red', 'blue', 'red', ...Array(pages - 3).fill('other')]);
});

test('video-to-ppt: one slide per frame with its time as a caption', async () => {
  const [output] = await run('video-to-ppt', slidesVideo, 'mp4', { interval: 60, scene: 0.3 });
  expect(output!.name).toBe('讲座.pptx');
  const listing = execFileSync('unzip', ['-Z1', output!.path], { encoding: 'utf8' }).split('\n');
  const slides = listing.filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  expect(slides.length).toBeGreaterThanOrEqual(4);
  expect(listing.some((name) => /^ppt\/media\/.*\.jpe?g$/.test(name))).toBe(true);
  const first = execFileSync('unzip', ['-p', output!.path, 'ppt/slides/slide1.xml'], { encoding: 'utf8' });
  const second = execFileSync('unzip', ['-p', output!.path, 'ppt/slides/slide2.xml'], { encoding: 'utf8' });
  expect(first).toContain('00:00:00.0');
  expect(second).toMatch(/00:00:0[12]\.\d/);
  // Each slide shows its frame: the picture its relationships name, red, blue, red, then the pattern.
  const colours: string[] = [];
  for (let n = 1; n <= slides.length; n++) {
    const relationships = execFileSync('unzip', ['-p', output!.path, `ppt/slides/_rels/slide${n}.xml.rels`], { encoding: 'utf8' });
    const target = /Type="[^"]*\/image" Target="\.\.\/(media\/[^"]+)"/.exec(relationships)![1];
    colours.push(await colourOf(execFileSync('unzip', ['-p', output!.path, `ppt/${target}`])));
  }
  expect(colours).toEqual(['red', 'blue', 'red', ...Array(slides.length - 3).fill('other')]);
});

test('a file without video is refused in Chinese', async () => {
  await expect(run('video-to-ppt', toneOnly, 'wav')).rejects.toThrow(ConvertError);
  await expect(run('video-to-ppt', toneOnly, 'wav')).rejects.toThrow('文件中没有视频画面');
});
