// Single sign-on (server/account/sso.ts, SPEC §4/§7) between two built servers: the site on
// 127.0.0.1 and the account service on 127.0.0.2 (other cookies: a browser keeps them apart by
// host), sharing one PostgreSQL database as an external account service does. One browser is two
// cookie jars here, one per origin. Also the embedded shape on SQLite: the site is its own
// account service and the same calls hand a login from it to itself.
import { ApiVisitor, codeFor, randomMobile } from '../support/api-visitor';
import { startSiteAndAccountService } from '../support/account-origin';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { openTestDb, type TestDb } from '../support/db';

const GRANT_INVALID = '登录凭证无效或已过期，请重新登录';

/** Logs `visitor` in on its origin with a new number; answers the user id. */
async function logIn(visitor: ApiVisitor): Promise<number> {
  const mobile = randomMobile();
  const answer = await visitor.send('POST', '/auth/login/code', { mobile, code: await codeFor(visitor, mobile) });
  expect(answer.status).toBe(200);
  return answer.body.data!.userId as number;
}

/** The account service's one-time login for `site`, asked by its login page. */
async function grantFor(atAccount: ApiVisitor, site: string): Promise<string> {
  const answer = await atAccount.send('GET', `/auth/createIamToken?site=${encodeURIComponent(site)}`);
  expect(answer).toMatchObject({ status: 200, body: { ret: 0 } });
  return answer.body.data!.iamToken as string;
}

