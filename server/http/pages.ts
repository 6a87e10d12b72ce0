// Page requests: served from the anonymous page cache when possible, else rendered. A request
// with a login cookie, a page that needs login, and any non-200 answer are never cached.
import type { RequestHandler } from 'express';
import { ACCESS_TOKEN_COOKIE } from '../../client/routing/middleware';
import type { PageRenderer } from '../ssr/render';
import type { PageCache } from '../ssr/page-cache';
import { cspNonce } from './security';

export function pages(renderer: PageRenderer, cache: PageCache): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const anonymous = !req.cookies?.[ACCESS_TOKEN_COOKIE];
      const key = req.originalUrl;
      const cached = anonymous ? cache.get(key) : undefined;
      if (cached) {
        res.status(cached.status).type('html').set('X-Page-Cache', 'hit').send(cache.withNonce(cached, cspNonce(res)));
        return;
      }
      const result = await renderer.render(req, cache.noncePlaceholder);
      if (result.kind === 'redirect') {
        res.redirect(result.status, result.location);
        return;
      }
      if (anonymous && !result.needsLogin && result.status === 200) cache.set(key, { status: result.status, html: result.html });
      res
        .status(result.status)
        .type('html')
        .set('X-Page-Cache', 'miss')
        .set('Cache-Control', anonymous ? 'no-cache' : 'private, no-store')
        .send(cache.withNonce(result, cspNonce(res)));
    } catch (error) {
      next(error);
    }
  };
}
