// The online mind map in Chromium on the built site: a three-level map built with the keyboard
// only, undo and redo, the map restored after a reload (localStorage), PNG, SVG and PDF exports
// read back by independent readers (sharp, the SVG text, qpdf/pdfinfo/pdftotext: the PDF is vector,
// drawn by the server), an OPML import, a broken file refused in Chinese, a topic dragged to another
// parent, and the phone width driven by touch.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { loggedInVisitor, type ApiVisitor } from '../support/api-visitor';
import { launchBrowser, startLiveSite, type LiveSite } from '../support/browser';

let browser: Browser;
let site: LiveSite;
let downloads: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startLiveSite()]);
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-downloads-'));
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
});

async function open(width: number, user?: ApiVisitor): Promise<{ page: Page; errors: string[] }> {
  // A user gets a context of its own (its own localStorage and cookies); downloads go to the default one's folder.
  const page = await (user ? await browser.createBrowserContext() : browser.defaultBrowserContext()).newPage();
  if (user) await page.setCookie(...[...user.jar].map(([name, { value }]) => ({ name, value, domain: new URL(site.origin).hostname, path: '/' })));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const phone = width < 769;
  await page.setViewport({ width, height: phone ? 812 : 800, isMobile: phone, hasTouch: phone });
  await page.goto(site.origin + '/online-mindmap/', { waitUntil: 'networkidle0' });
  await page.waitForSelector('.mm-node');
  return { page, errors };
}

/** Every topic's text on the canvas, in layout order. */
function topics(page: Page): Promise<string[]> {
  return page.$$eval('.mm-svg .mm-node text:first-of-type', (els) => els.map((e) => Array.from(e.querySelectorAll('tspan')).map((t) => t.textContent).join('')));
}

async function type(page: Page, key: 'Tab' | 'Enter', text: string): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForSelector('.mm-editor');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.mm-editor', { hidden: true });
}

/** Waits for a new download with this extension and answers its path. */
/**
 * The new download of `ext`, once written: Chromium may show a file under its final name before its
 * bytes are in (an SVG once read back empty), so it is taken when it holds bytes and has stopped growing.
 */
