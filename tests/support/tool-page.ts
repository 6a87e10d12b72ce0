// Driving a tool page in Chromium against a live site: one harness for every e2e file that opens
// tool pages. Call toolPageHarness() at the top of a test file: it starts Chromium, a site and a
// scratch folder before the tests, removes them after, and hands back the page helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { launchBrowser, startLiveSite, type LiveSite } from './browser';

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen on the page. */
  errors: string[];
}

export interface ToolResults {
  /** Result files with absolute download links. */
  files: { name: string; href: string }[];
  zip?: string;
  /** The retention note under the results. */
  note: string;
}

export function toolPageHarness(scratchPrefix: string) {
  let browser: Browser;
  let site: LiveSite;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), scratchPrefix));
    [browser, site] = await Promise.all([launchBrowser(), startLiveSite()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    fs.rmSync(site?.dataDir ?? dir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  return {
    get site(): LiveSite {
      return site;
    },
    /** A path in the scratch folder. */
    file(name: string): string {
      return path.join(dir, name);
    },

    /** Opens a tool page and waits until React owns its upload panel (hydrated). */
    async open(pathname: string, width = 1366): Promise<OpenedPage> {
      const page = await browser.newPage();
      await page.setViewport({ width, height: 900, isMobile: width < 600, deviceScaleFactor: 1 });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.origin + pathname, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => {
        const el = document.querySelector('.upload-panel');
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      });
      return { page, errors };
    },

    async choose(page: Page, ...files: string[]): Promise<void> {
      const input = (await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(...files);
    },

    async clickButton(page: Page, text: string): Promise<void> {
      const handle = await page.waitForSelector(`::-p-xpath(//button[contains(normalize-space(.), "${text}")])`, { visible: true });
      await handle!.click();
    },

    /** Waits for the run to end, expects it succeeded with valid options, and answers the results. */
    async results(page: Page): Promise<ToolResults> {
      await page.waitForSelector('.result, .run-line.is-bad, .option-problem', { timeout: 60_000 });
      expect(await page.$$eval('.option-problem', (els) => els.map((el) => el.textContent))).toEqual([]);
      const failure = await page.$eval('.upload-panel', (el) => el.querySelector('.run-line.is-bad')?.textContent);
      expect(failure).toBeUndefined();
      const files = await page.$$eval('.result-file', (rows) =>
        rows.map((row) => ({ name: row.querySelector('.file-name')?.textContent ?? '', href: row.querySelector('a')!.getAttribute('href')! })),
      );
      const zip = await page.$eval('.result', (el) => [...el.querySelectorAll('a')].find((a) => a.textContent?.includes('ZIP'))?.getAttribute('href') ?? undefined);
      const note = await page.$eval('.retention-note', (el) => el.textContent ?? '');
      return { files: files.map((f) => ({ ...f, href: site.origin + f.href })), zip: zip && site.origin + zip, note };
    },

    /** Fetches a download link into the scratch folder; the link must answer 200. */
    async download(url: string, name: string): Promise<string> {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      return file;
    },
  };
}
