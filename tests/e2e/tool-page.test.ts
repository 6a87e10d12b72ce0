// The tool page in Chromium against a live site: choose files, order them, set options, run the
// task, download the result through its signed link and check it with poppler and qpdf; the
// page tools (pick a page on the thumbnails of the file staged as it is chosen); a wrong file type
// refused on the page.
// TOOL_PAGE_SCREENS=1 also writes screenshots (1366 and 375 px) to tmp/screens/ for review.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { NOT_BUILT_YET, unavailableTools } from '../../server/convert/availability';
import type { Page } from 'puppeteer-core';
import { dragRow } from '../support/page-helpers';
import { toolPageHarness } from '../support/tool-page';

const run = promisify(execFile);
const tool = toolPageHarness('tool-page-');
const { open, choose, clickButton, results, download } = tool;
const SCREENS = process.env.TOOL_PAGE_SCREENS ? path.resolve(__dirname, '../../tmp/screens') : undefined;

/** A PDF whose pages say "<label> <n>" and have a size of their own, so order can be read back. */
async function makePdf(name: string, label: string, pages: number, width = 300): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([width + n * 10, 400]);
    page.drawText(`${label} ${n}`, { x: 30, y: 300, size: 28, font });
  }
  const file = tool.file(name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

/** Page tools send each file up as it is chosen: the start button waits until all are staged. */
async function staged(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.btn-start')?.hasAttribute('disabled'), { timeout: 60_000 });
}

function fileNames(page: Page): Promise<string[]> {
  return page.$$eval('.file-list .file-name', (els) => els.map((el) => el.textContent ?? ''));
}

async function pdfPages(file: string): Promise<number> {
  await run('qpdf', ['--check', file]);
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

/** The text of each page, in order. */
async function pageTexts(file: string, pages: number): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= pages; n++) {
    const { stdout } = await run('pdftotext', ['-f', String(n), '-l', String(n), file, '-']);
    texts.push(stdout.trim());
  }
  return texts;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
}

