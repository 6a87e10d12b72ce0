// History routes end with a slash (SPEC §2): /pdf-merge → 301 /pdf-merge/ with the query kept.
// A path that looks like a file (has an extension) and reached this point does not exist: plain 404.
import type { RequestHandler } from 'express';
import { isApiPath } from '../../shared/constants';

/** Page routes that are real file names. */
const PAGE_FILES = new Set(['/sitemap.html']);

export function trailingSlash(): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path) || PAGE_FILES.has(req.path)) return next();
    const last = req.path.slice(req.path.lastIndexOf('/') + 1);
    if (last.includes('.')) {
      res.status(404).type('text/plain; charset=utf-8').send('Not Found');
      return;
    }
    if (last !== '') {
      const q = req.originalUrl.indexOf('?');
      // Leading slashes collapse to one, so //evil.example never becomes a protocol-relative redirect.
      const path = req.path.replace(/^\/+/, '/');
      res.redirect(301, `${path}/${q >= 0 ? req.originalUrl.slice(q) : ''}`);
      return;
    }
    next();
  };
}
