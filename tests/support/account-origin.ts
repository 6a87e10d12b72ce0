// Two built servers on one PostgreSQL database, as a site with an external account service runs:
// the site on 127.0.0.1 and the account service on 127.0.0.2 (a host of its own, so a browser keeps
// their cookies apart), each told of the other (ACCOUNT_ORIGIN, ACCOUNT_SITES).
import { freePort, startBuiltServer, type BuiltServer } from './built-server';
import type { TestDb } from './db';

export async function startSiteAndAccountService(testDb: TestDb): Promise<{ site: BuiltServer; account: BuiltServer }> {
  const [sitePort, accountPort] = [await freePort(), await freePort()];
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  const accountOrigin = `http://127.0.0.2:${accountPort}`;
  const shared = { DATABASE_URL: testDb.config.databaseUrl };
  const [site, account] = await Promise.all([
    startBuiltServer({ port: sitePort, env: { ...shared, ACCOUNT_ORIGIN: accountOrigin } }),
    startBuiltServer({ port: accountPort, host: '127.0.0.2', env: { ...shared, ACCOUNT_SITES: siteOrigin } }),
  ]);
  return { site, account };
}
