// A browser-like API client for the built server (accounts, usage): keeps the cookies the server
// sets, sends the access token as the bearer (SPEC §6) and comes from an address of its own.
import crypto from 'node:crypto';

export interface Answer {
  status: number;
  body: { ret?: number; code?: number; msg: string; data?: Record<string, unknown> | null };
}

/** A browser-like client: keeps every cookie the server sets and sends the access token as the bearer, as the site's client does (SPEC §6). */
export class ApiVisitor {
  jar = new Map<string, { value: string; attrs: string }>();

  /** Each visitor comes from its own address (documentation range), as the edge reports it. */
  constructor(readonly origin: string, readonly ip = `198.51.100.${crypto.randomInt(1, 255)}`) {}

  async send(method: string, pathname: string, body?: Record<string, unknown> | FormData | URLSearchParams, bearer = true): Promise<Answer> {
    const res = await this.request(method, pathname, body, bearer);
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }

  /** A top-level navigation: the answer's status and where it sends the browser (redirects not followed). */
  async navigate(pathname: string): Promise<{ status: number; location: string | null }> {
    const res = await this.request('GET', pathname, undefined, false);
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') };
  }

  /** Any request with this visitor's cookies (and bearer); keeps the cookies the answer sets. */
  async request(method: string, pathname: string, body?: Record<string, unknown> | FormData | URLSearchParams, bearer = true, extraHeaders: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...extraHeaders };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
    const access = this.jar.get('accessToken')?.value;
    if (bearer && access) headers.authorization = `Bearer ${access}`;
    // FormData goes as multipart, URLSearchParams as a url-encoded form (the page's `form`), the rest as JSON.
    const json = body && !(body instanceof FormData) && !(body instanceof URLSearchParams);
    if (json) headers['content-type'] = 'application/json';
    const res = await fetch(this.origin + pathname, { method, headers, body: json ? JSON.stringify(body) : (body as FormData | URLSearchParams | undefined), redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, { value, attrs: attrs.join(';').trim() });
    }
    return res;
  }
}

export function randomMobile(): string {
  return `13${crypto.randomInt(100_000_000, 999_999_999)}`;
}

export async function codeFor(visitor: ApiVisitor, mobile: string): Promise<string> {
  const sent = await visitor.send('POST', '/auth/sms/send', { mobile });
  expect(sent).toMatchObject({ status: 200, body: { ret: 0 } });
  const code = sent.body.data?.devCode;
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}


/** A visitor logged in with a new mobile number (SMS code from the development provider). */
export async function loggedInVisitor(origin: string): Promise<ApiVisitor> {
  const user = new ApiVisitor(origin);
  const mobile = randomMobile();
  expect((await user.send('POST', '/auth/login/code', { mobile, code: await codeFor(user, mobile) })).status).toBe(200);
  return user;
}

/** Polls taskQuery (bounded) until the task leaves queued and running; answers its last view. */
export async function settledTask(visitor: ApiVisitor, taskId: string): Promise<Record<string, unknown>> {
  let state = (await visitor.send('POST', '/task/taskQuery', { taskId })).body.data!;
  for (let i = 0; i < 300 && (state.status === 'queued' || state.status === 'running'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = (await visitor.send('POST', '/task/taskQuery', { taskId })).body.data!;
  }
  return state;
}
