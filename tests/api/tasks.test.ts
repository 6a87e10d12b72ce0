// The task API over real converters (pdf-rotate, pdf-merge, pdf-split, pdf-delete-page) and mutool,
// on SQLite and PostgreSQL. Results are checked with qpdf --check and pdfinfo.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type express from 'express';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { createApp, type SiteApp } from '../../server/app';
import { findConverter } from '../../server/convert/registry';
import { LinkSigner, loadSecret } from '../../server/tasks/links';
import type { TaskService } from '../../server/tasks/service';
import { LocalFileStore } from '../../server/tasks/store';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';
import { slowPdf } from '../shipped/inputs';

const MB = 1024 * 1024;
const TOOLS_USED = ['pdf-rotate', 'pdf-merge', 'pdf-split', 'pdf-delete-page'];

/** Remembers the largest number of bytes any single put() had received, while it streamed. */
class MeasuringStore extends LocalFileStore {
  largestPut = 0;
  put(key: string, body: Readable): Promise<number> {
    const measure = async function* (this: MeasuringStore): AsyncGenerator<Buffer> {
      let bytes = 0;
      for await (const chunk of body) {
        bytes += chunk.length;
        this.largestPut = Math.max(this.largestPut, bytes);
        yield chunk;
      }
    };
    return super.put(key, Readable.from(measure.call(this)));
  }
}

async function makePdf(pages: number, size = 200): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([size, size]).drawText(`page ${i + 1}`, { x: 10, y: 10, size: 12 });
  return Buffer.from(await doc.save());
}

