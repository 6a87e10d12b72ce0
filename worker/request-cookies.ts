// Cookies of an incoming request, read with the site's own reader (shared/cookies.ts).
import { readCookie } from '../shared/cookies';

export function requestCookie(request: Request, name: string): string | undefined {
  return readCookie(request.headers.get('Cookie'), name);
}
