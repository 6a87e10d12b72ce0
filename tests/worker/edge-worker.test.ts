// The edge worker's rules, each against an origin stub on loopback that records what reaches it.
import fs from 'node:fs';
import type http from 'node:http';
import {
  ANDROID_PHONE,
  ANDROID_TABLET,
  BAIDU_MOBILE_SPIDER,
  DESKTOP,
  GOOGLEBOT_SMARTPHONE,
  IPAD,
  IPHONE,
  MOBILE_ORIGIN,
  PUBLIC_ORIGIN,
  dryRunDeploy,
  startEdge,
  startOriginStub,
  type Edge,
  type OriginRequest,
  type OriginStub,
} from './edge';

const ORIGIN_NONCE = 'originNonce==';

/** A page the way the origin could send it: a stale canonical on the origin's host, a duplicate, one in the body. */
function messyPage(originHost: string): string {
  return `<!DOCTYPE html><html><head><title>t</title>
<link data-head="canonical" rel="canonical" href="http://${originHost}/pdf-merge/?from=origin">
<link rel="canonical" href="https://duplicate.example/">
<script nonce="${ORIGIN_NONCE}">1</script></head>
<body><p>body</p><link rel="CANONICAL" href="https://in-body.example/"></body></html>`;
}

let releaseStream: () => void = () => undefined;
const streamReleased = new Promise<void>((resolve) => (releaseStream = resolve));

function respond(request: OriginRequest, res: http.ServerResponse): void {
  const path = request.url.split('?')[0];
  const html = (body: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });
    res.end(body);
  };
  switch (path) {
    case '/no-canonical/':
      return html('<html><head><title>t</title></head><body></body></html>');
    case '/script.js':
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(`document.head.innerHTML = '<link rel="canonical" href="http://${request.headers.host}/">';`);
      return;
    case '/slow.txt':
      // The first bytes go out at once, the rest only when the test says so: a worker that buffered
      // would not hand the test a response before the release, and the test would time out.
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write('first part;');
      void streamReleased.then(() => res.end('second part'));
      return;
    case '/with-cookie/':
      return html('<html><head></head></html>', { 'Set-Cookie': 'UUID=abc; Path=/' });
    case '/private/':
      return html('<html><head></head></html>', { 'Cache-Control': 'private, no-store' });
    case '/missing/':
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<html><head></head></html>');
      return;
    case '/behavior/takeNoteBehavior':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ret":0,"msg":"","data":null}');
      return;
    default:
      return html(messyPage(request.headers.host ?? ''), {
        'Content-Security-Policy': `default-src 'self'; script-src 'self' 'nonce-${ORIGIN_NONCE}'`,
      });
  }
}

function canonicalLinks(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="canonical"[^>]*>/gi)].map((m) => m[0]);
}

let bundleDir: string;
let stub: OriginStub;
let edge: Edge;

beforeAll(async () => {
  bundleDir = (await dryRunDeploy('production')).outdir;
  stub = await startOriginStub(respond);
  edge = await startEdge(bundleDir, stub.origin);
});

