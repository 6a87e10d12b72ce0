// The single sign-on calls of SPEC §4/§7 (sso.ts says how the flow goes). Two roles, both in every
// server: the account service's (createIamToken, v2/tokens, getUserInfoApi, the cross-domain check,
// the accounts in the session, setCookie) and the site's (web_auto_login_v2). The account
// service's calls that sites' pages make from their own origin answer CORS for ACCOUNT_SITES only,
// without cookies: they carry the bearer token or the fid.
import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { fail, ok } from '../../shared/errors';
import { jsonpCallback, sendJsonp } from '../http/jsonp';
import { accessTokenOf, type AuthenticatedRequest } from './authenticate';
import { FID_COOKIE } from '../../shared/cookies';
import { clearFidCookie, clearSessionCookies, refreshTokenOf, renewSession, setFidCookie, setSessionCookies } from './cookies';
import { ACCOUNT_MESSAGES } from './messages';
import { maskMobile } from './mobile';
import { AccountRefusal, answeringRefusals } from './refusal';
import type { AccountService } from './service';

export interface SsoRouterOptions {
  accounts: AccountService;
  production: boolean;
  /** This server's origin: the site a grant must be made for to be redeemed here. */
  publicOrigin: string;
  /** Sites this account service hands logins to. */
  accountSites: readonly string[];
}

const SSO_MESSAGES = {
  siteNotAllowed: '该网站未获准使用本账户服务登录',
  grantInvalid: '登录凭证无效或已过期，请重新登录',
  cookieNotAllowed: '不支持设置该 Cookie',
} as const;

/** An address on one of the allowed sites, split into its origin and its path. */
function siteAddress(raw: unknown, sites: readonly string[]): { origin: string; path: string } | undefined {
  if (typeof raw !== 'string' || raw.length > 2000) return undefined;
  try {
    const url = new URL(raw);
    return sites.includes(url.origin) ? { origin: url.origin, path: url.pathname + url.search } : undefined;
  } catch {
    return undefined;
  }
}

