// Accessibility in Chromium at 375 and 1366 px (issue 16): axe-core finds no violation on the home
// page, a tool page and a tool's result; the keyboard reaches 选择文件 in a few Tab presses through
// the skip link, the header's menus stay out of the Tab order until opened, and focus shows a
// visible ring.
import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'puppeteer-core';
import { toolPageHarness } from '../support/tool-page';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const tool = toolPageHarness('a11y-');
const { open, choose, clickButton, results } = tool;

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's default rule set (WCAG 2.x A and AA, plus best practices) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP would refuse an added script tag.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`);
}

async function samplePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 400]).drawText('accessible', { x: 40, y: 300, size: 28, font });
  const file = tool.file('sample.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
}

describe.each([375, 1366])('axe at %i px', (width) => {
  it('finds nothing on the home page', async () => {
    const { page, errors } = await open('/pdf-merge/', width);
    // The harness opens tool pages; the home page is the same shell with the hero and catalogue.
    await page.goto(`${tool.site.origin}/`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => Object.keys(document.querySelector('#root > .layout')!).some((k) => k.startsWith('__reactFiber')));
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds nothing on a tool page, before and after a run', async () => {
    const { page, errors } = await open('/pdf-compress/', width);
    expect(await violations(page)).toEqual([]);
    await choose(page, await samplePdf());
    await page.waitForSelector('.file-list');
    expect(await violations(page)).toEqual([]);
    await clickButton(page, '开始压缩');
    await results(page);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('keyboard', () => {
  /** What has the focus, as its text or label. */
  const focused = (page: Page) => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute('aria-label') ?? el.innerText ?? '').trim() : '';
  });

  it('reaches 选择文件 on a tool page through the skip link in a handful of presses', async () => {
    const { page } = await open('/pdf-to-word/');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('跳到主要内容');
    // The skip link shows itself when focused.
    expect(await page.$eval('.skip-link', (a) => a.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press('Enter');
    let presses = 2;
    while ((await focused(page)) !== '选择文件' && presses < 10) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await focused(page)).toBe('选择文件');
    expect(presses).toBeLessThanOrEqual(5);
    await page.close();
  });

  it('keeps closed menus out of the Tab order, opens one from its button and closes it with Escape', async () => {
    const { page } = await open('/pdf-to-word/');
    const tabbableMenuLinks = () => page.$$eval('.nav-menu a', (links) => links.filter((a) => (a as HTMLElement).offsetParent !== null).length);
    expect(await tabbableMenuLinks()).toBe(0);
    await page.focus('.nav-group-title');
    expect(await page.$eval('.nav-group-title', (b) => b.getAttribute('aria-expanded'))).toBe('false');
    await page.keyboard.press('Enter');
    expect(await page.$eval('.nav-group-title', (b) => b.getAttribute('aria-expanded'))).toBe('true');
    expect(await tabbableMenuLinks()).toBeGreaterThan(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.nav-menu'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.$eval('.nav-group-title', (b) => b.getAttribute('aria-expanded'))).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('nav-group-title'))).toBe(true);
    expect(await tabbableMenuLinks()).toBe(0);
    await page.close();
  });

  it('draws a visible brand-coloured ring around the keyboard focus', async () => {
    const { page } = await open('/pdf-to-word/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // the logo
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.color).toMatch(/^rgba?\(229, 50, 45/);
    await page.close();
  });
});
