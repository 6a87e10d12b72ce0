// The account service's calls: the login page's own (/auth/…) and those SPEC §7 names
// (/user/getUserInfo, /api/mine/checkAccountLogin). Mounted in the site by default.
import express, { type Response } from 'express';
import { fail, ok } from '../../shared/errors';
import { bodyField } from '../http/body-field';
import type { AuthenticatedRequest } from './authenticate';
import { accessTokenOf } from './authenticate';
import { clearSessionCookies, refreshTokenOf, renewSession, setSessionCookies } from './cookies';
import { ACCOUNT_MESSAGES } from './messages';
import { maskMobile } from './mobile';
import { AccountRefusal } from './refusal';
import type { AccountService, LoginResult } from './service';

export interface AccountRouterOptions {
  accounts: AccountService;
  production: boolean;
}

type Handler = (req: AuthenticatedRequest, res: Response) => Promise<void>;

export function createAccountRouter({ accounts, production }: AccountRouterOptions): express.Router {
  const router = express.Router();

  const handle = (work: Handler) => (req: express.Request, res: Response, next: express.NextFunction) => {
    work(req as AuthenticatedRequest, res).catch((error: unknown) => {
      if (error instanceof AccountRefusal) {
        res.status(error.status).json(fail(400, error.message));
        return;
      }
      next(error);
    });
  };

  const loggedIn = (res: Response, result: LoginResult) => {
    setSessionCookies(res, result.tokens, production);
    res.json(ok({ userId: result.user.id, isNew: result.created, hasPassword: result.user.hasPassword }));
  };

  router.post('/auth/sms/send', handle(async (req, res) => {
    const issue = await accounts.sendCode(bodyField(req.body, 'mobile'), req.ip ?? '');
    res.json(ok({ sent: true, ...issue }));
  }));

  router.post('/auth/login/code', handle(async (req, res) => {
    loggedIn(res, await accounts.loginWithCode(bodyField(req.body, 'mobile'), bodyField(req.body, 'code')));
  }));

  router.post('/auth/login/password', handle(async (req, res) => {
    loggedIn(res, await accounts.loginWithPassword(bodyField(req.body, 'mobile'), bodyField(req.body, 'password'), req.ip ?? ''));
  }));

  router.post('/auth/password', handle(async (req, res) => {
    if (!req.user) throw new AccountRefusal(401, ACCOUNT_MESSAGES.notLoggedIn);
    await accounts.setPassword(req.user.id, bodyField(req.body, 'password'));
    res.json(ok({ hasPassword: true }));
  }));

  router.post('/auth/refresh', handle(async (req, res) => {
    const { userId } = await renewSession(req, res, accounts.sessions, production);
    res.json(ok({ userId }));
  }));

  // SPEC §4: logout clears the access token cookie; the server session ends with it.
  router.post('/auth/logout', handle(async (req, res) => {
    await accounts.sessions.revoke({ access: accessTokenOf(req), refresh: refreshTokenOf(req) });
    clearSessionCookies(res, production);
    res.json(ok({ loggedOut: true }));
  }));

  // SPEC §7 (platform web, random r). A guest gets data null; a token that no longer works gets
  // ret 403, which starts the page's login routine (SPEC §4).
  router.get('/user/getUserInfo', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) {
      res.json(req.accessTokenPresented ? fail(403, ACCOUNT_MESSAGES.sessionEnded) : ok(null));
      return;
    }
    res.json(ok({ userId: req.user.id, accountType: req.user.accountType, mobile: maskMobile(req.user.mobile), isVip: req.user.vip, expireTime365: req.user.vipUntil }));
  }));

  // SPEC §7 account service: bearer token, random v; code 0 means logged in, a 401 clears the cookie.
  router.post('/api/mine/checkAccountLogin', handle(async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.user) {
      res.status(401).json({ code: 401, msg: ACCOUNT_MESSAGES.notLoggedIn });
      return;
    }
    res.json({ code: 0, msg: '', data: { userId: req.user.id } });
  }));

  return router;
}
