// Lighthouse 12 on the built server, its mobile defaults (Moto G Power viewport, simulated slow 4G
// and 4× CPU slowdown), for the home page and three tool pages (issue 16: performance ≥ 95,
// accessibility, best practices and SEO 100). Prints the four scores, LCP, TBT and the bytes
// transferred per page, as a Markdown table for RESULTS.md.
//   npm run build && node scripts/bench/lighthouse.mjs [/ /pdf-to-word/ …]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../..');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pdf-to-word/', '/pdf-merge/', '/img-compress/'];
const port = 39000 + Math.floor(Math.random() * 1000);
// The canonical origin is the one the pages are asked on, as in production (a canonical link to
// another host would cost SEO points that production does not lose).
const origin = `http://localhost:${port}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const server = spawn(process.execPath, ['dist/server/main.mjs'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PUBLIC_ORIGIN: origin, DATA_DIR: dataDir },
  stdio: 'ignore',
});
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${origin}/favicon.svg`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // One unmeasured visit per page first: the server renders a page once, then answers from its cache.
  for (const page of pages) await fetch(origin + page);

  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const ms = (lhr, id) => `${Math.round(lhr.audits[id].numericValue)} ms`;
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${os.cpus().length} cores`);
  console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | transferred |\n|---|---|---|---|---|---|---|---|');
  const failing = new Map();
  for (const page of pages) {
    const { lhr } = await lighthouse(origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    const kb = `${(lhr.audits['total-byte-weight'].numericValue / 1024).toFixed(1)} KB`;
    // A run Lighthouse itself could not complete (no paint seen, a protocol timeout) scores null: say why.
    if (lhr.runtimeError) console.log(`  ${page}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    console.log(`| ${page} | ${score(lhr, 'performance')} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ${ms(lhr, 'largest-contentful-paint')} | ${ms(lhr, 'total-blocking-time')} | ${kb} |`);
    // What cost points, so a run says what to fix (scored audits below 1, performance metrics aside).
    for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
      for (const ref of auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1 && category !== 'performance') failing.set(`${category}: ${ref.id}`, `${audit.title}`);
      }
    }
  }
  for (const [key, title] of failing) console.log(`  below full marks — ${key} (${title})`);
} finally {
  await chrome.kill();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
