// The CAD writing tools through the built server (dist) over the HTTP task API: dwg-to-dxf and
// cad-to-cad in a chosen DXF release, read back by ezdxf; hostile DWGs (truncated, random bytes
// behind a DWG header, too many entities) fail with a Chinese message while the server stays up
// and the next drawing converts; the tools are no longer reported unavailable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { auditDxf, cadFixture, DRAWING_TEXT, HAVE_CAD_FIXTURES, makeDrawing, writeHostileDrawings, writeHugeDxf } from '../support/cad/drawings';
import { TaskClient } from '../support/task-client';

let server: BuiltServer;
let scratch: string;
beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cad-api-'));
  server = await startBuiltServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function download(client: TaskClient, url: string): Promise<string> {
  return client.download(url, scratch, `out-${Date.now()}-${Math.random().toString(36).slice(2)}.dxf`);
}

(HAVE_CAD_FIXTURES ? test : test.skip)('dwg-to-dxf turns a DWG into the DXF release asked for', async () => {
  const client = new TaskClient(server.origin);
  const state = await client.run('dwg-to-dxf', [{ name: '样图.dwg', data: cadFixture('example_2004.dwg') }], { version: '2004' });
  expect(state.status).toBe('done');
  // What no tool carries (3D solids, tables, viewports…) is named in the finished task's note.
  expect(state.msg).toMatch(/^图纸中有 .*个三维实体.*无法转换，已略过$/);
  expect(state.files.map((f) => f.name)).toEqual(['样图-2004.dxf']);
  const [audit] = auditDxf(await download(client, state.files[0].url));
  expect({ version: audit.version, errors: audit.errors }).toEqual({ version: 'AC1018', errors: [] });
  for (const type of ['LINE', 'POLYLINE', 'ARC', 'SPLINE', 'ELLIPSE', 'HATCH', 'DIMENSION', 'INSERT', 'MTEXT', 'TEXT', 'XLINE', 'RAY']) expect(audit.model[type]).toBeGreaterThan(0);
}, 120_000);

test('cad-to-cad writes the generated drawing as R12 and 2018 with its Chinese text; a version that is not offered is refused', async () => {
  const client = new TaskClient(server.origin);
  const input = makeDrawing(scratch, 'api.dxf');
  for (const [version, acadver] of [['R12', 'AC1009'], ['2018', 'AC1032']]) {
    const state = await client.run('cad-to-cad', [{ name: '图纸.dxf', data: input }], { version });
    expect({ status: state.status, msg: state.msg }).toEqual({ status: 'done', msg: '' });
    const [audit] = auditDxf(await download(client, state.files[0].url));
    expect({ version: audit.version, errors: audit.errors }).toEqual({ version: acadver, errors: [] });
    for (const text of DRAWING_TEXT) expect(audit.texts.join('\n')).toContain(text);
  }
  const refused = await client.submit('cad-to-cad', [{ name: '图纸.dxf', data: input }], { version: 'dwg' });
  expect(refused.status).toBe(400);
  expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
}, 120_000);

test('hostile drawings fail in Chinese, the server stays up and converts the next drawing', async () => {
  const client = new TaskClient(server.origin);
  const files = writeHostileDrawings(scratch);
  const huge = path.join(scratch, 'huge.dxf');
  writeHugeDxf(huge, 510_000);
  files['huge.dxf'] = huge;
  for (const [name, file] of Object.entries(files)) {
    const tool = name.endsWith('.dxf') ? 'cad-to-cad' : 'dwg-to-dxf';
    const submitted = await client.submit(tool, [{ name, data: file }]);
    // A file whose bytes are not a drawing may already be refused at upload.
    if (submitted.status !== 200 || submitted.body.ret !== 0) {
      expect({ name, msg: /[\u4e00-\u9fff]/.test(submitted.body.msg) }).toEqual({ name, msg: true });
      continue;
    }
    const state = await client.settle(submitted.body.data!.taskId);
    expect({ name, status: state.status }).toEqual({ name, status: 'failed' });
    expect(state.msg).toMatch(/^(无法读取该图纸|图纸过于复杂)/);
  }
  const after = await client.run('cad-to-cad', [{ name: 'after.dxf', data: makeDrawing(scratch, 'after.dxf') }], { version: '2010' });
  expect(after.status).toBe('done');
}, 300_000);

test('the server reports the three tools available (no longer "coming soon")', async () => {
  const home = await (await fetch(`${server.origin}/`)).text();
  const unavailable = (JSON.parse(/window\.__SITE__=(\{.*?\});window\.__CHUNKS__/.exec(home)![1]) as { unavailableTools: Record<string, string> }).unavailableTools;
  for (const id of ['dwg-to-dxf', 'cad-to-cad', 'pdf-to-cad']) expect(unavailable[id]).toBeUndefined();
}, 60_000);
