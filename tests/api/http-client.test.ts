// The SPEC §7/§8 client against a real Express server on an ephemeral port.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { ApiError, createHttpClient, type HttpClientDeps } from '../../client/api/http-client';
import { jsonp, type JsonpHost } from '../../client/api/jsonp';
import { createResponseCache } from '../../client/api/response-cache';
import { getAdvertising, getHomeSortList, getLink, getWebVisits, takeNoteBehavior } from '../../client/api/site';
import { toastStore } from '../../client/components/toast/toast-store';
import { createTestSite } from '../support/site';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE9 = 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

let server: Server;
let origin: string;
/** Requests seen per path (query excluded). */
const hits = new Map<string, number>();
const seenUrls: string[] = [];
const hanging = new Set<express.Response>();

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  app.use((req, _res, next) => {
    hits.set(req.path, (hits.get(req.path) ?? 0) + 1);
    seenUrls.push(req.originalUrl);
    next();
  });
  app.get('/ret/:ret', (req, res) => {
    const ret = Number(req.params.ret);
    res.json({ ret, msg: `消息${ret}`, data: { ret } });
  });
  app.get('/status/:status', (req, res) => {
    res.status(Number(req.params.status)).json({ ret: 0, msg: '', data: 'should not be read' });
  });
  // A refusal of the task calls: an error status with the {ret, msg} envelope.
  app.post('/refusal/:status', (req, res) => {
    res.status(Number(req.params.status)).json({ ret: 400, msg: '当前转换人数较多，请稍后再试' });
  });
  app.get('/plain', (_req, res) => {
    res.json({ code: 0, list: [1, 2] });
  });
  app.get('/empty', (_req, res) => {
    res.status(200).end();
  });
  app.all('/echo', (req, res) => {
    res.json({
      ret: 0,
      msg: '',
      data: { method: req.method, query: req.query, body: req.body ?? null, authorization: req.headers.authorization ?? null, contentType: req.headers['content-type'] ?? null },
    });
  });
  app.get('/count', (req, res) => {
    res.json({ ret: 0, msg: '', data: hits.get(req.path) });
  });
  app.get('/fail-once', (req, res) => {
    if (hits.get(req.path) === 1) res.status(502).end();
    else res.json({ ret: 0, msg: '', data: 'ok' });
  });
  // Answers nothing: the client must time out.
  app.get('/slow', (_req, res) => {
    hanging.add(res);
  });
  app.get('/jsonp', (req, res) => {
    res.jsonp({ ret: 0, msg: '', data: Number(req.query.n) * 2 });
  });
  // Failures of the site-data calls (the real server is used for their answers, below).
  app.get('/api/getLink', (_req, res) => {
    res.status(500).end();
  });
  app.get('/api/getAdvertising', (_req, res) => {
    res.json({ ret: 500, msg: '广告服务出错' });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  hanging.forEach((res) => res.end());
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits.clear();
  seenUrls.length = 0;
});

