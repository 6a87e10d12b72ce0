// helmet with a per-request CSP nonce: the router's hydration script and the entry module carry
// it, so hydration runs under a strict script-src. Outside production upgrade-insecure-requests
// is off (it would turn plain-HTTP test redirects into https).
import crypto from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

export function securityHeaders(production: boolean): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${cspNonce(res as Response)}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Downloads and previews are same-origin; no cross-origin embedding is needed.
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: production,
  });
  // One middleware, not two: every page hit passes through it, and each router layer costs.
  return (req, res, next) => {
    // randomUUID draws from a pooled entropy buffer: 122 random bits without a syscall per request.
    res.locals.cspNonce = crypto.randomUUID();
    headers(req, res, next);
  };
}
