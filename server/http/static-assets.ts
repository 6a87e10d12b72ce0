// Built client files: hashed names under /assets/ never change, so browsers keep them a year.
import express, { type RequestHandler } from 'express';

export function staticAssets(publicDir: string): RequestHandler {
  const files = express.static(publicDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      if (filePath.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // Only names with an extension can be files; page paths skip the file-system lookup.
  return (req, res, next) => (/\.[^/]*$/.test(req.path) ? files(req, res, next) : next());
}
