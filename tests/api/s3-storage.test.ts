// The built server with its files in an S3-compatible bucket (S3_* settings; s3rver on loopback):
// uploads, results, previews, zips and feedback attachments are objects under their task's (or
// entry's) prefix and nothing under DATA_DIR/files; downloads stream through the signed-link
// route; a result picture is drawn from the result once and later calls read only what was kept;
// 继续处理 copies the results inside the bucket (CopyObject, watched in s3rver's request log);
// delete removes the objects; /readyz reports the store, and a store that is down is a 503
// in Chinese while the server stays up and recovers with it.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { ApiVisitor } from '../support/api-visitor';
import { startLocalS3, type LocalS3, type SeenRequest } from '../support/s3-server';
import type { ResultPreview } from '../../shared/task-api';
import { TaskClient } from '../support/task-client';
import { png, textPdf } from '../shipped/inputs';

const ADMIN_TOKEN = crypto.randomBytes(24).toString('hex');
const STORE_DOWN = '文件存储暂时无法访问，请稍后再试';

let s3: LocalS3;
let site: BuiltServer;
let scratch: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  site = await startBuiltServer({ env: { ...s3.env, ADMIN_TOKEN } });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 's3-site-'));
});

afterAll(async () => {
  await site?.stop();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A PDF of one page carrying `bytes` random bytes as an attachment: larger than one upload part (5 MB). */
async function bulkyPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('bulky', { x: 20, y: 20 });
  await doc.attach(crypto.randomBytes(bytes), 'data.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

function pdfPages(file: string): number {
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
}

describe('files in the bucket', () => {
  const client = () => new TaskClient(site.origin);
  let visitor: TaskClient;
  let taskId: string;

  test('upload → merge → download: inputs and result are objects under the task, byte for byte; DATA_DIR keeps none', async () => {
    visitor = client();
    const first = await bulkyPdf(6 * 1024 * 1024);
    const second = await textPdf(2);
    const answer = await visitor.submit('pdf-merge', [{ name: 'first.pdf', data: first }, { name: 'second.pdf', data: second }]);
    expect(answer.status).toBe(200);
    taskId = answer.body.data!.taskId;
    const state = await visitor.settle(taskId);
    expect(state).toMatchObject({ status: 'done' });
    expect(state.files).toHaveLength(1);

    expect(await s3.keys(`${taskId}/`)).toEqual([`${taskId}/in/0.pdf`, `${taskId}/in/1.pdf`, `${taskId}/out/0.pdf`]);
    expect(await s3.hash(`${taskId}/in/0.pdf`)).toBe(sha(first));
    expect(await s3.hash(`${taskId}/in/1.pdf`)).toBe(sha(second));

    const saved = await visitor.download(state.files[0].url, scratch, 'merged.pdf');
    expect(sha(fs.readFileSync(saved))).toBe(await s3.hash(`${taskId}/out/0.pdf`));
    expect(fs.statSync(saved).size).toBe(state.files[0].size);
    expect(pdfPages(saved)).toBe(3);

    // No file of the task on this machine: not in the store's folder, and the job's copies went with its work dir.
    expect(filesUnder(path.join(site.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(site.dataDir, 'work'))).toEqual([]);
  });

  test('the result preview is drawn from a copy of the result and kept in the bucket', async () => {
    const answer = await visitor.call<{ images: { url: string }[] }>('POST', '/task/targetYee', { taskId });
    expect(answer.status).toBe(200);
    const images = answer.body.data!.images;
    expect(images).toHaveLength(3);
    const saved = await visitor.download(images[0].url, scratch, 'page1.png');
    expect(fs.readFileSync(saved).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(await s3.keys(`${taskId}/tgt/`)).toEqual([0, 1, 2].map((i) => `${taskId}/tgt/${i}.png`));
    expect(filesUnder(path.join(site.dataDir, 'work'))).toEqual([]);
  });

  test('the result picture is drawn from the result once and kept beside it: later calls read neither again', async () => {
    const resultReads = (since: number) => s3.requests.slice(since).filter((r) => r.method === 'GET' && r.key === `${taskId}/out/0.pdf`);
    const beforeFirst = s3.requests.length;
    const first = await visitor.call<ResultPreview>('POST', '/task/resultPreview', { taskId });
    expect(first.status).toBe(200);
    expect(first.body.data!.files).toEqual([{ index: 0, kind: 'page', url: expect.any(String), pageCount: 3 }]);
    expect(resultReads(beforeFirst)).toHaveLength(1);
    expect(await s3.keys(`${taskId}/res/`)).toEqual([`${taskId}/res/0.json`, `${taskId}/res/0.png`]);
    const picture = await visitor.download(first.body.data!.files[0].url!, scratch, 'result-page.png');
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', picture], { encoding: 'utf8' }).trim()).toBe('png');

    const beforeAgain = s3.requests.length;
    const again = await visitor.call<ResultPreview>('POST', '/task/resultPreview', { taskId });
    expect(again.body.data!.files).toEqual([{ index: 0, kind: 'page', url: expect.any(String), pageCount: 3 }]);
    expect(resultReads(beforeAgain)).toEqual([]);
    // Nothing drawn or stored again: of the task's objects only the note beside the picture is read.
    const readsNote = (r: SeenRequest) => ['HEAD', 'GET'].includes(r.method) && r.key === `${taskId}/res/0.json`;
    expect(s3.requests.slice(beforeAgain).filter((r) => r.key.startsWith(`${taskId}/`) && !readsNote(r))).toEqual([]);
  });

  test('继续处理 copies the result into the next task inside the bucket, never through the site, and the next tool runs on it', async () => {
    const source = `${taskId}/out/0.pdf`;
    const before = s3.requests.length;
    const more = await visitor.call<{ taskId: string }>('POST', '/task/moreConvert', { taskId, taskName: 'pdf-rotate', options: { angle: 180 } });
    expect(more.status).toBe(200);
    const nextId = more.body.data!.taskId;
    const rotated = await visitor.settle(nextId);
    expect(rotated).toMatchObject({ status: 'done' });
    const touchingSource = s3.requests.slice(before).filter((r) => r.key === source || r.copySource === source);
    expect(touchingSource).toEqual([{ method: 'PUT', key: `${nextId}/in/0.pdf`, copySource: source }]);
    expect(await s3.hash(`${nextId}/in/0.pdf`)).toBe(await s3.hash(source));
    const saved = await visitor.download(rotated.files[0].url, scratch, 'rotated.pdf');
    expect(pdfPages(saved)).toBe(3);
    const rotations = execFileSync('pdfinfo', ['-f', '1', '-l', '3', saved], { encoding: 'utf8' }).match(/^Page\s+\d+ rot:\s+\d+/gm)!;
    expect(rotations.map((line) => Number(line.split(/\s+/).pop()))).toEqual([180, 180, 180]);
  });

  test('deleting the task removes every object under its prefix, result pictures included; its link then answers 410', async () => {
    const { files } = await visitor.query(taskId);
    expect(await s3.keys(`${taskId}/res/`)).toHaveLength(2);
    const deleted = await visitor.call('DELETE', '/task/deleteById', { taskId });
    expect(deleted.status).toBe(200);
    expect(await s3.keys(`${taskId}/`)).toEqual([]);
    const gone = await fetch(new URL(files[0].url, site.origin));
    expect(gone.status).toBe(410);
  });

  test('a feedback attachment is an object under the entry, downloaded whole by the operators', async () => {
    const shot = await png(64, 40);
    const form = new FormData();
    form.append('category', 'conversion');
    form.append('content', 'PDF 合并以后第二个文件的页面不见了。');
    form.append('contact', '13812345678');
    form.append('submitKey', crypto.randomUUID());
    form.append('file', new Blob([new Uint8Array(shot)]), '截图.png');
    const sent = await new ApiVisitor(site.origin).send('POST', '/api/feedback', form);
    expect(sent.status).toBe(200);
    const id = sent.body.data!.id as string;
    expect(await s3.keys(`feedback/${id}/`)).toEqual([`feedback/${id}/0.png`]);
    expect(await s3.hash(`feedback/${id}/0.png`)).toBe(sha(shot));
    const download = await fetch(`${site.origin}/admin/feedback/${id}/files/0`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(download.status).toBe(200);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(shot));
  });

  test('a zip of several results is built from the objects and kept in the bucket', async () => {
    const splitter = client();
    const state = await splitter.run('pdf-split', [{ name: 'book.pdf', data: await textPdf(3) }]);
    expect(state.files).toHaveLength(3);
    const saved = await splitter.download(state.zipUrl!, scratch, 'book.zip');
    expect(await s3.keys(`${state.taskId}/zip/`)).toEqual([`${state.taskId}/zip/all.zip`]);
    const names = execFileSync('unzip', ['-Z1', saved], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toHaveLength(3);
    for (const [i, name] of names.entries()) {
      const entry = execFileSync('unzip', ['-p', saved, name], { maxBuffer: 64 * 1024 * 1024 });
      expect(sha(entry)).toBe(await s3.hash(`${state.taskId}/out/${i}.pdf`));
    }
  });

  test('/readyz checks the bucket', async () => {
    const ready = await fetch(`${site.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.fileStore).toEqual({ ok: true, detail: `s3://${s3.bucket}` });
  });
});

test('a store that is down: uploads and downloads answer 503 in Chinese, /readyz says so, the server stays up and recovers', async () => {
  const visitor = new TaskClient(site.origin);
  const before = await visitor.run('pdf-merge', [{ name: 'a.pdf', data: await textPdf(1) }, { name: 'b.pdf', data: await textPdf(1) }]);
  expect(before.status).toBe('done');

  await s3.stop();
  try {
    const refused = await visitor.submit('pdf-merge', [{ name: 'a.pdf', data: await textPdf(1) }, { name: 'b.pdf', data: await textPdf(1) }]);
    expect(refused).toMatchObject({ status: 503, body: { msg: STORE_DOWN } });
    const download = await fetch(new URL(before.files[0].url, site.origin));
    expect(download.status).toBe(503);
    expect((await download.json()).msg).toBe(STORE_DOWN);
    const ready = await fetch(`${site.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.fileStore).toMatchObject({ ok: false, detail: expect.stringContaining(`s3://${s3.bucket}`) });
    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    expect(site.alive()).toBe(true);
  } finally {
    await s3.start();
  }

  expect((await fetch(`${site.origin}/readyz`)).status).toBe(200);
  const after = await visitor.run('pdf-merge', [{ name: 'a.pdf', data: await textPdf(1) }, { name: 'b.pdf', data: await textPdf(2) }]);
  expect(after.status).toBe('done');
  expect(pdfPages(await visitor.download(after.files[0].url, scratch, 'after.pdf'))).toBe(3);
});
