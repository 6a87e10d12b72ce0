// Where a phone is sent, checked against one table written by hand from SPEC §2 (not computed by
// the rules under test): the mobile subset keeps its path, news and tags details are cut to their
// first two segments, help details go to the help root, every other page stays. The edge worker and
// the server's own redirect (used when no edge runs) are each held to the table; tablets and
// crawlers are never redirected; one test sends both the same odd requests.
import fs from 'node:fs';
import request from 'supertest';
import { SITE_ROUTES } from '../../shared/site-routes';
import { createTestSite } from '../support/site';
import { BAIDU_MOBILE_SPIDER, IPAD, IPHONE, MOBILE_ORIGIN, dryRunDeploy, startEdge, startOriginStub, type Edge, type OriginStub } from './edge';

type TestSite = Awaited<ReturnType<typeof createTestSite>>;

/** [route id, an address of that route, where a phone goes (on the mobile site), or null when it stays]. */
const EXPECTED: ReadonlyArray<readonly [string, string, string | null]> = [
  ['home', '/', '/'],
  ['myOrders', '/myOrders/', '/myOrders/'],
  ['scan', '/Scan/', null],
  ['see-more', '/see-more/', null],
  ['yijian', '/yijian/', null],
  ['xiezai-huodong', '/xiezai-huodong/', null],
  ['help', '/help/', '/help/'],
  ['help-detail', '/help/55/', '/help/'],
  ['news-more', '/news/more/', '/news/more/'],
  ['news-detail', '/news/12/', '/news/12/'],
  ['news-page', '/news/12/3/', '/news/12/'],
  ['tag', '/tag/', '/tag/'],
  ['tags', '/tags/pdf/', '/tags/pdf/'],
  ['tags-page', '/tags/pdf/3/', '/tags/pdf/'],
  ['sitemap', '/sitemap/', null],
  ['sitemap-html', '/sitemap.html', null],
  ['about', '/about/', null],
  ['cooperation', '/cooperation/', null],
  ['copyright', '/copyright/', null],
  ['invoice', '/invoice/', null],
  ['postage_pay', '/postage_pay/', null],
  ['myintegral', '/myintegral/', null],
  ['task', '/task/', null],
  ['iamEmpty', '/iamEmpty/', null],
  ['login', '/login/', null],
  ['404', '/404/', null],
  // Tools: the main PDF conversions, lock, unlock, merge, split, rotate, compress, getimg, font-recognition, video-to-ppt.
  ['tool:pdf-to-word', '/pdf-to-word/', '/pdf-to-word/'],
  ['tool:pdf-to-excel', '/pdf-to-excel/', '/pdf-to-excel/'],
  ['tool:pdf-to-ppt', '/pdf-to-ppt/', '/pdf-to-ppt/'],
  ['tool:pdf-to-jpg', '/pdf-to-jpg/', '/pdf-to-jpg/'],
  ['tool:word-to-pdf', '/word-to-pdf/', '/word-to-pdf/'],
  ['tool:excel-to-pdf', '/excel-to-pdf/', '/excel-to-pdf/'],
  ['tool:ppt-to-pdf', '/ppt-to-pdf/', '/ppt-to-pdf/'],
  ['tool:jpg-to-pdf', '/jpg-to-pdf/', '/jpg-to-pdf/'],
  ['tool:video-to-ppt', '/video-to-ppt/', '/video-to-ppt/'],
  ['tool:font-recognition', '/font-recognition/', '/font-recognition/'],
  ['tool:pdf-merge', '/pdf-merge/', '/pdf-merge/'],
  ['tool:pdf-split', '/pdf-split/', '/pdf-split/'],
  ['tool:pdf-compress', '/pdf-compress/', '/pdf-compress/'],
  ['tool:pdf-rotate', '/pdf-rotate/', '/pdf-rotate/'],
  ['tool:pdf-lock', '/pdf-lock/', '/pdf-lock/'],
  ['tool:pdf-unlock', '/pdf-unlock/', '/pdf-unlock/'],
  ['tool:pdf-getimg', '/pdf-getimg/', '/pdf-getimg/'],
  // Every other tool stays on the desktop site.
  ['tool:pdf-to-png', '/pdf-to-png/', null],
  ['tool:pdf-to-longpng', '/pdf-to-longpng/', null],
  ['tool:pdf-to-html', '/pdf-to-html/', null],
  ['tool:pdf-to-cad', '/pdf-to-cad/', null],
  ['tool:pdf-to-epub', '/pdf-to-epub/', null],
  ['tool:pdf-to-ofd', '/pdf-to-ofd/', null],
  ['tool:image_zip_to_pdf', '/image_zip_to_pdf/', null],
  ['tool:txt-to-pdf', '/txt-to-pdf/', null],
  ['tool:cad-to-pdf', '/cad-to-pdf/', null],
  ['tool:ofd-to-pdf', '/ofd-to-pdf/', null],
  ['tool:epub-to-pdf', '/epub-to-pdf/', null],
  ['tool:video-to-pdf', '/video-to-pdf/', null],
  ['tool:scan-to-word', '/scan-to-word/', null],
  ['tool:scan-to-excel', '/scan-to-excel/', null],
  ['tool:word-to-excel', '/word-to-excel/', null],
  ['tool:word-to-img', '/word-to-img/', null],
  ['tool:epub-mobi-azw3', '/epub-mobi-azw3/', null],
  ['tool:dwg-to-dxf', '/dwg-to-dxf/', null],
  ['tool:cad-to-cad', '/cad-to-cad/', null],
  ['tool:cad-to-img', '/cad-to-img/', null],
  ['tool:cad-to-dwf', '/cad-to-dwf/', null],
  ['tool:video-to-word', '/video-to-word/', null],
  ['tool:voice-to-word', '/voice-to-word/', null],
  ['tool:voice-translation', '/voice-translation/', null],
  ['tool:video-to-audio', '/video-to-audio/', null],
  ['tool:video-to-video', '/video-to-video/', null],
  ['tool:audio-to-audio', '/audio-to-audio/', null],
  ['tool:video-compress', '/video-compress/', null],
  ['tool:audio-compress', '/audio-compress/', null],
  ['tool:cut-audio', '/cut-audio/', null],
  ['tool:img-convert', '/img-convert/', null],
  ['tool:img-compress', '/img-compress/', null],
  ['tool:img-to-txt', '/img-to-txt/', null],
  ['tool:img-to-excel', '/img-to-excel/', null],
  ['tool:img-cut', '/img-cut/', null],
  ['tool:img-background-color', '/img-background-color/', null],
  ['tool:watermark', '/watermark/', null],
  ['tool:del-watermark', '/del-watermark/', null],
  ['tool:pdf-add-page-number', '/pdf-add-page-number/', null],
  ['tool:pdf-insert', '/pdf-insert/', null],
  ['tool:pdf-delete-page', '/pdf-delete-page/', null],
  ['tool:pdf-portfolios', '/pdf-portfolios/', null],
  ['tool:timestamp', '/timestamp/', null],
  ['tool:pdf-scan', '/pdf-scan/', null],
  ['tool:online-mindmap', '/online-mindmap/', null],
];

