// helmet with a per-request CSP nonce: the router's hydration script and the entry module carry
// it, so hydration runs under a strict script-src. Outside production upgrade-insecure-requests
// is off (it would turn plain-HTTP test redirects into https).
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

/** Stands in for the nonce while helmet's headers are computed; random so no option can contain it by chance. */
const NONCE_SLOT = `nonce-slot-${crypto.randomBytes(8).toString('hex')}`;

/** helmet's headers as [name, value] pairs, with NONCE_SLOT where the CSP's nonce goes. */
function helmetHeaders(production: boolean, connectTo: readonly string[]): Array<[string, string]> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${NONCE_SLOT}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // An account service on another origin answers the pages' login checks (server/account/sso.ts).
        connectSrc: ["'self'", ...connectTo],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Downloads and previews are same-origin; no cross-origin embedding is needed.
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is served over HTTPS.
    strictTransportSecurity: production,
  });
  const headers: Array<[string, string]> = [];
  const recorder = { setHeader: (name: string, value: unknown) => headers.push([name, String(value)]), removeHeader() {} };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Sets helmet's headers and draws the response's nonce. helmet's headers are the same for every
 * response but for the nonce, so helmet runs once at boot and each response only fills the nonce
 * in: every page hit passes through here, and helmet's thirteen header builders per request cost.
 */
export function securityHeaders(production: boolean, connectTo: readonly string[] = []): RequestHandler {
  const headers = helmetHeaders(production, connectTo).map(([name, value]) => [name, value.split(NONCE_SLOT)] as const);
  return (_req, res, next) => {
    // randomUUID draws from a pooled entropy buffer: 122 random bits without a syscall per request.
    const nonce = crypto.randomUUID();
    res.locals.cspNonce = nonce;
    for (const [name, parts] of headers) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
    next();
  };
}
