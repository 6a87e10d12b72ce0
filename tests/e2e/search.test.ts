// Tool search and the phone menu in Chromium on the built site: the header search finds PDF合并
// from pinyin, initials and Chinese and opens it from the keyboard; Escape closes the list; at
// phone width the menu button opens the drawer, whose group links and search navigate.
import type { Browser, Page } from 'puppeteer-core';
import { launchBrowser, startLiveSite, type LiveSite } from '../support/browser';

let browser: Browser;
let site: LiveSite;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startLiveSite()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.setViewport({ width, height: width < 769 ? 812 : 800, isMobile: width < 769, hasTouch: width < 769 });
  await page.goto(site.origin + path, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => Object.keys(document.querySelector('#root > .layout')!).some((k) => k.startsWith('__reactFiber')));
  return { page, errors };
}

/** The titles listed under a search box, in order. */
function listed(page: Page, box: string): Promise<string[]> {
  return page.$$eval(`${box} [role=listbox]:not([hidden]) [role=option] .ts-title`, (els) => els.map((e) => e.textContent ?? ''));
}

/** Opens the phone menu and waits for its slide-in to finish (a click during it can miss its target). */
async function openMenu(page: Page): Promise<void> {
  await page.click('.menu-button');
  await page.waitForSelector('.md-panel');
  await page.waitForFunction(() => document.querySelector('.md-panel')!.getAnimations().length === 0);
}

async function typeInto(page: Page, input: string, text: string): Promise<void> {
  await page.click(input, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type(input, text);
}

describe('header search at 1366 px', () => {
  it.each(['hebing', 'hb', '合并'])('lists PDF合并 first for %s, and ArrowDown + Enter opens it', async (query) => {
    const { page, errors } = await open('/pdf-to-word/', 1366);
    const input = '.ts-header input[role=combobox]';
    expect(await page.$eval(input, (e) => e.getAttribute('aria-expanded'))).toBe('false');
    await typeInto(page, input, query);
    await page.waitForFunction((box) => document.querySelector(`${box} [role=option]`), {}, '.ts-header');
    expect((await listed(page, '.ts-header'))[0]).toBe('PDF合并');
    expect(await page.$eval(input, (e) => e.getAttribute('aria-expanded'))).toBe('true');

    await page.keyboard.press('ArrowDown');
    const active = await page.$eval(input, (e) => e.getAttribute('aria-activedescendant'));
    expect(active).toBeTruthy();
    expect(await page.$eval(`[id="${active}"]`, (e) => [e.getAttribute('aria-selected'), e.textContent])).toEqual(['true', expect.stringContaining('PDF合并')]);

    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/pdf-merge/' && document.querySelector('.tool-head h1')?.textContent === 'PDF合并');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closes the list on Escape, clears on a second Escape, and says when nothing matches', async () => {
    const { page, errors } = await open('/', 1366);
    const input = '.ts-header input[role=combobox]';
    await typeInto(page, input, 'yasuo');
    await page.waitForSelector('.ts-header [role=option]');
    expect(await listed(page, '.ts-header')).toEqual(expect.arrayContaining(['PDF压缩', '图片压缩', '视频压缩']));
    await page.keyboard.press('Escape');
    expect(await page.$('.ts-header [role=listbox]:not([hidden])')).toBeNull();
    expect(await page.$eval(input, (e) => [e.getAttribute('aria-expanded'), (e as HTMLInputElement).value])).toEqual(['false', 'yasuo']);
    await page.keyboard.press('Escape');
    expect(await page.$eval(input, (e) => (e as HTMLInputElement).value)).toBe('');

    await page.type(input, 'qxzqxz');
    await page.waitForSelector('.ts-header .ts-empty');
    expect(await page.$eval('.ts-header .ts-empty', (e) => e.textContent)).toContain('未找到相关工具');
    expect(await page.$('.menu-button')).not.toBeNull();
    expect(await page.$eval('.menu-button', (e) => getComputedStyle(e).display)).toBe('none');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches from the home hero too', async () => {
    const { page, errors } = await open('/', 1366);
    await typeInto(page, '.ts-hero input', 'zjz');
    await page.waitForSelector('.ts-hero [role=option]');
    expect((await listed(page, '.ts-hero'))[0]).toBe('证件照换底色');
    await page.click('.ts-hero [role=option]');
    await page.waitForFunction(() => location.pathname === '/img-background-color/');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('phone menu at 375 px', () => {
  it('opens from the menu button, locks the page, closes on Escape and on the backdrop', async () => {
    const { page, errors } = await open('/pdf-to-word/', 375);
    expect(await page.$eval('.main-nav', (e) => getComputedStyle(e).display)).toBe('none');
    expect(await page.$eval('.site-header .ts-header', (e) => getComputedStyle(e).display)).toBe('none');
    const button = '.menu-button';
    expect(await page.$eval(button, (e) => [getComputedStyle(e).display, e.getAttribute('aria-expanded')])).toEqual(['grid', 'false']);

    await openMenu(page);
    expect(await page.$('.md-panel[role=dialog][aria-modal=true]')).not.toBeNull();
    expect(await page.$eval(button, (e) => e.getAttribute('aria-expanded'))).toBe('true');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    const panel = await page.$eval('.md-panel', (e) => ({
      vip: e.querySelector('.vip-link')?.textContent,
      login: e.querySelector('.login-link')?.textContent,
      groups: [...e.querySelectorAll('.md-group summary')].map((s) => s.textContent),
    }));
    expect(panel).toEqual({ vip: '开通会员', login: '登录/注册', groups: ['PDF转换', '转换为PDF', '特色转换', '音视频转换', '图片处理', '文档处理', '增值服务'] });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.menu-drawer'));
    expect(await page.evaluate(() => [document.body.style.overflow, document.activeElement?.className])).toEqual(['', 'menu-button']);

    await openMenu(page);
    await page.mouse.click(10, 400); // the backdrop shows left of the panel
    await page.waitForFunction(() => !document.querySelector('.menu-drawer'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates from a group link and closes', async () => {
    const { page, errors } = await open('/', 375);
    await openMenu(page);
    await page.click('.md-group:nth-of-type(6) summary'); // 文档处理
    await page.click('.md-group a[href="/pdf-split/"]');
    await page.waitForFunction(() => location.pathname === '/pdf-split/' && document.querySelector('.tool-head h1')?.textContent === 'PDF拆分');
    expect(await page.$('.menu-drawer')).toBeNull();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('searches inside the menu', async () => {
    const { page, errors } = await open('/pdf-to-word/', 375);
    await openMenu(page);
    await page.type('.md-panel input[role=combobox]', 'hb');
    await page.waitForSelector('.md-panel [role=option]');
    expect((await listed(page, '.md-panel'))[0]).toBe('PDF合并');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/pdf-merge/');
    await page.waitForFunction(() => !document.querySelector('.menu-drawer'));
    expect(errors).toEqual([]);
    await page.close();
  });
});
