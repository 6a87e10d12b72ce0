// Cookies of an incoming request, read with the site's own reader (client/routing/middleware.ts).
import { readCookie } from '../client/routing/middleware';

export function requestCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie');
  try {
    return readCookie(header, name);
  } catch {
    // Not valid percent-encoding: keep the value undecoded rather than fail the request.
    return readCookie(header?.replace(/%/g, '%25'), name);
  }
}
