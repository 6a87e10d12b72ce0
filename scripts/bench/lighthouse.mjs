// Lighthouse 12 on the built server, its mobile defaults (Moto G Power viewport, simulated slow 4G
// and 4× CPU slowdown), for the home page and three tool pages (issue 16: performance ≥ 95,
// accessibility, best practices and SEO 100). Each page is measured LIGHTHOUSE_RUNS times (default
// 5), the pages taking turns so a busy minute of the machine does not fall on one page; for each
// page it prints the median run as Lighthouse's docs pick it (the run nearest the median FCP and
// TTI: lighthouse/core/lib/median-run.js) with its four scores, FCP, LCP, TBT and the bytes
// transferred, and the spread of the performance score over all runs, as a Markdown table for
// RESULTS.md. LIGHTHOUSE_REPORTS=dir also writes every run's full JSON report there (the audits
// behind the scores: LCP element and breakdown, main-thread work, network requests).
//   npm run build && LIGHTHOUSE_RUNS=5 node scripts/bench/lighthouse.mjs [/ /pdf-to-word/ …]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const root = path.resolve(import.meta.dirname, '../..');
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pdf-to-word/', '/pdf-merge/', '/img-compress/'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1, not ${process.env.LIGHTHOUSE_RUNS}`);
const reportDir = process.env.LIGHTHOUSE_REPORTS;
if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
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

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const ms = (lhr, id) => `${Math.round(lhr.audits[id].numericValue)} ms`;
const completed = (lhr) => !lhr.runtimeError && Number.isFinite(lhr.audits['first-contentful-paint']?.numericValue) && Number.isFinite(lhr.audits.interactive?.numericValue);

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${origin}/favicon.svg`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // One unmeasured visit per page first: the server renders a page once, then answers from its cache.
  for (const page of pages) await fetch(origin + page);

  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  console.log(`Lighthouse ${version}, mobile defaults, ${os.cpus().length} cores, ${runs} run(s) a page, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start`);
  const results = new Map(pages.map((page) => [page, []]));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const { lhr } = await lighthouse(origin + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      // A run Lighthouse itself could not complete (no paint seen, a protocol timeout) scores null: say why, and leave it out of the median.
      if (lhr.runtimeError) console.log(`  ${page} run ${run}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      if (reportDir) fs.writeFileSync(path.join(reportDir, `${page.replace(/\W+/g, '_')}run${run}.json`), JSON.stringify(lhr));
      results.get(page).push(lhr);
    }
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);

  console.log('| page | performance (median run) | spread of runs | accessibility | best practices | SEO | FCP | LCP | TBT | transferred |\n|---|---|---|---|---|---|---|---|---|---|');
  const failing = new Map();
  for (const [page, lhrs] of results) {
    const valid = lhrs.filter(completed);
    if (!valid.length) {
      console.log(`| ${page} | no completed run | | | | | | | | |`);
      continue;
    }
    const lhr = computeMedianRun(valid);
    const perf = valid.map((r) => score(r, 'performance'));
    const spread = `${Math.min(...perf)}–${Math.max(...perf)} (${perf.join(', ')})`;
    const kb = `${(lhr.audits['total-byte-weight'].numericValue / 1024).toFixed(1)} KB`;
    console.log(`| ${page} | ${score(lhr, 'performance')} | ${spread} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ${ms(lhr, 'first-contentful-paint')} | ${ms(lhr, 'largest-contentful-paint')} | ${ms(lhr, 'total-blocking-time')} | ${kb} |`);
    // What cost points, so a run says what to fix (scored audits below 1, performance metrics aside).
    for (const r of valid) {
      for (const [category, { auditRefs }] of Object.entries(r.categories)) {
        for (const ref of auditRefs) {
          const audit = r.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1 && category !== 'performance') failing.set(`${category}: ${ref.id}`, `${audit.title}`);
        }
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
