// The shared HTTP client of SPEC §7/§8 on top of fetch: cookies sent, bearer token, timeout with
// retries, an opt-in response cache, the ret rules and the Chinese error toasts.
import {
  HTTP_TIMEOUT_MS,
  MAX_RETRIES,
  RESPONSE_CACHE_MAX_AGE_MS,
  RESPONSE_CACHE_MAX_ENTRIES,
  RETRY_GAP_MS,
} from '../../shared/constants';
import { ACCESS_TOKEN_COOKIE, readCookie } from '../../shared/cookies';
import { httpStatusMessage, NO_RESPONSE_MESSAGE, TIMEOUT_MESSAGE, type ApiResponse } from '../../shared/errors';
import { toast, type ToastSink } from '../components/toast/toast-store';
import { toSearchParams, withQuery, type QueryParams } from './query';
import { createResponseCache } from './response-cache';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  params?: QueryParams;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as a form: plain fields url-encoded, a FormData (files) as multipart. */
  form?: QueryParams | FormData;
  /** Per attempt; e.g. GROUP_SUBMIT_TIMEOUT_MS for the group submit. */
  timeoutMs?: number;
  /** GET only: reuse the response of the same method+url+params for up to 8 h. */
  cache?: boolean;
  /** Leave out the Authorization header (SPEC §6). */
  skipAuth?: boolean;
  silent?: false;
}

/** No toasts, and any failure resolves to undefined (SPEC §7: advert, links, client list, visits). */
export interface SilentRequestOptions extends Omit<RequestOptions, 'silent'> {
  silent: true;
}

export type ApiErrorKind = 'ret' | 'status' | 'timeout' | 'network';

/**
 * Every rejection of the client. SPEC §8 "rejected with msg" is `message`; "rejected with the
 * whole response" (ret 403, which starts the login routine) is `response`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly response?: ApiResponse,
  ) {
    super(message);
  }
}

/** Envelope rets with their own handling (SPEC §8); every other ret resolves with data. */
const REJECTED_RETS = new Set([400, 403, 500]);

function isEnvelope(body: unknown): body is ApiResponse {
  return typeof body === 'object' && body !== null && typeof (body as { ret?: unknown }).ret === 'number';
}

/** Applies the ret rules; a body that is not a {ret,msg,data} envelope passes through whole. */
export function settleEnvelope(body: unknown): unknown {
  if (!isEnvelope(body)) return body;
  if (!REJECTED_RETS.has(body.ret)) return body.data;
  const message = body.msg || (body.ret === 500 ? httpStatusMessage(500) : '');
  throw new ApiError(message, 'ret', undefined, body);
}

/**
 * An error status carrying a refusal envelope (the task calls answer 413, 415, 429… with
 * {ret, msg}) is SPEC §8 "ret 400 → rejected with msg", so the visitor reads the server's reason
 * (e.g. 当前转换人数较多，请稍后再试); any other error status is the SPEC §8 HTTP message.
 */
export function settleErrorStatus(status: number, body: unknown): never {
  if (isEnvelope(body) && body.ret !== 0 && typeof body.msg === 'string' && body.msg) {
    throw new ApiError(body.msg, 'ret', status, { ...body, ret: 400 });
  }
  throw new ApiError(httpStatusMessage(status), 'status', status);
}

/** ret 400 and 403 are the caller's to handle; everything else the user is told about. */
function deservesToast(error: ApiError): boolean {
  return error.kind !== 'ret' || error.response?.ret === 500;
}

export interface HttpClientDeps {
  fetch: typeof fetch;
  toasts: ToastSink;
  /** Prefix for site-relative paths: '' in the browser, the server origin elsewhere. */
  baseUrl: string;
  userAgent: () => string;
  readCookie: (name: string) => string | undefined;
  /** The pause between retries. */
  wait: (ms: number) => Promise<void>;
  /** The clock that ages cache entries. */
  now: () => number;
}

export interface HttpClient {
  request<T>(url: string, options: SilentRequestOptions): Promise<T | undefined>;
  request<T>(url: string, options?: RequestOptions): Promise<T>;
}

