// The account side of a conversion in Chromium on the built server (issue 12): a guest who has
// used the day's free conversions meets the login / membership prompt, and a logged-in user finds
// the conversion on /myOrders/ under 转换记录, downloads it again and deletes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { PDFDocument } from 'pdf-lib';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { ApiVisitor, codeFor, randomMobile } from '../support/api-visitor';

let server: BuiltServer;
let browser: Browser;
let dir: string;
let pdf: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'history-e2e-'));
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]);
  pdf = path.join(dir, '季度报告.pdf');
  fs.writeFileSync(pdf, await doc.save());
  // One free conversion a day for guests, so the second one meets the prompt.
  [server, browser] = await Promise.all([startBuiltServer({ env: { DAILY_USES_GUEST: '1' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openTool(page: Page, pathname: string): Promise<void> {
  await page.goto(server.origin + pathname, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => Object.keys(document.querySelector('.upload-panel') ?? {}).some((k) => k.startsWith('__reactFiber')));
}

async function rotateOnce(page: Page): Promise<void> {
  const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(pdf);
  await page.waitForSelector('.file-list .file-name');
  // The file goes up as it is chosen (its pages shown): the start waits for that, unless it was refused.
  await page.waitForSelector('.btn-start:not([disabled]), .run-line.is-bad', { timeout: 60_000 });
  if (!(await page.$('.run-line.is-bad'))) await page.click('.btn-start');
  await page.waitForSelector('.result, .run-line.is-bad', { timeout: 60_000 });
}

test('a guest who used the day’s free conversion meets the login and membership prompt', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  await openTool(page, '/pdf-rotate/');
  await page.waitForSelector('.uses-left');
  expect(await page.$eval('.uses-left', (el) => el.textContent)).toBe('今日免费剩余 1 次（每天 1 次）');
  await rotateOnce(page);
  expect(await page.$('.result')).not.toBeNull();

  await openTool(page, '/pdf-rotate/');
  await page.waitForSelector('.uses-left');
  expect(await page.$eval('.uses-left', (el) => el.textContent)).toBe('今日免费剩余 0 次（每天 1 次）');
  await rotateOnce(page);
  expect(await page.$eval('.run-line.is-bad', (el) => el.textContent)).toContain('今日免费次数已用完');
  const links = await page.$$eval('.run-actions a', (els) => els.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]));
  expect(links).toEqual([
    ['登录，每天多用几次', '/login/'],
    ['开通会员，不限次数', '/xiezai-huodong/'],
  ]);
  await page.close();
}, 120_000);

test('a logged-in user finds the conversion on /myOrders/, downloads it again and deletes it', async () => {
  // Logged in through the API, then the session cookies handed to the browser.
  const visitor = new ApiVisitor(server.origin);
  const mobile = randomMobile();
  expect((await visitor.send('POST', '/auth/login/code', { mobile, code: await codeFor(visitor, mobile) })).status).toBe(200);
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 800, isMobile: true });
  const { hostname } = new URL(server.origin);
  await page.setCookie(...[...visitor.jar].map(([name, { value }]) => ({ name, value, domain: hostname, path: '/' })));

  await openTool(page, '/pdf-rotate/');
  await page.waitForSelector('.uses-left');
  await rotateOnce(page);
  expect(await page.$('.result')).not.toBeNull();

  await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.record');
  const row = await page.$eval('.record', (el) => ({
    title: el.querySelector('.record-title')?.textContent,
    files: el.querySelector('.record-files')?.textContent,
    status: el.querySelector('.record-status')?.textContent,
    buttons: [...el.querySelectorAll('button')].map((b) => b.textContent),
  }));
  expect(row).toEqual({ title: 'PDF旋转', files: '季度报告.pdf', status: '已完成', buttons: ['下载', '删除'] });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // 下载 goes to a fresh signed link of the result.
  const download = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/files/'));
  await page.click('.record-actions .btn-primary');
  const answer = await download;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toContain('attachment');

  await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.record');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.click('.record-actions .btn-outline');
  await page.waitForSelector('.records .empty-state');
  expect(await page.$eval('.records .empty-state h2', (el) => el.textContent)).toBe('暂无转换记录');
  await page.close();
}, 120_000);

test('a needs-login page with an access token that no longer works goes home (SPEC §4), not just by the cookie', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // A cookie that passes the route's presence check but names no session.
  await page.setCookie({ name: 'accessToken', value: 'a'.repeat(43), url: server.origin });
  for (const pathname of ['/myOrders/', '/myintegral/', '/task/']) {
    await page.goto(server.origin + pathname);
    await page.waitForFunction(() => window.location.pathname === '/', { timeout: 20_000 });
  }
  // Without any cookie the route itself sends the visitor to the login, with the way back.
  await page.deleteCookie({ name: 'accessToken', url: server.origin });
  await page.goto(`${server.origin}/myOrders/`);
  await page.waitForFunction(() => window.location.pathname === '/login/');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${server.origin}/myOrders/`);
  await context.close();
}, 60_000);
