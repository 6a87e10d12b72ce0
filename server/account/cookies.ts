// The session cookies. accessToken is readable by the page, which sends it as the bearer of SPEC §6,
// so it lives 15 minutes; refreshToken is HttpOnly and only ever sent to /auth/.
import type { CookieOptions, Request, Response } from 'express';
import { ACCESS_TOKEN_COOKIE, FID_COOKIE, SESSION_MARKER_COOKIE } from '../../shared/cookies';
import { ACCOUNT_MESSAGES } from './messages';
import { AccountRefusal } from './refusal';
import type { Sessions, SessionTokens } from './sessions';

export const REFRESH_TOKEN_COOKIE = 'refreshToken';
const REFRESH_PATH = '/auth/';

function base(production: boolean): CookieOptions {
  return { sameSite: 'lax', secure: production };
}

export function setSessionCookies(res: Response, tokens: SessionTokens, production: boolean, now = Date.now()): void {
  res.cookie(ACCESS_TOKEN_COOKIE, tokens.access, { ...base(production), path: '/', maxAge: tokens.accessExpiresAt - now });
  res.cookie(REFRESH_TOKEN_COOKIE, tokens.refresh, { ...base(production), path: REFRESH_PATH, httpOnly: true, maxAge: tokens.refreshExpiresAt - now });
  res.cookie(SESSION_MARKER_COOKIE, '1', { ...base(production), path: '/', maxAge: tokens.refreshExpiresAt - now });
}

/** The refresh token this browser sent, if any. */
export function refreshTokenOf(req: Request): string | undefined {
  const refresh: unknown = req.cookies?.[REFRESH_TOKEN_COOKIE];
  return typeof refresh === 'string' && refresh ? refresh : undefined;
}

/**
 * Renews the browser's login with its refresh cookie: new cookies, or cleared ones when the session
 * is over (the refusal goes on to the caller); no cookie at all is a refusal that clears nothing.
 */
export async function renewSession(req: Request, res: Response, sessions: Sessions, production: boolean): Promise<{ userId: number; tokens: SessionTokens }> {
  const refresh = refreshTokenOf(req);
  if (!refresh) throw new AccountRefusal(401, ACCOUNT_MESSAGES.notLoggedIn);
  try {
    const renewed = await sessions.rotate(refresh);
    setSessionCookies(res, renewed.tokens, production);
    return renewed;
  } catch (error) {
    clearSessionCookies(res, production);
    throw error;
  }
}

export function clearSessionCookies(res: Response, production: boolean): void {
  res.clearCookie(ACCESS_TOKEN_COOKIE, { ...base(production), path: '/' });
  res.clearCookie(REFRESH_TOKEN_COOKIE, { ...base(production), path: REFRESH_PATH, httpOnly: true });
  res.clearCookie(SESSION_MARKER_COOKIE, { ...base(production), path: '/' });
}

/** Readable by the page (it asks the account service with it), as long as the refresh cookie. */
export function setFidCookie(res: Response, fid: string, expiresAt: number, production: boolean, now = Date.now()): void {
  res.cookie(FID_COOKIE, fid, { ...base(production), path: '/', maxAge: expiresAt - now });
}

export function clearFidCookie(res: Response, production: boolean): void {
  res.clearCookie(FID_COOKIE, { ...base(production), path: '/' });
}
