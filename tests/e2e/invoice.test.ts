// The ID-photo pack and its invoice in Chromium on the built server (issue 13): a logged-in user
// buys a 3-use ID-photo pack in the sandbox, the day's free use is gone, so the photo made on
// /img-background-color/ takes one use of the pack (the page's 剩余 N 次 and
// getPhotoBackgroundAvailableNum go from 3 to 2, and making the photo costs nothing more); then
// /myOrders/'s 申请发票 opens the form for that order on /invoice/: a wrong tax number is flagged as
// it is typed, the right one passes, and the electronic invoice is requested. A second order gets a
// paper invoice, whose 12 yuan postage is paid on /postage_pay/ from its QR code's confirm page;
// the invoice becomes requested. INVOICE_SCREENS=1 writes screenshots (1366 and 375 px) to tmp/screens/.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { loggedInVisitor, type ApiVisitor } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { clickText, collectErrors, hydrated, loggedInContext, textOf } from '../support/page-helpers';
import { PORTRAIT } from '../support/portrait';
import { buyInSandbox } from '../support/sandbox-pay';

// The background-removal model runs once; on a loaded two-core machine that has taken minutes.
jest.setTimeout(420_000);

const SCREENS = process.env.INVOICE_SCREENS ? path.resolve(__dirname, '../../tmp/screens') : undefined;
let server: BuiltServer;
let browser: Browser;
let user: ApiVisitor;

beforeAll(async () => {
  // One free use a day, so the photo is paid from the pack.
  [server, browser] = await Promise.all([startBuiltServer({ env: { DAILY_USES_USER: '1' } }), launchBrowser()]);
  user = await loggedInVisitor(server.origin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) as `${string}.png`, fullPage: true });
}

const photoUses = async () => (await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data!.availableNum;
const invoiceOf = async (orderId: string) => ((await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!.list as { orderId: string; invoice: { state: string; kind: string; taxNo: string | null } | null }[]).find((o) => o.orderId === orderId)?.invoice;

test('an ID-photo pack bought in the sandbox pays for a photo, then its order gets an electronic invoice', async () => {
  const orderId = await buyInSandbox(server.origin, user, 20302);
  expect(await photoUses()).toBe(3);
  // The day's free use taken ahead (a try token), so the page's photo needs the pack.
  expect((await user.send('GET', '/v2/user/getTryToken?taskName=img-background-color&count=1')).body.data).toMatchObject({ nowAvailableCount: 0 });

  const { context, page } = await loggedInContext(browser, server.origin, user);
  const errors = collectErrors(page);
  await page.goto(`${server.origin}/img-background-color/`, { waitUntil: 'networkidle0' });
  await hydrated(page, '.upload-panel');
  const input = (await page.$('input[type=file]'))!;
  await input.uploadFile(PORTRAIT);
  await clickText(page, 'button', '生成证件照预览');
  await page.waitForSelector('.idp-frame[data-state="shown"], .run-line.is-bad', { timeout: 300_000 });
  expect(await page.$('.run-line.is-bad')).toBeNull();
  // The upload took one use of the pack: the page and the API say 2.
  await page.waitForFunction(() => document.querySelector('.idp-note')?.textContent?.includes('剩余 2 次'));
  expect(await photoUses()).toBe(2);

  await clickText(page, 'button', '生成高清证件照');
  const link = (await page.waitForSelector('a.idp-download', { timeout: 120_000 }))!;
  const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
  const photo = await fetch(href);
  expect(photo.status).toBe(200);
  expect(photo.headers.get('content-type')).toContain('image/jpeg');
  expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  // Making the photo of that upload costs nothing more.
  expect(await photoUses()).toBe(2);

  // /myOrders/: the paid pack has 申请发票, which opens its form on /invoice/.
  await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  const apply = await page.waitForSelector(`.order[data-order="${orderId}"] .order-invoice`);
  expect(await apply!.evaluate((a) => a.textContent)).toBe('申请发票');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), apply!.click()]);
  expect(new URL(page.url()).pathname).toBe('/invoice/');
  await page.waitForSelector(`.inv-order[data-order="${orderId}"] .inv-form`);
  await hydrated(page, '.inv-form');
  expect(await textOf(page, `.inv-order[data-order="${orderId}"] .inv-state`)).toBe('未开票');
  expect(await textOf(page, '.inv-form-note')).toContain('¥8.99');

  await clickText(page, 'label', '单位');
  await page.type('#inv-title', '深圳市腾讯计算机系统有限公司');
  // One character off: flagged once the number has its length, before anything is sent.
  await page.type('#inv-taxNo', '9144030071526726XH');
  await page.waitForSelector('.inv-field.has-error #inv-taxNo');
  expect(await textOf(page, '#inv-taxNo-note')).toBe('纳税人识别号有误，请核对18位统一社会信用代码');
  await page.keyboard.press('Backspace');
  await page.type('#inv-taxNo', 'g');
  await page.waitForFunction(() => document.querySelector('#inv-taxNo-note')?.textContent === '✓ 校验通过');
  await page.type('#inv-email', 'finance@example');
  await page.click('#inv-title');
  expect(await textOf(page, '#inv-email-note')).toBe('邮箱格式不正确');
  await page.type('#inv-email', '.com');
  await screenshot(page, 'invoice-form-1366');
  await clickText(page, 'button', '提交申请');
  await page.waitForSelector('.inv-done');
  expect(await textOf(page, '.inv-done')).toBe('发票申请已提交，开具后将发送至 finance@example.com，一般1–3个工作日。');
  expect(await textOf(page, `.inv-order[data-order="${orderId}"] .inv-state`)).toBe('已申请，开票中');
  expect(await invoiceOf(orderId)).toMatchObject({ state: 'requested', kind: 'electronic', taxNo: '9144030071526726XG' });

  // Reloaded, the order shows its invoice and offers no second one.
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector(`.inv-order[data-order="${orderId}"] .inv-state.is-requested`);
  expect(await page.$(`.inv-order[data-order="${orderId}"] .inv-apply`)).toBeNull();
  expect(errors).toEqual([]);
  await context.close();
});

