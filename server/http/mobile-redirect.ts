// Phones asking for a page of the mobile subset go to MOBILE_ORIGIN — the edge worker's rule
// (shared/edge-rules.ts), applied here for deployments without the edge. With no separate mobile
// site (MOBILE_ORIGIN = PUBLIC_ORIGIN) the rule never fires.
import type { RequestHandler } from 'express';
import type { Origins } from '../../shared/head';
import { mobileRedirectUrl } from '../../shared/edge-rules';

export function mobileRedirect(origins: Origins): RequestHandler {
  return (req, res, next) => {
    // Parsed as the edge parses it (WHATWG URL), so both send the same request to the same place;
    // prefixed, not resolved, so a path like //host/ stays a path.
    const url = new URL(`http://site.invalid${req.originalUrl}`);
    const target = mobileRedirectUrl({ method: req.method, pathname: url.pathname, search: url.search, userAgent: req.get('User-Agent') }, origins);
    if (!target) return next();
    // The answer depends on the agent: shared caches must keep phones' and desktops' apart.
    res.vary('User-Agent').redirect(302, target);
  };
}
