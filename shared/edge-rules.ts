// Request rules shared by the edge worker (worker/) and the server's own mobile redirect
// (server/http/mobile-redirect.ts, used when no edge runs): who counts as a phone, which pages
// send a phone to the mobile site and where, which pages are payment pages, and where the 360ald
// channel pays. Paths and mobile rules come from site-routes.ts and head.ts, never restated here.
import { AGENT_360ALD, QUERY_COOKIES } from './constants';
import { mobileUrl, type Origins } from './head';
import { findPage } from './pages';
import { matchSiteRoute } from './site-routes';
import { sanitizeCookieValue } from './validators';

export type DeviceClass = 'bot' | 'tablet' | 'phone' | 'desktop';

/**
 * Crawlers are never redirected: they get the desktop page with its canonical, mobile-agent and
 * alternate tags, which is how Baidu and Google pair the two sites (a redirect would hide the
 * canonical page from a crawler that happens to send a phone agent).
 */
const BOT = /bot|spider|crawl|slurp|mediapartners|facebookexternalhit/i;
/**
 * Tablets stay on the desktop site: the mobile site is made for screens up to 640 px (the
 * alternate link's media query). Checked before phones because iPad agents also say "Mobile";
 * Android tablets are Android agents without "Mobile". iPadOS 13+ sends a Mac agent: desktop.
 */
const TABLET = /iPad|Tablet|PlayBook|Kindle|Silk\/|Android(?!.*Mobi)/i;
/** "Mobi" is in every phone browser's agent (Mobile Safari, Chrome Mobile, Opera Mobi, WeChat…). */
const PHONE = /Mobi|iPhone|iPod/i;

export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const agent = userAgent ?? '';
  if (BOT.test(agent)) return 'bot';
  if (TABLET.test(agent)) return 'tablet';
  if (PHONE.test(agent)) return 'phone';
  return 'desktop';
}

/** HEAD is redirected like GET: it must answer with the headers GET would (RFC 9110 §9.3.2). */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

export interface PageRequest {
  method: string;
  pathname: string;
  /** The query string with its leading '?', or ''. */
  search: string;
  userAgent: string | null | undefined;
}

/**
 * Where a phone's request for a page of the mobile subset goes: the address of the page's
 * mobile-agent tag (head.ts mobileUrl), plus the request's query unchanged — it carries the channel
 * parameters (SPEC §5) and campaign tags the mobile site must see. Null when the request stays:
 * not a page read, not a phone, a page without a mobile rule, or no separate mobile site (same
 * origin would redirect to itself).
 */
export function mobileRedirectUrl(request: PageRequest, origins: Origins): string | null {
  if (!PAGE_METHODS.has(request.method) || origins.mobileOrigin === origins.publicOrigin) return null;
  if (deviceClass(request.userAgent) !== 'phone') return null;
  const matched = matchSiteRoute(request.pathname);
  const rule = matched?.route.options.mobile;
  // The page's own address, as its head tags name it, whatever case it was asked in.
  return matched && rule ? mobileUrl(matched.path, rule, origins.mobileOrigin) + request.search : null;
}

/**
 * Pages where money changes hands, which the 360ald channel handles on its own payment page
 * (SPEC §4): the payment centre, the membership purchase (limited-time offers, where the header's
 * VIP link leads) and the invoice request (the channel bills its own orders). findPage throws
 * at load if a page is renamed, so the list cannot silently go stale.
 */
const PAYMENT_PAGE_IDS = new Set(['postage_pay', 'xiezai-huodong', 'invoice'].map((id) => findPage(id).id));

/** The payment page's id when the request is for one, else null. */
export function paymentPageId(request: Pick<PageRequest, 'method' | 'pathname'>): string | null {
  if (!PAGE_METHODS.has(request.method)) return null;
  const id = matchSiteRoute(request.pathname)?.route.id;
  return id !== undefined && PAYMENT_PAGE_IDS.has(id) ? id : null;
}

/**
 * A channel parameter as the server reads it from the query (server/http/query-cookies.ts):
 * absent → undefined; present once → sanitised; repeated (the server's parser makes an array) → '0'.
 */
export function queryCookieValue(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length === 0) return undefined;
  return sanitizeCookieValue(values.length === 1 ? values[0] : undefined);
}

/**
 * The Set-Cookie values the server writes for a request's channel parameters: sanitised,
 * Path=/, SameSite=Lax and no expiry (session cookies), as Express's res.cookie serialises them.
 */
export function queryCookieHeaders(params: URLSearchParams): string[] {
  return QUERY_COOKIES.flatMap((name) => {
    const value = queryCookieValue(params, name);
    return value === undefined ? [] : [`${name}=${value}; Path=/; SameSite=Lax`];
  });
}

/** The visitor's channel: the URL's agent parameter wins over the agent cookie, as on the server. */
export function isChannel360ald(params: URLSearchParams, agentCookie: string | undefined): boolean {
  const agent = queryCookieValue(params, 'agent') ?? (agentCookie === undefined ? undefined : sanitizeCookieValue(agentCookie));
  return agent === AGENT_360ALD;
}

/**
 * Registrable domains the 360ald payment page may live on. The host of a redirect comes only from
 * configuration, and configuration is checked against this list, so neither a request nor a
 * mistyped variable can turn the redirect into an open one.
 */
export const PAY_360ALD_DOMAINS: readonly string[] = ['360.cn', '360.com'];

function isAllowedPayHost(hostname: string): boolean {
  return PAY_360ALD_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/**
 * The 360ald channel's payment address for one of our payment pages: the configured URL (https,
 * allow-listed host, no credentials) with `from` naming the page, so the channel can offer the
 * matching product. Null when the configured URL is not acceptable.
 */
export function payment360aldUrl(configuredUrl: string, pageId: string): string | null {
  let url: URL;
  try {
    url = new URL(configuredUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !isAllowedPayHost(url.hostname)) return null;
  url.searchParams.set('from', pageId);
  return url.href;
}
