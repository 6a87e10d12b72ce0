// The edge worker and the server's own mobile redirect (used when no edge runs) send every page
// of the site to the same place, for a phone, a tablet and a crawler alike.
import fs from 'node:fs';
import request from 'supertest';
import { SITE_ROUTES } from '../../shared/site-routes';
import { createTestSite } from '../support/site';
import { BAIDU_MOBILE_SPIDER, IPAD, IPHONE, MOBILE_ORIGIN, dryRunDeploy, startEdge, startOriginStub, type Edge, type OriginStub } from './edge';

type TestSite = Awaited<ReturnType<typeof createTestSite>>;

const SAMPLE_PARAMS: Record<string, string> = { id: '12', page: '3', slug: '55', key: 'pdf' };

/** A concrete address for a route pattern: /news/:id/:page/ → /news/12/3/. */
function samplePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => SAMPLE_PARAMS[name] ?? `sample-${name}`);
}

const QUERY = '?agent=abc&MD=x';

let bundleDir: string;
let stub: OriginStub;
let edge: Edge;
let site: TestSite;

beforeAll(async () => {
  bundleDir = (await dryRunDeploy('production')).outdir;
  stub = await startOriginStub((_request, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('origin'));
  edge = await startEdge(bundleDir, stub.origin);
  site = await createTestSite();
});

afterAll(async () => {
  await edge?.dispose();
  await stub?.close();
  await site?.close();
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

/** Where an answer sends the visitor on the mobile site, or null when it does not. */
function mobileTarget(status: number, location: string | null | undefined): string | null {
  return status === 302 && location?.startsWith(MOBILE_ORIGIN) ? location : null;
}

describe.each([
  ['a phone', IPHONE],
  ['a tablet', IPAD],
  ['a crawler with a phone agent', BAIDU_MOBILE_SPIDER],
])('for %s', (_device, userAgent) => {
  it.each(SITE_ROUTES.map((route) => [route.id, samplePath(route.path)]))('%s (%s): worker and server agree', async (_id, path) => {
    const atEdge = await edge.fetch(path + QUERY, { headers: { 'User-Agent': userAgent } });
    await atEdge.text();
    const atServer = await request(site.app).get(path + QUERY).set('User-Agent', userAgent);
    expect(mobileTarget(atEdge.status, atEdge.headers.get('Location'))).toBe(mobileTarget(atServer.status, atServer.headers.location));
  });
});

it('redirects a phone on exactly the pages with a mobile rule', async () => {
  for (const route of SITE_ROUTES) {
    const path = samplePath(route.path);
    const res = await edge.fetch(path, { headers: { 'User-Agent': IPHONE } });
    await res.text();
    expect([route.id, mobileTarget(res.status, res.headers.get('Location')) !== null]).toEqual([route.id, route.options.mobile !== undefined]);
  }
});
