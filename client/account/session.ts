// The page's view of the login: the access token cookie lives 15 minutes and the HttpOnly refresh
// cookie a month, so a page without an access token but with the session marker renews it once
// before asking who the user is.
import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_COOKIE, FID_COOKIE, SESSION_MARKER_COOKIE } from '../../shared/cookies';
import type { TierLimits } from '../../shared/catalogue';
import { PAGES } from '../../shared/pages';
import { checkAccountLogin, checkCrossDomainLogin, getUserInfo, ssoUserInfo, type UserInfo } from '../api/account';
import { clearDocumentCookie, http, readDocumentCookie } from '../api/http-client';
import { bindKeptAdClick, keepAdClick } from './ad-click';

function refresh(): Promise<unknown> {
  return http.request('/auth/refresh', { method: 'POST', silent: true });
}

/** The account service, when it is on an origin of its own (ACCOUNT_ORIGIN; server/account/sso.ts). */
function externalAccountOrigin(): string | undefined {
  const origin = window.__SITE__?.accountOrigin;
  return origin && origin !== window.location.origin ? origin : undefined;
}

/**
 * No login here, but the account-service login this site's last one came from may live: then the
 * browser goes through the account service for a new one (no form); a dead one's fid is dropped
 * and the page reloads (SPEC §4).
 */
async function signOnAgain(accountOrigin: string, fid: string): Promise<void> {
  const check = await ssoUserInfo(accountOrigin, fid);
  if (check === 'ok') {
    window.location.assign(`${accountOrigin}/v2/tokens/${encodeURIComponent(fid)}?redirect=${encodeURIComponent(window.location.href)}`);
  } else if (check === 'refused') {
    clearDocumentCookie(FID_COOKIE);
    window.location.reload();
  }
}

/** SPEC §4 the login check at load. */
export async function currentUser(): Promise<UserInfo | null> {
  const accountOrigin = externalAccountOrigin();
  let token = readDocumentCookie(ACCESS_TOKEN_COOKIE);
  // A stored token is checked with the account service first; its refusal clears the token cookie.
  if (token && accountOrigin && (await checkCrossDomainLogin(accountOrigin, token)) === 'refused') {
    clearDocumentCookie(ACCESS_TOKEN_COOKIE);
    token = undefined;
  }
  if (!token && readDocumentCookie(SESSION_MARKER_COOKIE)) {
    await refresh();
    token = readDocumentCookie(ACCESS_TOKEN_COOKIE);
  }
  if (!token) {
    const fid = readDocumentCookie(FID_COOKIE);
    if (fid && accountOrigin) await signOnAgain(accountOrigin, fid);
    return null;
  }
  try {
    return await getUserInfo();
  } catch {
    // ret 403: the token stopped working (logged out elsewhere, or rotated away); one renewal, then give up.
    await refresh();
    if (!readDocumentCookie(ACCESS_TOKEN_COOKIE)) return null;
    return getUserInfo().catch(() => null);
  }
}

/**
 * SPEC §4 returning to a visible page: a login shown here is checked again (with the account
 * service when it is elsewhere); one that ended meanwhile gets one renewal, else the page reloads.
 * The cross-domain variant is used in every browser, not only desktop Safari and Firefox: a site
 * whose account service is elsewhere cannot tell from here which browsers keep its cookies.
 */
async function recheckOnReturn(): Promise<void> {
  if (document.visibilityState !== 'visible' || !state.checked) return;
  const accountOrigin = externalAccountOrigin();
  if (!state.user) {
    const fid = readDocumentCookie(FID_COOKIE);
    if (fid && accountOrigin && !readDocumentCookie(ACCESS_TOKEN_COOKIE)) await signOnAgain(accountOrigin, fid);
    return;
  }
  const check = async () => {
    const token = readDocumentCookie(ACCESS_TOKEN_COOKIE);
    if (!token) return 'refused';
    return accountOrigin ? checkCrossDomainLogin(accountOrigin, token) : checkAccountLogin(token);
  };
  if ((await check()) !== 'refused') return;
  await refresh();
  if ((await check()) === 'refused') window.location.reload();
}

// One answer per page for everything that shows the login (header, upload limits): asked once,
// after hydration; the server renders the logged-out view, since pages are cached for everyone.
type LoginState = { checked: false; user: null } | { checked: true; user: UserInfo | null };
let state: LoginState = { checked: false, user: null };
const NEEDS_LOGIN = new Set(PAGES.filter((p) => p.options.needsLogin).map((p) => p.path));
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) {
    asked = true;
    document.addEventListener('visibilitychange', () => void recheckOnReturn());
    keepAdClick();
    currentUser()
      .catch(() => null)
      .then((user) => {
        // SPEC §4: the pages that need a login go home when the check finds none (a cookie that
        // no longer works passed the route's cookie check, not this one).
        if (!user && NEEDS_LOGIN.has(window.location.pathname)) {
          window.location.replace('/');
          return;
        }
        state = { checked: true, user };
        listeners.forEach((notify) => notify());
        if (user) void bindKeptAdClick();
      });
  }
  return () => listeners.delete(listener);
}

const LOGGED_OUT: LoginState = { checked: false, user: null };

/** The logged-in user once known (null before the check and when logged out). */
export function useCurrentUser(): LoginState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOGGED_OUT,
  );
}

/** The tier whose limits the page shows: what the server will apply to this visitor's tasks. */
export function tierOfUser(user: UserInfo | null): keyof TierLimits {
  if (!user) return 'guest';
  return user.isVip ? 'vip' : 'user';
}