test('a paper invoice: the form with the EMS address, then its postage paid on /postage_pay/ by QR', async () => {
  const orderId = await buyInSandbox(server.origin, user, 20304);
  // At 375 px the form is only checked (nothing sent); at 1366 it is sent and its postage paid.
  for (const width of [375, 1366]) {
    const { context, page } = await loggedInContext(browser, server.origin, user, width);
    const errors = collectErrors(page);
    await page.goto(`${server.origin}/invoice/?orderId=${orderId}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.inv-form');
    await hydrated(page, '.inv-form');
    // The last request's details are filled in.
    expect(await page.$eval('#inv-title', (el) => (el as HTMLInputElement).value)).toBe('深圳市腾讯计算机系统有限公司');
    expect(await page.$eval('#inv-email', (el) => (el as HTMLInputElement).value)).toBe('finance@example.com');
    await clickText(page, 'label', '纸质发票');
    await page.waitForFunction(() => document.querySelectorAll('#inv-province option').length === 32);
    expect(await page.$$eval('#inv-province option', (os) => os.slice(1, 3).map((o) => o.textContent))).toEqual(['北京市', '天津市']);
    if (width === 375) {
      // Fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await clickText(page, 'button', '提交并支付邮费');
      await page.waitForSelector('#inv-recipient[aria-invalid="true"]');
      expect(await textOf(page, '#inv-mobile-note')).toBe('请填写正确的手机号码');
      await screenshot(page, 'invoice-paper-375');
      expect(errors).toEqual([]);
      await context.close();
      continue;
    }
    await page.type('#inv-recipient', '张三');
    await page.type('#inv-mobile', '13800138000');
    await page.select('#inv-province', '广东省');
    await page.type('#inv-city', '深圳市');
    await page.type('#inv-detail', '南山区科技园科技中一路1号');
    await screenshot(page, 'invoice-paper-1366');
    await clickText(page, 'button', '提交并支付邮费');
    await page.waitForSelector('.inv-done');
    expect(await textOf(page, `.inv-order[data-order="${orderId}"] .inv-state`)).toBe('待支付邮费');
    expect(await invoiceOf(orderId)).toMatchObject({ state: 'awaiting_postage', kind: 'paper' });

    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), clickText(page, 'a', '去支付邮费')]);
    expect(new URL(page.url()).pathname).toBe('/postage_pay/');
    await page.waitForSelector('.postage-checkout .pay-qr img');
    expect(await textOf(page, '.postage-checkout .pay-amount strong')).toBe('¥12');
    expect(await textOf(page, '.postage-facts')).toContain('张三 138****8000');
    // Alipay is its own order; the sandbox's confirm page pays it.
    const wechatQr = await page.$eval('.pay-qr img', (img) => (img as HTMLImageElement).src);
    await clickText(page, 'button', '支付宝');
    await page.waitForFunction((before) => document.querySelector<HTMLImageElement>('.pay-qr.is-qr img')?.src !== undefined && document.querySelector<HTMLImageElement>('.pay-qr.is-qr img')?.src !== before && document.querySelector('.pay-scan')?.textContent === '请使用支付宝扫码支付', {}, wechatQr);
    await screenshot(page, 'postage-pay-1366');
    const codeUrl = await page.$eval('.pay-sandbox', (a) => (a as HTMLAnchorElement).href);
    const phone = await context.newPage();
    await phone.goto(codeUrl, { waitUntil: 'domcontentloaded' });
    expect(await textOf(phone, 'button[type=submit]')).toBe('确认支付 ¥12');
    await Promise.all([phone.waitForNavigation(), phone.click('button[type=submit]')]);
    await phone.close();

    await page.bringToFront();
    await page.waitForSelector('.inv-done');
    expect(await textOf(page, '.inv-done')).toContain('邮费支付成功，发票申请已提交');
    await page.waitForSelector('.inv-state.is-requested');
    expect(await invoiceOf(orderId)).toMatchObject({ state: 'requested', kind: 'paper' });
    // Nothing else waits for postage.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('.empty-state');
    expect(await textOf(page, '.empty-state h2')).toBe('没有待支付的邮费');
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('at 375 px: /invoice/ and /postage_pay/ fit the phone; a guest is asked to log in', async () => {
  const orderId = await buyInSandbox(server.origin, user, 20304);
  await user.send('POST', '/user/createInvoice', { orderId, kind: 'paper', titleType: 'personal', title: '王五', email: 'wang@example.com', province: '北京市', city: '北京市', detail: '海淀区中关村大街1号', recipient: '王五', mobile: '13900139000' });
  const { context, page } = await loggedInContext(browser, server.origin, user, 375);
  await page.goto(`${server.origin}/invoice/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.inv-list');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, 'invoice-list-375');
  await page.goto(`${server.origin}/postage_pay/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('.postage-checkout .pay-qr img');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await textOf(page, '.pay-phone-hint')).toContain('扫一扫');
  await screenshot(page, 'postage-pay-375');
  await context.close();

  const guest = await browser.newPage();
  await guest.goto(`${server.origin}/invoice/`, { waitUntil: 'networkidle0' });
  await guest.waitForSelector('.empty-state h2');
  expect(await textOf(guest, '.empty-state h2')).toBe('请先登录');
  await guest.close();
});
