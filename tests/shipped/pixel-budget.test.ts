// Pixel budgets on the built server (issue 11 items 3 and 4), with the server's memory measured:
// a tiny PDF claiming one 3000 pt page asked at 600 dpi is drawn within 40 megapixels; an A4 page
// at 600 dpi keeps its resolution; a 770 KB PNG of 9900×10000 16-bit RGBA is refused before it is
// decoded; an ordinary picture converts as before.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';

const MB = 1024 * 1024;
let server: BuiltServer;
let dir: string;

beforeAll(async () => {
  server = await startBuiltServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixels-shipped-'));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Width and height as ffprobe (an independent decoder) reads them. */
function dimensions(file: string): [number, number] {
  const [w, h] = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split(',').map(Number);
  return [w, h];
}

async function onePage(width: number, height: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([width, height]).drawCircle({ x: width / 2, y: height / 2, size: Math.min(width, height) / 3 });
  return Buffer.from(await doc.save());
}

test('a 3000 pt page at 600 dpi is drawn within the budget; an A4 page keeps 600 dpi', async () => {
  const client = new TaskClient(server.origin);
  const huge = await onePage(3000, 3000);
  expect(huge.length).toBeLessThan(2000);
  const state = await client.run('pdf-to-jpg', [{ name: 'huge.pdf', data: huge }], { dpi: 600 });
  expect(state.status).toBe('done');
  const [w, h] = dimensions(await client.download(state.files[0].url, dir, 'huge.jpg'));
  expect(w).toBe(h);
  expect(w * h).toBeLessThanOrEqual(40_000_000);
  expect(w).toBeGreaterThan(6000);

  const a4 = await client.run('pdf-to-jpg', [{ name: 'a4.pdf', data: await onePage(595.28, 841.89) }], { dpi: 600 });
  expect(a4.status).toBe('done');
  expect(dimensions(await client.download(a4.files[0].url, dir, 'a4.jpg'))).toEqual([4961, 7016]);
  expect(server.memory().peak).toBeLessThan(512 * MB);
});

test('a long image wider and taller than the budget is refused before any page is drawn', async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 4; i++) doc.addPage([14400, 2000]);
  const state = await new TaskClient(server.origin).run('pdf-to-longpng', [{ name: 'wide.pdf', data: Buffer.from(await doc.save()) }], { dpi: 96 });
  expect(state.status).toBe('failed');
  expect(state.msg).toMatch(/^长图将达到\d+百万像素，超过上限40百万像素，请降低分辨率或减少页数$/);
});

test('a 16-bit RGBA PNG of 99 megapixels is refused from its header; a normal picture converts', async () => {
  const deep = await sharp({ create: { width: 9900, height: 10000, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
  expect(deep.length).toBeLessThan(8 * MB);
  const client = new TaskClient(server.origin);
  const refused = await client.run('img-convert', [{ name: 'deep.png', data: deep }], { format: 'jpg' });
  expect({ status: refused.status, msg: refused.msg }).toEqual({ status: 'failed', msg: '图片过大（9900×10000，解码后约755 MB），请缩小尺寸或转为8位色深后再试' });

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const converted = await client.run('img-convert', [{ name: 'photo.png', data: photo }], { format: 'jpg' });
  expect(converted.status).toBe('done');
  expect(dimensions(await client.download(converted.files[0].url, dir, 'photo.jpg'))).toEqual([1200, 800]);
  expect(server.memory().peak).toBeLessThan(512 * MB);
});
