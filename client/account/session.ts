// The page's view of the login: the access token cookie lives 15 minutes and the HttpOnly refresh
// cookie a month, so a page without an access token but with the session marker renews it once
// before asking who the user is.
import { ACCESS_TOKEN_COOKIE, SESSION_MARKER_COOKIE } from '../../shared/cookies';
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
