// Screenshots of pages as a visitor sees them, desktop (1366 px), tablet (768 px) and phone (375 px), for review:
//   npm run build && node scripts/screenshots.mjs / /pdf-merge/   → tmp/screens/*.png
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pdf-merge/'];
const port = 3900 + Math.floor(Math.random() * 90);
const out = path.join(root, 'tmp/screens');
fs.mkdirSync(out, { recursive: true });

const server = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: path.join(root, 'tmp/screens-data') }, stdio: 'inherit' });
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; i < 300; i++) {
  if (await fetch(origin + '/').then(() => true, () => false)) break;
  await new Promise((r) => setTimeout(r, 200));
}

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
try {
  for (const p of paths) {
    for (const [label, width, mobile] of [['desktop', 1366, false], ['tablet', 768, false], ['mobile', 375, true]]) {
      const page = await browser.newPage();
      await page.setViewport({ width, height: mobile ? 812 : 900, isMobile: mobile, deviceScaleFactor: 1 });
      await page.goto(origin + p, { waitUntil: 'networkidle0' });
      const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${label}.png`);
      await page.screenshot({ path: file, fullPage: !mobile });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.kill();
}
