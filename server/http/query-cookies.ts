// SPEC §5: channel parameters in the query string (agent, MD, productname, foxit_version) are kept
// as cookies, letters/digits/underscore only, '0' when nothing is left. They are tracking cookies,
// which SPEC §9 gives no expiry: they last for the browser session.
import cookieParser from 'cookie-parser';
import type { RequestHandler } from 'express';
import { QUERY_COOKIES } from '../../shared/constants';
import { sanitizeCookieValue } from '../../shared/validators';

/** Parses the request's cookies (cookie-parser), then keeps the query's channel parameters as cookies. One router layer for both. */
export function queryCookies(): RequestHandler {
  const parseCookies = cookieParser();
  const keepQueryCookies: RequestHandler = (req, res, next) => {
    for (const name of QUERY_COOKIES) {
      const raw = req.query[name];
      if (raw === undefined) continue;
      const value = sanitizeCookieValue(typeof raw === 'string' ? raw : '');
      res.cookie(name, value, { path: '/', sameSite: 'lax' });
      req.cookies[name] = value;
    }
    next();
  };
  return (req, res, next) => parseCookies(req, res, (error?: unknown) => (error ? next(error) : keepQueryCookies(req, res, next)));
}