const CACHE_BUSTER_PARAM = '_';
const OLD_IE = /MSIE |Trident\//;

/** A cookie of this document; undefined where there is no document (SSR, tests). */
export function readDocumentCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, name);
}

/** Removes a cookie of this document (path /), as the login checks of SPEC §4 do when one is dead. */
export function clearDocumentCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/`;
}

const browserDeps: HttpClientDeps = {
  // Looked up per call, not captured at import, so SSR and test runtimes can import this module.
  fetch: (input, init) => globalThis.fetch(input, init),
  toasts: toast,
  baseUrl: '',
  userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
  readCookie: readDocumentCookie,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

export function createHttpClient(overrides: Partial<HttpClientDeps> = {}): HttpClient {
  const deps: HttpClientDeps = { ...browserDeps, ...overrides };
  const cache = createResponseCache<Promise<unknown>>(RESPONSE_CACHE_MAX_ENTRIES, RESPONSE_CACHE_MAX_AGE_MS, deps.now);

  function absolute(url: string): string {
    return /^(?:[a-z]+:)?\/\//i.test(url) ? url : deps.baseUrl + url;
  }

  function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
    const headers = new Headers();
    const token = options.skipAuth ? undefined : deps.readCookie(ACCESS_TOKEN_COOKIE);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    } else if (options.form instanceof FormData) {
      body = options.form;
    } else if (options.form) {
      body = toSearchParams(options.form);
    }
    return { method, headers, body, credentials: 'include' };
  }

  /** One attempt: resolves with the settled body, rejects with an ApiError. */
  async function attempt(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const failure = (): ApiError =>
      controller.signal.aborted ? new ApiError(TIMEOUT_MESSAGE, 'timeout') : new ApiError(NO_RESPONSE_MESSAGE, 'network');
    try {
      let response: Response;
      let text: string;
      try {
        response = await deps.fetch(url, { ...init, signal: controller.signal });
        text = await response.text();
      } catch {
        throw failure();
      }
      if (!response.ok) settleErrorStatus(response.status, parseBody(text));
      return settleEnvelope(parseBody(text));
    } finally {
      clearTimeout(timer);
    }
  }

  async function send(url: string, options: RequestOptions): Promise<unknown> {
    const method = options.method ?? 'GET';
    // Old IE caches GETs regardless of headers; a random parameter makes every URL new.
    const bust = method === 'GET' && OLD_IE.test(deps.userAgent());
    const init = buildInit(method, options);
    for (let retry = 0; ; retry += 1) {
      const params = bust ? { ...options.params, [CACHE_BUSTER_PARAM]: Math.random().toString(36).slice(2) } : options.params;
      try {
        return await attempt(absolute(withQuery(url, params)), init, options.timeoutMs ?? HTTP_TIMEOUT_MS);
      } catch (error) {
        const retriable = error instanceof ApiError && error.kind === 'timeout' && retry < MAX_RETRIES;
        if (!retriable) throw error;
        await deps.wait(RETRY_GAP_MS);
      }
    }
  }

  function sendCached(url: string, options: RequestOptions): Promise<unknown> {
    const key = `GET ${withQuery(url, options.params)}`;
    const hit = cache.get(key);
    if (hit) return hit;
    // The promise itself is cached so simultaneous callers share one request; failures are dropped.
    const pending = send(url, options);
    cache.set(key, pending);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
    return pending;
  }

  function request<T>(url: string, options: SilentRequestOptions): Promise<T | undefined>;
  function request<T>(url: string, options?: RequestOptions): Promise<T>;
  async function request(url: string, options: RequestOptions | SilentRequestOptions = {}): Promise<unknown> {
    const { silent, ...rest } = options;
    const cacheable = rest.cache === true && (rest.method ?? 'GET') === 'GET';
    try {
      return await (cacheable ? sendCached(url, rest) : send(url, rest));
    } catch (error) {
      if (silent) return undefined;
      if (error instanceof ApiError && deservesToast(error)) deps.toasts.error(error.message);
      throw error;
    }
  }

  return { request };
}

/** JSON when it parses, else the text itself (some calls answer plain text); empty → undefined. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The client of the page. */
export const http = createHttpClient();
