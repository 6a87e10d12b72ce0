// The image and media tool pages in Chromium against a live site: compress a generated picture on
// /img-compress/ and see the saving; on /cut-audio/ see the waveform drawn from the audio decoded
// in the browser, drag its handles, run, and check the download's duration with ffprobe; crop
// a picture on /img-cut/ with the box dragged on its preview. No console errors anywhere.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Page } from 'puppeteer-core';
import { parseMediaTime } from '../../shared/format';
import { toolPageHarness } from '../support/tool-page';

const run = promisify(execFile);
const { file: scratchFile, open, choose, clickButton, results, download } = toolPageHarness('media-tools-');

/** The first result file of a finished run. */
async function firstResult(page: Page): Promise<{ name: string; href: string }> {
  return (await results(page)).files[0]!;
}

/** Drags an element's centre by dx, dy pixels with the mouse. */
async function drag(page: Page, selector: string, dx: number, dy: number): Promise<void> {
  const box = (await (await page.$(selector))!.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 3 });
  await page.mouse.up();
}

test('img-compress: a generated screenshot-like PNG is compressed and the saving shown', async () => {
  // Noise over flat areas: a PNG that lossy compression shrinks a lot.
  const width = 320;
  const height = 240;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + ((i / 3) % 7) * 11 + (i % 5) * 13) & 0xff;
  const file = scratchFile('截图.png');
  await sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toFile(file);
  const inputSize = fs.statSync(file).size;

  const { page, errors } = await open('/img-compress/');
  await choose(page, file);
  await page.waitForSelector('.file-list .file-name');
  // The segment shows the choice and, under it, its note (OptionsForm SegmentLabel): 推荐 + 几乎无损.
  expect(await page.$$eval('.options .segment', (els) => els.map((el) => el.textContent))).toEqual(expect.arrayContaining(['推荐几乎无损']));
  await clickButton(page, '开始压缩');
  const result = await firstResult(page);
  const saving = await page.$eval('.result-saving', (el) => el.textContent ?? '');
  const percent = Number(/节省 (\d+)%/.exec(saving)?.[1]);
  const output = await download(result.href, 'compressed');
  const outputSize = fs.statSync(output).size;
  expect(outputSize).toBeLessThan(inputSize);
  expect(percent).toBe(Math.max(1, Math.round((1 - outputSize / inputSize) * 100)));
  const meta = await sharp(output).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(errors).toEqual([]);
  await page.close();
});

test('cut-audio: the waveform is drawn, the handles set the range, and the cut has that length', async () => {
  const file = scratchFile('录音.wav');
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=3', '-af', "volume='if(lt(t,1),0.2,1)':eval=frame", '-c:a', 'pcm_s16le', file]);

  const { page, errors } = await open('/cut-audio/');
  await choose(page, file);
  await page.waitForSelector('.wave-canvas[data-drawn]', { timeout: 20_000 });
  // Something was drawn: the middle row of the canvas has painted pixels.
  const painted = await page.$eval('.wave-canvas', (canvas) => {
    const c = canvas as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, c.height / 2, c.width, 1).data;
    let count = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
    return count / c.width;
  });
  expect(painted).toBeGreaterThan(0.3);

  const track = (await (await page.$('.wave-track'))!.boundingBox())!;
  // Start handle from 0 s to about 0.5 s, end handle from 3 s back to about 2.2 s.
  await drag(page, '.wave-handle.is-start', track.width * (0.5 / 3), 0);
  await drag(page, '.wave-handle.is-end', -track.width * (0.8 / 3), 0);
  const startText = await page.$eval('#opt-cut-audio-start', (el) => (el as HTMLInputElement).value);
  const endText = await page.$eval('#opt-cut-audio-end', (el) => (el as HTMLInputElement).value);
  const start = parseMediaTime(startText)!;
  const end = parseMediaTime(endText)!;
  expect(start).toBeGreaterThan(0.2);
  expect(start).toBeLessThan(0.8);
  expect(end).toBeGreaterThan(1.9);
  expect(end).toBeLessThan(2.5);
  expect(await page.$eval('.wave-handle.is-start', (el) => el.getAttribute('aria-valuetext'))).toBe(startText);

  // Typing a time moves its handle.
  const endField = (await page.$('#opt-cut-audio-end'))!;
  await endField.click({ count: 3 });
  await endField.type('00:00:02.3');
  expect(await page.$eval('.wave-handle.is-end', (el) => el.getAttribute('aria-valuenow'))).toBe('2.3');

  await clickButton(page, '开始剪切');
  const result = await firstResult(page);
  expect(result.name).toBe('录音-剪切.wav');
  const output = await download(result.href, 'cut.wav');
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', output]);
  expect(Math.abs(Number(stdout) - (2.3 - start))).toBeLessThanOrEqual(0.1);
  expect(errors).toEqual([]);
  await page.close();
});

test('img-cut: the crop box is dragged and resized on the preview and the picture cut to it', async () => {
  const file = scratchFile('照片.png');
  await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } }).png().toFile(file);
  const { page, errors } = await open('/img-cut/');
  await choose(page, file);
  await page.waitForSelector('.crop-box');
  // The box starts as the whole picture once the preview has loaded; measure the canvas only then,
  // and only once its size has settled (a slow machine lays it out late).
  await page.waitForFunction(() => /400 × 300 像素/.test(document.querySelector('.crop-size')?.textContent ?? ''));
  await page.waitForFunction(() => {
    const w = document.querySelector('.crop-canvas')?.getBoundingClientRect().width ?? 0;
    const seen = (window as unknown as { __cropWidth?: number }).__cropWidth;
    (window as unknown as { __cropWidth?: number }).__cropWidth = w;
    return w > 0 && seen === w;
  }, { polling: 200 });
  const canvas = (await (await page.$('.crop-canvas'))!.boundingBox())!;
  const scale = 400 / canvas.width;
  // Shrink from the bottom-right corner by a quarter, then move the box right and down.
  await drag(page, '.crop-handle.is-se', -canvas.width / 4, -canvas.height / 4);
  await drag(page, '.crop-box', canvas.width / 8, canvas.height / 8);
  const size = await page.$eval('.crop-size', (el) => el.textContent ?? '');
  const [, w, h] = /(\d+) × (\d+) 像素/.exec(size)!.map(Number);
  expect(Math.abs(w! - 300)).toBeLessThanOrEqual(2 * scale + 1);
  expect(Math.abs(h! - 225)).toBeLessThanOrEqual(2 * scale + 1);
  await clickButton(page, '开始裁剪');
  const result = await firstResult(page);
  const output = await download(result.href, 'cut.png');
  const meta = await sharp(output).metadata();
  expect([meta.width, meta.height]).toEqual([w, h]);
  expect(errors).toEqual([]);
  await page.close();
});
