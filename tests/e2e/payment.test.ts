// The payment layer in Chromium on the built server (issue 13): a guest who used the day's free
// PDF → Word conversion meets the layer, logs in through the login page (the file is kept), buys one month of
// VIP in the sandbox (the confirm page opened from the QR code's address in a second tab), the
// layer shows success and closes, the header shows VIP and the conversion that met the 402
// finishes (the DOCX holds both pages' text). Then /myOrders/ with the orders and its pager, the variants by
// user id, the benefits page's buy buttons, the 360ald channel's payment window and an expired
// QR code refreshed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { clickText, collectErrors, hydrated, loggedInContext, textOf } from '../support/page-helpers';

let server: BuiltServer;
let browser: Browser;
let dir: string;
let pdf: string;
/** The page of the buyer of the first test, logged in and VIP after it. */
let buyer: Page;

const FILE_NAME = '季度报告.pdf';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payment-e2e-'));
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 400]).drawText('Quarter one revenue', { x: 30, y: 350, size: 14, font });
  doc.addPage([300, 400]).drawText('Quarter two outlook', { x: 30, y: 350, size: 14, font });
  pdf = path.join(dir, FILE_NAME);
  fs.writeFileSync(pdf, await doc.save());
  // One free conversion a day for guests and users, so the second one meets the 402.
  [server, browser] = await Promise.all([startBuiltServer({ env: { DAILY_USES_GUEST: '1', DAILY_USES_USER: '1' } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function openTool(page: Page, pathname: string): Promise<void> {
  await page.goto(server.origin + pathname, { waitUntil: 'networkidle0' });
  await hydrated(page, '.upload-panel');
}

async function chooseAndConvert(page: Page): Promise<void> {
  const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(pdf);
  await page.waitForSelector('.file-list .file-name');
  await clickText(page, 'button', '开始转换');
}

const text = textOf;
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

/** The logged-in user's id, as the page's own client asks for it. */
function userIdOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = decodeURIComponent(/(?:^|; )accessToken=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch('/user/getUserInfo?platform=web', { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { userId: number } }).data.userId;
  });
}

/** A new browser context (its own cookies) logged in as `visitor`. */
const contextOf = (visitor: ApiVisitor) => loggedInContext(browser, server.origin, visitor);

test('a guest meets the layer at the 402, logs in, pays one month in the sandbox, and the conversion finishes', async () => {
  const page = (buyer = await browser.newPage());
  await page.setViewport({ width: 1366, height: 900 });
  const errors = collectErrors(page);

  // The day's one free conversion.
  await openTool(page, '/pdf-to-word/');
  await chooseAndConvert(page);
  await page.waitForSelector('.result', { timeout: 60_000 });

  // The second meets the 402, and the layer comes up by itself, recording its display.
  await openTool(page, '/pdf-to-word/');
  const shown = page.waitForRequest((r) => r.url().endsWith('/behavior/takeNoteBehavior') && r.method() === 'POST');
  await chooseAndConvert(page);
  await page.waitForSelector('.pay-dialog');
  expect(await text(page, '.run-line.is-bad')).toContain('今日免费次数已用完');
  expect(JSON.parse((await shown).postData() ?? '{}')).toEqual({ behaviorType: 'payLayerShow', extra: { from: 'tool-402', variant: 'A', toolId: 'pdf-to-word' } });
  expect(await bodyOverflow(page)).toBe('hidden');
  // A guest: variant A (memberships only) and 登录后购买.
  expect(await page.$$eval('.pay-cards', (rows) => rows.length)).toBe(1);
  expect(await page.$$eval('.pay-card .pay-card-title', (els) => els.map((el) => el.textContent))).toEqual(['1个月', '6个月', '12个月']);
  expect(await text(page, '.pay-head p')).toBe(`今日免费次数已用完，开通后立即继续处理「${FILE_NAME}」`);
  expect(await text(page, '.pay-login')).toBe('登录后购买');

  // Escape closes it and gives the page its scroll back; the prompt's 开通会员 opens it again.
  await page.keyboard.press('Escape');
  await page.waitForSelector('.pay-layer', { hidden: true });
  expect(await bodyOverflow(page)).toBe('visible');
  await clickText(page, 'a', '开通会员，不限次数');
  await page.waitForSelector('.pay-dialog');
  expect(new URL(page.url()).pathname).toBe('/pdf-to-word/');

  // One month, then the login page; the login comes back here.
  await page.click('.pay-card[data-product="10001"]');
  await page.waitForSelector('.pay-card[data-product="10001"][aria-checked="true"]');
  expect(await text(page, '.pay-amount strong')).toBe('¥79');
  await Promise.all([page.waitForNavigation(), page.click('.pay-login')]);
  expect(new URL(page.url()).pathname).toBe('/login/');
  await page.waitForSelector('input[name=mobile]');
  await hydrated(page, '.login-card');
  await page.type('input[name=mobile]', `137${String(Date.now()).slice(-8)}`);
  await page.click('.login-send');
  await page.waitForSelector('.login-dev-code strong');
  await page.type('input[name=code]', await text(page, '.login-dev-code strong'));
  await page.click('.login-submit');
  await page.waitForSelector('.login-skip');
  await Promise.all([page.waitForNavigation(), page.click('.login-skip')]);
  expect(new URL(page.url()).pathname).toBe('/pdf-to-word/');

  // Back on the tool: the file is there again and the layer reopens on one month, now with a QR code.
  await page.waitForSelector('.pay-qr img');
  expect(await text(page, '.file-list .file-name')).toBe(FILE_NAME);
  expect(await page.$eval('.pay-card[data-product="10001"]', (el) => el.getAttribute('aria-checked'))).toBe('true');
  const userId = await userIdOf(page);
  const variant = userId % 2 === 0 ? 'B' : 'A';
  expect(await page.$eval('.pay-dialog', (el) => el.getAttribute('data-variant'))).toBe(variant);
  expect(await page.$$eval('.pay-cards', (rows) => rows.length)).toBe(variant === 'B' ? 2 : 1);
  expect(await text(page, '.pay-scan')).toBe('请使用微信扫码支付');
  expect(await text(page, '.pay-amount strong')).toBe('¥79');
  const wechatQr = await page.$eval('.pay-qr img', (img) => (img as HTMLImageElement).src);
  expect(wechatQr).toMatch(/^data:image\/png;base64,/);

  // Alipay is another order with its own code; back on WeChat the first code is shown again.
  await clickText(page, 'button', '支付宝');
  await page.waitForFunction((before) => document.querySelector<HTMLImageElement>('.pay-qr img')?.src !== before && document.querySelector('.pay-scan')?.textContent === '请使用支付宝扫码支付', {}, wechatQr);
  await clickText(page, 'button', '微信支付');
  await page.waitForFunction((before) => document.querySelector<HTMLImageElement>('.pay-qr img')?.src === before, {}, wechatQr);

  // The sandbox: the confirm page the QR code names, in a second tab, and its 确认支付.
  expect(await text(page, '.pay-sandbox')).toBe('测试环境：打开确认页');
  const codeUrl = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
  expect(new URL(codeUrl).pathname).toBe('/payCode/sandbox/');
  const phone = await browser.newPage();
  await phone.goto(codeUrl, { waitUntil: 'domcontentloaded' });
  expect(await text(phone, 'button[type=submit]')).toBe('确认支付 ¥79');
  await Promise.all([phone.waitForNavigation(), phone.click('button[type=submit]')]);
  expect(await text(phone, 'body')).toContain('支付成功');
  await phone.close();

  // The layer sees the payment, says so, closes; the header shows VIP and the conversion runs.
  await page.bringToFront();
  await page.waitForSelector('.pay-success');
  expect(await text(page, '.pay-success h2')).toBe('支付成功，会员已生效');
  expect(await text(page, '.pay-success p')).toMatch(/^会员有效期至 \d{4}-\d{2}-\d{2}，正在继续处理您的文件…$/);
  await page.waitForSelector('.pay-layer', { hidden: true });
  expect(await bodyOverflow(page)).toBe('visible');
  await page.waitForSelector('.user-badge.is-vip');
  expect(await text(page, '.vip-link')).toBe('续费会员');
  await page.waitForSelector('.result', { timeout: 60_000 });
  const href = await page.$eval('.result-file a', (a) => (a as HTMLAnchorElement).href);
  const response = await fetch(href);
  expect(response.status).toBe(200);
  const result = path.join(dir, 'report.docx');
  fs.writeFileSync(result, Buffer.from(await response.arrayBuffer()));
  // The whole file: both pages' text in the document LibreOffice would open.
  const words = execFileSync('unzip', ['-p', result, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, ' ');
  expect(words).toContain('Quarter one revenue');
  expect(words).toContain('Quarter two outlook');
  // Chromium logs the refused submit itself (402); nothing else went wrong on the page.
  expect(errors.filter((e) => !e.includes('status of 402'))).toEqual([]);
}, 180_000);

test('/myOrders/ lists the paid order as 已支付 and an open one with 去支付, which shows its code again', async () => {
  const page = buyer;
  await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.order');
  const rows = await page.$$eval('.order', (els) =>
    els.map((el) => ({
      title: el.querySelector('.order-title')?.textContent,
      amount: el.querySelector('.order-amount')?.textContent,
      payType: el.querySelector('.order-paytype')?.textContent,
      state: el.querySelector('.order-state')?.textContent,
      time: el.querySelector('.order-time')?.textContent,
      buttons: [...el.querySelectorAll('button')].map((b) => b.textContent),
    })),
  );
  expect(rows).toContainEqual({ title: '1个月会员', amount: '¥79', payType: '微信支付', state: '已支付', time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), buttons: [] });
  expect(rows).toContainEqual({ title: '1个月会员', amount: '¥79', payType: '支付宝', state: '待支付', time: expect.any(String), buttons: ['去支付'] });
  expect(await text(page, '.pager-total')).toBe(`共 ${rows.length} 条`);
  // The conversion history is still below.
  await page.waitForSelector('.records .record');

  const alipay = await page.$$('.order .order-pay');
  await alipay[0].click();
  await page.waitForSelector('.pay-qr img');
  expect(await text(page, '.pay-scan')).toBe('请使用支付宝扫码支付');
  expect(await page.$eval('.pay-tab.is-active', (el) => el.textContent)).toBe('支付宝');
  await page.click('.pay-close');
  await page.waitForSelector('.pay-layer', { hidden: true });
}, 60_000);

test('even user ids see the ID-photo packs (variant B), odd ones not; /xiezai-huodong/ buys a chosen plan; the pager pages', async () => {
  const visitors = [await loggedInVisitor(server.origin), await loggedInVisitor(server.origin)];
  for (const visitor of visitors) {
    const { context, page } = await contextOf(visitor);
    await page.goto(`${server.origin}/xiezai-huodong/`, { waitUntil: 'networkidle0' });
    expect(await text(page, 'main')).not.toContain('即将开放');
    expect(await page.$$eval('.plan h2', (els) => els.map((el) => el.textContent))).toEqual(['1个月会员', '6个月会员', '12个月会员']);
    await page.waitForSelector('.user-menu');
    await hydrated(page, '.plan-buy');
    const buttons = await page.$$('.plan-buy');
    expect(buttons).toHaveLength(3);
    await buttons[1].click();
    await page.waitForSelector('.pay-qr img');
    expect(await page.$eval('.pay-card[aria-checked="true"]', (el) => el.getAttribute('data-product'))).toBe('10006');
    expect(await text(page, '.pay-amount strong')).toBe('¥138');
    const even = (await userIdOf(page)) % 2 === 0;
    expect(await page.$eval('.pay-dialog', (el) => el.getAttribute('data-variant'))).toBe(even ? 'B' : 'A');
    expect(await page.$$eval('.pay-cards.is-packs .pay-card-title', (els) => els.map((el) => el.textContent))).toEqual(even ? ['1次', '3次', '10次'] : []);
    if (even) {
      // A pack is an order of its own price.
      await page.click('.pay-card[data-product="20302"]');
      await page.waitForFunction(() => document.querySelector('.pay-amount strong')?.textContent === '¥8.99' && document.querySelector('.pay-qr img'));
    }
    await page.click('.pay-close');
    await page.waitForSelector('.pay-layer', { hidden: true });

    // Twelve more orders make two pages of ten.
    for (let i = 0; i < 12; i++) expect((await visitor.send('GET', '/createVIPOrder?productId=10012&payType=alipay')).status).toBe(200);
    await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.order');
    const total = Number((await text(page, '.pager-total')).match(/\d+/)![0]);
    expect(total).toBeGreaterThanOrEqual(13);
    expect(await page.$$eval('.order', (els) => els.length)).toBe(10);
    expect(await page.$$eval('.pager-pages button', (els) => els.map((b) => b.textContent))).toEqual(['1', '2']);
    await page.click('.pager-pages li:nth-child(2) button');
    await page.waitForFunction((n) => document.querySelectorAll('.order').length === n, {}, total - 10);
    expect(await page.$eval('.pager-btn.is-current', (el) => el.textContent)).toBe('2');
    await page.select('.pager-size', '20');
    await page.waitForFunction((n) => document.querySelectorAll('.order').length === n, {}, total);
    await context.close();
  }
}, 120_000);

test('a PDF → Word try-out gives the first 5 pages; paying in the layer finishes the same task (goOnConvert)', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const { context, page } = await contextOf(visitor);
  const errors = collectErrors(page);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 7; i++) doc.addPage([595, 842]).drawText(`Chapter marker ${i}`, { x: 72, y: 760, size: 18, font });
  const book = path.join(dir, '毕业论文.pdf');
  fs.writeFileSync(book, await doc.save());

  await openTool(page, '/pdf-to-word/');
  expect(await text(page, '.tool-limits')).toContain('免费试用转换前 5 页，会员转换全部页面。');
  const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(book);
  await page.waitForSelector('.file-list .file-name');
  await clickText(page, 'button', '开始转换');
  await page.waitForSelector('.result-partial', { timeout: 60_000 });
  expect(await text(page, '.result-partial p')).toBe('试用结果免费试用已转换前 5 页（共 7 页），开通会员即可转换全部页面');
  const taskIdOf = () => page.$eval('.result-file a', (a) => new URL((a as HTMLAnchorElement).href).pathname);
  const cutLink = await taskIdOf();

  // The layer opens on the membership; paying in the sandbox closes it and the same task goes on.
  const goOn = page.waitForRequest((r) => r.url().endsWith('/task/goOnConvert') && r.method() === 'POST', { timeout: 60_000 });
  await clickText(page, 'button', '开通会员，转换全部页面');
  await page.waitForSelector('.pay-qr img');
  expect(await text(page, '.pay-head p')).toBe('开通会员即可转换全部页面，不限次数');
  const codeUrl = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
  const phone = await context.newPage();
  await phone.goto(codeUrl, { waitUntil: 'domcontentloaded' });
  await Promise.all([phone.waitForNavigation(), phone.click('button[type=submit]')]);
  await phone.close();
  await page.bringToFront();
  await page.waitForSelector('.pay-layer', { hidden: true, timeout: 30_000 });
  await goOn;
  await page.waitForFunction((before) => {
    const link = document.querySelector<HTMLAnchorElement>('.result-file a');
    return link && new URL(link.href).pathname !== before && !document.querySelector('.result-partial');
  }, { timeout: 60_000 }, cutLink);

  // The whole file, read back with LibreOffice's own text export would be slow: the DOCX's XML says it.
  const href = await page.$eval('.result-file a', (a) => (a as HTMLAnchorElement).href);
  const docx = path.join(dir, 'whole.docx');
  fs.writeFileSync(docx, Buffer.from(await (await fetch(href)).arrayBuffer()));
  const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, '');
  expect([...xml.matchAll(/Chapter marker (\d)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);

test('a code paid after the layer was closed is still taken up: a toast, the header shows VIP', async () => {
  const visitor = await loggedInVisitor(server.origin);
  const { context, page } = await contextOf(visitor);
  const errors = collectErrors(page);
  await page.goto(`${server.origin}/pdf-merge/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  await hydrated(page, '.vip-link');
  await page.click('.vip-link');
  await page.waitForSelector('.pay-sandbox');
  const codeUrl = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.pay-layer', { hidden: true });

  // The payer scans the code they already had, after the layer is gone.
  const phone = await context.newPage();
  await phone.goto(codeUrl, { waitUntil: 'domcontentloaded' });
  await Promise.all([phone.waitForNavigation(), phone.click('button[type=submit]')]);
  await phone.close();
  await page.bringToFront();
  await page.waitForFunction(() => [...document.querySelectorAll('.toast')].some((t) => t.textContent?.includes('支付成功，会员已生效')), { timeout: 30_000 });
  await page.waitForSelector('.user-badge.is-vip');
  expect(await text(page, '.vip-link')).toBe('续费会员');
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);

test('the 360ald channel opens its payment page in a new window instead of the layer, with MD, agent and even', async () => {
  // An even user id: make users until one is.
  let visitor = await loggedInVisitor(server.origin);
  let info = (await visitor.send('GET', '/user/getUserInfo?platform=web')).body.data as { userId: number };
  while (info.userId % 2 !== 0) {
    visitor = await loggedInVisitor(server.origin);
    info = (await visitor.send('GET', '/user/getUserInfo?platform=web')).body.data as { userId: number };
  }
  const { context, page } = await contextOf(visitor);
  await page.goto(`${server.origin}/pdf-merge/?agent=360ald&MD=spring_2026`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  await hydrated(page, '.vip-link');
  const opened = browser.waitForTarget((t) => t.url().includes('/xiezai-huodong/'));
  await page.click('.vip-link');
  const target = new URL((await opened).url());
  expect(Object.fromEntries(target.searchParams)).toEqual({ MD: 'spring_2026', agent: '360ald', even: '1' });
  expect(await page.$('.pay-layer')).toBeNull();
  expect(new URL(page.url()).pathname).toBe('/pdf-merge/');
  await context.close();
}, 60_000);

describe('an order nobody paid in time', () => {
  let quick: BuiltServer;
  beforeAll(async () => {
    quick = await startBuiltServer({ env: { PAY_ORDER_TIMEOUT_SECONDS: '4' } });
  });
  afterAll(async () => {
    await quick?.stop();
  });

  test('shows 二维码已过期，点击刷新, and a click makes a new order with a new code', async () => {
    const visitor = await loggedInVisitor(quick.origin);
    const { context, page } = await loggedInContext(browser, quick.origin, visitor, { width: 375, height: 740, isMobile: true });
    await page.goto(`${quick.origin}/xiezai-huodong/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.user-menu');
    await hydrated(page, '.plan-buy');
    await (await page.$$('.plan-buy'))[0].click();
    await page.waitForSelector('.pay-qr img');
    const first = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
    // The layer fits the phone's width.
    expect(await page.$eval('.pay-dialog', (el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(375);
    await page.waitForSelector('.pay-qr-refresh', { timeout: 20_000 });
    expect(await text(page, '.pay-qr-refresh')).toBe('二维码已过期，点击刷新');
    await page.click('.pay-qr-refresh');
    await page.waitForSelector('.pay-sandbox');
    const second = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
    expect(new URL(second).searchParams.get('orderId')).not.toBe(new URL(first).searchParams.get('orderId'));
    await context.close();
  }, 60_000);
});
