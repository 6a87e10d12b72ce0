// /robots.txt and /sitemap.xml (with its parts when it is an index), built from the site routes
// and the content index; absolute addresses from PUBLIC_ORIGIN.
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { ContentSource } from '../../shared/articles';
import { robotsTxt, sitemapEntries, sitemapFiles } from './sitemap';

/** The fixed pages change when the site is built: the build's date is their lastmod. */
function buildDate(publicDir: string): string {
  try {
    return fs.statSync(path.join(publicDir, 'manifest.json')).mtime.toISOString().slice(0, 10);
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

export function createSeoRouter(options: { publicOrigin: string; publicDir: string; content: ContentSource }): express.Router {
  const router = express.Router();
  const pagesLastmod = buildDate(options.publicDir);

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(options.publicOrigin));
  });

  router.get(/^\/sitemap(-\d+)?\.xml$/, async (req, res, next) => {
    const files = sitemapFiles(options.publicOrigin, sitemapEntries(options.publicOrigin, await options.content.index(), pagesLastmod));
    const file = files.get(req.path);
    if (!file) return next();
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(file);
  });

  return router;
}
