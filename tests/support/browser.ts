// Debian's Chromium driven by puppeteer-core (never a downloaded browser), with the flags this
// closed network needs, and the built site server on an ephemeral loopback port whose origin is its own.
import puppeteer, { type Browser, type BrowserContext, type Page, type Viewport } from 'puppeteer-core';
import type { ApiVisitor } from './api-visitor';
import { startBuiltServer } from './built-server';

export const CHROMIUM = '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export interface LiveSite {
  origin: string;
  /** The data dir the site writes to. */
  dataDir: string;
  close(): Promise<void>;
}

/** The built server (what npm start runs) on a free loopback port whose origin is its own. */
export async function startLiveSite(env: Record<string, string> = {}): Promise<LiveSite> {
  const server = await startBuiltServer({ env });
  return {
    origin: server.origin,
    dataDir: server.dataDir,
    async close() {
      await server.stop();
    },
  };
}

/** Waits until React has hydrated the element `selector` names (its handlers are live). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__reactFiber')), {}, selector);
}

/** A new browser context (its own cookies) logged in as `visitor`, the API client's session cookies handed over. */
export async function loggedInContext(browser: Browser, origin: string, visitor: ApiVisitor, viewport: Viewport = { width: 1366, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  const { hostname } = new URL(origin);
  await context.setCookie(...[...visitor.jar].map(([name, { value }]) => ({ name, value, domain: hostname, path: '/' })));
  return { context, page };
}