/** supertest body parser that keeps the bytes. */
const binary = ((res: NodeJS.ReadableStream, callback: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test['parse']>[0];

function checkPdf(buffer: Buffer): { pages: number; info: string } {
  const file = path.join(os.tmpdir(), `task-test-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, buffer);
  try {
    execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100', file], { encoding: 'utf8' });
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), info };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 25));

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  // The converters are written alongside this pipeline; wait for the ones this file uses to be registered.
  for (let i = 0; i < 100 && !TOOLS_USED.every((id) => findConverter(id)); i++) await tick();
  expect(TOOLS_USED.filter((id) => !findConverter(id))).toEqual([]);
});

describe.each(DB_MODES)('task API on %s', (mode) => {
  let testDb: TestDb;
  let site: SiteApp;
  let service: TaskService;
  let store: MeasuringStore;
  let app: express.Express;

  beforeAll(async () => {
    testDb = await openTestDb(mode);
    store = new MeasuringStore(path.join(testDb.config.dataDir, 'files'));
    // The server's own composition (body limits, query parser, cookies), with a store that measures.
    site = await createApp({ ...testDb.config, convertConcurrency: 2 }, { store });
    service = site.api!.tasks;
    app = site.app;
  });

  afterAll(async () => {
    await site.close();
    await testDb.close();
  });

  async function poll(agent: request.Agent, taskId: string, call = '/task/taskQuery', target: (s: string) => boolean = (s) => s !== 'queued' && s !== 'running') {
    for (let i = 0; i < 2400; i++) {
      const res = await agent.post(call).send({ taskId });
      expect(res.status).toBe(200);
      if (target(res.body.data.status)) return res.body.data;
      await tick();
    }
    throw new Error(`task ${taskId} did not finish`);
  }

  async function download(agent: request.Agent, url: string) {
    return agent.get(url).buffer(true).parse(binary);
  }

  test('submit → poll → download a rotated PDF; the visitor gets a UUID cookie', async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').field('options', JSON.stringify({ angle: 90 })).attach('file', await makePdf(3), '合同 final.pdf');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ret: 0, msg: '', data: { taskId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/UUID=[0-9a-f-]{36}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const data = await poll(agent, res.body.data.taskId);
    expect(data).toMatchObject({ status: 'done', progress: 100, msg: '', files: [{ name: expect.stringContaining('.pdf'), size: expect.any(Number) }] });
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
    expect(data.zipUrl).toBeUndefined();

    const file = await download(agent, data.files[0].url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''%E5%90%88%E5%90%8C/);
    const { pages, info } = checkPdf(file.body);
    expect(pages).toBe(3);
    expect(info).toMatch(/Page\s+1 rot:\s+90/);
  });

  test('a failure says why in code next to msg: encrypted, corrupt; none on success', async () => {
    const agent = request.agent(app);
    const plain = path.join(os.tmpdir(), `task-test-${process.pid}-plain.pdf`);
    const locked = path.join(os.tmpdir(), `task-test-${process.pid}-locked.pdf`);
    fs.writeFileSync(plain, await makePdf(2));
    execFileSync('qpdf', ['--encrypt', 'open-sesame', 'owner-pw', '256', '--', plain, locked]);
    const submit = async (bytes: Buffer, name: string) => {
      const res = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').field('options', JSON.stringify({ angle: 90 })).attach('file', bytes, name);
      expect(res.status).toBe(200);
      return poll(agent, res.body.data.taskId);
    };
    try {
      expect(await submit(fs.readFileSync(locked), '加密.pdf')).toMatchObject({ status: 'failed', code: 'encrypted', msg: 'PDF已加密，请先解密' });
      const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<<'), Buffer.alloc(2000, 0x41)]);
      expect(await submit(corrupt, '坏文件.pdf')).toMatchObject({ status: 'failed', code: 'corrupt', msg: '文件已损坏或不是有效的PDF' });
      const done = await submit(fs.readFileSync(plain), 'ok.pdf');
      expect(done.status).toBe('done');
      expect(done).not.toHaveProperty('code');
    } finally {
      fs.rmSync(plain, { force: true });
      fs.rmSync(locked, { force: true });
    }
  });

  test('merge keeps the upload order', async () => {
    const agent = request.agent(app);
    const res = await agent
      .post('/task/submitTask')
      .field('taskName', 'pdf-merge')
      .attach('file', await makePdf(1, 200), 'a.pdf')
      .attach('file', await makePdf(2, 300), 'b.pdf')
      .attach('file', await makePdf(1, 400), 'c.pdf');
    expect(res.status).toBe(200);
    const data = await poll(agent, res.body.data.taskId);
    expect(data.status).toBe('done');
    const { pages, info } = checkPdf((await download(agent, data.files[0].url)).body);
    expect(pages).toBe(4);
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+(\d+) x/g)].map((m) => Number(m[1]));
    expect(sizes).toEqual([200, 300, 300, 400]);
  });

  test('groups: one task per file for rotate, one task for merge; many outputs offer a zip', async () => {
    const agent = request.agent(app);
    const rotate = await agent.post('/task/submitTask_group').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'x.pdf').attach('file', await makePdf(2), 'y.pdf');
    expect(rotate.status).toBe(200);
    expect(rotate.body.data.taskIds).toHaveLength(2);
    for (const [i, id] of (rotate.body.data.taskIds as string[]).entries()) {
      const data = await poll(agent, id);
      expect(checkPdf((await download(agent, data.files[0].url)).body).pages).toBe(i + 1);
    }
    const merge = await agent.post('/task/submitTaskGroupNew').field('taskName', 'pdf-merge').attach('file', await makePdf(1), 'x.pdf').attach('file', await makePdf(2), 'y.pdf');
    expect(merge.body.data.taskIds).toHaveLength(1);

    const split = await agent.post('/task/submitTask').field('taskName', 'pdf-split').attach('file', await makePdf(3), 'book.pdf');
    const data = await poll(agent, split.body.data.taskId);
    expect(data.files).toHaveLength(3);
    const zip = await download(agent, data.zipUrl);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('book.zip');
    const zipFile = path.join(testDb.config.dataDir, 'check.zip');
    fs.writeFileSync(zipFile, zip.body);
    const listing = execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' });
    expect(listing.match(/\.pdf/g)).toHaveLength(3);
  });

  test('an oversize file is refused while it streams and nothing of it stays stored', async () => {
    // Uploads only: an earlier test's task may still be writing its result meanwhile.
    const uploads = () => filesUnder(path.join(testDb.config.dataDir, 'files')).filter((file) => file.includes(`${path.sep}in${path.sep}`));
    const before = uploads();
    store.largestPut = 0;
    const big = Buffer.alloc(12 * MB, 0x20);
    big.write('%PDF-1.7\n');
    const res = await request(app).post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', big, 'big.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ ret: 400, msg: '文件超过大小限制（最大 10MB）' });
    expect(store.largestPut).toBeLessThanOrEqual(10 * MB);
    expect(store.largestPut).toBeGreaterThan(0);
    expect(uploads()).toEqual(before);
  });

  test('refusals: wrong type, empty file, unknown tool, bad options, too many files', async () => {
    const agent = request.agent(app);
    const wrongType = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', Buffer.from('just some text, not a PDF'), 'fake.pdf');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.msg).toBe('文件格式不支持，请上传 PDF 格式的文件');

    const empty = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', Buffer.alloc(0), 'empty.pdf');
    expect([empty.status, empty.body]).toEqual([400, { ret: 400, msg: '文件为空' }]);

    const unknown = await agent.post('/task/submitTask').field('taskName', 'no-such-tool').attach('file', await makePdf(1), 'a.pdf');
    expect([unknown.status, unknown.body]).toEqual([400, { ret: 400, msg: '不支持的功能' }]);

    const badJson = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').field('options', '{angle:').attach('file', await makePdf(1), 'a.pdf');
    expect(badJson.status).toBe(400);
    expect(badJson.body.msg).toMatch(/^参数错误：/);

    const badValue = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').field('options', '{"angle":45}').attach('file', await makePdf(1), 'a.pdf');
    expect(badValue.status).toBe(400);
    expect(badValue.body.msg).toMatch(/^参数错误：angle/);

    // pdf-rotate takes one file from a guest.
    const tooMany = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'a.pdf').attach('file', await makePdf(1), 'b.pdf');
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, '文件数量超过限制（最多 1 个）']);

    const noFile = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate');
    expect([noFile.status, noFile.body.msg]).toEqual([400, '请上传文件']);
  });

  test("someone else's task, or an unknown one, does not exist", async () => {
    const owner = request.agent(app);
    const res = await owner.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'a.pdf');
    const { taskId } = res.body.data;
    const stranger = request.agent(app);
    await stranger.post('/task/taskQuery').send({ taskId: 'x' });
    for (const call of ['/task/taskQuery', '/task/taskMiddleQuery', '/task/targetYee', '/task/goOnConvert']) {
      const other = await stranger.post(call).send({ taskId });
      expect([other.status, other.body]).toEqual([404, { ret: 404, msg: '任务不存在或已过期' }]);
    }
    expect((await stranger.delete('/task/deleteById').query({ taskId })).status).toBe(404);
    expect((await owner.post('/task/taskQuery').type('form').send({ taskId: 'unknown-id' })).status).toBe(404);
    // The owner still sees it (form-encoded this time).
    expect((await owner.post('/task/taskQuery').type('form').send({ taskId })).body.data.taskId).toBe(taskId);
  });

  test("the calls without files take a multipart body too (a page's FormData), fields only", async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'a.pdf');
    const { taskId } = res.body.data;
    // supertest sends .field() without .attach() as multipart/form-data.
    const query = await agent.post('/task/taskQuery').field('taskId', taskId);
    expect(query.headers['content-type']).toMatch(/json/);
    expect([query.status, query.body.ret, query.body.data.taskId]).toEqual([200, 0, taskId]);
    expect((await agent.post('/task/taskQuery').field('taskId', 'unknown-id')).status).toBe(404);
    await poll(agent, taskId);
    expect((await agent.post('/task/targetYee').field('taskId', taskId)).body.ret).toBe(0);
    // A file where none is taken, an empty body and an oversized field: refused in Chinese.
    const withFile = await agent.post('/task/taskQuery').field('taskId', taskId).attach('file', Buffer.from('x'), 'x.txt');
    expect([withFile.status, withFile.body.msg]).toEqual([400, '请求格式错误：不支持的字段 file']);
    const nothing = await agent.post('/task/taskQuery').set('Content-Type', 'multipart/form-data; boundary=x').send('--x--\r\n');
    expect([nothing.status, nothing.body.msg]).toEqual([400, '请求参数错误']);
    const huge = await agent.post('/task/taskQuery').field('taskId', taskId).field('padding', 'x'.repeat(100 * 1024));
    expect([huge.status, huge.body.msg]).toEqual([400, '请求参数错误']);
    const deleted = await agent.delete('/task/deleteById').field('taskId', taskId);
    expect(deleted.body).toEqual({ ret: 0, msg: '', data: { taskId } });
  });

  test('download links: tampered → 403, expired → 410', async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'a.pdf');
    const data = await poll(agent, res.body.data.taskId);
    const token: string = data.files[0].url.slice('/files/'.length);
    const [id, file, expires, mac] = token.split('.');
    const longer = `${id}.${file}.${(parseInt(expires, 36) + 1e9).toString(36)}.${mac}`;
    const tampered = await request(app).get(`/files/${longer}`);
    expect([tampered.status, tampered.body.msg]).toEqual([403, '下载链接无效']);

    const signer = new LinkSigner(loadSecret(testDb.config));
    const stale = signer.sign({ taskId: res.body.data.taskId, file: 'out0', expires: Date.now() - 1000 });
    const expired = await request(app).get(`/files/${stale}`);
    expect([expired.status, expired.body.msg]).toEqual([410, '下载链接已过期，请重新获取']);
  });

  test('the sweeper deletes files after retention and the query then says expired', async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await makePdf(1), 'a.pdf');
    const { taskId } = res.body.data;
    const data = await poll(agent, taskId);
    const taskFiles = path.join(testDb.config.dataDir, 'files', taskId);
    expect(filesUnder(taskFiles).length).toBe(2);

    const later = new Date(Date.parse(data.expiresAt) + 1000);
    expect(await service.sweeper.sweep(later)).toBeGreaterThanOrEqual(1);
    expect(filesUnder(taskFiles)).toEqual([]);
    const after = await agent.post('/task/taskQuery').send({ taskId });
    expect(after.body.data).toMatchObject({ status: 'expired', files: [], msg: '文件已超过保存期限，已自动删除' });
    expect((await request(app).get(data.files[0].url)).status).toBe(410);
  });

  test('a double submit with the same idempotency key gives one task', async () => {
    const agent = request.agent(app);
    await agent.post('/task/taskQuery').send({ taskId: 'none' }); // the page's first call gives the visitor its UUID cookie
    const pdf = await makePdf(1);
    const before = fs.readdirSync(path.join(testDb.config.dataDir, 'files'));
    const submit = (key: string) => agent.post('/task/submitTask').field('taskName', 'pdf-rotate').field('idempotencyKey', key).attach('file', pdf, 'a.pdf');
    const [first, second] = await Promise.all([submit('click-1'), submit('click-1')]);
    expect(first.body.data.taskId).toBe(second.body.data.taskId);
    const third = await submit('click-2');
    expect(third.body.data.taskId).not.toBe(first.body.data.taskId);
    // The loser's upload was removed: the two submits left one task folder, the third its own.
    const after = fs.readdirSync(path.join(testDb.config.dataDir, 'files')).filter((dir) => !before.includes(dir));
    expect(after.sort()).toEqual([first.body.data.taskId, third.body.data.taskId].sort());
    await poll(agent, third.body.data.taskId);
  });

  test('two-step task: page thumbnails, then the final run with the chosen pages', async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitMiddleTask').field('taskName', 'pdf-delete-page').attach('file', await makePdf(3), 'doc.pdf');
    expect(res.status).toBe(200);
    const { taskId } = res.body.data;
    const middle = await poll(agent, taskId, '/task/taskMiddleQuery');
    expect(middle).toMatchObject({ status: 'done', pageCount: 3 });
    expect(middle.pages).toHaveLength(3);
    const thumb = await download(agent, middle.pages[0].url);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.body.subarray(1, 4).toString()).toBe('PNG');

    const bad = await agent.post('/task/submitResult').send({ taskId, options: { pages: 42 } });
    expect([bad.status, bad.body.msg]).toEqual([400, '参数错误：pages 取值无效']);
    const result = await agent.post('/task/submitResult').send({ taskId, options: { pages: '2' } });
    expect(result.body).toEqual({ ret: 0, msg: '', data: { taskId } });
    const data = await poll(agent, taskId);
    expect(data).toMatchObject({ status: 'done', stage: 'final' });
    expect(checkPdf((await download(agent, data.files[0].url)).body).pages).toBe(2);
    // Only a tool with a preview step of its own (the ID photo) is finished again.
    const again = await agent.post('/task/submitResult').send({ taskId, options: { pages: '1' } });
    expect([again.status, again.body.msg]).toEqual([400, '该任务没有待确认的预览']);
  });

  test('previews, moreConvert and goOnConvert', async () => {
    const agent = request.agent(app);
    const res = await agent.post('/task/submitTask').field('taskName', 'pdf-merge').attach('file', await makePdf(2), 'a.pdf').attach('file', await makePdf(3), 'b.pdf');
    const { taskId } = res.body.data;
    await poll(agent, taskId);

    const target = await agent.post('/task/targetYee').send({ taskId });
    expect(target.body.data).toMatchObject({ taskId, pageCount: 5 });
    expect(target.body.data.images).toHaveLength(3);
    const image = await download(agent, target.body.data.images[2].url);
    expect(image.body.subarray(1, 4).toString()).toBe('PNG');
    const source = await agent.post('/task/previewYee').send({ taskId });
    expect(source.body.data).toMatchObject({ pageCount: 2, images: [{ page: 1 }, { page: 2 }] });

    const more = await agent.post('/task/moreConvert').send({ taskId, taskName: 'pdf-rotate', options: { angle: 180 } });
    expect(more.status).toBe(200);
    const rotated = await poll(agent, more.body.data.taskId);
    const { pages, info } = checkPdf((await download(agent, rotated.files[0].url)).body);
    expect(pages).toBe(5);
    expect(info).toMatch(/Page\s+5 rot:\s+180/);

    // No tool gives partial try-out results yet, so there is nothing to continue.
    const goOn = await agent.post('/task/goOnConvert').send({ taskId });
    expect([goOn.status, goOn.body.msg]).toEqual([400, '该任务已是完整结果，无需继续转换']);
    const batch = await agent.post('/task/goOnConvertBatch').send({ taskIds: [taskId] });
    expect(batch.status).toBe(400);
  });

  test('delete aborts a running task and removes its files', async () => {
    const agent = request.agent(app);
    // Thumbnails of many busy pages keep mutool working long enough to be caught running.
    const res = await agent.post('/task/submitMiddleTask').field('taskName', 'pdf-delete-page').attach('file', await slowPdf(200), 'long.pdf');
    const { taskId } = res.body.data;
    const running = await poll(agent, taskId, '/task/taskMiddleQuery', (s) => s !== 'queued');
    expect(running.status).toBe('running');
    const del = await agent.delete('/task/deleteById').send({ taskId });
    expect(del.body).toEqual({ ret: 0, msg: '', data: { taskId } });
    const workRoot = path.join(testDb.config.dataDir, 'work');
    for (let i = 0; i < 400 && fs.existsSync(workRoot) && fs.readdirSync(workRoot).some((d) => d.startsWith(taskId)); i++) await tick();
    expect(fs.readdirSync(workRoot).filter((d) => d.startsWith(taskId))).toEqual([]);
    expect(filesUnder(path.join(testDb.config.dataDir, 'files', taskId))).toEqual([]);
    const after = await agent.post('/task/taskMiddleQuery').send({ taskId });
    expect(after.body.data).toMatchObject({ status: 'cancelled', pages: [] });
  });

  test('a restart re-queues tasks left queued or running', async () => {
    const agent = request.agent(app);
    // A server whose workers never started: its submits stay queued, like a process that died.
    const crashed = await createApp(testDb.config, { startTasks: false });
    const crashedApp = crashed.app;
    const cookie = 'UUID=0f0e0d0c-0b0a-4000-8000-000000000001';
    const a = await request(crashedApp).post('/task/submitTask').set('Cookie', cookie).field('taskName', 'pdf-rotate').attach('file', await makePdf(2), 'a.pdf');
    const b = await request(crashedApp).post('/task/submitTask').set('Cookie', cookie).field('taskName', 'pdf-rotate').attach('file', await makePdf(3), 'b.pdf');
    await testDb.db.updateTable('tasks').set({ status: 'running', progress: 40 }).where('id', '=', b.body.data.taskId).execute();

    await crashed.close();
    const restarted = await createApp(testDb.config);
    try {
      for (const [res, pages] of [[a, 2], [b, 3]] as const) {
        const data = await poll(agent.set('Cookie', cookie), res.body.data.taskId);
        expect(data.status).toBe('done');
        expect(checkPdf((await download(agent, data.files[0].url)).body).pages).toBe(pages);
      }
    } finally {
      await restarted.close();
    }
  });
});
