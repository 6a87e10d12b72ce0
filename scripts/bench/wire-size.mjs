// Bytes on the wire for a page's first load (the HTML, its stylesheets and module scripts) as the
// built server sends them to a client accepting nothing, gzip, or brotli and gzip (issue 16).
//   npm run build && node scripts/bench/wire-size.mjs [/pdf-to-word/ /]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/pdf-to-word/', '/'];
const CLIENTS = [
  ['none', {}],
  ['gzip', { 'Accept-Encoding': 'gzip, deflate' }],
  ['br', { 'Accept-Encoding': 'gzip, deflate, br' }],
];
const port = 39000 + Math.floor(Math.random() * 1000);
const origin = `http://127.0.0.1:${port}`;

function get(urlPath, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(origin + urlPath, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-size-'));
const server = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore' });
try {
  for (let i = 0; ; i++) {
    if (await get('/favicon.svg', {}).then((r) => r.status === 200, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log('| page | client | HTML | CSS | JS | total |\n|---|---|---|---|---|---|');
  for (const page of pages) {
    const identity = (await get(page, {})).body.toString('utf8');
    const css = [...identity.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const js = [...new Set([...identity.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...identity.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]))];
    for (const [name, headers] of CLIENTS) {
      const size = async (paths) => (await Promise.all(paths.map((p) => get(p, headers)))).reduce((sum, r) => sum + r.body.length, 0);
      const [html, cssBytes, jsBytes] = [await size([page]), await size(css), await size(js)];
      console.log(`| ${page} | ${name} | ${kb(html)} | ${kb(cssBytes)} | ${kb(jsBytes)} (${js.length} files) | ${kb(html + cssBytes + jsBytes)} |`);
    }
  }
} finally {
  // The server's LibreOffice listeners write their profiles until it has exited.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
