// Phones asking for a page of the mobile subset go to the mobile site (shared/edge-rules.ts,
// the same rule the server applies when no edge runs).
import { mobileRedirectUrl } from '../shared/edge-rules';
import type { EdgeConfig } from './env';

export function mobileRedirect(request: Request, url: URL, config: EdgeConfig): Response | null {
  const target = mobileRedirectUrl(
    { method: request.method, pathname: url.pathname, search: url.search, userAgent: request.headers.get('User-Agent') },
    config,
  );
  // The answer depends on the agent: shared caches must keep phones' and desktops' apart.
  return target ? new Response(null, { status: 302, headers: { Location: target, Vary: 'User-Agent' } }) : null;
}
