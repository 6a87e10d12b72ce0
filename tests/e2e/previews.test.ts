// Previews in Chromium at 1366 and 375 px (issue 16): a merge shows each file's first page and page
// count as soon as it is chosen and keeps the order dragged (read back from the merged PDF with
// pdftotext); the result shows its first page and offers 继续处理 → PDF压缩, which runs on the
// result without a new upload; a Word result (PDF转Word) shows its first page too; 图片转PDF
// shows each image and makes its pages in the order dragged (read back with pdfimages); rotate turns the tapped page's thumbnail and only that page; image
// compression shows the original and the result with their sizes.
// Screenshots of each state go to tmp/screens/previews/ for review.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Page } from 'puppeteer-core';
import { dragRow } from '../support/page-helpers';
import { toolPageHarness } from '../support/tool-page';

jest.setTimeout(300_000);

const run = promisify(execFile);
const tool = toolPageHarness('previews-e2e-');
const { open, choose, clickButton, results, download } = tool;
const SCREENS = path.resolve(__dirname, '../../tmp/screens/previews');

async function makePdf(name: string, label: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) doc.addPage([420, 595]).drawText(`${label} ${n}`, { x: 40, y: 400, size: 40, font });
  const file = tool.file(name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

/** The text of each page of a PDF, in order (qpdf --check first). */
async function pageTexts(file: string): Promise<string[]> {
  await run('qpdf', ['--check', file]);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.split('\f').map((t) => t.trim()).filter(Boolean);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

function imagesLoaded(page: Page, selector: string, count: number): Promise<unknown> {
  return page.waitForFunction(
    (sel, n) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return images.length === n && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    { timeout: 120_000 },
    selector,
    count,
  );
}

function rowTexts(page: Page): Promise<string[]> {
  return page.$$eval('.file-list .file-row', (rows) => rows.map((row) => `${row.querySelector('.file-name')?.textContent} ${row.querySelector('.file-meta')?.textContent}`));
}

describe.each([1366, 375])('previews at %i px', (width) => {
  it('merge: thumbnails and page counts, the dragged order kept; 继续处理 → PDF压缩 on the result', async () => {
    const files = [await makePdf(`alpha-${width}.pdf`, 'ALPHA', 2), await makePdf(`bravo-${width}.pdf`, 'BRAVO', 3), await makePdf(`charlie-${width}.pdf`, 'CHARLIE', 1)];
    const { page, errors } = await open('/pdf-merge/', width);
    await shoot(page, `merge-empty-${width}`);
    await choose(page, ...files);
    await imagesLoaded(page, '.file-list .file-thumb img', 3);
    await page.waitForFunction(() => !document.querySelector('.btn-start')?.hasAttribute('disabled'));
    const counts = await rowTexts(page);
    expect(counts.map((t) => /共 (\d+) 页/.exec(t)?.[1])).toEqual(['2', '3', '1']);
    await shoot(page, `merge-chosen-${width}`);

    // CHARLIE dragged to the top, then BRAVO moved down with its button: CHARLIE, ALPHA, BRAVO.
    await dragRow(page, 2, 0);
    await page.click(`button[aria-label="下移 bravo-${width}.pdf"]`);
    expect(await page.$$eval('.file-list .file-name', (els) => els.map((el) => el.textContent))).toEqual([`charlie-${width}.pdf`, `alpha-${width}.pdf`, `bravo-${width}.pdf`]);
    await clickButton(page, '开始合并');
    const merged = await results(page);
    const mergedFile = await download(merged.files[0]!.href, `merged-${width}.pdf`);
    expect(await pageTexts(mergedFile)).toEqual(['CHARLIE 1', 'ALPHA 1', 'ALPHA 2', 'BRAVO 1', 'BRAVO 2', 'BRAVO 3']);

    // The result's first page and page count, and the ways on.
    await imagesLoaded(page, '.result-file .file-thumb img', 1);
    expect(await page.$eval('.result-file .file-meta', (el) => el.textContent)).toContain('共 6 页');
    const offered = await page.$$eval('.follow-on a', (links) => links.map((a) => a.textContent));
    expect(offered).toEqual(expect.arrayContaining(['PDF压缩', 'PDF转Word', 'PDF拆分']));
    expect(offered).not.toContain('PDF合并');
    await shoot(page, `merge-result-${width}`);

    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('::-p-xpath(//nav[@aria-label="继续处理"]//a[.="PDF压缩"])')]);
    expect(new URL(page.url()).pathname).toBe('/pdf-compress/');
    await page.waitForSelector('.file-list .file-carried');
    expect(await rowTexts(page)).toEqual([expect.stringContaining('上一步的结果')]);
    await shoot(page, `compress-carried-${width}`);
    await clickButton(page, '开始压缩');
    const compressed = await results(page);
    expect(await pageTexts(await download(compressed.files[0]!.href, `compressed-${width}.pdf`))).toEqual(['CHARLIE 1', 'ALPHA 1', 'ALPHA 2', 'BRAVO 1', 'BRAVO 2', 'BRAVO 3']);
    await shoot(page, `compress-result-${width}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rotate: the tapped page turns on its thumbnail, and only that page in the result', async () => {
    const { page, errors } = await open('/pdf-rotate/', width);
    await choose(page, await makePdf(`turn-${width}.pdf`, 'TURN', 3));
    await imagesLoaded(page, '.page-board .thumb img', 3);
    await page.click('button.thumb[aria-label="第 2 页"]');
    expect(await page.$eval('#opt-pdf-rotate-pages', (el) => (el as HTMLInputElement).value)).toBe('2');
    const turns = await page.$$eval('.page-board .thumb img', (imgs) => imgs.map((img) => (img as HTMLImageElement).style.transform));
    expect(turns.map((t) => t.startsWith('rotate(90deg)'))).toEqual([false, true, false]);
    await shoot(page, `rotate-board-${width}`);
    await clickButton(page, '开始旋转');
    const rotated = await results(page);
    const file = await download(rotated.files[0]!.href, `rotated-${width}.pdf`);
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '3', file]);
    expect([...stdout.matchAll(/Page\s+\d+ rot:\s+(\d+)/g)].map((m) => m[1])).toEqual(['0', '90', '0']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('图片转PDF: each image shows itself; dragged and keyboard-moved, the pages follow the list', async () => {
    // Sizes tell the pages apart in the PDF (pdfimages reads each page's image).
    const sizes = { red: [300, 200], green: [200, 300], blue: [240, 240] } as const;
    const images = await Promise.all(
      Object.entries(sizes).map(async ([colour, [w, h]]) => {
        const file = tool.file(`${colour}-${width}.png`);
        await sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toFile(file);
        return file;
      }),
    );
    const { page, errors } = await open('/jpg-to-pdf/', width);
    await choose(page, ...images);
    await imagesLoaded(page, '.file-list .file-thumb img', 3);
    // blue dragged to the top, then red moved down from the keyboard: blue, green, red.
    await dragRow(page, 2, 0);
    await page.focus(`button[aria-label="下移 red-${width}.png"]`);
    await page.keyboard.press('Enter');
    expect(await page.$$eval('.file-list .file-name', (els) => els.map((el) => el.textContent))).toEqual([`blue-${width}.png`, `green-${width}.png`, `red-${width}.png`]);
    await shoot(page, `jpg-to-pdf-ordered-${width}`);
    await clickButton(page, '开始转换');
    const made = await results(page);
    const pdf = await download(made.files[0]!.href, `images-${width}.pdf`);
    await run('qpdf', ['--check', pdf]);
    const { stdout } = await run('pdfimages', ['-list', pdf]);
    const perPage = stdout.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/)).map(([pageNo, , , w, h]) => `${pageNo}:${w}x${h}`);
    expect(perPage).toEqual(['1:240x240', '2:200x300', '3:300x200']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('PDF转Word: the Word result shows its first page', async () => {
    const { page, errors } = await open('/pdf-to-word/', width);
    await choose(page, await makePdf(`word-${width}.pdf`, 'WORD', 2));
    await clickButton(page, '开始转换');
    const converted = await results(page);
    expect(converted.files[0]!.name).toMatch(/\.docx$/);
    await imagesLoaded(page, '.result-file .file-thumb img', 1);
    const picture = await page.$eval('.result-file .file-thumb img', (img) => ({ alt: img.getAttribute('alt'), width: (img as HTMLImageElement).naturalWidth, height: (img as HTMLImageElement).naturalHeight }));
    expect(picture).toEqual({ alt: `word-${width}.docx 第 1 页预览`, width: expect.any(Number), height: expect.any(Number) });
    // A portrait page, as the PDF's was; no page count is claimed for it.
    expect(picture.height).toBeGreaterThan(picture.width);
    expect(await page.$eval('.result-file .file-meta', (el) => el.textContent)).not.toContain('页');
    await shoot(page, `word-result-${width}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('image compression shows the original and the result side by side with their sizes', async () => {
    const photo = tool.file(`photo-${width}.png`);
    // A noisy picture, so compression has something to take away.
    const noise = Buffer.from(Array.from({ length: 320 * 240 * 3 }, (_, i) => (i * 7919) % 251));
    await sharp(noise, { raw: { width: 320, height: 240, channels: 3 } }).png().toFile(photo);
    const { page, errors } = await open('/img-compress/', width);
    await choose(page, photo);
    await clickButton(page, '开始压缩');
    await results(page);
    await imagesLoaded(page, '.before-after img', 2);
    const captions = await page.$$eval('.before-after figcaption', (els) => els.map((el) => el.textContent));
    expect(captions).toEqual([expect.stringMatching(/^原图 \d/), expect.stringMatching(/^处理后 \d/)]);
    await shoot(page, `img-compress-result-${width}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
