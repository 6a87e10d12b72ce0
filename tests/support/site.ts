// A site app for tests: the real server composition over the built client (npm run build runs
// before jest), with its own data dir and fixed public/mobile origins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type SiteApp } from '../../server/app';
import { TEST_DAILY_USES_ENV } from './built-server';
import { loadConfig, type Config } from '../../server/config';

export const PUBLIC_ORIGIN = 'https://www.pdf365.test';
export const MOBILE_ORIGIN = 'https://m.pdf365.test';
export const ACCOUNT_ORIGIN = 'https://account.pdf365.test';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      PUBLIC_ORIGIN,
      MOBILE_ORIGIN,
      ACCOUNT_ORIGIN,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-')),
      PUBLIC_DIR: path.resolve(__dirname, '../../dist/public'),
      ...TEST_DAILY_USES_ENV,
    },
    overrides,
  );
}

export async function createTestSite(overrides: Partial<Config> = {}): Promise<SiteApp & { config: Config }> {
  const config = testConfig(overrides);
  const site = await createApp(config);
  return {
    ...site,
    config,
    async close() {
      await site.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
