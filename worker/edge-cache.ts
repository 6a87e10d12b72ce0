// Anonymous pages cached at the edge with the Cache API. A request with a login cookie neither
// reads nor fills the cache (its page depends on the user); only a plain 200 HTML answer without
// Set-Cookie, private or no-store is stored. The origin's own headers still go to the browser ('no-cache': browsers
// revalidate); the stored copy gets a short edge lifetime instead, because a deploy replaces the
// hashed assets a cached page refers to, so a cached page must not outlive a deploy by long.
// The origin's Cache-Control rides along in a private header and is restored on a hit.
import { ACCESS_TOKEN_COOKIE } from '../shared/cookies';
import { withFreshNonce } from './csp-nonce';
import { isHtml } from './html-rewriter';
import { requestCookie } from './request-cookies';

const EDGE_PAGE_TTL_SECONDS = 300;
const ORIGIN_CACHE_CONTROL = 'X-Origin-Cache-Control';

/** What the worker needs of the runtime's ExecutionContext. */
export interface BackgroundWork {
  waitUntil(promise: Promise<unknown>): void;
}

function isCacheableRequest(request: Request): boolean {
  return request.method === 'GET' && !requestCookie(request, ACCESS_TOKEN_COOKIE);
}

function isCacheableResponse(response: Response): boolean {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  return response.status === 200 && isHtml(response) && !response.headers.has('Set-Cookie') && !/\b(private|no-store)\b/i.test(cacheControl);
}

/** Answers from the edge cache when allowed, else from `fetchFromOrigin`, storing what may be stored. */
export async function cachedPage(request: Request, work: BackgroundWork, fetchFromOrigin: () => Promise<Response>): Promise<Response> {
  if (!isCacheableRequest(request)) return fetchFromOrigin();
  const cache = await caches.open('pages');
  // Keyed by the public URL alone: the server's page cache also ignores every cookie but the login.
  const key = new Request(request.url);
  const hit = await cache.match(key);
  if (hit) return withFreshNonce(asOriginSentIt(hit));
  const response = await fetchFromOrigin();
  if (isCacheableResponse(response)) {
    work.waitUntil(cache.put(key, forEdgeCache(response.clone())));
  }
  return response;
}

function forEdgeCache(response: Response): Response {
  const stored = new Response(response.body, response);
  stored.headers.set(ORIGIN_CACHE_CONTROL, response.headers.get('Cache-Control') ?? '');
  stored.headers.set('Cache-Control', `public, max-age=${EDGE_PAGE_TTL_SECONDS}`);
  return stored;
}

function asOriginSentIt(cached: Response): Response {
  const response = new Response(cached.body, cached);
  const originCacheControl = response.headers.get(ORIGIN_CACHE_CONTROL);
  response.headers.delete(ORIGIN_CACHE_CONTROL);
  if (originCacheControl) response.headers.set('Cache-Control', originCacheControl);
  else response.headers.delete('Cache-Control');
  return response;
}