describe('the account service on a second origin', () => {
  let testDb: TestDb;
  let site: BuiltServer;
  let account: BuiltServer;

  beforeAll(async () => {
    testDb = await openTestDb('postgres');
    ({ site, account } = await startSiteAndAccountService(testDb));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([site?.stop(), account?.stop()]);
    await testDb?.close();
  });

  /** One browser: its cookies on the site and on the account service. */
  const browser = () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    return { atSite: new ApiVisitor(site.origin, ip), atAccount: new ApiVisitor(account.origin, ip) };
  };

  test('a login on the account service becomes the site’s own through a one-time grant', async () => {
    const { atSite, atAccount } = browser();
    const userId = await logIn(atAccount);
    // The site knows nobody yet: its cookies are its own.
    expect((await atSite.send('GET', '/user/getUserInfo?platform=web&r=1')).body).toEqual({ ret: 0, msg: '', data: null });

    const iamToken = await grantFor(atAccount, site.origin);
    const redeemed = await atSite.send('GET', `/web_auto_login_v2?iamToken=${iamToken}`);
    expect(redeemed).toMatchObject({ status: 200, body: { ret: 0, code: 0, data: { userId } } });
    expect(atSite.jar.get('accessToken')?.value).toBeTruthy();
    expect(atSite.jar.get('fid')?.value).toBeTruthy();
    // A site session of its own, not the account service's token.
    expect(atSite.jar.get('accessToken')?.value).not.toBe(atAccount.jar.get('accessToken')?.value);
    expect((await atSite.send('GET', '/user/getUserInfo?platform=web&r=2')).body.data).toMatchObject({ userId, accountType: 'PERSONAL' });

    // Once only, even by the same browser.
    const again = await new ApiVisitor(site.origin).send('GET', `/web_auto_login_v2?iamToken=${iamToken}`);
    expect(again).toEqual({ status: 401, body: { ret: 401, code: 401, msg: GRANT_INVALID } });
  });

  test('the JSONP form answers through the named callback; a hostile callback is not echoed', async () => {
    const { atSite, atAccount } = browser();
    await logIn(atAccount);
    const res = await atSite.request('GET', `/web_auto_login_v2?iamToken=${await grantFor(atAccount, site.origin)}&callback=cb_1`);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await res.text()).toMatch(/^\/\*\*\/ cb_1\(\{"ret":0,.*"code":0\}\);$/);
    const hostile = await atSite.request('GET', `/web_auto_login_v2?iamToken=x&callback=${encodeURIComponent('alert(1)//')}`);
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).not.toContain('alert(1)');
  });

  test('grants: only for the sites the account service serves, only where they were made for, only for someone logged in', async () => {
    const { atAccount } = browser();
    expect((await atAccount.send('GET', `/auth/createIamToken?site=${encodeURIComponent(site.origin)}`)).status).toBe(401);
    await logIn(atAccount);
    const foreign = await atAccount.send('GET', `/auth/createIamToken?site=${encodeURIComponent('https://evil.example')}`);
    expect(foreign).toEqual({ status: 400, body: { ret: 400, code: 400, msg: '该网站未获准使用本账户服务登录' } });
    // A grant for the site is no login on the account service itself (another origin).
    const misplaced = await new ApiVisitor(account.origin).send('GET', `/web_auto_login_v2?iamToken=${await grantFor(atAccount, site.origin)}`);
    expect(misplaced.status).toBe(401);
    expect((await new ApiVisitor(site.origin).send('GET', '/web_auto_login_v2?iamToken=made-up')).status).toBe(401);
  });

  test('the cross-domain check: the site’s bearer token, from an allowed site’s pages (CORS), code 0', async () => {
    const { atSite, atAccount } = browser();
    const userId = await logIn(atAccount);
    await atSite.send('GET', `/web_auto_login_v2?iamToken=${await grantFor(atAccount, site.origin)}`);
    const token = atSite.jar.get('accessToken')!.value;
    const host = new URL(site.origin).host;
    const check = (domain: string, bearer: string) =>
      fetch(`${account.origin}/api/mine/checkCrossDomain?domain=${domain}&v=${Math.random()}`, { headers: { authorization: `Bearer ${bearer}`, origin: site.origin } });
    const good = await check(host, token);
    expect(good.headers.get('access-control-allow-origin')).toBe(site.origin);
    expect(good.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await good.json()).toEqual({ code: 0, ret: 0, msg: '', data: { userId } });
    expect((await check(host, 'not-a-token')).status).toBe(401);
    expect((await check('evil.example', token)).status).toBe(403);
    // The preflight a page's Authorization header causes.
    const preflight = await fetch(`${account.origin}/api/mine/checkCrossDomain`, {
      method: 'OPTIONS',
      headers: { origin: site.origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const stranger = await fetch(`${account.origin}/api/mine/checkCrossDomain`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('fid: getUserInfoApi says whose account-service login it names; v2/tokens hands a new login over without a form', async () => {
    const { atSite, atAccount } = browser();
    const userId = await logIn(atAccount);
    await atSite.send('GET', `/web_auto_login_v2?iamToken=${await grantFor(atAccount, site.origin)}`);
    const fid = atSite.jar.get('fid')!.value;
    const info = await fetch(`${account.origin}/getUserInfoApi?v=1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.origin }, body: JSON.stringify({ fid }) });
    expect(await info.json()).toMatchObject({ code: 0, ret: 0, data: { userId, accountType: 'PERSONAL' } });
    const wrong = await fetch(`${account.origin}/getUserInfoApi?v=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fid: 'x'.repeat(43) }) });
    expect(wrong.status).toBe(401);

    // The site lost its login (cookies cleared); the browser goes through the account service.
    const back = `${site.origin}/pdf-to-word/?from=sso`;
    const hop = await atAccount.navigate(`/v2/tokens/${fid}?redirect=${encodeURIComponent(back)}`);
    expect(hop.status).toBe(302);
    const handed = await atAccount.navigate(hop.location!);
    expect(handed.status).toBe(302);
    const target = new URL(handed.location!);
    expect(target.origin + target.pathname).toBe(`${site.origin}/iamEmpty/`);
    expect(target.searchParams.get('redirect')).toBe('/pdf-to-word/?from=sso');
    const fresh = new ApiVisitor(site.origin, atSite.ip);
    expect((await fresh.send('GET', `/web_auto_login_v2?iamToken=${target.searchParams.get('iamToken')}`)).body).toMatchObject({ ret: 0, data: { userId } });

    // Another browser (no account-service cookies) holding the fid gets nothing.
    const stranger = new ApiVisitor(account.origin);
    const refused = new URL((await stranger.navigate(`/auth/sso/tokens/${fid}?redirect=${encodeURIComponent(back)}`)).location!);
    expect(refused.searchParams.get('sso')).toBe('none');
    expect(refused.searchParams.get('iamToken')).toBeNull();
    // Nor may anyone be sent to a site the service does not serve.
    expect((await atAccount.navigate(`/auth/sso/tokens/${fid}?redirect=${encodeURIComponent('https://evil.example/')}`)).status).toBe(400);
  });

  test('logging out on the site ends the account-service login too; clearing it there ends the site’s', async () => {
    const { atSite, atAccount } = browser();
    await logIn(atAccount);
    await atSite.send('GET', `/web_auto_login_v2?iamToken=${await grantFor(atAccount, site.origin)}`);
    const fid = atSite.jar.get('fid')!.value;
    expect((await atSite.send('POST', '/auth/logout')).status).toBe(200);
    expect(atSite.jar.has('fid')).toBe(false);
    expect((await atAccount.send('GET', '/user/getUserInfo?platform=web&r=3')).body.ret).toBe(403);
    const info = await fetch(`${account.origin}/getUserInfoApi?v=2`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fid }) });
    expect(info.status).toBe(401);

    // The other way: the account service's cookie-clearing call (JSONP setCookie).
    const second = browser();
    await logIn(second.atAccount);
    await second.atSite.send('GET', `/web_auto_login_v2?iamToken=${await grantFor(second.atAccount, site.origin)}`);
    const cleared = await second.atAccount.request('GET', '/setCookie?name=accessToken&value=&callback=done');
    expect(await cleared.text()).toMatch(/^\/\*\*\/ done\(\{"ret":0.*"code":0\}\);$/);
    expect(second.atAccount.jar.has('accessToken')).toBe(false);
    // The site's login cannot be renewed any more.
    expect((await second.atSite.send('POST', '/auth/refresh')).status).toBe(401);
  });

  test('setCookie only clears: planting a token, other names and bad callbacks are refused', async () => {
    const { atAccount } = browser();
    await logIn(atAccount);
    const planted = await atAccount.request('GET', '/setCookie?name=accessToken&value=stolen&callback=cb');
    expect(await planted.text()).toContain('"code":400');
    expect(planted.headers.getSetCookie()).toEqual([]);
    expect((await atAccount.request('GET', '/setCookie?name=accessToken&value=&callback=1bad')).status).toBe(400);
    expect((await atAccount.send('GET', '/api/mine/sessionAccounts')).body).toMatchObject({ code: 0, data: [{ accountType: 'PERSONAL' }] });
  });
});

