// Page requests: served from the anonymous page cache when possible, else rendered. A request
// with a login cookie, a page that needs login, and any non-200 answer are never cached.
import type { RequestHandler, Response } from 'express';
import { ACCESS_TOKEN_COOKIE } from '../../client/routing/middleware';
import type { PageRenderer } from '../ssr/render';
import type { CachedPage, PageCache } from '../ssr/page-cache';
import { cspNonce } from './security';

export function pages(renderer: PageRenderer, cache: PageCache): RequestHandler {
  // Every response carries its own nonce, so an ETag could never match: the pieces are written
  // corked (one writev) with their total length, which skips Express's per-response hash and a copy.
  const send = (res: Response, page: CachedPage, source: 'hit' | 'miss', anonymous: boolean) => {
    const pieces = cache.bodyWithNonce(page, cspNonce(res));
    res
      .status(page.status)
      .type('html')
      .set('X-Page-Cache', source)
      .set('Cache-Control', anonymous ? 'no-cache' : 'private, no-store')
      .set('Content-Length', String(pieces.reduce((sum, piece) => sum + piece.length, 0)));
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
  };
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const anonymous = !req.cookies?.[ACCESS_TOKEN_COOKIE];
      const key = req.originalUrl;
      const cached = anonymous ? cache.get(key) : undefined;
      if (cached) return send(res, cached, 'hit', anonymous);
      const result = await renderer.render(req, cache.noncePlaceholder);
      if (result.kind === 'redirect') return res.redirect(result.status, result.location);
      const page = cache.prepare(result.status, result.html);
      if (anonymous && !result.needsLogin && result.status === 200) cache.set(key, page);
      send(res, page, 'miss', anonymous);
    } catch (error) {
      next(error);
    }
  };
}