describe('tool page', () => {
  it('merges two PDFs in the order set on the page and downloads a sound result', async () => {
    const alpha = await makePdf('alpha.pdf', 'ALPHA', 2, 300);
    const bravo = await makePdf('bravo.pdf', 'BRAVO', 3, 500);
    const { page, errors } = await open('/pdf-merge/');
    await choose(page, alpha, bravo);
    await page.waitForSelector('.file-list');
    expect(await fileNames(page)).toEqual(['alpha.pdf', 'bravo.pdf']);
    // Each file goes up as it is chosen; the start waits for both.
    await page.waitForFunction(() => !document.querySelector('.btn-start')?.hasAttribute('disabled'), { timeout: 60_000 });
    expect(await page.$eval('.file-list', (el) => el.textContent)).toMatch(/\d+(\.\d\d)? (B|KB)/);

    // Drag bravo above alpha, then the arrow buttons down and up again.
    await dragRow(page, 1, 0);
    expect(await fileNames(page)).toEqual(['bravo.pdf', 'alpha.pdf']);
    await page.click('button[aria-label="下移 bravo.pdf"]');
    expect(await fileNames(page)).toEqual(['alpha.pdf', 'bravo.pdf']);
    await page.click('button[aria-label="上移 bravo.pdf"]');
    expect(await fileNames(page)).toEqual(['bravo.pdf', 'alpha.pdf']);
    await screenshot(page, 'tool-merge-chosen-desktop');

    // A double click starts one task: the button disables while the submit is in flight.
    const submits: string[] = [];
    page.on('request', (r) => r.url().endsWith('/task/submitResultGroup') && submits.push(r.url()));
    const start = await page.waitForSelector('::-p-xpath(//button[contains(., "开始合并")])');
    await start!.click({ count: 2 });
    const { files, zip, note } = await results(page);
    expect(submits).toHaveLength(1);
    expect(await page.$eval('.result-head h2', (el) => el.textContent)).toBe('处理完成');
    expect(note).toMatch(/文件将于 (\d+月\d+日 )?\d\d:\d\d 自动删除/);
    expect(files).toHaveLength(1);
    expect(zip).toBeUndefined();
    await screenshot(page, 'tool-merge-done-desktop');

    const merged = await download(files[0]!.href, 'merged.pdf');
    expect(await pdfPages(merged)).toBe(5);
    expect(await pageTexts(merged, 5)).toEqual(['BRAVO 1', 'BRAVO 2', 'BRAVO 3', 'ALPHA 1', 'ALPHA 2']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows each file’s upload progress as it is staged, then the task’s status', async () => {
    // Big enough to watch on a throttled link: each PDF carries 1.5 MB of incompressible attachment.
    const big = async (name: string) => {
      const doc = await PDFDocument.load(fs.readFileSync(await makePdf(name, name, 1)));
      await doc.attach(crypto.randomBytes(1_500_000), 'noise.bin', { mimeType: 'application/octet-stream' });
      const file = tool.file(name);
      fs.writeFileSync(file, await doc.save());
      return file;
    };
    const [one, two] = await Promise.all([big('one.pdf'), big('two.pdf')]);
    const { page, errors } = await open('/pdf-merge/');
    await page.emulateNetworkConditions({ offline: false, download: 50_000_000, upload: 1_000_000, latency: 0 });
    await choose(page, one, two);
    // Merge stages the files one after the other: the first partly sent, the second waiting its turn.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('.file-list .file-row')];
      const bar = rows[0]?.querySelector('[role=progressbar]');
      return rows.length === 2 && !!bar && Number(bar.getAttribute('aria-valuenow')) > 0 && rows[1]!.textContent!.includes('等待上传');
    });
    expect(await page.$eval('.btn-start', (el) => [el.textContent, (el as HTMLButtonElement).disabled])).toEqual(['正在准备文件…', true]);
    await screenshot(page, 'tool-merge-uploading-desktop');
    await page.emulateNetworkConditions(null);
    await page.waitForFunction(() => !document.querySelector('.btn-start')?.hasAttribute('disabled'), { timeout: 60_000 });
    await clickButton(page, '开始合并');
    await page.waitForFunction(() => /^(排队中|处理中 \d+%)/.test(document.querySelector('.run-line')?.textContent ?? '') || !!document.querySelector('.result'));
    const { files } = await results(page);
    expect(await pdfPages(await download(files[0]!.href, 'big-merged.pdf'))).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('splits by page ranges set in the options', async () => {
    const doc = await makePdf('three.pdf', 'PAGE', 3);
    const { page, errors } = await open('/pdf-split/');
    await choose(page, doc);
    await page.waitForSelector('.file-list');
    await staged(page);
    await page.click('::-p-xpath(//label[contains(., "按页码范围")])');
    // The range is required in this mode: the page says so before running anything.
    await clickButton(page, '开始拆分');
    expect(await page.$eval('.option-problem', (el) => el.textContent)).toContain('请填写页码范围');
    await page.type('input[id$="-pages"]', '1-2,3');
    await clickButton(page, '开始拆分');
    const { files, zip } = await results(page);
    expect(files.map((f) => f.name)).toEqual(['three_1-2.pdf', 'three_3.pdf']);
    expect(zip).toBeDefined();
    const first = await download(files[0]!.href, 'part1.pdf');
    const second = await download(files[1]!.href, 'part2.pdf');
    expect(await pdfPages(first)).toBe(2);
    expect(await pageTexts(first, 2)).toEqual(['PAGE 1', 'PAGE 2']);
    expect(await pdfPages(second)).toBe(1);
    expect(await pageTexts(second, 1)).toEqual(['PAGE 3']);
    const zipResponse = await fetch(zip!);
    expect(zipResponse.status).toBe(200);
    expect(Buffer.from(await zipResponse.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');

    // 立即删除 removes the files from the server at once and empties the panel.
    await clickButton(page, '立即删除');
    await page.waitForSelector('.btn-choose');
    expect((await fetch(files[0]!.href)).status).toBe(410);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('deletes the page picked on the thumbnails (two-step task)', async () => {
    const doc = await makePdf('pick.pdf', 'PICK', 3);
    const { page, errors } = await open('/pdf-delete-page/');
    // The file goes up as soon as it is chosen, and its pages come back as thumbnails.
    await choose(page, doc);
    await page.waitForSelector('.file-list');
    await page.waitForSelector('.thumb-grid .thumb', { timeout: 60_000 });
    expect(await page.$$eval('.thumb', (els) => els.length)).toBe(3);
    // The thumbnails are real images served by the signed links.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.thumb img')].every((img) => img.complete && img.naturalWidth > 0));
    await page.click('button.thumb[aria-label="第 2 页"]');
    expect(await page.$eval('button.thumb[aria-label="第 2 页"]', (el) => el.getAttribute('aria-pressed'))).toBe('true');
    await clickButton(page, '删除选中页面');
    const { files } = await results(page);
    expect(files).toHaveLength(1);
    const result = await download(files[0]!.href, 'deleted.pdf');
    expect(await pdfPages(result)).toBe(2);
    expect(await pageTexts(result, 2)).toEqual(['PICK 1', 'PICK 3']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('splits where the visitor marks new parts on the thumbnails', async () => {
    const doc = await makePdf('four.pdf', 'FOUR', 4);
    const { page, errors } = await open('/pdf-split/');
    await choose(page, doc);
    await page.waitForSelector('.thumb-grid .thumb', { timeout: 60_000 });
    // The thumbnails only show until the pick mode makes them tappable.
    expect(await page.$('button.thumb')).toBeNull();
    await page.click('::-p-xpath(//label[contains(., "在页面上选择")])');
    await page.waitForSelector('button.thumb');
    // Page 1 always starts the first part.
    expect(await page.$eval('button.thumb[aria-label="第 1 页"]', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await page.click('button.thumb[aria-label="第 3 页"]');
    await clickButton(page, '拆分为 2 个文件');
    const { files } = await results(page);
    expect(files.map((f) => f.name)).toEqual(['four_1-2.pdf', 'four_3-4.pdf']);
    const second = await download(files[1]!.href, 'four-part2.pdf');
    expect(await pdfPages(second)).toBe(2);
    expect(await pageTexts(second, 2)).toEqual(['FOUR 3', 'FOUR 4']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses a wrong file type on the page with a Chinese message', async () => {
    const text = tool.file('notes.txt');
    fs.writeFileSync(text, 'not a pdf');
    const { page, errors } = await open('/pdf-merge/');
    await choose(page, text);
    const message = await page.waitForSelector('.form-problem');
    expect(await message!.evaluate((el) => el.textContent)).toBe('“notes.txt”格式不支持，请上传 PDF 格式的文件');
    expect(await page.$('.file-list')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server refusing a file whose bytes are not a PDF, and lets the visitor retry', async () => {
    const fake = tool.file('fake.pdf');
    fs.writeFileSync(fake, 'plain text pretending to be a PDF');
    const { page, errors } = await open('/pdf-compress/');
    await choose(page, fake);
    await clickButton(page, '开始压缩');
    const line = await page.waitForSelector('.run-line.is-bad');
    expect(await line!.evaluate((el) => el.textContent)).toMatch(/^失败：文件格式不支持/);
    // 重试 sends it again (and fails again the same way); 重新开始 empties the panel.
    const submits: string[] = [];
    page.on('request', (r) => r.url().endsWith('/task/submitTask') && submits.push(r.url()));
    await clickButton(page, '重试');
    await page.waitForFunction(() => document.querySelector('.run-line.is-bad')?.textContent?.startsWith('失败：'));
    expect(submits).toHaveLength(1);
    await clickButton(page, '重新开始');
    await page.waitForSelector('.btn-choose');
    // The refusal is an expected answer: the network log has the 415, the page no script error.
    expect(errors.filter((e) => !e.includes('415'))).toEqual([]);
    await page.close();
  });

  it('scans a PDF and shows its security report on the /Scan/ page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]).drawText('scan me', { x: 20, y: 200, size: 20 });
    await doc.attach(Buffer.from('hidden'), 'payload.txt', { mimeType: 'text/plain' });
    const file = tool.file('with-attachment.pdf');
    fs.writeFileSync(file, await doc.save());
    const { page, errors } = await open('/pdf-scan/');
    await choose(page, file);
    await clickButton(page, '开始检测');
    await results(page);
    await Promise.all([page.waitForFunction(() => location.pathname === '/Scan/'), page.click('.result a[href^="/Scan/"]')]);
    await page.waitForSelector('.scan-summary');
    expect(await page.$eval('.risk-badge', (el) => el.textContent)).toBe('中风险');
    expect(await page.$eval('.scan-findings', (el) => el.textContent)).toContain('payload.txt');
    const cleanCopy = await page.$eval('.scan-report a[download]', (a) => a.getAttribute('href')!);
    await pdfPages(await download(tool.site.origin + cleanCopy, 'clean.pdf'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a tool without a converter is coming soon instead of offering a button', async () => {
    const unbuilt = Object.entries(await unavailableTools()).find(([, reason]) => reason === NOT_BUILT_YET);
    if (!unbuilt) return; // every tool has a converter by now
    const { page, errors } = await open(`/${unbuilt[0]}/`);
    expect(await page.$eval('.upload-panel', (el) => el.textContent)).toContain('该功能即将上线');
    expect(await page.$('.upload-panel button')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  describe.each([
    ['desktop', 1366],
    ['mobile', 375],
  ])('screenshots for review (%s)', (label, width) => {
    const shoot = async (page: Page, name: string) => {
      // Below the sticky header, from the top of the working area.
      await page.evaluate(() => window.scrollTo(0, document.querySelector('.upload-panel')!.getBoundingClientRect().top + window.scrollY - 90));
      await screenshot(page, `tool-${name}-${label}`);
    };

    (SCREENS ? it : it.skip)('merge: files chosen and the finished result', async () => {
      const alpha = await makePdf('手机合并-第一份.pdf', 'ALPHA', 2);
      const bravo = await makePdf('bravo-with-a-rather-long-file-name-for-phones.pdf', 'BRAVO', 3);
      const { page, errors } = await open('/pdf-merge/', width);
      await choose(page, alpha, bravo);
      await page.waitForSelector('.file-list');
      await staged(page);
      await shoot(page, 'merge-chosen');
      await clickButton(page, '开始合并');
      await results(page);
      await shoot(page, 'merge-done');
      expect(errors).toEqual([]);
      await page.close();
    });

    (SCREENS ? it : it.skip)('split, watermark and page picking', async () => {
      const split = await open('/pdf-split/', width);
      await choose(split.page, await makePdf('split.pdf', 'S', 3));
      await staged(split.page);
      await split.page.click('::-p-xpath(//label[contains(., "按页码范围")])');
      await clickButton(split.page, '开始拆分');
      await shoot(split.page, 'split-options');
      await split.page.click('::-p-xpath(//label[contains(., "逐页拆分")])');
      await clickButton(split.page, '开始拆分');
      await results(split.page);
      await shoot(split.page, 'split-done');

      const mark = await open('/watermark/', width);
      await choose(mark.page, await makePdf('mark.pdf', 'M', 1));
      await mark.page.waitForSelector('.options');
      await shoot(mark.page, 'watermark-options');

      const pick = await open('/pdf-delete-page/', width);
      await choose(pick.page, await makePdf('pick.pdf', 'P', 5));
      await pick.page.waitForSelector('.thumb img', { timeout: 60_000 });
      await pick.page.click('button.thumb[aria-label="第 2 页"]');
      await shoot(pick.page, 'pick');
      expect([...split.errors, ...mark.errors, ...pick.errors]).toEqual([]);
      await Promise.all([split.page.close(), mark.page.close(), pick.page.close()]);
    });
  });
});
