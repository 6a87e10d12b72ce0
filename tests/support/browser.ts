// Debian's Chromium driven by puppeteer-core (never a downloaded browser), with the flags this
// closed network needs, and the built site server on an ephemeral loopback port whose origin is its own.
import puppeteer, { type Browser } from 'puppeteer-core';
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