/** Channel parameters travel with the redirect unchanged (SPEC §5). */
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

/** Where an answer sends the visitor on the mobile site, or null (served here, or sent elsewhere: the login of needs-login pages). */
function target(status: number, location: string | null | undefined): string | null {
  return status >= 300 && status < 400 && location?.startsWith(MOBILE_ORIGIN) ? location : null;
}

async function atEdge(path: string, userAgent: string, method = 'GET'): Promise<string | null> {
  const res = await edge.fetch(path, { method, headers: { 'User-Agent': userAgent } });
  await res.text();
  return target(res.status, res.headers.get('Location'));
}

async function atServer(path: string, userAgent: string, method = 'GET'): Promise<string | null> {
  const res = await request(site.app)[method === 'HEAD' ? 'head' : method === 'POST' ? 'post' : 'get'](path).set('User-Agent', userAgent);
  return target(res.status, res.headers.location);
}

test('the table names every page of the site once', () => {
  expect(EXPECTED.map(([id]) => id).sort()).toEqual(SITE_ROUTES.map((route) => route.id).sort());
});

describe('a phone', () => {
  it.each(EXPECTED)('%s (%s) → %s, at the edge and at the server', async (_id, path, mobilePath) => {
    const expected = mobilePath === null ? null : MOBILE_ORIGIN + mobilePath + QUERY;
    expect({ edge: await atEdge(path + QUERY, IPHONE), server: await atServer(path + QUERY, IPHONE) }).toEqual({ edge: expected, server: expected });
  });
});

test.each([
  ['a tablet', IPAD],
  ['a crawler with a phone agent', BAIDU_MOBILE_SPIDER],
])('%s stays on every page, at the edge and at the server', async (_device, userAgent) => {
  const redirected: string[] = [];
  for (const [id, path] of EXPECTED) {
    const answers = [await atEdge(path, userAgent), await atServer(path, userAgent)];
    if (answers.some((answer) => answer !== null)) redirected.push(`${id}: ${answers.join(' | ')}`);
  }
  expect(redirected).toEqual([]);
});

test('the worker and the server answer odd requests alike (the same rule runs in both)', async () => {
  const cases: Array<[method: string, path: string]> = [
    ['GET', '/PDF-TO-WORD/?agent=abc'],
    ['HEAD', '/pdf-merge/'],
    ['POST', '/pdf-merge/'],
    ['GET', '/news/12/3/?a=1&a=2'],
    ['GET', '/help/55/?from=%E4%B8%AD'],
    ['GET', '/tags/pdf/2/'],
  ];
  for (const [method, path] of cases) {
    expect([method, path, await atEdge(path, IPHONE, method)]).toEqual([method, path, await atServer(path, IPHONE, method)]);
  }
});
