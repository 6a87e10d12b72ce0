// The edge worker under test: the bundle `wrangler deploy --dry-run` writes (the very file a deploy
// would upload), run by Miniflare with nothing reaching Cloudflare, in front of an origin on loopback.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Miniflare, type RequestInit as MiniflareRequestInit } from 'miniflare';
import { MOBILE_ORIGIN, PUBLIC_ORIGIN } from '../support/site';

export { MOBILE_ORIGIN, PUBLIC_ORIGIN };
export const PAY_360ALD_URL = 'https://pay.360.cn/pdf365/?channel=360ald';

const ROOT = path.resolve(__dirname, '../..');
const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');
/** The runtime behaviour the deployed worker gets, read from wrangler.toml so tests run the same. */
const COMPATIBILITY_DATE = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(fs.readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8'))![1];

export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const BAIDU_MOBILE_SPIDER = 'Mozilla/5.0 (Linux;u;Android 4.2.2;zh-cn;) AppleWebKit/534.46 (KHTML,like Gecko) Version/5.1 Mobile Safari/10600.6.3 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
export const GOOGLEBOT_SMARTPHONE = 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export type WranglerEnv = 'staging' | 'production';

/** Runs `wrangler deploy --dry-run` for one environment (offline, no login) and returns the bundle's folder. */
export async function dryRunDeploy(env: WranglerEnv): Promise<{ outdir: string; output: string }> {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), `worker-${env}-`));
  const { stdout, stderr } = await promisify(execFile)(WRANGLER, ['deploy', '--dry-run', '--env', env, '--outdir', outdir], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
  });
  return { outdir, output: stdout + stderr };
}

export interface Edge {
  fetch(pathAndQuery: string, init?: MiniflareRequestInit): Promise<Response>;
  /** True once the edge cache holds the page (it is filled after the response, in waitUntil). */
  isCached(pathAndQuery: string): Promise<boolean>;
  dispose(): Promise<void>;
}

/** Runs the bundle in Miniflare with the given ORIGIN (and the test origins for the other variables). */
export async function startEdge(bundleDir: string, origin: string, vars: Partial<Record<'PAY_360ALD_URL' | 'MOBILE_ORIGIN', string>> = {}): Promise<Edge> {
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const scriptPath = path.join(bundleDir, 'index.js');
  const mf = new Miniflare({
    // Given as one module, not as scriptPath: Miniflare would try to resolve the bundled
    // react-router's computed import() of route modules, which the worker never runs.
    modules: [{ type: 'ESModule', path: scriptPath, contents: fs.readFileSync(scriptPath, 'utf8') }],
    modulesRoot: bundleDir,
    compatibilityDate: COMPATIBILITY_DATE,
    bindings: { ORIGIN: origin, PUBLIC_ORIGIN, MOBILE_ORIGIN, PAY_360ALD_URL, ...vars },
  });
  await mf.ready;
  return {
    async fetch(pathAndQuery, init = {}) {
      // Redirects are what is under test: never follow them.
      return (await mf.dispatchFetch(PUBLIC_ORIGIN + pathAndQuery, { redirect: 'manual', ...init })) as unknown as Response;
    },
    async isCached(pathAndQuery) {
      const cache = await (await mf.getCaches()).open('pages');
      const hit = await cache.match(PUBLIC_ORIGIN + pathAndQuery);
      await hit?.arrayBuffer();
      return hit !== undefined;
    },
    dispose: () => mf.dispose(),
  };
}

export interface OriginRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface OriginStub {
  origin: string;
  requests: OriginRequest[];
  close(): Promise<void>;
}

/** A loopback origin that records every request and answers with `respond`. */
export async function startOriginStub(respond: (request: OriginRequest, res: http.ServerResponse) => void): Promise<OriginStub> {
  const requests: OriginRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() };
      requests.push(request);
      respond(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The edge on a loopback port of its own, for clients that need an origin to send to (TaskClient):
 * each request goes to `edge.fetch` with its method, headers and body, the answer comes back whole.
 */
export async function serveEdge(edge: Edge): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (name !== 'host' && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const bodyless = req.method === 'GET' || req.method === 'HEAD';
      const answer = await edge.fetch(req.url ?? '/', { method: req.method, headers, body: bodyless ? undefined : Buffer.concat(chunks) });
      const body = Buffer.from(await answer.arrayBuffer());
      // The body is already decoded: its length and encoding are this server's to state.
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      res.writeHead(answer.status, out).end(body);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
