// Login in Chromium on the built server: sign up with an SMS code (the development provider shows
// it on the page), set a password, see the header change, log out, log in with the password, and
// come back to the page that asked for the login.
import crypto from 'node:crypto';
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser } from '../support/browser';
import { startBuiltServer, type BuiltServer } from '../support/built-server';

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function headerText(page: Page): Promise<string> {
  return page.$eval('.header-account', (el) => (el as HTMLElement).innerText);
}

async function uploadHint(page: Page): Promise<string> {
  return page.$eval('.upload-hint', (el) => el.textContent ?? '');
}

test('sign up by code, password, logout, password login, back to the page that asked', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  const mobile = `139${crypto.randomInt(10_000_000, 99_999_999)}`;
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

  // Landed from a Baidu ad: the click id waits in the browser until the login, then binds once.
  await page.goto(`${server.origin}/pdf-to-word/?bd_vid=e2eClick_42`, { waitUntil: 'networkidle0' });
  const bound = page.waitForResponse((r) => r.url().endsWith('/v2/user/bindAccessBd'));
  await page.goto(`${server.origin}/login/?redirect=${encodeURIComponent(`${server.origin}/pdf-merge/`)}`, { waitUntil: 'networkidle0' });
  await page.type('input[name=mobile]', '12345');
  await page.click('.login-send');
  await page.waitForSelector('.login-error');
  expect(await page.$eval('.login-error', (el) => el.textContent)).toBe('请输入正确的手机号码');

  await page.click('input[name=mobile]', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type('input[name=mobile]', mobile);
  await page.click('.login-send');
  await page.waitForSelector('.login-dev-code strong');
  const code = await page.$eval('.login-dev-code strong', (el) => el.textContent ?? '');
  expect(code).toMatch(/^\d{6}$/);
  expect(await page.$eval('.login-send', (el) => (el as HTMLButtonElement).disabled)).toBe(true);

  await page.type('input[name=code]', code);
  await page.click('.login-submit');
  await page.waitForSelector('input[autocomplete=new-password]');
  await page.type('input[autocomplete=new-password]', 'weak');
  await page.click('.login-submit');
  await page.waitForSelector('.login-error');
  expect(await page.$eval('.login-error', (el) => el.textContent)).toBe('密码需为8-64位，且同时包含字母和数字');
  await page.click('input[autocomplete=new-password]', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type('input[autocomplete=new-password]', 'Pdf365pass');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.login-submit')]);
  expect(new URL(page.url()).pathname).toBe('/pdf-merge/');
  await page.waitForSelector('.user-menu');
  expect(await headerText(page)).toContain(masked);
  const binding = await bound;
  expect(new URLSearchParams(binding.request().postData() ?? '').get('bd_vid')).toBe('e2eClick_42');
  expect(await binding.json()).toMatchObject({ ret: 0, data: { bound: true, bdVid: 'e2eClick_42' } });
  expect(await page.evaluate(() => localStorage.getItem('adClick'))).toBeNull();
  // The upload limits are the logged-in user's now (SPEC §6 batch tools: 20 files of 50 MB), not a guest's.
  await page.waitForFunction(() => document.querySelector('.upload-hint')?.textContent?.includes('最多 20 个'));
  expect(await uploadHint(page)).toMatch(/单个文件不超过 50(\.0+)? ?MB，最多 20 个/);

  // Logout: the header is a guest's again, and the server session is gone.
  await page.click('.user-menu summary');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.user-menu-list button')]);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await headerText(page)).toContain('登录/注册');
  await page.goto(`${server.origin}/pdf-merge/`, { waitUntil: 'networkidle0' });
  expect(await uploadHint(page)).toMatch(/单个文件不超过 10(\.0+)? ?MB，最多 5 个/);
  expect((await page.cookies()).map((c) => c.name)).not.toContain('accessToken');

  await page.goto(`${server.origin}/login/`, { waitUntil: 'networkidle0' });
  await page.click('.login-tabs button:nth-child(2)');
  await page.type('input[name=mobile]', mobile);
  await page.type('input[name=password]', 'wrong-pass1');
  await page.click('.login-submit');
  await page.waitForSelector('.login-error');
  expect(await page.$eval('.login-error', (el) => el.textContent)).toBe('手机号或密码错误');
  await page.click('input[name=password]', { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type('input[name=password]', 'Pdf365pass');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.login-submit')]);
  await page.waitForSelector('.user-menu');
  expect(await headerText(page)).toContain(masked);

  // The access token expires before the refresh cookie: the page renews it by itself.
  await page.deleteCookie({ name: 'accessToken' });
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  expect(await headerText(page)).toContain(masked);
});

test('the login page at phone width', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 740, isMobile: true });
  await page.goto(`${server.origin}/login/`, { waitUntil: 'networkidle0' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const card = await page.$eval('.login-card', (el) => el.getBoundingClientRect().width);
  expect(card).toBeGreaterThan(300);
});
