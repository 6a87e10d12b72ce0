// Company accounts in Chromium on the built server (issue 12): a person opens a company account
// on /myOrders/, invites a colleague by number; the colleague, logged in elsewhere, accepts; the
// company's page then lists the linked sub-account. At phone width nothing overflows.
import type { Browser, Page } from 'puppeteer-core';
import { ApiVisitor, codeFor, randomMobile } from '../support/api-visitor';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startBuiltServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedIn(): Promise<{ visitor: ApiVisitor; mobile: string }> {
  const visitor = new ApiVisitor(server.origin);
  const mobile = randomMobile();
  expect((await visitor.send('POST', '/auth/login/code', { mobile, code: await codeFor(visitor, mobile) })).status).toBe(200);
  return { visitor, mobile };
}

/** A browser page holding the visitor's login cookies, in a context of its own (cookies are per host, not per port or person). */
async function pageAs(visitor: ApiVisitor, width: number): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width, height: 900, isMobile: width < 500 });
  for (const [name, { value }] of visitor.jar) await page.setCookie({ name, value, url: `${server.origin}${name === 'refreshToken' ? '/auth/' : '/'}` });
  return page;
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

test('open a company account, invite a colleague who accepts, see the sub-account', async () => {
  const owner = await loggedIn();
  const colleague = await loggedIn();
  const page = await pageAs(owner.visitor, 1366);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('#company-name');
  await page.type('#company-name', '示例科技有限公司');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.company-invite button[type=submit]')]);
  await page.waitForSelector('#company-invite-mobile');
  expect(await page.$eval('.company-summary', (el) => el.textContent)).toBe('已关联子账户 0 个');

  await page.type('#company-invite-mobile', '12345');
  await page.click('.company-invite button[type=submit]');
  await page.waitForSelector('.company-error');
  expect(await page.$eval('.company-error', (el) => el.textContent)).toBe('请输入正确的手机号码');
  await page.click('#company-invite-mobile', { clickCount: 3 });
  await page.type('#company-invite-mobile', colleague.mobile);
  await page.click('.company-invite button[type=submit]');
  await page.waitForSelector(`.company-member[data-mobile="${masked(colleague.mobile)}"]`);
  expect(await page.$eval('.company-member-status', (el) => el.textContent)).toBe('待接受');

  // The colleague accepts on their own page.
  const theirs = await pageAs(colleague.visitor, 375);
  await theirs.goto(`${server.origin}/myOrders/`, { waitUntil: 'networkidle0' });
  await theirs.waitForSelector('.company-member .btn-primary');
  expect(await theirs.$eval('.company-member-mobile', (el) => el.textContent)).toBe('示例科技有限公司');
  await theirs.click('.company-member .btn-primary');
  await theirs.waitForFunction(() => document.querySelector('.company-member-status')?.textContent === '已加入');
  expect(await theirs.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelector('.company-member-status')?.textContent === '已关联');
  expect(await page.$eval('.company-summary', (el) => el.textContent)).toBe('已关联子账户 1 个');
  expect(await page.$eval('.company-member-mobile', (el) => el.textContent)).toBe(masked(colleague.mobile));
  expect(await page.$eval('.user-badge', (el) => el.textContent)).toBe('企业账户');
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/company-1366.png`, fullPage: true });
    await theirs.screenshot({ path: `${process.env.SCREENSHOT_DIR}/company-member-375.png`, fullPage: true });
  }
}, 90_000);
