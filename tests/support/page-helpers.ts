// Small puppeteer helpers the e2e journeys share (payment, invoice, points): console errors, hydration,
// clicking by visible text, reading text, and a browser context logged in as an API visitor.
import type { Browser, BrowserContext, Page, Viewport } from 'puppeteer-core';
import type { ApiVisitor } from './api-visitor';

/** Chromium's console errors and uncaught exceptions on `page`. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Waits until React owns the element (hydrated), so a click reaches its handler. */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__reactFiber')), {}, selector);
}

/** Clicks the visible `tag` element whose text contains `text`. */
export async function clickText(page: Page, tag: string, text: string): Promise<void> {
  const handle = await page.waitForSelector(`::-p-xpath(//${tag}[contains(normalize-space(.), "${text}")])`, { visible: true });
  await handle!.click();
}

export const textOf = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());

/** A new browser context (its own cookies) logged in as `visitor` on `origin`; a bare width is a desktop or (under 600) phone viewport. */
export async function loggedInContext(browser: Browser, origin: string, visitor: ApiVisitor, viewport: Viewport | number = 1366): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(typeof viewport === 'number' ? { width: viewport, height: 900, isMobile: viewport < 600 } : viewport);
  const { hostname } = new URL(origin);
  await context.setCookie(...[...visitor.jar].map(([name, { value }]) => ({ name, value, domain: hostname, path: '/' })));
  return { context, page };
}

/** Drags file row `from` onto row `to` (tool pages' file list) with the HTML5 drag events a mouse drag fires. */
export async function dragRow(page: Page, from: number, to: number): Promise<void> {
  await page.evaluate(
    (fromIndex, toIndex) => {
      const rows = document.querySelectorAll('.file-list .file-row');
      const data = new DataTransfer();
      const fire = (el: Element, type: string) => el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      fire(rows[fromIndex]!, 'dragstart');
      fire(rows[toIndex]!, 'dragenter');
      fire(rows[toIndex]!, 'dragover');
      fire(rows[toIndex]!, 'drop');
      fire(rows[fromIndex]!, 'dragend');
    },
    from,
    to,
  );
}
