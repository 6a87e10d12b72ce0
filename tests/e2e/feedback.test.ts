// /yijian/ and /xiezai-huodong/ in Chromium on the built server (issue 17). Feedback: a logged-in
// user fills in the form (category, text with its remaining count, a screenshot, a contact), sees
// the contact refused until it is a real mobile number, sends it — the request carries no
// Authorization header though the page holds an access token (SPEC §6) — and sees the
// confirmation; the operators' listing has the entry with the user and the file. A guest on a
// phone sends one too. The activity page: its offers' buy buttons open the payment layer on the
// chosen card.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import { loggedInVisitor } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { collectErrors, hydrated, loggedInContext, textOf } from '../support/page-helpers';

const ADMIN_TOKEN = crypto.randomBytes(24).toString('hex');

let server: BuiltServer;
let browser: Browser;
let dir: string;
let screenshot: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-e2e-'));
  screenshot = path.join(dir, '转换结果截图.png');
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#409eff' } }).png().toFile(screenshot);
  [server, browser] = await Promise.all([startBuiltServer({ env: { ADMIN_TOKEN } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The feedback calls the page makes, with the headers it sent. */
function watchFeedbackCalls(page: Page): HTTPRequest[] {
  const calls: HTTPRequest[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/feedback') calls.push(request);
  });
  return calls;
}

async function fillForm(page: Page, text: string): Promise<void> {
  await hydrated(page, '.fb-submit');
  await page.click('.fb-chip:nth-child(2)');
  await page.type('#fb-content', text);
}

test('a logged-in user sends feedback with a screenshot: no Authorization header, a confirmation, and the operators read it', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const userId = (await visitor.send('GET', '/user/getUserInfo?platform=web')).body.data!.userId as number;
  const { context, page } = await loggedInContext(browser, server.origin, visitor, 1366);
  const errors = collectErrors(page);
  const calls = watchFeedbackCalls(page);
  // The page's other calls do carry the bearer (SPEC §6), so its absence below is the feedback call's own.
  const bearers: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/user/getUserInfo') bearers.push(request.headers().authorization);
  });
  await page.goto(`${server.origin}/yijian/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  expect(bearers.length).toBeGreaterThan(0);
  expect(bearers.every((b) => b?.startsWith('Bearer '))).toBe(true);
  expect(await textOf(page, 'h1')).toBe('意见反馈');
  // The header is there, the tools bar is not (SPEC §2: /yijian/ has no tools bar).
  expect(await page.$('.tools-bar')).toBeNull();
  expect(await textOf(page, '.fb-count')).toBe('还可输入 500 字');

  const text = 'PDF转Word以后表格错位了，第二页的表格变成了图片。';
  await fillForm(page, text);
  expect(await textOf(page, '.fb-count')).toBe(`还可输入 ${500 - [...text].length} 字`);
  const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(screenshot);
  await page.waitForSelector('.fb-files li');
  expect(await textOf(page, '.fb-file-name')).toBe('转换结果截图.png');

  // A contact that is neither a mobile number nor an e-mail is refused on the page; nothing is sent.
  await page.type('#fb-contact', '1381234');
  await page.click('.fb-submit');
  await page.waitForFunction(() => document.querySelector('#fb-contact-error')?.textContent === '请填写正确的手机号或邮箱');
  expect(calls).toHaveLength(0);

  await page.click('#fb-contact', { count: 3 });
  await page.type('#fb-contact', '13812345678');
  await page.click('.fb-submit');
  await page.waitForSelector('.fb-sent');
  expect(await textOf(page, '.fb-sent h2')).toBe('提交成功，感谢您的反馈！');
  expect(await textOf(page, '.fb-sent')).toContain('138****5678');

  // One request, multipart, without the Authorization header though the page holds the token.
  expect(calls).toHaveLength(1);
  expect(await page.evaluate(() => document.cookie.includes('accessToken='))).toBe(true);
  expect(calls[0].headers().authorization).toBeUndefined();
  expect(calls[0].headers()['content-type']).toMatch(/^multipart\/form-data/);

  // The server knew the user from the cookie; the operators' listing has the entry and its file.
  const listing = await fetch(`${server.origin}/admin/feedback`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const { data } = (await listing.json()) as { data: { list: Array<{ userId: number | null; category: string; content: string; attachments: { name: string; url: string }[] }> } };
  const entry = data.list.find((e) => e.userId === userId)!;
  expect(entry).toMatchObject({ category: 'conversion', content: text, attachments: [{ name: '转换结果截图.png' }] });
  const file = await fetch(server.origin + entry.attachments[0].url, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(Buffer.from(await file.arrayBuffer()).equals(fs.readFileSync(screenshot))).toBe(true);

  // 继续反馈 gives an empty form for a new entry.
  await page.click('.fb-sent .btn-outline');
  await page.waitForSelector('.fb-form');
  expect(await page.$eval('#fb-content', (el) => (el as HTMLTextAreaElement).value)).toBe('');
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

test('a guest on a phone: a wrong-type attachment is refused on the page, the form fits 375 px, and the entry is sent', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 375, height: 812, isMobile: true });
  const calls = watchFeedbackCalls(page);
  await page.goto(`${server.origin}/yijian/`, { waitUntil: 'networkidle0' });
  await fillForm(page, '希望能支持批量把图片转成一个PDF');
  const program = path.join(dir, 'setup.exe');
  fs.writeFileSync(program, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)]));
  const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(program);
  await page.waitForFunction(() => document.querySelector('.fb-field.has-error .fb-error')?.textContent?.startsWith('附件仅支持图片'));
  expect(await page.$$('.fb-files li')).toHaveLength(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.type('#fb-contact', 'wang.fang@example.com');
  await page.click('.fb-submit');
  await page.waitForSelector('.fb-sent');
  expect(await textOf(page, '.fb-sent')).toContain('wang.fang@example.com');
  expect(calls).toHaveLength(1);
  expect(calls[0].headers().authorization).toBeUndefined();
  await context.close();
}, 60_000);

/** Clicks a buy button and waits for the layer's QR code on that card; answers the amount shown. */
async function buyFrom(page: Page, selector: string, productId: number): Promise<string> {
  await page.click(selector);
  await page.waitForSelector('.pay-qr img');
  expect(await page.$eval('.pay-card[aria-checked="true"]', (el) => el.getAttribute('data-product'))).toBe(String(productId));
  const amount = await textOf(page, '.pay-amount strong');
  await page.click('.pay-close');
  await page.waitForSelector('.pay-layer', { hidden: true });
  return amount;
}

test('/xiezai-huodong/: its own head and no tools bar; the plans and the packs open the payment layer on the chosen card', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const { context, page } = await loggedInContext(browser, server.origin, visitor, 1366);
  const errors = collectErrors(page);
  await page.goto(`${server.origin}/xiezai-huodong/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  await hydrated(page, '.pack-buy');
  // SPEC §2: a custom head (the slim header with the activity's title), no tools bar.
  expect(await page.title()).toBe('会员限时特惠 - 限时福利活动 - PDF365');
  expect(await page.$eval('meta[name=description]', (m) => m.getAttribute('content'))).toContain('12个月会员¥258加赠1个月');
  expect(await textOf(page, '.header-title')).toBe('限时福利');
  expect(await page.$('.tools-bar')).toBeNull();

  // SPEC §9: list and sale prices, what each saves, the bonus month; the period's countdown once the page runs.
  expect(await page.$$eval('.plan h2', (els) => els.map((el) => el.textContent))).toEqual(['1个月会员', '6个月会员', '12个月会员']);
  expect(await page.$$eval('.plan-list s', (els) => els.map((el) => el.textContent))).toEqual(['¥89', '¥238', '¥338']);
  expect(await page.$$eval('.plan-saved', (els) => els.map((el) => el.textContent))).toEqual(['立省¥10', '立省¥100', '立省¥80']);
  expect(await textOf(page, '.plan.is-best .plan-tag')).toBe('推荐 · 加赠1个月');
  await page.waitForSelector('.activity-countdown b');
  expect(await page.$$eval('.pack[data-product] h4', (els) => els.map((el) => el.textContent))).toEqual(['200分钟', '600分钟', '1800分钟', '3000分钟', '400分钟日卡', '800分钟周卡', '证件照1次', '证件照3次', '证件照10次']);
  expect(await textOf(page, '.activity-rules')).toContain('开通12个月会员加赠1个月，共13个月会员');

  expect(await buyFrom(page, '.plan.is-best .plan-buy', 10012)).toBe('¥258');
  // A speech pack brings its own row into the layer, whatever the user's variant.
  await page.click('.pack[data-product="30600"] .pack-buy');
  await page.waitForSelector('.pay-cards[aria-label="语音转文字时长包"]');
  await page.click('.pay-close');
  await page.waitForSelector('.pay-layer', { hidden: true });
  expect(await buyFrom(page, '.pack[data-product="30600"] .pack-buy', 30600)).toBe('¥54');
  expect(await buyFrom(page, '.pack[data-product="20303"] .pack-buy', 20303)).toBe('¥15');
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

test('/xiezai-huodong/ at 375 px: nothing wider than the phone; a guest\'s buy button opens the layer asking to log in', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 375, height: 812, isMobile: true });
  await page.goto(`${server.origin}/xiezai-huodong/`, { waitUntil: 'networkidle0' });
  await hydrated(page, '.pack-buy');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.click('.pack[data-product="30200"] .pack-buy');
  await page.waitForSelector('.pay-login');
  expect(await page.$eval('.pay-card[aria-checked="true"]', (el) => el.getAttribute('data-product'))).toBe('30200');
  expect(await textOf(page, '.pay-amount strong')).toBe('¥20');
  await context.close();
}, 60_000);
