// The points pages in Chromium on the built server: a logged-in user with no points sees the empty
// /myintegral/, signs in on /task/ (the balance and the button change at once, 已签到 survives a
// reload), receives the newcomer gift from its row, and finds both on /myintegral/; both pages fit
// 375 px; the payment layer's funnel reports (open, choose, close) reach dataReport and are taken.
// POINTS_SCREENS=1 also writes screenshots (1366 and 375 px) to tmp/screens/.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { loggedInVisitor } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { hydrated, loggedInContext } from '../support/page-helpers';
import { startBuiltServer, type BuiltServer } from '../support/built-server';

const SCREENS = process.env.POINTS_SCREENS ? path.resolve(__dirname, '../../tmp/screens') : undefined;

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  if (SCREENS) fs.mkdirSync(SCREENS, { recursive: true });
  [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
const balance = (page: Page) => page.$eval('[data-points-balance]', (el) => el.getAttribute('data-points-balance'));
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const shot = async (page: Page, name: string) => {
  if (SCREENS) await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
};

async function openTasks(page: Page): Promise<void> {
  await page.goto(`${server.origin}/task/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.points-task');
  await hydrated(page, '[data-signin-button]');
}

test('a user signs in daily on /task/, the points show on /myintegral/, and 已签到 stays after a reload', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const { context, page } = await loggedInContext(browser, server.origin, visitor);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto(`${server.origin}/myintegral/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.points-records .empty-state');
  expect(await text(page, '.points-records .empty-state h2')).toBe('暂无积分记录');
  expect(await balance(page)).toBe('0');
  expect(await text(page, '.points-earn')).toBe('去签到');
  await shot(page, 'myintegral-empty-1366');

  await openTasks(page);
  expect(await balance(page)).toBe('0');
  expect(await text(page, '[data-signin-button] b')).toBe('签到');
  const states = await page.$$eval('.points-task', (rows) => rows.map((r) => [r.getAttribute('data-task'), r.getAttribute('data-state'), (r.querySelector('.points-task-action') as HTMLElement).innerText.trim()]));
  expect(states).toEqual([
    ['signIn', 'available', '签到'],
    ['newcomer', 'available', '领取'],
    ['firstConvert', 'todo', '去完成'],
    ['firstPay', 'todo', '去完成'],
  ]);
  expect(await page.$eval('[data-task=firstConvert] a', (a) => a.getAttribute('href'))).toBe('/pdf-to-word/');
  await shot(page, 'task-before-1366');

  await page.click('[data-signin-button]');
  await page.waitForFunction(() => document.querySelector('[data-points-balance]')?.getAttribute('data-points-balance') === '10');
  expect(await text(page, '[data-signin-button] b')).toBe('已签到');
  expect(await page.$eval('[data-signin-button]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
  expect(await page.$eval('[data-task=signIn]', (r) => [r.getAttribute('data-state'), (r.querySelector('button') as HTMLButtonElement).innerText, (r.querySelector('button') as HTMLButtonElement).disabled])).toEqual(['received', '已签到', true]);
  expect(await text(page, '.toast')).toContain('签到成功，积分 +10');

  // The newcomer gift from its row's button.
  await page.click('[data-task-action=newcomer]');
  await page.waitForFunction(() => document.querySelector('[data-task=newcomer]')?.getAttribute('data-state') === 'received');
  expect(await balance(page)).toBe('30');
  expect(await text(page, '[data-task-action=newcomer]')).toBe('已领取');
  await shot(page, 'task-after-1366');

  await openTasks(page);
  expect(await balance(page)).toBe('30');
  expect(await text(page, '[data-signin-button] b')).toBe('已签到');
  expect(await page.$eval('[data-task=signIn]', (r) => r.getAttribute('data-state'))).toBe('received');

  await page.goto(`${server.origin}/myintegral/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.points-record-list .points-row');
  expect(await balance(page)).toBe('30');
  expect(await text(page, '.points-earn')).toBe('赚积分');
  const rows = await page.$$eval('.points-record-list .points-row', (items) => items.map((li) => [li.querySelector('.points-record-title')!.textContent, li.querySelector('.points-record-points')!.textContent]));
  expect(rows).toEqual([
    ['新人礼包', '+20'],
    ['每日签到', '+10'],
  ]);
  expect(await text(page, '.pager-total')).toBe('共 2 条');
  await shot(page, 'myintegral-1366');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test('the payment layer reports its funnel through /v2/orderDot/dataReport: open, choose (the order made), close', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const { context, page } = await loggedInContext(browser, server.origin, visitor);
  const reports: Array<Record<string, unknown>> = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/v2/orderDot/dataReport') && r.method() === 'POST') reports.push(JSON.parse(r.postData() ?? '{}'));
  });
  const answered = (event: string) => page.waitForResponse((r) => r.url().endsWith('/v2/orderDot/dataReport') && JSON.parse(r.request().postData() ?? '{}').event === event);
  await openTasks(page);
  await hydrated(page, '.vip-link');
  const opened = answered('open');
  const chosen = answered('choose');
  await page.click('.vip-link');
  expect((await opened).status()).toBe(200);
  expect((await chosen).status()).toBe(200);
  await page.waitForSelector('.pay-qr img');
  const closed = answered('close');
  await page.keyboard.press('Escape');
  expect((await closed).status()).toBe(200);
  expect(reports).toEqual([
    { event: 'open', from: 'header', extra: { variant: expect.stringMatching(/^[AB]$/) } },
    // The layer opens on the 12-month card.
    { event: 'choose', from: 'header', productId: 10012, orderId: expect.stringMatching(/^P\d{14}[0-9a-f]{12}$/), payType: 'wechat' },
    { event: 'close', from: 'header' },
  ]);
  await context.close();
}, 120_000);

test('both pages fit a 375 px phone', async () => {
  const visitor = await loggedInVisitor(server.origin);
  expect((await visitor.send('GET', '/integral/receiveIntegral?taskType=newcomer')).status).toBe(200);
  const { context, page } = await loggedInContext(browser, server.origin, visitor, { width: 375, height: 800, isMobile: true });
  await openTasks(page);
  expect(await balance(page)).toBe('20');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'task-375');
  await page.click('[data-signin-button]');
  await page.waitForFunction(() => document.querySelector('[data-points-balance]')?.getAttribute('data-points-balance') === '30');

  await page.goto(`${server.origin}/myintegral/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.points-record-list .points-row');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'myintegral-375');
  await context.close();
}, 120_000);
