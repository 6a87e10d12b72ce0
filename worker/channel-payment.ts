// The 360ald channel pays on its own payment page (SPEC §4): its visitors asking for one of our
// payment pages are sent there. The channel cookies of the query are set as the server would
// have set them, since this answer never reaches the server.
import { isChannel360ald, paymentPageId, payment360aldUrl, queryCookieHeaders } from '../shared/edge-rules';
import type { EdgeConfig } from './env';
import { requestCookie } from './request-cookies';

export function channelPaymentRedirect(request: Request, url: URL, config: EdgeConfig): Response | null {
  const pageId = paymentPageId({ method: request.method, pathname: url.pathname });
  if (!pageId || !isChannel360ald(url.searchParams, requestCookie(request, 'agent'))) return null;
  const target = payment360aldUrl(config.pay360aldUrl, pageId);
  if (!target) {
    // Misconfigured: serve our own payment page rather than send anyone to an unlisted host.
    console.error(`PAY_360ALD_URL is not an allow-listed https address: ${config.pay360aldUrl}`);
    return null;
  }
  const headers = new Headers({ Location: target, 'Cache-Control': 'private, no-store' });
  for (const cookie of queryCookieHeaders(url.searchParams)) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 302, headers });
}
