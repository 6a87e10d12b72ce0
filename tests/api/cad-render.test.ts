// cad-to-img, cad-to-pdf and cad-to-dwf through the built server over the task API: the tools are
// offered (no longer 即将上线), a real DWG and a generated DXF
// come back as PNG, PDF and DWFx read by other programs, and hostile drawings fail in Chinese with
// the server still up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { cadFixture, HAVE_CAD_FIXTURES, makeDrawing, noteMissingFixtures, writeHostileDrawings } from '../support/cad/drawings';
import { checkOpc, pdfPageCount, pdfRawText } from '../support/cad/rendered';
import { TaskClient } from '../support/task-client';

let server: BuiltServer;
let scratch: string;
let generated: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cad-render-api-'));
  noteMissingFixtures();
  generated = makeDrawing(scratch, '图纸.dxf');
  server = await startBuiltServer({ startTimeoutMs: 100_000 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('the three tools are offered, with their options on the page', async () => {
  const home = await (await fetch(`${server.origin}/`)).text();
  const unavailable = (JSON.parse(/window\.__SITE__=(\{.*?\});window\.__CHUNKS__/.exec(home)![1]!) as { unavailableTools: Record<string, string> }).unavailableTools;
  for (const tool of ['cad-to-img', 'cad-to-pdf', 'cad-to-dwf']) expect({ tool, reason: unavailable[tool] }).toEqual({ tool, reason: undefined });
  for (const [tool, title] of [
    ['cad-to-img', 'CAD转图片'],
    ['cad-to-pdf', 'CAD转PDF'],
    ['cad-to-dwf', 'CAD转DWF'],
  ]) {
    const page = await (await fetch(`${server.origin}/${tool}/`)).text();
    expect(page).toContain(`<h1>${title}</h1>`);
    expect(page).not.toContain(`${title}<span class="soon-badge">`);
  }
}, 60_000);

test('a generated DXF becomes a PNG, a searchable PDF and a DWFx', async () => {
  const client = new TaskClient(server.origin);
  const upload = [{ name: '图纸.dxf', data: generated }];
  const png = await client.run('cad-to-img', upload, { format: 'png', width: 1000, background: 'black' });
  expect({ status: png.status, msg: png.msg, names: png.files.map((f) => f.name) }).toEqual({ status: 'done', msg: '', names: ['图纸.png'] });
  const picture = await client.download(png.files[0]!.url, scratch, 'generated.png');
  expect(await sharp(picture).metadata()).toMatchObject({ format: 'png', width: 1000 });
  const pdf = await client.run('cad-to-pdf', upload, { paper: 'A4', orientation: 'portrait' });
  expect({ status: pdf.status, msg: pdf.msg }).toEqual({ status: 'done', msg: '' });
  const pdfFile = await client.download(pdf.files[0]!.url, scratch, 'generated.pdf');
  expect(pdfPageCount(pdfFile)).toBe(1);
  // Whitespace dropped: pdftotext may break the drawing's rotated lines (the attribute at 30°) between glyphs.
  const text = pdfRawText(pdfFile).replace(/\s+/g, '');
  for (const words of ['图纸标题', '门-1', '多行文字第一行']) expect(text).toContain(words);
  const dwf = await client.run('cad-to-dwf', upload);
  expect({ status: dwf.status, names: dwf.files.map((f) => f.name) }).toEqual({ status: 'done', names: ['图纸.dwfx'] });
  const report = checkOpc(await client.download(dwf.files[0]!.url, scratch, 'generated.dwfx'));
  expect({ uncovered: report.uncovered, unresolved: report.unresolved, unparsed: report.unparsed }).toEqual({ uncovered: [], unresolved: [], unparsed: [] });
  expect(report.pages[0]!.text).toContain('图纸标题');
}, 180_000);

(HAVE_CAD_FIXTURES ? test : test.skip)('a real DWG through each tool', async () => {
  const client = new TaskClient(server.origin);
  const upload = [{ name: 'example_2004.dwg', data: cadFixture('example_2004.dwg') }];
  for (const [tool, options, extension] of [
    ['cad-to-img', { format: 'jpg' }, 'jpg'],
    ['cad-to-pdf', {}, 'pdf'],
    ['cad-to-dwf', {}, 'dwfx'],
  ] as const) {
    const state = await client.run(tool, upload, options);
    // No layout holds anything in this drawing: model space is drawn.
    expect({ tool, status: state.status, names: state.files.map((f) => f.name) }).toEqual({ tool, status: 'done', names: [`example_2004.${extension}`] });
  }
}, 180_000);

test('hostile drawings fail in Chinese and the server stays up', async () => {
  const client = new TaskClient(server.origin);
  for (const [name, file] of Object.entries(writeHostileDrawings(scratch))) {
    const state = await client.run('cad-to-pdf', [{ name, data: file }]);
    expect({ name, status: state.status, chinese: /[\u4e00-\u9fff]/.test(state.msg) }).toEqual({ name, status: 'failed', chinese: true });
  }
  expect(server.alive()).toBe(true);
  const after = await client.run('cad-to-img', [{ name: 'after.dxf', data: generated }]);
  expect(after.status).toBe('done');
}, 180_000);
