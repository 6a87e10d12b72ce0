// The tools that draw Chinese text embed WenQuanYi Zen Hei through fontkit. Under jest the import
// worked; in the shipped bundle a namespace import of the CommonJS package did not, and every one
// of them failed. So this runs the built server: the text must come out, read back by pdftotext.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';

let server: BuiltServer;
let dir: string;

beforeAll(async () => {
  server = await startBuiltServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cjk-shipped-'));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function twoPages(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) doc.addPage([400, 500]).drawText(`Body text of page ${n}`, { x: 40, y: 400, size: 14, font });
  return Buffer.from(await doc.save());
}

async function resultText(client: TaskClient, tool: string, options: Record<string, unknown>): Promise<string[]> {
  const state = await client.run(tool, [{ name: 'input.pdf', data: await twoPages() }], options);
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'done', msg: '' });
  const file = await client.download(state.files[0].url, dir, `${tool}.pdf`);
  execFileSync('qpdf', ['--check', file]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, 2);
}

test('a Chinese watermark is drawn on every page', async () => {
  const pages = await resultText(new TaskClient(server.origin), 'watermark', { text: '内部资料 请勿外传', angle: 0 });
  for (const [i, page] of pages.entries()) {
    expect(page).toContain(`Body text of page ${i + 1}`);
    expect(page.replace(/\s+/g, '')).toContain('内部资料请勿外传');
  }
});

test('Chinese page numbers: 第 n 页 / 共 2 页', async () => {
  const pages = await resultText(new TaskClient(server.origin), 'pdf-add-page-number', {});
  expect(pages.map((p) => /第\s*(\d)\s*页\s*\/\s*共\s*(\d)\s*页/.exec(p)?.slice(1))).toEqual([
    ['1', '2'],
    ['2', '2'],
  ]);
});
