// Built client files: hashed names under /assets/ never change, so browsers keep them a year.
import express, { type RequestHandler } from 'express';

export function staticAssets(publicDir: string): RequestHandler {
  return express.static(publicDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      if (filePath.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
