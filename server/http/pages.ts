// Page requests: served from the anonymous page cache when possible, else rendered. A request
// with a login cookie, a page that needs login, and any non-200 answer are never cached.
import type { RequestHandler, Response } from 'express';
import { QUERY_COOKIES } from '../../shared/constants';
import { ACCESS_TOKEN_COOKIE, readCookie } from '../../shared/cookies';
import type { PageRenderer } from '../ssr/render';
import type { CachedPage, PageCache } from '../ssr/page-cache';
import { acceptedEncoding } from './accept-encoding';
import { cspNonce } from './security';

/** Below this a page is sent as it is: gzip's 18 bytes of framing and the CPU would buy nothing. */
const MIN_GZIP_BYTES = 1024;

// Every response carries its own nonce, so an ETag could never match: the pieces are written
// corked (one writev) with their total length, which skips Express's per-response hash and a copy.
// A client accepting gzip gets it, spliced from the page's once-deflated parts (page-cache.ts).
function send(res: Response, cache: PageCache, page: CachedPage, source: 'hit' | 'miss', anonymous: boolean): void {
  const gzip = page.bytes >= MIN_GZIP_BYTES && acceptedEncoding(res.req.headers, ['gzip']) === 'gzip';
  const pieces = gzip ? cache.gzipBodyWithNonce(page, cspNonce(res)) : cache.bodyWithNonce(page, cspNonce(res));
  res.statusCode = page.status;
  res.vary('Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('X-Page-Cache', source);
  res.setHeader('Cache-Control', anonymous ? 'no-cache' : 'private, no-store');
  res.setHeader('Content-Length', pieces.reduce((sum, piece) => sum + piece.length, 0));
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
}

function isPageRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export function pages(renderer: PageRenderer, cache: PageCache): RequestHandler {
  return async (req, res, next) => {
    if (!isPageRead(req.method)) return next();
    try {
      const anonymous = !readCookie(req.headers.cookie, ACCESS_TOKEN_COOKIE);
      const key = req.originalUrl;
      const cached = anonymous ? cache.get(key) : undefined;
      if (cached) return send(res, cache, cached, 'hit', anonymous);
      const result = await renderer.render(req, cache.noncePlaceholder);
      if (result.kind === 'redirect') return res.redirect(result.status, result.location);
      const page = cache.prepare(result.status, result.html);
      if (anonymous && !result.needsLogin && result.status === 200) cache.set(key, page);
      send(res, cache, page, 'miss', anonymous);
    } catch (error) {
      next(error);
    }
  };
}

/** A query naming a channel cookie (maybe percent-encoded) needs the chain, which sets that cookie. */
const MAY_SET_COOKIES = new RegExp(`%|${QUERY_COOKIES.join('|')}`, 'i');

/**
 * Cache hits answered ahead of the middleware chain, through only the layers a cached page still
 * needs (the security headers, the mobile redirect). Every other layer would pass such a request
 * on unchanged: a cached key is a page path that rendered 200 (no file, no API path, no missing
 * slash), and anything with a login cookie or a channel cookie in its query is left to the chain.
 * Conservative on purpose: whatever this skips, `pages` serves the same bytes a few layers later.
 */
export function pageCacheHits(cache: PageCache, layers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    const query = req.url.indexOf('?');
    const servable =
      isPageRead(req.method) &&
      (query < 0 || !MAY_SET_COOKIES.test(req.url.slice(query))) &&
      !req.headers.cookie?.includes(ACCESS_TOKEN_COOKIE);
    const page = servable ? cache.get(req.url) : undefined;
    if (!page) return next();
    const through = (index: number) => (error?: unknown) => {
      if (error) return next(error);
      if (index === layers.length) return send(res, cache, page, 'hit', true);
      layers[index](req, res, through(index + 1));
    };
    through(0)();
  };
}
