// The login cookie and one reader of a Cookie header (or document.cookie), for the server, the
// route middleware and the API client alike.

/** Set by the account service (SPEC §4); its presence makes a request a logged-in one. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
/**
 * The SSO id of the account-service login a site's login came from (server/account/sso.ts), set
 * when the account service is on another origin: with it the page can ask whether that login lives.
 */
export const FID_COOKIE = 'fid';
/** Set beside the HttpOnly refresh cookie, for as long: tells the page a session can be renewed. */
export const SESSION_MARKER_COOKIE = 'hasSession';

/** The decoded value of cookie `name`; a value that is not valid percent-encoding is returned as sent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