/** A client wired to the test server, recording toasts, pauses and fetch options. */
function setup(overrides: Partial<HttpClientDeps> = {}) {
  const toasts: string[] = [];
  const waits: number[] = [];
  const inits: RequestInit[] = [];
  const client = createHttpClient({
    baseUrl: origin,
    toasts: { error: (message) => toasts.push(message) },
    wait: async (ms) => {
      waits.push(ms);
    },
    fetch: (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    },
    userAgent: () => CHROME,
    readCookie: () => undefined,
    ...overrides,
  });
  return { client, toasts, waits, inits };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

describe('ret rules (SPEC §8)', () => {
  test.each([0, 1, 200, 401, 404])('ret %d resolves with data, no toast', async (ret) => {
    const { client, toasts } = setup();
    await expect(client.request(`/ret/${ret}`)).resolves.toEqual({ ret });
    expect(toasts).toEqual([]);
  });

  test('ret 400 rejects with msg and shows nothing', async () => {
    const { client, toasts } = setup();
    const error = await rejection(client.request('/ret/400'));
    expect(error.message).toBe('消息400');
    expect(error.kind).toBe('ret');
    expect(toasts).toEqual([]);
  });

  test('ret 403 rejects with the whole response and shows nothing', async () => {
    const { client, toasts } = setup();
    const error = await rejection(client.request('/ret/403'));
    expect(error.response).toEqual({ ret: 403, msg: '消息403', data: { ret: 403 } });
    expect(toasts).toEqual([]);
  });

  test('ret 500 shows msg as an error toast, then rejects', async () => {
    const { client, toasts } = setup();
    const error = await rejection(client.request('/ret/500'));
    expect(error.message).toBe('消息500');
    expect(toasts).toEqual(['消息500']);
  });

  test('a body that is not an envelope comes back whole; an empty body as undefined', async () => {
    const { client } = setup();
    await expect(client.request('/plain')).resolves.toEqual({ code: 0, list: [1, 2] });
    await expect(client.request('/empty')).resolves.toBeUndefined();
  });
});

describe('HTTP status messages (SPEC §8)', () => {
  test.each([
    [400, '错误请求'],
    [401, '未授权，请重新登录'],
    [403, '拒绝访问'],
    [404, '请求错误,未找到该资源'],
    [405, '请求方法未允许'],
    [408, '请求超时'],
    [500, '服务器端出错'],
    [501, '网络未实现'],
    [502, '网络错误'],
    [503, '服务不可用'],
    [504, '网络超时'],
    [505, 'http版本不支持该请求'],
    [418, '连接错误418'],
    [429, '连接错误429'],
  ])('%d → toast %s, then reject', async (status, message) => {
    const { client, toasts, waits } = setup();
    const error = await rejection(client.request(`/status/${status}`));
    expect([error.kind, error.status, error.message]).toEqual(['status', status, message]);
    expect(toasts).toEqual([message]);
    expect(waits).toEqual([]); // only timeouts are retried
    expect(hits.get(`/status/${status}`)).toBe(1);
  });

  test('an error status with a refusal envelope (429 busy) is rejected with its msg, untoasted, not retried', async () => {
    const { client, toasts, waits } = setup();
    const error = await rejection(client.request('/refusal/429', { method: 'POST', json: {} }));
    expect([error.kind, error.status, error.message]).toEqual(['ret', 429, '当前转换人数较多，请稍后再试']);
    expect(error.response).toEqual({ ret: 400, msg: '当前转换人数较多，请稍后再试' });
    expect(toasts).toEqual([]);
    expect(waits).toEqual([]);
    expect(hits.get('/refusal/429')).toBe(1);
  });

  test('no response (closed port) → 连接到服务器失败', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const { client, toasts, waits } = setup({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await rejection(client.request('/anything'));
    expect([error.kind, error.message]).toEqual(['network', '连接到服务器失败']);
    expect(toasts).toEqual(['连接到服务器失败']);
    expect(waits).toEqual([]);
  });
});

describe('timeout', () => {
  test('is retried exactly 4 times, 1 s apart, then toasts 请求超时,请重试! once and rejects', async () => {
    const { client, toasts, waits } = setup();
    const error = await rejection(client.request('/slow', { timeoutMs: 300 }));
    expect([error.kind, error.message]).toEqual(['timeout', '请求超时,请重试!']);
    expect(hits.get('/slow')).toBe(5);
    expect(waits).toEqual([1000, 1000, 1000, 1000]);
    expect(toasts).toEqual(['请求超时,请重试!']);
  });

  test('a retry that succeeds resolves normally without a toast', async () => {
    let calls = 0;
    const { client, toasts, waits } = setup({
      fetch: (input, init) => {
        calls += 1;
        // The first two attempts go to the silent route, then the real one.
        const url = calls <= 2 ? `${origin}/slow` : String(input);
        return fetch(url, init);
      },
    });
    await expect(client.request('/ret/0', { timeoutMs: 300 })).resolves.toEqual({ ret: 0 });
    expect(waits).toEqual([1000, 1000]);
    expect(toasts).toEqual([]);
  });
});

describe('response cache', () => {
  test('a cached GET is served without a second request; other params are another entry', async () => {
    const { client } = setup();
    await expect(client.request('/count', { cache: true, params: { a: 1, b: 2 } })).resolves.toBe(1);
    await expect(client.request('/count', { cache: true, params: { b: 2, a: 1 } })).resolves.toBe(1);
    expect(hits.get('/count')).toBe(1);
    await expect(client.request('/count', { cache: true, params: { a: 2 } })).resolves.toBe(2);
    expect(hits.get('/count')).toBe(2);
  });

  test('simultaneous cached calls share one request', async () => {
    const { client } = setup();
    const answers = await Promise.all([client.request('/count', { cache: true }), client.request('/count', { cache: true })]);
    expect(answers).toEqual([1, 1]);
    expect(hits.get('/count')).toBe(1);
  });

  test('is opt-in, and only for GET', async () => {
    const { client } = setup();
    await client.request('/count');
    await client.request('/count');
    expect(hits.get('/count')).toBe(2);
    await client.request('/echo', { method: 'POST', cache: true });
    await client.request('/echo', { method: 'POST', cache: true });
    expect(hits.get('/echo')).toBe(2);
  });

  test('entries expire after 8 hours', async () => {
    let now = 0;
    const { client } = setup({ now: () => now });
    await client.request('/count', { cache: true });
    now = 8 * 60 * 60 * 1000;
    await expect(client.request('/count', { cache: true })).resolves.toBe(1);
    now += 1;
    await expect(client.request('/count', { cache: true })).resolves.toBe(2);
  });

  test('failures are not cached', async () => {
    const { client, toasts } = setup();
    await rejection(client.request('/fail-once', { cache: true }));
    await expect(client.request('/fail-once', { cache: true })).resolves.toBe('ok');
    expect(hits.get('/fail-once')).toBe(2);
    expect(toasts).toEqual(['网络错误']);
  });

  test('holds at most the given number of entries, dropping the least recently used', () => {
    const cache = createResponseCache<number>(3, 1000, () => 0);
    ['a', 'b', 'c'].forEach((key, i) => cache.set(key, i));
    cache.get('a'); // a is now the most recently used
    cache.set('d', 3);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key))).toEqual([0, undefined, 2, 3]);
  });
});

