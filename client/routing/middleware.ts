// Named route middleware (SPEC §8: an unknown one is a 500 'Unknown middleware <name>').
// Runs inside route loaders, so it works the same on the server render and on client navigation.
import { data, redirect } from 'react-router';
import { ACCESS_TOKEN_COOKIE, readCookie } from '../../shared/cookies';
import { loginUrl } from './login-url';
import type { SiteConfig } from './site-config';

export { loginUrl };

type Middleware = (request: Request, config: SiteConfig) => void;

const MIDDLEWARES: Record<string, Middleware> = {
  /** Pages for logged-in users send anonymous visitors to the account login. */
  auth(request, config) {
    // In the browser the router's Request carries no cookies; the document has them.
    const cookies = typeof document === 'undefined' ? request.headers.get('cookie') : document.cookie;
    if (!readCookie(cookies, ACCESS_TOKEN_COOKIE)) throw redirect(loginUrl(config, new URL(request.url)));
  },
};

export function runMiddleware(names: readonly string[], request: Request, config: SiteConfig): null {
  for (const name of names) {
    const middleware = MIDDLEWARES[name];
    if (!middleware) throw data(`Unknown middleware ${name}`, { status: 500 });
    middleware(request, config);
  }
  return null;
}
