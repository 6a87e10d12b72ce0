// Everything the worker does not answer itself goes to the origin, method, headers and body as
// sent (streamed both ways), with the X-Forwarded-* headers the server needs to know the visitor's
// address, scheme and host. Redirects from the origin are passed to the browser, not followed.
import type { EdgeConfig } from './env';

export function proxyToOrigin(request: Request, url: URL, config: EdgeConfig): Promise<Response> {
  // Concatenated, not resolved: a path like //evil.example/ must not pick another host.
  const upstream = config.origin + url.pathname + url.search;
  const headers = new Headers(request.headers);
  // Cloudflare vouches for CF-Connecting-IP; a visitor-sent X-Forwarded-For is not trusted over it.
  const visitorAddress = request.headers.get('CF-Connecting-IP');
  if (visitorAddress) headers.set('X-Forwarded-For', visitorAddress);
  headers.set('X-Forwarded-Proto', url.protocol.replace(/:$/, ''));
  headers.set('X-Forwarded-Host', url.host);
  return fetch(upstream, { method: request.method, headers, body: request.body, redirect: 'manual' });
}