describe('the embedded account service (SQLite): the same calls hand a login to its own site', () => {
  let testDb: TestDb;
  let server: BuiltServer;

  beforeAll(async () => {
    testDb = await openTestDb('sqlite');
    server = await startBuiltServer({ env: { DATA_DIR: testDb.config.dataDir }, dataDir: testDb.config.dataDir });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await testDb?.close();
  });

  test('grant, redeem once, fid check, single logout', async () => {
    const first = new ApiVisitor(server.origin);
    const userId = await logIn(first);
    const iamToken = await grantFor(first, server.origin);
    const second = new ApiVisitor(server.origin);
    expect((await second.send('GET', `/web_auto_login_v2?iamToken=${iamToken}`)).body).toMatchObject({ ret: 0, data: { userId } });
    expect((await second.send('GET', `/web_auto_login_v2?iamToken=${iamToken}`)).status).toBe(401);
    const fid = second.jar.get('fid')!.value;
    expect((await second.send('POST', '/getUserInfoApi?v=1', { fid })).body).toMatchObject({ code: 0, data: { userId } });
    expect((await second.send('POST', '/auth/logout')).status).toBe(200);
    expect((await first.send('GET', '/user/getUserInfo?platform=web&r=1')).body.ret).toBe(403);
  });

  test('{vip host}/createShortIamToken carries a page’s login to another of the sites, once; guests and foreign sites are refused', async () => {
    const page = new ApiVisitor(server.origin);
    expect((await page.send('GET', `/createShortIamToken?site=${encodeURIComponent(server.origin)}`)).status).toBe(401);
    const userId = await logIn(page);
    const foreign = await page.send('GET', `/createShortIamToken?site=${encodeURIComponent('https://evil.example')}`);
    expect(foreign).toEqual({ status: 400, body: { ret: 400, code: 400, msg: '该网站未获准使用本账户服务登录' } });
    const short = await page.send('GET', `/createShortIamToken?site=${encodeURIComponent(server.origin + '/')}`);
    expect(short).toMatchObject({ status: 200, body: { ret: 0, data: { iamToken: expect.any(String) } } });
    const elsewhere = new ApiVisitor(server.origin);
    expect((await elsewhere.send('GET', `/web_auto_login_v2?iamToken=${short.body.data!.iamToken}`)).body).toMatchObject({ ret: 0, data: { userId } });
    expect((await elsewhere.send('GET', '/user/getUserInfo?platform=web&r=2')).body.data).toMatchObject({ userId });
    expect((await new ApiVisitor(server.origin).send('GET', `/web_auto_login_v2?iamToken=${short.body.data!.iamToken}`)).status).toBe(401);
  });
});