describe('old Internet Explorer', () => {
  const busters = (): (string | null)[] => seenUrls.map((url) => new URL(url, origin).searchParams.get('_'));

  test.each([IE11, IE9])('gets a fresh random cache-buster on every GET (%s)', async (ua) => {
    const { client } = setup({ userAgent: () => ua });
    await client.request('/echo', { params: { q: 'x' } });
    await client.request('/echo', { params: { q: 'x' } });
    const [first, second] = busters();
    expect(first).toMatch(/^[a-z0-9]+$/);
    expect(second).toMatch(/^[a-z0-9]+$/);
    expect(first).not.toBe(second);
  });

  test('the buster does not defeat the response cache', async () => {
    const { client } = setup({ userAgent: () => IE11 });
    await client.request('/count', { cache: true });
    await client.request('/count', { cache: true });
    expect(hits.get('/count')).toBe(1);
  });

  test('other browsers get none', async () => {
    const { client } = setup({ userAgent: () => CHROME });
    const echoed = await client.request<{ query: Record<string, string> }>('/echo', { params: { q: 'x' } });
    expect(echoed.query).toEqual({ q: 'x' });
    expect(busters()).toEqual([null]);
  });
});

describe('credentials and authorization', () => {
  type Echo = { method: string; query: Record<string, string>; body: unknown; authorization: string | null; contentType: string | null };

  test('cookies are included and the accessToken cookie goes as a bearer token', async () => {
    const { client, inits } = setup({ readCookie: (name) => (name === 'accessToken' ? 'tok-123' : 'other') });
    const echoed = await client.request<Echo>('/echo');
    expect(echoed.authorization).toBe('Bearer tok-123');
    expect(inits.map((init) => init.credentials)).toEqual(['include']);
  });

  test('skipAuth leaves the header out; no cookie, no header', async () => {
    const withToken = setup({ readCookie: () => 'tok-123' });
    expect((await withToken.client.request<Echo>('/echo', { skipAuth: true })).authorization).toBeNull();
    expect((await setup().client.request<Echo>('/echo')).authorization).toBeNull();
  });

  test('json and form bodies arrive as such', async () => {
    const { client } = setup();
    const json = await client.request<Echo>('/echo', { method: 'POST', json: { userId: 7, tags: ['a'] } });
    expect([json.method, json.contentType, json.body]).toEqual(['POST', 'application/json', { userId: 7, tags: ['a'] }]);
    const form = await client.request<Echo>('/echo', { method: 'POST', form: { taskName: 'pdf-to-word', n: 2, skip: undefined } });
    expect(form.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(form.body).toEqual({ n: '2', taskName: 'pdf-to-word' });
  });
});

describe('silent calls', () => {
  test.each([
    ['ret 400', '/ret/400', undefined],
    ['ret 403', '/ret/403', undefined],
    ['ret 500', '/ret/500', undefined],
    ['HTTP 500', '/status/500', undefined],
    ['HTTP 404', '/status/404', undefined],
    ['timeout', '/slow', 300],
  ])('%s resolves undefined without a toast', async (_label, path, timeoutMs) => {
    const { client, toasts } = setup();
    await expect(client.request(path, { silent: true, timeoutMs })).resolves.toBeUndefined();
    expect(toasts).toEqual([]);
  });

  test('success still resolves with data', async () => {
    const { client } = setup();
    await expect(client.request('/ret/0', { silent: true })).resolves.toEqual({ ret: 0 });
  });
});

describe('jsonp', () => {
  /** Loads the script from the test server and runs it with the callbacks as its globals. */
  function serverHost(): JsonpHost & { removed: number } {
    const host = {
      removed: 0,
      callbacks: {} as Record<string, unknown>,
      loadScript(src: string, onError: () => void) {
        fetch(origin + src)
          .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
          .then((script) => new Function('scope', `with (scope) { ${script} }`)(host.callbacks))
          .catch(onError);
        return () => {
          host.removed += 1;
        };
      },
    };
    return host;
  }

  test('calls the generated callback and cleans up', async () => {
    const host = serverHost();
    await expect(jsonp('/jsonp', { params: { n: 21 } }, host)).resolves.toEqual({ ret: 0, msg: '', data: 42 });
    expect(new URL(seenUrls[0], origin).searchParams.get('callback')).toMatch(/^__jsonp_/);
    expect(host.removed).toBe(1);
    expect(Object.keys(host.callbacks)).toEqual([]);
  });

  test('times out, removes the tag and leaves a harmless callback for a late answer', async () => {
    const host = serverHost();
    const error = await rejection(jsonp('/slow', { timeoutMs: 100 }, host));
    expect([error.kind, error.message]).toEqual(['timeout', '请求超时,请重试!']);
    expect(host.removed).toBe(1);
    const [late] = Object.values(host.callbacks);
    expect(typeof late).toBe('function');
  });

  test('a script that fails to load rejects as no response', async () => {
    const host = serverHost();
    const error = await rejection(jsonp('/status/404', {}, host));
    expect([error.kind, error.message]).toEqual(['network', '连接到服务器失败']);
  });
});

describe('site calls (SPEC §7) through the page client, against the real server', () => {
  const realFetch = globalThis.fetch;
  let site: Awaited<ReturnType<typeof createTestSite>>;
  let siteServer: Server;
  /** Where the page client's site-relative calls go: the real site, or this file's stub for failures. */
  let base = '';
  /** The site-relative addresses the client asked for. */
  const asked: string[] = [];
  beforeAll(async () => {
    site = await createTestSite();
    siteServer = site.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => siteServer.once('listening', resolve));
    const siteOrigin = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
    base = siteOrigin;
    globalThis.fetch = (input, init) => {
      asked.push(String(input));
      return realFetch(base + String(input), init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    toastStore.dismissAll();
    siteServer.closeAllConnections();
    await new Promise((resolve) => siteServer.close(resolve));
    await site.close();
  });

  test('the catalogue: the seven groups of SPEC §2, each with its tools; asked once, then cached', async () => {
    const groups = await getHomeSortList();
    expect(groups.map((group) => group.title)).toEqual(['PDF转换', '转换为PDF', '特色转换', '音视频转换', '图片处理', '文档处理', '增值服务']);
    expect(groups.find((group) => group.title === '转换为PDF')?.list.map((tool) => tool.id)).toContain('word-to-pdf');
    await getHomeSortList();
    expect(asked.filter((url) => url.startsWith('/v2/api/getHomeSortList'))).toEqual(['/v2/api/getHomeSortList?platform=web']);
  });

  test('visits: a rising count with its display text', async () => {
    const first = await getWebVisits();
    const second = await getWebVisits();
    expect(second?.count).toBe((first?.count ?? NaN) + 1);
    expect(second?.display).toBe(second?.count.toLocaleString('en-US'));
  });

  test('adverts of slot 7 for the web platform: the seeded row as the server sends it', async () => {
    await expect(getAdvertising(7)).resolves.toEqual([
      { id: expect.any(Number), position: 7, title: 'PDF转Word：段落、表格、图片原样保留', image: '/images/advert/tool-pdf-to-word.png', link: '/pdf-to-word/', sort: 1 },
    ]);
  });

  test('failing links and adverts settle to empty lists without toasts', async () => {
    // The real server does not fail on demand: this file's stub answers 500 and ret 500.
    base = origin;
    try {
      await expect(getLink()).resolves.toEqual([]);
      await expect(getAdvertising()).resolves.toEqual([]);
      expect(toastStore.getSnapshot()).toEqual([]);
    } finally {
      base = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
    }
  });

  test('behaviour notes are posted as json and stored', async () => {
    await expect(takeNoteBehavior({ userId: 3, behaviorType: 'click', docId: 'd1', extra: { from: 'home' } })).resolves.toBeUndefined();
    const row = await site.api!.db.selectFrom('behavior_note').selectAll().where('doc_id', '=', 'd1').executeTakeFirstOrThrow();
    expect({ user: String(row.user_id), type: row.behavior_type, doc: row.doc_id }).toEqual({ user: '3', type: 'click', doc: 'd1' });
  });
});
