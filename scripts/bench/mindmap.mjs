// Mind map responsiveness: opens a 1000-topic map in Debian's Chromium on the built site, then
// pans (pointer drag) and zooms (wheel) while a requestAnimationFrame loop records frame times
// with performance.now(); long tasks come from the PerformanceObserver.
//   npm run build && node scripts/bench/mindmap.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '../..');
const port = 4700 + Math.floor(Math.random() * 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-bench-'));
const server = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore' });
const origin = `http://localhost:${port}`;
for (let i = 0; i < 150; i++) {
  if (await fetch(origin + '/api/nowDateTime').then(() => true, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}

let id = 0;
const topic = (text, children = []) => ({ id: `b${id++}`, text, children });
// 10 branches × 9 topics × 10 leaves + the root = 1001 topics.
const doc = { version: 1, theme: 'classic', root: topic('千节点导图', Array.from({ length: 10 }, (_, i) => topic(`分支 ${i + 1}`, Array.from({ length: 9 }, (_, j) => topic(`主题 ${i + 1}.${j + 1}`, Array.from({ length: 10 }, (_, k) => topic(`要点 ${i + 1}.${j + 1}.${k + 1} 的说明文字`))))))) };

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { frames: s.length, mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1366, height: 800 });
  // Stored before the page's own scripts run: the page writes its map when it is left, so a map
  // put in storage by an open page would be overwritten by that page's reload.
  await page.evaluateOnNewDocument((text) => localStorage.setItem('pdf365.mindmap.current', text), JSON.stringify({ doc, remoteId: null }));
  const opened = Date.now();
  await page.goto(origin + '/online-mindmap/', { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelectorAll('.mm-node').length === 1001);
  const openMs = Date.now() - opened;

  const measure = async (label, drive) => {
    await page.evaluate(() => {
      window.__frames = [];
      window.__long = [];
      window.__run = true;
      new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
      let last = performance.now();
      const tick = (t) => {
        window.__frames.push(t - last);
        last = t;
        if (window.__run) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await drive();
    const { frames, long } = await page.evaluate(() => {
      window.__run = false;
      return { frames: window.__frames.slice(2), long: window.__long };
    });
    const s = stats(frames);
    console.log(`${label.padEnd(6)} ${s.frames} frames  mean ${s.mean.toFixed(1)} ms  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  long tasks ${long.length}`);
  };

  await page.mouse.move(300, 600);
  await measure('pan', async () => {
    for (let round = 0; round < 3; round++) {
      await page.mouse.move(300, 600);
      await page.mouse.down();
      for (let i = 1; i <= 40; i++) await page.mouse.move(300 + i * 15, 600 - i * 8);
      await page.mouse.up();
    }
  });
  await measure('zoom', async () => {
    await page.mouse.move(683, 450);
    for (let i = 0; i < 60; i++) await page.mouse.wheel({ deltaY: i < 30 ? -60 : 60 });
  });
  console.log(`open   ${openMs} ms to lay out and draw 1001 topics (reload to all nodes in the DOM)`);
  console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0].model.trim()}`);
} finally {
  await browser.close();
  server.kill();
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}
