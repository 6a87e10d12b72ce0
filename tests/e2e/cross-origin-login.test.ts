// The cross-domain login in Chromium (SPEC §4, server/account/sso.ts): the site on 127.0.0.1 sends
// the visitor to the account service on 127.0.0.2 (a host of its own: its own cookies), which logs
// them in and hands a login back through /iamEmpty/. Then the site's page checks its token with the
// account service, logs in again without a form from its fid alone, and a logout ends both.
import crypto from 'node:crypto';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { launchBrowser } from '../support/browser';
import { startSiteAndAccountService } from '../support/account-origin';
import type { BuiltServer } from '../support/built-server';
import { openTestDb, type TestDb } from '../support/db';

let testDb: TestDb;
let site: BuiltServer;
let account: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  testDb = await openTestDb('postgres');
  [{ site, account }, browser] = await Promise.all([startSiteAndAccountService(testDb), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.stop(), account?.stop()]);
  await testDb?.close();
});

async function headerText(page: Page): Promise<string> {
  return page.$eval('.header-account', (el) => (el as HTMLElement).innerText);
}

/** Calls the page makes to the account service's origin, by path. */
function callsToAccountService(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (url.origin === account.origin && request.method() !== 'OPTIONS') calls.push(url.pathname);
  });
  return calls;
}

test('log in on the account service’s origin, come back logged in; the fid alone logs in again; logout ends both', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  const calls = callsToAccountService(page);
  const mobile = `137${crypto.randomInt(10_000_000, 99_999_999)}`;
  const masked = `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

  await page.goto(`${site.origin}/pdf-merge/`, { waitUntil: 'networkidle0' });
  // The header's login link leads to the account service, told where to come back to.
  await page.waitForFunction(() => (document.querySelector('.login-link') as HTMLAnchorElement | null)?.href.includes('redirect='));
  const loginHref = await page.$eval('.login-link', (el) => (el as HTMLAnchorElement).href);
  expect(loginHref.startsWith(`${account.origin}/login/`)).toBe(true);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.login-link')]);
  expect(new URL(page.url()).origin).toBe(account.origin);

  await page.type('input[name=mobile]', mobile);
  await page.click('.login-send');
  await page.waitForSelector('.login-dev-code strong');
  await page.type('input[name=code]', await page.$eval('.login-dev-code strong', (el) => el.textContent ?? ''));
  await page.click('.login-submit');
  // A new account is offered a password; skipped, the visitor goes back through /iamEmpty/.
  await page.waitForSelector('.login-skip');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.login-skip')]);
  await page.waitForFunction((origin) => window.location.href === `${origin}/pdf-merge/`, {}, site.origin);
  await page.waitForSelector('.user-menu');
  expect(await headerText(page)).toContain(masked);
  const siteCookies = Object.fromEntries((await page.cookies(site.origin)).map((c) => [c.name, c.value]));
  const accountCookies = Object.fromEntries((await page.cookies(account.origin)).map((c) => [c.name, c.value]));
  expect(siteCookies.fid).toBeTruthy();
  expect(siteCookies.accessToken).toBeTruthy();
  expect(siteCookies.accessToken).not.toBe(accountCookies.accessToken);

  // At load the stored token is checked with the account service (SPEC §4), allowed by the CSP.
  calls.length = 0;
  await page.reload({ waitUntil: 'networkidle0' });
  await page.waitForSelector('.user-menu');
  expect(calls).toContain('/api/mine/checkCrossDomain');

  // The site's own login is gone (cookies cleared, say), the account service's is not: the fid
  // takes the browser through the account service and back, logged in, without a form.
  for (const name of ['accessToken', 'hasSession']) await page.deleteCookie({ name, url: site.origin });
  await page.deleteCookie({ name: 'refreshToken', url: `${site.origin}/auth/` });
  calls.length = 0;
  await page.goto(`${site.origin}/pdf-compress/`, { waitUntil: 'networkidle0' });
  await page.waitForFunction((origin) => window.location.href === `${origin}/pdf-compress/` && document.querySelector('.user-menu'), { timeout: 20_000 }, site.origin);
  expect(calls).toEqual(expect.arrayContaining(['/getUserInfoApi', expect.stringMatching(/^\/v2\/tokens\//)]));
  expect(await headerText(page)).toContain(masked);

  // Logout on the site ends the account service's login as well: its token no longer works there.
  const accountToken = (await page.cookies(account.origin)).find((c) => c.name === 'accessToken')!.value;
  await page.click('.user-menu summary');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.user-menu-list button')]);
  expect(await headerText(page)).toContain('登录/注册');
  expect((await page.cookies(site.origin)).map((c) => c.name)).not.toContain('fid');
  const check = await fetch(`${account.origin}/user/getUserInfo?platform=web&r=1`, { headers: { authorization: `Bearer ${accountToken}` } });
  expect((await check.json()).ret).toBe(403);
}, 120_000);

test('a grant that does not work says so on /iamEmpty/ and offers the login again', async () => {
  const page = await browser.newPage();
  await page.goto(`${site.origin}/iamEmpty/?iamToken=made-up&redirect=%2Fpdf-merge%2F`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[role=alert]');
  expect(await page.$eval('[role=alert]', (el) => el.textContent)).toContain('登录凭证无效或已过期');
  expect(await page.$eval('[role=alert] a', (el) => (el as HTMLAnchorElement).href)).toBe(`${account.origin}/login/`);
  expect(new URL(page.url()).pathname).toBe('/iamEmpty/');
});