async function downloaded(ext: string, before: Set<string>): Promise<string> {
  let last = -1;
  for (let i = 0; i < 200; i++) {
    const found = fs.readdirSync(downloads).find((f) => f.endsWith(`.${ext}`) && !before.has(f));
    const size = found ? fs.statSync(path.join(downloads, found)).size : -1;
    if (found && size > 0 && size === last) return path.join(downloads, found);
    last = size;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no .${ext} download`);
}

async function exportAs(page: Page, format: string, ext = format): Promise<string> {
  const before = new Set(fs.readdirSync(downloads));
  await page.click('.mm-actions button:nth-of-type(3)');
  await page.click(`[data-export=${format}]`);
  return downloaded(ext, before);
}

describe('online mind map', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await open(1366));
  });

  it('builds a three-level map with the keyboard only, undoes and redoes', async () => {
    expect(await topics(page)).toEqual(['中心主题', '分支主题 1', '分支主题 2', '分支主题 3']);
    await page.focus('.mm-stage');
    await type(page, 'Tab', '第一层');
    await type(page, 'Tab', '第二层');
    await type(page, 'Tab', '第三层');
    await type(page, 'Enter', '同级主题X');
    expect(await topics(page)).toEqual(expect.arrayContaining(['第一层', '第二层', '第三层', '同级主题X']));
    // Arrows: left goes back towards the root, F2 edits the selected topic.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('F2');
    await page.waitForSelector('.mm-editor');
    await page.keyboard.type('第二层*');
    await page.keyboard.press('Enter');
    expect(await topics(page)).toContain('第二层*');
    // Undo the rename, then the sibling's text and the sibling itself; redo brings the sibling back.
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.press('z');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    let now = await topics(page);
    expect(now).toContain('第二层');
    expect(now).not.toContain('第二层*');
    expect(now.filter((t) => t.startsWith('同级主题') || t === '子主题')).toEqual([]);
    await page.keyboard.down('Control');
    await page.keyboard.press('y');
    await page.keyboard.up('Control');
    expect(await topics(page)).toContain('子主题');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    now = await topics(page);
    expect(now).toHaveLength(7);
    // The branch is drawn: one curve per topic but the root.
    expect(await page.$$eval('.mm-svg > g > g[fill=none] path', (p) => p.length)).toBe(6);
  });

  it('restores the map after a reload', async () => {
    await page.waitForFunction(() => document.querySelector('.mm-save')?.textContent === '已保存到本地浏览器');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('.mm-node');
    const after = await topics(page);
    expect(after).toEqual(expect.arrayContaining(['中心主题', '第一层', '第二层', '第三层']));
    expect(after).toHaveLength(7);
  });

  it('exports PNG, SVG and PDF that read back with the map in them', async () => {
    const svgFile = await exportAs(page, 'svg');
    const svg = fs.readFileSync(svgFile, 'utf8');
    for (const text of ['中心主题', '第一层', '第二层', '第三层']) expect(svg).toContain(`>${text}</tspan>`);
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1]);
    expect(width).toBeGreaterThan(400);
    expect(height).toBeGreaterThan(100);

    const png = await sharp(fs.readFileSync(await exportAs(page, 'png'))).metadata();
    expect(png.format).toBe('png');
    expect(png.width).toBe(width * 2);
    expect(png.height).toBe(height * 2);
    // Not blank: the root's dark box is in the picture.
    const stats = await sharp(fs.readFileSync(fs.readdirSync(downloads).map((f) => path.join(downloads, f)).find((f) => f.endsWith('.png'))!)).stats();
    expect(stats.channels[0].min).toBeLessThan(80);

    const pdf = await exportAs(page, 'pdf');
    expect(execFileSync('qpdf', ['--check', pdf]).toString()).toContain('No syntax or stream encoding errors');
    const info = execFileSync('pdfinfo', [pdf]).toString();
    expect(info).toMatch(/Pages:\s+1/);
    expect(info).toMatch(new RegExp(`Page size:\\s+${width * 0.75} x ${height * 0.75} pts`));
    // Vector, through the server's PDF code: the topics are text (pdftotext reads them), no picture inside.
    const text = execFileSync('pdftotext', [pdf, '-']).toString();
    for (const topic of ['中心主题', '第一层', '第二层', '第三层']) expect(text).toContain(topic);
    expect(execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n')).toHaveLength(2);
  });

  it('imports an OPML file, and refuses a broken one in Chinese', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-import-'));
    const good = path.join(dir, '读书笔记.opml');
    fs.writeFileSync(good, '<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>读书笔记</title></head><body><outline text="读书笔记"><outline text="第一章"><outline text="要点"/></outline><outline text="第二章"/></outline></body></opml>');
    const bad = path.join(dir, 'broken.opml');
    fs.writeFileSync(bad, '<opml><body><outline text="x"></body>');
    const input = (await page.$('input[type=file]'))!;
    await input.uploadFile(good);
    await page.waitForFunction(() => document.querySelector('.mm-svg .mm-node text')?.textContent === '读书笔记');
    expect(await topics(page)).toEqual(['读书笔记', '第一章', '要点', '第二章']);
    await input.uploadFile(bad);
    await page.waitForFunction(() => document.querySelector('.toast--error .toast__message')?.textContent === '文件不是有效的 XML，无法导入');
    expect((await topics(page))[0]).toBe('读书笔记');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  it('moves a topic to another parent by dragging it there with the mouse; undo puts it back', async () => {
    /** The imported map's shape as the page keeps it (localStorage), by topic text. */
    const outline = () =>
      page.evaluate(() => {
        type Node = { text: string; children: Node[] };
        const { doc } = JSON.parse(localStorage.getItem('pdf365.mindmap.current')!) as { doc: { root: Node } };
        const walk = (n: Node): unknown => (n.children.length ? { [n.text]: n.children.map(walk) } : n.text);
        return walk(doc.root);
      });
    const centre = async (text: string) => {
      const box = await page.evaluateHandle((t) => [...document.querySelectorAll('.mm-svg .mm-node')].find((g) => g.querySelector('text')?.textContent === t)!, text);
      const b = (await box.asElement()!.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const saved = () => page.waitForFunction(() => document.querySelector('.mm-save')?.textContent === '已保存到本地浏览器');
    await saved();
    expect(await outline()).toEqual({ 读书笔记: [{ 第一章: ['要点'] }, '第二章'] });

    const from = await centre('第二章');
    const to = await centre('第一章');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    // The drop target is outlined while the topic is held over it.
    await page.waitForSelector('.mm-drop');
    await page.mouse.up();
    await page.waitForFunction(() => !document.querySelector('.mm-drop'));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('pdf365.mindmap.current')!).doc.root.children.length === 1);
    expect(await outline()).toEqual({ 读书笔记: [{ 第一章: ['要点', '第二章'] }] });
    // Still one branch per topic but the root, now drawn from 第一章.
    expect(await page.$$eval('.mm-svg > g > g[fill=none] path', (p) => p.length)).toBe(3);

    await page.focus('.mm-stage');
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('pdf365.mindmap.current')!).doc.root.children.length === 2);
    expect(await outline()).toEqual({ 读书笔记: [{ 第一章: ['要点'] }, '第二章'] });
    expect(errors).toEqual([]);
  });
});

describe('online mind map in the account', () => {
  it('saves a logged-in user\'s map to the account and opens it from 我的导图 in another browser', async () => {
    const user = await loggedInVisitor(site.origin);
    const first = await open(1366, user);
    await first.page.focus('.mm-stage');
    await type(first.page, 'Tab', '账户里的主题');
    await first.page.waitForFunction(() => document.querySelector('.mm-save')?.textContent === '已保存到账户', { timeout: 15_000 });
    const list = (await user.send('GET', '/api/mindmaps')).body.data!.list as Array<{ title: string; nodeCount: number }>;
    expect(list).toEqual([expect.objectContaining({ title: '中心主题', nodeCount: 5 })]);
    await first.page.browserContext().close();

    const second = await open(1366, user);
    expect(await topics(second.page)).not.toContain('账户里的主题');
    await second.page.click('.mm-actions button:nth-of-type(1)');
    await second.page.waitForSelector('.mm-map-open');
    await second.page.click('.mm-map-open');
    await second.page.waitForFunction(() => document.querySelector('.mm-save') !== null && [...document.querySelectorAll('.mm-svg tspan')].some((t) => t.textContent === '账户里的主题'));
    expect(second.errors).toEqual([]);
    await second.page.browserContext().close();
  });
});

describe('online mind map on a phone', () => {
  it('fits 375 px and adds and edits topics by touch', async () => {
    const { page, errors } = await open(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const count = (await topics(page)).length;
    const root = (await page.$('.mm-node'))!;
    await root.tap();
    await page.tap('.mm-actions button:nth-of-type(6)');
    await page.waitForSelector('.mm-editor');
    await page.keyboard.type('手机添加');
    await page.keyboard.press('Enter');
    expect(await topics(page)).toContain('手机添加');
    expect((await topics(page)).length).toBe(count + 1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
