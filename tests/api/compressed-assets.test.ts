// Issue 16 "Assets", on the shipped server: precompressed JS/CSS/SVG chosen by Accept-Encoding,
// gzipped pages that decode to the same document, cache lifetimes by name, favicon.ico, og-image.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { ROOT, startBuiltServer, type BuiltServer } from '../support/built-server';

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
}, 60_000);
afterAll(() => server?.stop());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as sent (fetch and supertest would decode them), with exactly the headers given. */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(server.origin + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const PUBLIC = path.join(ROOT, 'dist/public');
const manifest = JSON.parse(fs.readFileSync(path.join(PUBLIC, 'manifest.json'), 'utf8'));
const entryJs = `/assets/${manifest.entry.file}`;
const entryCss = `/assets/${manifest.entry.css[0]}`;
const onDisk = (urlPath: string) => fs.readFileSync(path.join(PUBLIC, urlPath));

describe('precompressed JS, CSS and SVG', () => {
  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const)('answers a hashed chunk in %s when accepted, decoding to the file itself', async (encoding, decode) => {
    for (const file of [entryJs, entryCss]) {
      const res = await get(file, { 'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toBe(file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(onDisk(file).length / 2);
      expect(decode(res.body).equals(onDisk(file))).toBe(true);
    }
  });

  it('sends the file as it is without Accept-Encoding, or when every coding is refused', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }] as Array<Record<string, string>>) {
      const res = await get(entryJs, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.equals(onDisk(entryJs))).toBe(true);
    }
    // A refused br falls back to gzip.
    expect((await get(entryJs, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('keeps unhashed files a day, not a year', async () => {
    for (const file of ['/favicon.svg', '/favicon.ico', '/og-image.png']) {
      const res = await get(file, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
  });
});

describe('pages', () => {
  it('gzips a tool page when accepted, decoding to the page sent uncompressed (but for its nonce)', async () => {
    const page = '/pdf-to-word/?from=compression-test';
    const plain = await get(page);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Twice: the second answer splices the parts the first deflated.
    for (let i = 0; i < 2; i++) {
      const res = await get(page, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['x-page-cache']).toBe('hit');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      const html = zlib.gunzipSync(res.body).toString('utf8');
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
      expect(html.match(/nonce="([^"]+)"/g)!.every((attr) => attr === `nonce="${nonce}"`)).toBe(true);
      expect(html).toBe(plain.body.toString('utf8').replace(/nonce="[^"]+"/g, `nonce="${nonce}"`));
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
    }
  });

  it('gzips a page rendered for a logged-in visitor too (never cached)', async () => {
    const res = await get('/pdf-merge/', { 'Accept-Encoding': 'gzip', Cookie: 'accessToken=abc' });
    expect(res.headers['x-page-cache']).toBe('miss');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString('utf8')).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
  });
});

describe('favicon.ico and og-image.png', () => {
  it('serves a real ICO with 16, 32 and 48 pixel PNG entries', async () => {
    const res = await get('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = res.body;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const entry = 6 + 16 * i;
      const [width, height, length, offset] = [ico[entry], ico[entry + 1], ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      const png = ico.subarray(offset, offset + length);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
      // The brand red is drawn, not an empty square.
      const { dominant } = await sharp(png).stats();
      expect(dominant.r).toBeGreaterThan(180);
      sizes.push(width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('serves the 1200×630 PNG the og:image tag names', async () => {
    const home = (await get('/')).body.toString('utf8');
    const og = /property="og:image" content="([^"]+)"/.exec(home)![1];
    expect(new URL(og).pathname).toBe('/og-image.png');
    const res = await get('/og-image.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });
});
