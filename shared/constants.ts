// Business constants and limits of SPEC §9.

export const HTTP_TIMEOUT_MS = 22_000;
export const GROUP_SUBMIT_TIMEOUT_MS = 100_000;
export const RETRY_GAP_MS = 1_000;
export const MAX_RETRIES = 4;
export const CHUNK_RELOAD_THROTTLE_MS = 60_000;
export const RESPONSE_CACHE_MAX_ENTRIES = 1000;
export const RESPONSE_CACHE_MAX_AGE_MS = 28_800_000;

export const TOAST_DURATION_MS = 3000;
export const TOAST_SPACING_PX = 16;
export const TOAST_OFFSET_PX = 20;

/** Query-string parsing limits. */
export const QUERY_DEPTH = 5;
export const QUERY_ARRAY_LIMIT = 20;
export const QUERY_PARAMETER_LIMIT = 1000;

/** Cookies set by the site live one day unless they are tracking cookies (no expiry given: session). */
export const COOKIE_DEFAULT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const PRODUCT_NAME = 'pdf365';

/** Query-string values copied into cookies (SPEC §5). */
export const QUERY_COOKIES = ['agent', 'MD', 'productname', 'foxit_version'] as const;
export const AGENT_360ALD = '360ald';

/** Paths that belong to the API (mounted or proxied), never to page rendering. */
// '/vip/' and '/integral/' are the activity and points hosts' calls (SPEC §7), served here;
// '/admin/' the operators' calls (server/pay/admin-router.ts).
export const API_PREFIXES = ['/api/', '/v2/', '/user/', '/behavior/', '/auth/', '/payCode/', '/task/', '/files/', '/vip/', '/integral/', '/admin/'] as const;
const API_EXACT = ['/web_auto_login_v2', '/createShortIamToken', '/getUserInfoApi', '/setCookie', '/queryForWeinXinResult', '/createVIPOrder', '/queryForAliPayResult'];

/** /task/ itself is the task-centre page; only its sub-paths are API calls. */
export function isApiPath(pathname: string): boolean {
  if (pathname === '/task/' || pathname === '/task') return false;
  return API_EXACT.includes(pathname) || API_PREFIXES.some((p) => pathname.startsWith(p));
}
