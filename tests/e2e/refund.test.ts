// A refund seen by the user, in Chromium on the built server: a month of VIP bought in the
// sandbox and refunded by an operator (POST /admin/pay/refund) shows 已退款 on /myOrders/, and the
// header no longer shows VIP; at phone width the row still fits.
import crypto from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { adminRefund } from '../support/admin-refund';
import { loggedInVisitor, type ApiVisitor } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { buyInSandbox } from '../support/sandbox-pay';

const ADMIN_TOKEN = crypto.randomBytes(24).toString('hex');
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer({ env: { ADMIN_TOKEN } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function pageAs(visitor: ApiVisitor, width: number): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width, height: 900, isMobile: width < 500 });
  for (const [name, { value }] of visitor.jar) await page.setCookie({ name, value, url: `${server.origin}${name === 'refreshToken' ? '/auth/' : '/'}` });
  return page;
}

test('a refunded membership shows 已退款 on /myOrders/ and the header drops VIP, at 1366 and 375 px', async () => {
  const user = await loggedInVisitor(server.origin);
  const refunded = await buyInSandbox(server.origin, user, 10001);
  const kept = await buyInSandbox(server.origin, user, 20304, 'alipay');
  expect((await adminRefund(server.origin, ADMIN_TOKEN, { orderId: refunded, reason: '用户申请退款' })).status).toBe(200);

  for (const width of [1366, 375]) {
    const page = await pageAs(user, width);
    await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector(`[data-order="${refunded}"] .order-state`);
    expect(await page.$eval(`[data-order="${refunded}"] .order-state`, (el) => [el.textContent, el.className])).toEqual(['已退款', 'order-state is-refunded']);
    expect(await page.$eval(`[data-order="${kept}"] .order-state`, (el) => el.textContent)).toBe('已支付');
    // Nothing to pay on a refunded order.
    expect(await page.$$eval(`[data-order="${refunded}"] .order-actions button`, (els) => els.length)).toBe(0);
    // The header knows the user (the badge is there) and no longer calls them VIP.
    await page.waitForSelector('.user-badge');
    expect(await page.$('.user-badge.is-vip')).toBeNull();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `/tmp/h4-refund-orders-${width}.png`, fullPage: false });
    await page.close();
  }
});