afterAll(async () => {
  releaseStream();
  await edge?.dispose();
  await stub?.close();
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

beforeEach(() => {
  stub.requests.length = 0;
});

function reachedOrigin(path: string): OriginRequest[] {
  return stub.requests.filter((r) => r.url === path);
}

describe('wrangler.toml', () => {
  it.each(['staging', 'production'] as const)('deploys as a dry run for %s, offline, with all four variables', async (env) => {
    const { outdir, output } = await dryRunDeploy(env);
    try {
      for (const name of ['ORIGIN', 'PUBLIC_ORIGIN', 'MOBILE_ORIGIN', 'PAY_360ALD_URL']) expect(output).toContain(`env.${name} (`);
      expect(fs.existsSync(`${outdir}/index.js`)).toBe(true);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});

describe('mobile redirect', () => {
  it.each([
    ['an iPhone, a tool page, query kept', IPHONE, '/pdf-merge/?agent=abc&MD=x', `${MOBILE_ORIGIN}/pdf-merge/?agent=abc&MD=x`],
    ['an Android phone, the home page', ANDROID_PHONE, '/', `${MOBILE_ORIGIN}/`],
    ['news detail page cut to the first segments', IPHONE, '/news/12/3/', `${MOBILE_ORIGIN}/news/12/`],
    ['tags detail page cut to the first segments', IPHONE, '/tags/pdf/2/', `${MOBILE_ORIGIN}/tags/pdf/`],
    ['help article to the help root', IPHONE, '/help/55/', `${MOBILE_ORIGIN}/help/`],
  ])('sends %s to the mobile site', async (_case, agent, path, target) => {
    const res = await edge.fetch(path, { headers: { 'User-Agent': agent } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(target);
    expect(res.headers.get('Vary')).toBe('User-Agent');
    expect(stub.requests).toHaveLength(0);
  });

  it('redirects HEAD like GET', async () => {
    const res = await edge.fetch('/pdf-split/', { method: 'HEAD', headers: { 'User-Agent': IPHONE } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${MOBILE_ORIGIN}/pdf-split/`);
  });

  it.each([
    // Each case its own address, so none is answered from the edge cache another one filled.
    ['an iPad', IPAD, '/pdf-merge/?case=ipad'],
    ['an Android tablet', ANDROID_TABLET, '/pdf-merge/?case=android-tablet'],
    ["Baidu's mobile spider", BAIDU_MOBILE_SPIDER, '/pdf-merge/?case=baiduspider'],
    ['Googlebot smartphone', GOOGLEBOT_SMARTPHONE, '/pdf-merge/?case=googlebot'],
    ['a desktop browser', DESKTOP, '/pdf-merge/?case=desktop'],
    ['a phone on a page outside the mobile subset', IPHONE, '/about/'],
  ])('lets %s through to the page', async (_case, agent, path) => {
    const res = await edge.fetch(path, { headers: { 'User-Agent': agent } });
    await res.text();
    expect(res.status).toBe(200);
    expect(reachedOrigin(path)).toHaveLength(1);
  });

  it('lets a phone POST through with its body', async () => {
    const res = await edge.fetch('/pdf-merge/', { method: 'POST', headers: { 'User-Agent': IPHONE, 'Content-Type': 'text/plain' }, body: 'payload' });
    await res.text();
    expect(res.status).toBe(200);
    expect(reachedOrigin('/pdf-merge/')).toEqual([expect.objectContaining({ method: 'POST', body: 'payload' })]);
  });
});

describe('canonical link', () => {
  it('leaves exactly one, on the public origin, with the path and no query, and keeps its data-head', async () => {
    const res = await edge.fetch('/pdf-merge/?utm=1', { headers: { 'User-Agent': DESKTOP } });
    const html = await res.text();
    expect(canonicalLinks(html)).toEqual([`<link data-head="canonical" rel="canonical" href="${PUBLIC_ORIGIN}/pdf-merge/">`]);
    expect(html).not.toContain('127.0.0.1');
    expect(html).not.toContain('duplicate.example');
    expect(html).not.toContain('in-body.example');
    expect(html).toContain('<p>body</p>');
  });

  it('adds one before </head> when the page has none', async () => {
    const html = await (await edge.fetch('/no-canonical/')).text();
    expect(html).toBe(`<html><head><title>t</title><link data-head="canonical" rel="canonical" href="${PUBLIC_ORIGIN}/no-canonical/"></head><body></body></html>`);
  });

  it('passes other content through byte for byte', async () => {
    const res = await edge.fetch('/script.js');
    const body = await res.text();
    expect(body).toContain(`href="http://${new URL(stub.origin).host}/"`);
    expect(res.headers.get('Content-Type')).toBe('text/javascript');
  });

  it('streams other content instead of buffering it', async () => {
    const res = await edge.fetch('/slow.txt');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('first part;')) received += decoder.decode((await reader.read()).value);
    releaseStream();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += decoder.decode(chunk.value);
    expect(received).toBe('first part;second part');
  });
});

describe('360ald payment redirect', () => {
  const payTarget = (page: string) => `https://pay.360.cn/pdf365/?channel=360ald&from=${page}`;

  it('sends the channel from the URL to its payment page and sets the cookies as the server does', async () => {
    const res = await edge.fetch('/postage_pay/?agent=360ald&MD=a-b!&productname=%3Cx%3E&unrelated=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(payTarget('postage_pay'));
    expect(res.headers.getSetCookie()).toEqual(['agent=360ald; Path=/; SameSite=Lax', 'MD=ab; Path=/; SameSite=Lax', 'productname=x; Path=/; SameSite=Lax']);
    expect(stub.requests).toHaveLength(0);
  });

  it.each([
    ['/invoice/', 'invoice'],
    ['/xiezai-huodong/', 'xiezai-huodong'],
  ])('sends the channel from the agent cookie on %s', async (path, page) => {
    const res = await edge.fetch(path, { headers: { Cookie: 'UUID=u; agent=360ald' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(payTarget(page));
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('never lets the request choose the host', async () => {
    const res = await edge.fetch('/postage_pay/?agent=360ald&redirect=https://evil.example/&from=https://evil.example/');
    expect(new URL(res.headers.get('Location')!).host).toBe('pay.360.cn');
    expect(new URL(res.headers.get('Location')!).searchParams.getAll('from')).toEqual(['postage_pay']);
  });

  it.each([
    ['another agent', '/postage_pay/?agent=baidu', {}],
    ['the URL agent overriding a 360ald cookie', '/postage_pay/?agent=other', { Cookie: 'agent=360ald' }],
    ['a page that is not a payment page', '/pdf-merge/?agent=360ald', {}],
    ['a POST', '/postage_pay/?agent=360ald', {}, 'POST'],
  ])('leaves %s to the origin', async (_case, path, headers, method = 'GET') => {
    const res = await edge.fetch(path, { method, headers });
    await res.text();
    expect(res.status).toBe(200);
    expect(reachedOrigin(path)).toHaveLength(1);
  });

  it('serves our own page when PAY_360ALD_URL names a host outside the allow-list', async () => {
    const misconfigured = await startEdge(bundleDir, stub.origin, { PAY_360ALD_URL: 'https://360.cn.evil.example/pay' });
    try {
      const res = await misconfigured.fetch('/postage_pay/?agent=360ald');
      await res.text();
      expect(res.status).toBe(200);
      expect(reachedOrigin('/postage_pay/?agent=360ald')).toHaveLength(1);
    } finally {
      await misconfigured.dispose();
    }
  });
});

describe('proxy to the origin', () => {
  it('forwards method, body, query and the X-Forwarded headers, and passes the answer back', async () => {
    const res = await edge.fetch('/behavior/takeNoteBehavior?x=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9', 'X-Forwarded-For': '10.6.6.6', Cookie: 'UUID=u' },
      body: '{"behaviorType":"click"}',
    });
    expect(await res.json()).toEqual({ ret: 0, msg: '', data: null });
    const [forwarded] = reachedOrigin('/behavior/takeNoteBehavior?x=1');
    expect(forwarded).toMatchObject({ method: 'POST', body: '{"behaviorType":"click"}' });
    expect(forwarded.headers).toMatchObject({
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': new URL(PUBLIC_ORIGIN).host,
      cookie: 'UUID=u',
    });
  });

  it('keeps a path that looks like another host on the origin', async () => {
    const res = await edge.fetch('//evil.example/pdf-merge/');
    await res.text();
    expect(reachedOrigin('//evil.example/pdf-merge/')).toHaveLength(1);
  });
});

describe('edge cache', () => {
  async function whenCached(path: string): Promise<void> {
    // The copy is stored in waitUntil, after the response: wait for it, bounded by the test timeout.
    while (!(await edge.isCached(path))) await new Promise((resolve) => setImmediate(resolve));
  }

  it('serves an anonymous page from the cache with the origin headers, a fresh nonce and the canonical link', async () => {
    const first = await edge.fetch('/see-more/');
    expect(canonicalLinks(await first.text())).toHaveLength(1);
    await whenCached('/see-more/');

    const second = await edge.fetch('/see-more/');
    const html = await second.text();
    expect(reachedOrigin('/see-more/')).toHaveLength(1);
    expect(second.headers.get('Cache-Control')).toBe('no-cache');
    expect(second.headers.get('X-Origin-Cache-Control')).toBeNull();
    const headerNonce = /'nonce-([^']+)'/.exec(second.headers.get('Content-Security-Policy')!)![1];
    expect(headerNonce).not.toBe(ORIGIN_NONCE);
    expect(html).toContain(`<script nonce="${headerNonce}">`);
    expect(canonicalLinks(html)).toEqual([`<link data-head="canonical" rel="canonical" href="${PUBLIC_ORIGIN}/see-more/">`]);
  });

  /** Stores a storable page after `path`'s request: once it is there, a put for `path` would have been too. */
  async function afterLaterPut(path: string): Promise<void> {
    const marker = `/sitemap/?after=${encodeURIComponent(path)}`;
    await (await edge.fetch(marker)).text();
    await whenCached(marker);
  }

  it('never reads the cache for a logged-in visitor', async () => {
    await (await edge.fetch('/cooperation/')).text();
    await whenCached('/cooperation/');
    await (await edge.fetch('/cooperation/', { headers: { Cookie: 'UUID=u; accessToken=tok' } })).text();
    expect(reachedOrigin('/cooperation/')).toHaveLength(2);
  });

  it('never fills the cache for a logged-in visitor', async () => {
    await (await edge.fetch('/copyright/', { headers: { Cookie: 'accessToken=tok' } })).text();
    await afterLaterPut('/copyright/');
    expect(await edge.isCached('/copyright/')).toBe(false);
  });

  it.each(['/with-cookie/', '/private/', '/missing/', '/script.js'])('does not store %s', async (path) => {
    await (await edge.fetch(path)).text();
    await afterLaterPut(path);
    expect(await edge.isCached(path)).toBe(false);
  });
});
