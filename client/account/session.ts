// The page's view of the login: the access token cookie lives 15 minutes and the HttpOnly refresh
// cookie a month, so a page without an access token but with the session marker renews it once
// before asking who the user is.
import { useSyncExternalStore } from 'react';
import { ACCESS_TOKEN_COOKIE, SESSION_MARKER_COOKIE } from '../../shared/cookies';
import type { TierLimits } from '../../shared/catalogue';
import { getUserInfo, type UserInfo } from '../api/account';
import { http, readDocumentCookie } from '../api/http-client';

function refresh(): Promise<unknown> {
  return http.request('/auth/refresh', { method: 'POST', silent: true });
}

export async function currentUser(): Promise<UserInfo | null> {
  if (!readDocumentCookie(ACCESS_TOKEN_COOKIE)) {
    if (!readDocumentCookie(SESSION_MARKER_COOKIE)) return null;
    await refresh();
    if (!readDocumentCookie(ACCESS_TOKEN_COOKIE)) return null;
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

// One answer per page for everything that shows the login (header, upload limits): asked once,
// after hydration; the server renders the logged-out view, since pages are cached for everyone.
type LoginState = { checked: false; user: null } | { checked: true; user: UserInfo | null };
let state: LoginState = { checked: false, user: null };
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) {
    asked = true;
    currentUser()
      .catch(() => null)
      .then((user) => {
        state = { checked: true, user };
        listeners.forEach((notify) => notify());
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
