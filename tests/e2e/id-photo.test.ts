// The ID-photo page (img-background-color) in Chromium against a live site, on a real portrait:
// upload once, see the preview, pick blue and 二寸 and see the preview change without another
// upload, make and download the photo, check its size and corner colour with sharp; then another
// colour and size from the same upload. The model runs once through all of it. At 375 px the
// picker fits the screen and every button says whether it is pressed.
// TOOL_PAGE_SCREENS=1 also writes screenshots of the preview (1366 and 375 px) to tmp/screens/.
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'puppeteer-core';
import { ID_PHOTO_COLORS, ID_PHOTO_SIZES, idPhotoColor } from '../../shared/id-photo';
import { PORTRAIT } from '../support/portrait';
import { toolPageHarness } from '../support/tool-page';

jest.setTimeout(180_000);

const { open, choose, clickButton, download } = toolPageHarness('id-photo-');
const SCREENS = process.env.TOOL_PAGE_SCREENS ? path.resolve(__dirname, '../../tmp/screens') : undefined;

/** The preview as drawn once its colour has settled on `colorId`: its size, ratio and top-left corner. */
async function shownPreview(page: Page, colorId: 'red' | 'blue'): Promise<{ size: string | null; ratio: number; corner: number[] }> {
  const { r, g, b } = idPhotoColor(colorId).rgba;
  // The colour change is animated: wait for its end, not for some time.
  await page.waitForFunction((rgb) => getComputedStyle(document.querySelector('.idp-frame')!).backgroundColor === rgb, {}, `rgb(${r}, ${g}, ${b})`);
  const frame = (await page.$('.idp-frame'))!;
  const box = (await frame.boundingBox())!;
  const png = Buffer.from(await frame.screenshot({ type: 'png' }));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (3 * info.width + 3) * 3;
  return { size: await frame.evaluate((el) => el.getAttribute('data-size')), ratio: box.width / box.height, corner: [...data.subarray(at, at + 3)] };
}

function near(rgb: number[], colorId: 'red' | 'blue', tolerance: number): boolean {
  const { r, g, b } = idPhotoColor(colorId).rgba;
  return Math.abs(rgb[0]! - r) + Math.abs(rgb[1]! - g) + Math.abs(rgb[2]! - b) <= tolerance;
}

const pressed = (page: Page, selector: string) => page.$$eval(selector, (els) => els.filter((el) => el.getAttribute('aria-pressed') === 'true').map((el) => el.getAttribute('aria-label')));

/** Makes the photo of the chosen colour and size, downloads it and checks its name, px and corners. */
async function expectPhoto(page: Page, name: string, size: [number, number], colorId: 'red' | 'blue'): Promise<void> {
  await clickButton(page, '生成高清证件照');
  const link = (await page.waitForSelector('a.idp-download, .idp-problem', { timeout: 60_000 }))!;
  const [href, saved] = await link.evaluate((el) => [el.getAttribute('href'), el.getAttribute('download') ?? el.textContent]);
  expect(saved).toBe(name);
  const photo = await download(new URL(href!, page.url()).href, name);
  const { data, info } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual(size);
  for (const [x, y] of [[2, 2], [info.width - 3, 2]]) {
    const at = (y! * info.width + x!) * info.channels;
    expect(near([...data.subarray(at, at + 3)], colorId, 18)).toBe(true);
  }
}

/** Chooses the portrait, takes red before the run, and waits for the preview to be drawn. */
async function previewOf(page: Page): Promise<void> {
  await choose(page, PORTRAIT);
  await page.waitForSelector('.idp-swatch');
  await page.click('.idp-swatch[aria-label^="红色"]');
  await clickButton(page, '生成证件照预览');
  await page.waitForSelector('.idp-frame[data-state="shown"], .run-line.is-bad', { timeout: 120_000 });
  expect(await page.$eval('.upload-panel', (el) => el.querySelector('.run-line.is-bad')?.textContent)).toBeUndefined();
}

test('upload once, preview, switch to blue and 二寸, download 413×579 on blue, then red 一寸 from the same upload', async () => {
  const { page, errors } = await open('/img-background-color/');
  const submits: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/task\/submit/.test(pathname)) submits.push(pathname);
  });
  await previewOf(page);
  const before = await shownPreview(page, 'red');
  expect(before.size).toBe('1');
  expect(before.ratio).toBeCloseTo(295 / 413, 1);
  expect(near(before.corner, 'red', 12)).toBe(true);

  await page.click('.idp-swatch[aria-label^="蓝色"]');
  await page.click('.idp-size[aria-label^="二寸"]');
  await page.waitForSelector('.idp-frame[data-size="2"][data-color="blue"][data-state="shown"]');
  const after = await shownPreview(page, 'blue');
  expect(after.ratio).toBeCloseTo(413 / 579, 1);
  expect(near(after.corner, 'blue', 12)).toBe(true);
  expect(await pressed(page, '.idp-swatch')).toEqual([`蓝色 ${idPhotoColor('blue').value}`]);
  expect(await pressed(page, '.idp-size')).toEqual(['二寸，35×49mm，413×579px']);
  expect(submits).toEqual(['/task/submitMiddleTask']);

  await expectPhoto(page, 'grace_hopper-二寸-蓝色底.jpg', [413, 579], 'blue');
  expect(submits).toEqual(['/task/submitMiddleTask', '/task/submitResult']);

  // Another colour and size from the same upload: made again, the model not run again.
  await page.click('.idp-swatch[aria-label^="红色"]');
  await page.click('.idp-size[aria-label^="一寸"]');
  expect(await page.$('a.idp-download')).toBeNull();
  await expectPhoto(page, 'grace_hopper-一寸-红色底.jpg', [295, 413], 'red');
  expect(submits).toEqual(['/task/submitMiddleTask', '/task/submitResult', '/task/submitResult']);
  // One upload and one preview step, then results from it; that the mask is computed once is
  // checked in process by tests/convert/photo.test.ts (the built server's counter is not visible here).
  expect(errors).toEqual([]);
  await page.close();
});

test('at 375 px the picker fits, with a pressed state and a label on every button', async () => {
  const { page, errors } = await open('/img-background-color/', 375);
  await previewOf(page);
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, 'img-background-color-preview-mobile.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const buttons = await page.$$eval('.idp-swatch, .idp-size', (els) => els.map((el) => [el.getAttribute('aria-label'), el.getAttribute('aria-pressed')]));
  expect(buttons).toHaveLength(ID_PHOTO_COLORS.length + ID_PHOTO_SIZES.length);
  for (const [label, state] of buttons) {
    expect(label).toBeTruthy();
    expect(['true', 'false']).toContain(state);
  }
  const frame = (await (await page.$('.idp-frame'))!.boundingBox())!;
  expect(frame.x).toBeGreaterThanOrEqual(0);
  expect(frame.x + frame.width).toBeLessThanOrEqual(375);
  expect(await page.$eval('#idp-color-label', (el) => el.textContent)).toContain('背景颜色');
  expect(await page.$eval('#idp-size-label', (el) => el.textContent)).toContain('证件照尺寸');
  if (SCREENS) {
    const desktop = await open('/img-background-color/');
    await previewOf(desktop.page);
    await desktop.page.screenshot({ path: path.join(SCREENS, 'img-background-color-preview-desktop.png'), fullPage: true });
    await desktop.page.close();
  }
  expect(errors).toEqual([]);
  await page.close();
});
