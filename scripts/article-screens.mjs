// Screenshots of our own pages for the help and tutorial articles (server/content/articles/*.md):
//   npm run build && node scripts/article-screens.mjs            → server/content/images/*.webp
//   node scripts/article-screens.mjs pdf-to-word pdf-merge        → only those shots
// Starts the built server on a scratch data folder (as scripts/screenshots.mjs does), takes each
// tool page at 1200 px (the article cover, named <tool>.webp) and a few step shots (a file chosen,
// the result), and writes them as WebP of at most MAX_BYTES each, lowering the quality until they fit.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'server/content/images');
const fixtures = path.resolve(root, '../shared/fixtures/pdf');
const MAX_BYTES = 120 * 1024;
const WIDTH = 1200;
const HEIGHT = 760;

/** Tool pages whose page works today: their cover is the page as a visitor first sees it. */
const COVERS = [
  'pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt', 'pdf-to-jpg', 'pdf-to-png', 'pdf-to-longpng', 'pdf-to-html', 'pdf-to-epub', 'pdf-to-ofd',
  'word-to-pdf', 'excel-to-pdf', 'ppt-to-pdf', 'jpg-to-pdf', 'image_zip_to_pdf', 'txt-to-pdf', 'ofd-to-pdf', 'epub-to-pdf', 'video-to-pdf',
  'scan-to-word', 'scan-to-excel', 'word-to-excel', 'word-to-img', 'epub-mobi-azw3', 'video-to-ppt',
  'video-to-audio', 'video-to-video', 'audio-to-audio', 'video-compress', 'audio-compress', 'cut-audio',
  'img-convert', 'img-compress', 'img-to-txt', 'img-to-excel', 'img-cut', 'img-background-color', 'font-recognition',
  'pdf-merge', 'pdf-split', 'pdf-compress', 'pdf-rotate', 'pdf-lock', 'pdf-unlock', 'watermark', 'del-watermark',
  'pdf-add-page-number', 'pdf-insert', 'pdf-delete-page', 'pdf-getimg', 'pdf-portfolios', 'timestamp', 'pdf-scan',
];

/** Other pages the help articles show. */
const PAGES = [
  ['login', '/login/'],
  ['vip-benefits', '/xiezai-huodong/'],
];

/** Step shots: choose files, optionally set options, shoot; then run and shoot the result. */
const STEPS = [
  { tool: 'pdf-to-word', files: ['multicolumn.pdf'], run: '开始转换' },
  { tool: 'pdf-merge', files: ['pdflatex-4-pages.pdf', '002-trivial-libre-office-writer.pdf', 'google-doc-document.pdf'], run: '开始合并' },
  { tool: 'pdf-split', files: ['pdflatex-4-pages.pdf'], run: '开始拆分' },
  { tool: 'pdf-compress', files: ['cmyk-image.pdf'], run: '开始压缩' },
  { tool: 'pdf-to-jpg', files: ['pdflatex-4-pages.pdf'], run: '开始转换为JPG' },
  { tool: 'pdf-unlock', files: ['libreoffice-writer-password.pdf'], run: '开始解密', fill: { 'input[type=password]': 'openpassword' } },
  { tool: 'watermark', files: ['pdflatex-4-pages.pdf'], run: '添加水印', fill: { 'input[placeholder^="例如：内部资料"]': '内部资料 请勿外传' } },
];

const only = new Set(process.argv.slice(2));
const wanted = (name) => only.size === 0 || only.has(name);

/** Writes a screenshot as WebP no bigger than MAX_BYTES. */
async function save(png, name) {
  let quality = 80;
  let data;
  do {
    data = await sharp(png).resize({ width: WIDTH, withoutEnlargement: true }).webp({ quality, effort: 5 }).toBuffer();
    quality -= 10;
  } while (data.length > MAX_BYTES && quality > 20);
  fs.writeFileSync(path.join(out, `${name}.webp`), data);
  console.log(`${name}.webp ${Math.round(data.length / 1024)} KB`);
}

async function waitForServer(origin) {
  for (let i = 0; i < 100; i++) {
    if (await fetch(origin + '/').then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function openPage(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: WIDTH, height: HEIGHT, deviceScaleFactor: 1 });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page;
}

async function hydrated(page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.upload-panel');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  });
}

/** Scrolls so the upload panel sits near the top, as a visitor sees it after clicking into it. */
async function focusPanel(page) {
  await page.evaluate(() => {
    const panel = document.querySelector('.upload-panel');
    if (panel) window.scrollTo(0, Math.max(0, panel.getBoundingClientRect().top + window.scrollY - 150));
  });
  await new Promise((r) => setTimeout(r, 300));
}

fs.mkdirSync(out, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-screens-'));
const port = 3900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
// A fresh data folder each run: the shots show a new guest's day (3 free uses of each tool), and
// the step runs (one per tool) stay within it.
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
const server = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
try {
  await waitForServer(origin);
  for (const tool of COVERS.filter(wanted)) {
    const page = await openPage(browser, `${origin}/${tool}/`);
    await hydrated(page);
    await save(await page.screenshot(), tool);
    await page.close();
  }
  for (const [name, pathname] of PAGES.filter(([name]) => wanted(name))) {
    const page = await openPage(browser, origin + pathname);
    await save(await page.screenshot(), name);
    await page.close();
  }
  for (const step of STEPS.filter((s) => wanted(s.tool))) {
    const page = await openPage(browser, `${origin}/${step.tool}/`);
    await hydrated(page);
    const input = await page.$('input[type=file]');
    await input.uploadFile(...step.files.map((f) => path.join(fixtures, f)));
    for (const [selector, value] of Object.entries(step.fill ?? {})) await page.type(selector, value);
    // The chosen files as a visitor sees them once they are in: uploaded, thumbnails drawn.
    await page
      .waitForFunction(() => !/正在生成预览|等待上传|正在上传|正在准备文件/.test(document.querySelector('.upload-panel')?.textContent ?? ''), { timeout: 90_000 })
      .catch(() => undefined);
    await focusPanel(page);
    await save(await page.screenshot(), `${step.tool}-1`);
    const button = await page.waitForSelector(`::-p-xpath(//button[contains(normalize-space(.), "${step.run}")])`, { visible: true });
    await button.click();
    await page.waitForSelector('.result, .run-line.is-bad', { timeout: 120_000 });
    await new Promise((r) => setTimeout(r, 500));
    await focusPanel(page);
    await save(await page.screenshot(), `${step.tool}-2`);
    await page.close();
  }
} finally {
  await browser.close();
  // Its LibreOffice profiles are still being written until it has exited.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill();
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
