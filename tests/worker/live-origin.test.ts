// The edge worker in front of the real Express server on loopback (needs the built client:
// `node scripts/build.mjs`, which `npm test` runs first). The server's own origin is its loopback
// address, so every canonical it writes is one the edge has to rewrite.
import fs from 'node:fs';
import { startLiveSite, type LiveSite } from '../support/browser';
import { DESKTOP, IPHONE, MOBILE_ORIGIN, PUBLIC_ORIGIN, dryRunDeploy, startEdge, type Edge } from './edge';

let bundleDir: string;
let site: LiveSite;
let edge: Edge;

beforeAll(async () => {
  bundleDir = (await dryRunDeploy('production')).outdir;
  site = await startLiveSite();
  edge = await startEdge(bundleDir, site.origin);
});

afterAll(async () => {
  await edge?.dispose();
  await site?.close();
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

function canonicalHrefs(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="canonical"[^>]*>/g)].map((m) => /href="([^"]*)"/.exec(m[0])![1]);
}

it("rewrites the page's canonical link from the origin's address to the public one", async () => {
  const direct = await (await fetch(`${site.origin}/pdf-merge/`)).text();
  expect(canonicalHrefs(direct)).toEqual([`${site.origin}/pdf-merge/`]);

  const res = await edge.fetch('/pdf-merge/', { headers: { 'User-Agent': DESKTOP } });
  expect(res.status).toBe(200);
  expect(canonicalHrefs(await res.text())).toEqual([`${PUBLIC_ORIGIN}/pdf-merge/`]);
});

it('sends a phone to the mobile site', async () => {
  const res = await edge.fetch('/news/1/2/?agent=abc', { headers: { 'User-Agent': IPHONE } });
  expect(res.status).toBe(302);
  expect(res.headers.get('Location')).toBe(`${MOBILE_ORIGIN}/news/1/?agent=abc`);
});

it('sends the 360ald channel to its payment page with the cookies the server itself would set', async () => {
  const query = '?agent=360ald&MD=m-1!&foxit_version=&productname=a&productname=b';
  const fromServer = await fetch(`${site.origin}/about/${query}`);
  await fromServer.text();

  const res = await edge.fetch(`/postage_pay/${query}`);
  expect(res.status).toBe(302);
  expect(res.headers.get('Location')).toBe('https://pay.360.cn/pdf365/?channel=360ald&from=postage_pay');
  expect(res.headers.getSetCookie().sort()).toEqual(fromServer.headers.getSetCookie().sort());
  expect(res.headers.getSetCookie()).toHaveLength(4);
});

it('passes a POST through to the API, even from a phone', async () => {
  const res = await edge.fetch('/behavior/takeNoteBehavior', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': IPHONE },
    body: JSON.stringify({ behaviorType: 'edge-test' }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ret: 0, msg: '', data: null });
});
