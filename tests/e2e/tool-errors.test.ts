// Failures that say what to do, in Chromium against the built server (jobs in their child
// processes, so the failure's code crosses the IPC channel too): a locked PDF on PDF转Word asks for
// its password and converts with it (the DOCX read back with unzip), a wrong password says so and
// keeps the field, a damaged PDF offers another file instead of 重试. Tools that cannot run here
// wear 即将上线 on the home page, in the category menus and in 全部工具.
// TOOL_PAGE_SCREENS=1 also writes screenshots of the password prompt (1366 and 375 px) to tmp/screens/.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { unavailableTools } from '../../server/convert/availability';
import { findTool } from '../../shared/catalogue';
import { toolPageHarness } from '../support/tool-page';

const run = promisify(execFile);
const tool = toolPageHarness('tool-errors-');
const { open, choose, clickButton, results, download } = tool;
const SCREENS = process.env.TOOL_PAGE_SCREENS ? path.resolve(__dirname, '../../tmp/screens') : undefined;
const PASSWORD = 'open-sesame';

async function lockedPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Quarterly secret report', { x: 60, y: 700, size: 24, font });
  const plain = tool.file('plain.pdf');
  fs.writeFileSync(plain, await doc.save());
  const locked = tool.file('季度报告-加密.pdf');
  await run('qpdf', ['--encrypt', PASSWORD, 'owner-secret', '256', '--', plain, locked]);
  return locked;
}

async function failureLine(page: Page): Promise<string> {
  const line = await page.waitForSelector('.run-line.is-bad', { timeout: 60_000 });
  return (await line!.evaluate((el) => el.textContent)) ?? '';
}

const buttonTexts = (page: Page) => page.$$eval('.upload-panel button, .upload-panel a.btn', (els) => els.map((el) => el.textContent?.trim() ?? ''));

async function typePassword(page: Page, value: string): Promise<void> {
  const field = await page.waitForSelector('.password-prompt input[type=password]', { visible: true });
  await field!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await field!.type(value);
}

describe('failures that say what to do', () => {
  it.each([
    ['desktop', 1366],
    ['mobile', 375],
  ])('a locked PDF on PDF转Word: password prompt and 去解密, a wrong password keeps the field, the right one converts (%s)', async (label, width) => {
    const { page, errors } = await open('/pdf-to-word/', width);
    await choose(page, await lockedPdf());
    await clickButton(page, '开始转换');
    expect(await failureLine(page)).toContain('PDF已加密');
    expect(await buttonTexts(page)).not.toContain('重试');
    expect(await page.$eval('.password-prompt', (el) => el.textContent)).toContain('输入密码后继续');
    expect(await page.$eval('.password-prompt a[href="/pdf-unlock/"]', (el) => el.textContent)).toBe('去解密');
    if (SCREENS) {
      fs.mkdirSync(SCREENS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, document.querySelector('.upload-panel')!.getBoundingClientRect().top + window.scrollY - 90));
      await page.screenshot({ path: path.join(SCREENS, `tool-password-prompt-${label}.png`) });
    }

    await typePassword(page, 'not-the-password');
    await clickButton(page, '输入密码后继续');
    await page.waitForFunction(() => document.querySelector('.run-line.is-bad')?.textContent?.includes('密码错误'), { timeout: 60_000 });
    expect(await page.$('.password-prompt input[type=password]')).not.toBeNull();

    await typePassword(page, PASSWORD);
    await clickButton(page, '输入密码后继续');
    const { files } = await results(page);
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/\.docx$/);
    const docx = await download(files[0]!.href, `result-${label}.docx`);
    const { stdout } = await run('unzip', ['-p', docx, 'word/document.xml']);
    expect(stdout).toContain('Quarterly secret report');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a damaged PDF offers 重新选择文件, not 重试, and that brings the empty chooser back', async () => {
    const broken = tool.file('损坏.pdf');
    fs.writeFileSync(broken, Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<<'), Buffer.alloc(4000, 0x41)]));
    const { page, errors } = await open('/pdf-to-word/');
    await choose(page, broken);
    await clickButton(page, '开始转换');
    expect(await failureLine(page)).toContain('文件已损坏或不是有效的PDF');
    const buttons = await buttonTexts(page);
    expect(buttons).not.toContain('重试');
    expect(buttons).toContain('重新选择文件');
    expect(await page.$('.password-prompt')).toBeNull();
    await clickButton(page, '重新选择文件');
    await page.waitForSelector('.btn-choose', { visible: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tools that cannot run here are marked 即将上线 on the home page, in the menus and in 全部工具, and still link to their page', async () => {
    const unavailable = Object.keys(await unavailableTools());
    // No speech model can be installed on this machine: the speech tools are among them.
    expect(unavailable).toEqual(expect.arrayContaining(['voice-to-word']));
    const { page, errors } = await open('/pdf-to-word/');
    const marked = (selector: string) =>
      page.$$eval(selector, (links) => links.filter((a) => a.querySelector('.soon-badge')?.textContent === '即将上线').map((a) => a.getAttribute('href')));
    const paths = (ids: readonly string[]) => ids.map((id) => findTool(id)!.path);

    // The category menus in the header, on any page.
    const menuLinks = await page.$$eval('.nav-menu-item', (links) => links.map((a) => a.getAttribute('href')));
    const menuMarked = await marked('.nav-menu-item');
    expect(menuMarked.length).toBeGreaterThan(0);
    expect(menuMarked.sort()).toEqual(paths(unavailable).filter((p) => menuLinks.includes(p)).sort());
    expect(menuMarked).not.toContain('/pdf-to-word/');

    for (const pathname of ['/', '/see-more/']) {
      await page.goto(tool.site.origin + pathname, { waitUntil: 'networkidle0' });
      const cards = await marked('.tool-grid .tool-card');
      expect(cards.sort()).toEqual([...new Set(paths(unavailable))].sort());
      expect(await page.$eval(`.tool-grid .tool-card[href="${findTool('voice-to-word')!.path}"]`, (el) => el.classList.contains('is-soon'))).toBe(true);
      expect(await page.$eval('.tool-grid .tool-card[href="/pdf-to-word/"]', (el) => el.querySelector('.soon-badge'))).toBeNull();
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
