// Built client files. Hashed names under /assets/ never change, so browsers keep them a year; the
// few unhashed files (favicon, share image) are kept a day. JS, CSS and SVG have brotli and gzip
// copies written at build time (scripts/build-assets.mjs): a request that accepts one is answered
// with it, carrying the original's Content-Type, so no response spends CPU on compression.
import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { acceptedEncoding, type Encoding } from './accept-encoding';

/** The suffix of each encoding's copy on disk; br first, as the smaller. */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const OFFERED = Object.keys(SUFFIX) as Encoding[];

function encodingOfCopy(filePath: string): Encoding | undefined {
  return OFFERED.find((encoding) => filePath.endsWith(SUFFIX[encoding]));
}

/** The types of what is precompressed, as express.static gives the originals. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

/** The URL paths (/assets/x.js.br …) of every precompressed copy: the build's output is fixed for the process's life. */
function precompressedCopies(publicDir: string): Set<string> {
  const copies = new Set<string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (encodingOfCopy(entry.name)) copies.add('/' + path.relative(publicDir, full).split(path.sep).join('/'));
    }
  };
  walk(publicDir);
  return copies;
}

export function staticAssets(publicDir: string): RequestHandler {
  const copies = precompressedCopies(publicDir);
  const files = express.static(publicDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? YEAR_IMMUTABLE : ONE_DAY);
      const encoded = encodingOfCopy(filePath);
      const type = TYPES[path.extname(encoded ? filePath.slice(0, -SUFFIX[encoded].length) : filePath)];
      if (type) res.setHeader('Vary', 'Accept-Encoding');
      if (encoded && type) {
        // send() keeps a Content-Type already set, so the copy goes out as what it encodes.
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoded);
      }
    },
  });
  return (req, res, next) => {
    // Only names with an extension can be files; page paths skip the file-system lookup.
    if (!/\.[^/]*$/.test(req.path)) return next();
    if (TYPES[path.posix.extname(req.path)]) {
      const encoding = acceptedEncoding(req.headers, OFFERED.filter((e) => copies.has(req.path + SUFFIX[e])));
      if (encoding) {
        const suffix = SUFFIX[encoding];
        const query = req.url.indexOf('?');
        req.url = query < 0 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
      }
    }
    files(req, res, next);
  };
}