export function createSsoRouter({ accounts, production, publicOrigin, accountSites }: SsoRouterOptions): express.Router {
  const router = express.Router();

  const handle = answeringRefusals<AuthenticatedRequest>;

  // The calls sites' pages make across origins: no cookies, so no credentials allowed.
  const crossOrigin = (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin && accountSites.includes(origin)) {
      res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Max-Age': '600' });
      res.vary('Origin');
    }
    if (req.method === 'OPTIONS') {
      res.sendStatus(204);
      return;
    }
    next();
  };
  const crossOriginPaths = ['/api/mine/checkAccountLogin', '/api/mine/checkCrossDomain', '/getUserInfoApi'];
  router.use(crossOriginPaths, crossOrigin);

  /** The account-service session of this browser: its access token, else renewed with its refresh cookie. */
  const sessionOf = async (req: Request, res: Response): Promise<{ id: string; userId: number } | undefined> => {
    const access = accessTokenOf(req);
    const byAccess = access ? await accounts.sessions.sessionOf(access) : undefined;
    if (byAccess) return byAccess;
    const renewed = await renewSession(req, res, accounts.sessions, production).catch(() => undefined);
    return renewed && accounts.sessions.sessionOf(renewed.tokens.access);
  };

  // Account service: a one-time login for an allowed site, asked by its own login page after the form.
  // {vip host}/createShortIamToken is the same grant asked by a logged-in page of one of our sites to
  // carry its login to another (the VIP/activity host, the mobile site): redeemed there through
  // /iamEmpty/ within GRANT_TTL_MS, once.
  const createGrant = handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const site = typeof req.query.site === 'string' ? req.query.site.replace(/\/$/, '') : '';
    if (!accountSites.includes(site)) throw new AccountRefusal(400, SSO_MESSAGES.siteNotAllowed);
    const session = await sessionOf(req, res);
    if (!session) throw new AccountRefusal(401, ACCOUNT_MESSAGES.notLoggedIn);
    res.json(ok({ iamToken: await accounts.sso.grant(session.id, session.userId, site) }));
  });
  router.get('/auth/createIamToken', createGrant);
  router.get('/createShortIamToken', createGrant);

  // Account service, top-level navigation from a site whose page holds a fid but no token: a new
  // grant without a form while the account-service login that fid names is this browser's.
  // Refresh cookies live under /auth/, so the SPEC's address hands over to /auth/sso/tokens/.
  router.get('/v2/tokens/:fid', (req, res) => {
    const query = new URLSearchParams({ redirect: typeof req.query.redirect === 'string' ? req.query.redirect : '' });
    res.redirect(302, `/auth/sso/tokens/${encodeURIComponent(String(req.params.fid))}?${query}`);
  });
  router.get('/auth/sso/tokens/:fid', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const back = siteAddress(req.query.redirect, accountSites);
    if (!back) throw new AccountRefusal(400, SSO_MESSAGES.siteNotAllowed);
    const [session, named] = await Promise.all([sessionOf(req, res), accounts.sso.sessionOfFid(String(req.params.fid))]);
    const target = new URL('/iamEmpty/', back.origin);
    target.searchParams.set('redirect', back.path);
    if (session && named && session.id === named.id) target.searchParams.set('iamToken', await accounts.sso.grant(session.id, session.userId, back.origin));
    else target.searchParams.set('sso', 'none');
    res.redirect(302, target.href);
  }));

  // Site: a grant made for this site becomes a session of its own (JSONP from /iamEmpty/).
  router.get('/web_auto_login_v2', handle(async (req, res) => {
    const named = jsonpCallback.optional().safeParse(req.query.callback);
    const iamToken = z.string().min(1).max(128).safeParse(req.query.iamToken);
    const callback = named.success ? named.data : undefined;
    // A callback that is not a bare name is never echoed: plain JSON says what was wrong.
    if (!named.success || !iamToken.success) {
      res.status(callback ? 200 : 400);
      sendJsonp(res, { ...fail(400, SSO_MESSAGES.grantInvalid), code: 400 }, callback);
      return;
    }
    const redeemed = await accounts.sso.redeem(iamToken.data, publicOrigin);
    if (!redeemed) {
      res.status(callback ? 200 : 401);
      sendJsonp(res, { ...fail(401, SSO_MESSAGES.grantInvalid), code: 401 }, callback);
      return;
    }
    setSessionCookies(res, redeemed.tokens, production);
    setFidCookie(res, redeemed.fid, redeemed.tokens.refreshExpiresAt, production);
    sendJsonp(res, { ...ok({ userId: redeemed.userId }), code: 0 }, callback);
  }));

  // Account service (SPEC §7): is this bearer token a login, on a site allowed to ask?
  router.get('/api/mine/checkCrossDomain', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const domain = typeof req.query.domain === 'string' ? req.query.domain : '';
    if (!accountSites.some((site) => new URL(site).host === domain)) throw new AccountRefusal(403, SSO_MESSAGES.siteNotAllowed);
    const access = accessTokenOf(req);
    const session = access ? await accounts.sessions.sessionOf(access) : undefined;
    if (!session) throw new AccountRefusal(401, ACCOUNT_MESSAGES.notLoggedIn);
    res.json({ code: 0, ret: 0, msg: '', data: { userId: session.userId } });
  }));

  // Account service, SSO user info (SPEC §7: POST with query v; success when code or ret is 0):
  // whether the account-service login a site's fid names is still alive, and whose it is.
  router.post('/getUserInfoApi', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const body = req.body as Record<string, unknown> | undefined;
    const fid = typeof body?.fid === 'string' ? body.fid : '';
    const session = await accounts.sso.sessionOfFid(fid);
    const user = session ? await accounts.users.byId(session.userId) : undefined;
    if (!user) throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    res.json({ code: 0, ret: 0, msg: '', data: { userId: user.id, accountType: user.accountType, mobile: maskMobile(user.mobile) } });
  }));

  // Account service: the accounts logged in in this browser (its login page offers to continue as one).
  router.get('/api/mine/sessionAccounts', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const session = await sessionOf(req, res);
    const user = session ? await accounts.users.byId(session.userId) : undefined;
    res.json({ code: 0, ret: 0, msg: '', data: user ? [{ userId: user.id, accountType: user.accountType, mobile: maskMobile(user.mobile) }] : [] });
  }));

  // Account service, JSONP (SPEC §7 setCookie and the cookie-clearing call): only clearing the
  // login is accepted — setting a token from a script URL would let any page plant a session.
  router.get('/setCookie', handle(async (req, res) => {
    const callback = jsonpCallback.safeParse(req.query.callback);
    if (!callback.success) {
      res.status(400).json(fail(400, '请求参数错误：callback'));
      return;
    }
    if (req.query.name !== 'accessToken' || req.query.value !== '') {
      sendJsonp(res, { ...fail(400, SSO_MESSAGES.cookieNotAllowed), code: 400 }, callback.data);
      return;
    }
    await accounts.sessions.revoke({ access: accessTokenOf(req), refresh: refreshTokenOf(req) });
    clearSessionCookies(res, production);
    sendJsonp(res, { ...ok(null), code: 0 }, callback.data);
  }));

  // Site logout also ends the account-service login its fid names (single logout).
  router.post('/auth/logout', (req, res, next) => {
    const fid: unknown = req.cookies?.[FID_COOKIE];
    clearFidCookie(res, production);
    if (typeof fid !== 'string' || !fid) return next();
    accounts.sso.endByFid(fid).then(() => next(), next);
  });

  return router;
}
