// Help, tutorial and tag pages in Chromium, on the built site with the test content directory:
// they hydrate without errors; links between them navigate client-side through the content call,
// bringing the article's head (title, og:type) with them; an unknown article reached by a link
// shows the 404 page; the pages fit a 375 px phone and a 1366 px desktop without sideways scroll.
import fs from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { writeContentDir } from '../support/articles';
import { launchBrowser, startLiveSite, type LiveSite } from '../support/browser';

let browser: Browser;
let site: LiveSite;
const contentDir = writeContentDir(11);

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startLiveSite({ CONTENT_DIR: contentDir })]);
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

async function open(path: string, width = 1366): Promise<{ page: Page; errors: string[]; contentCalls: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width, height: 900, isMobile: width < 500 });
  const errors: string[] = [];
  const contentCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => r.url().includes('/api/content/') && contentCalls.push(new URL(r.url()).searchParams.get('path') ?? r.url()));
  await page.goto(site.origin + path, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => Object.keys(document.querySelector('#root > .layout') ?? {}).some((k) => k.startsWith('__reactFiber')));
  return { page, errors, contentCalls };
}

const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    h1: document.querySelector('h1')?.textContent,
  }));

it('goes from the tutorial list to an article and on to its category client-side, with the head following', async () => {
  const { page, errors, contentCalls } = await open('/news/more/');
  expect(contentCalls).toEqual([]);
  await Promise.all([page.waitForFunction(() => document.querySelector('h1')?.textContent === 'PDF转Word的三个步骤和常见问题'), page.click('a[href="/news/9001/"]')]);
  expect(contentCalls).toEqual(['/news/9001/']);
  expect(await headOf(page)).toEqual({ title: 'PDF转Word的三个步骤和常见问题 - PDF365', ogType: 'article', canonical: `${site.origin}/news/9001/`, h1: 'PDF转Word的三个步骤和常见问题' });
  // No full reload happened: the document is the first one.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await Promise.all([page.waitForFunction(() => document.querySelector('h1')?.textContent === 'PDF转Word教程'), page.click('.crumbs a[href="/news/1/"]')]);
  expect(await headOf(page)).toMatchObject({ title: 'PDF转Word教程 - PDF365', ogType: 'website' });
  await Promise.all([page.waitForFunction(() => location.pathname === '/news/1/2/' && document.querySelectorAll('.doc-list > li').length === 2), page.click('.link-pager a[href="/news/1/2/"]')]);
  expect(errors).toEqual([]);
  await page.close();
});

it('shows the 404 page for an unknown article reached by a link', async () => {
  const { page, errors } = await open('/help/');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/help/123456/';
    a.id = 'dead';
    a.textContent = 'dead';
    document.querySelector('.doc-main')!.append(a);
  });
  await Promise.all([page.waitForFunction(() => document.querySelector('.error-status')?.textContent === '404'), page.click('#dead')]);
  expect(await page.evaluate(() => document.querySelector('.error-page h1')?.textContent)).toBe('页面不存在');
  expect(await page.title()).toBe('页面不存在 - PDF365');
  expect(await page.evaluate(() => document.querySelector('meta[name="mobile-agent"]'))).toBeNull();
  expect(errors).toEqual([]);
  await page.close();
});

it.each([375, 1366])('lays the article, the lists and the tags out within %i px', async (width) => {
  for (const path of ['/news/9001/', '/help/', '/news/more/', '/news/1/', '/tags/pdf-to-word/', '/tag/']) {
    const { page, errors } = await open(path, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect([path, overflow, errors]).toEqual([path, 0, []]);
    await page.close();
  }
});
