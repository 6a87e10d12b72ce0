// Debian's Chromium driven by puppeteer-core (never a downloaded browser), with the flags this
// closed network needs, and a site server on an ephemeral loopback port whose origin is its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser } from 'puppeteer-core';
import { createApp } from '../../server/app';
import { testConfig } from './site';
import type { Config } from '../../server/config';

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
  config: Config;
  close(): Promise<void>;
}

export async function startLiveSite(overrides: Partial<Config> = {}): Promise<LiveSite> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = testConfig({ publicOrigin: origin, mobileOrigin: origin, accountOrigin: origin, ...overrides });
  const site = await createApp(config);
  server.on('request', site.app);
  return {
    origin,
    config,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    },
  };
}
