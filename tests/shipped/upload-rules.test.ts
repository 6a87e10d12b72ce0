// The upload form and the queue's shares on the built server (issue 11 items 5, 7, 8): fields
// before files, nothing ignored or read for nothing, safe file names, a free-space floor, a
// per-visitor and per-IP share of the queue (the IP from X-Forwarded-For only from a trusted proxy),
// and the visitor cookie's Secure flag in production.
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { slowPdf } from './inputs';

let server: BuiltServer;
let pdf: Buffer;

beforeAll(async () => {
  server = await startBuiltServer({ env: { CONVERT_CONCURRENCY: '1' } });
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  doc.addPage([200, 200]);
  pdf = Buffer.from(await doc.save());
});

afterAll(async () => {
  await server?.stop();
});


function blob(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)]);
}

test('taskName after the file, options after the file, unknown fields and parts: 400 with the reason', async () => {
  const client = new TaskClient(server.origin);
  const late = new FormData();
  late.append('file', blob(pdf), 'a.pdf');
  late.append('taskName', 'pdf-rotate');
  expect(await client.call('POST', '/task/submitTask', late)).toEqual({ status: 400, body: { ret: 400, msg: '请求格式错误：taskName 需在文件之前提交' } });

  const lateOptions = new FormData();
  lateOptions.append('taskName', 'pdf-rotate');
  lateOptions.append('file', blob(pdf), 'a.pdf');
  lateOptions.append('options', JSON.stringify({ angle: 180 }));
  expect(await client.call('POST', '/task/submitTask', lateOptions)).toEqual({ status: 400, body: { ret: 400, msg: '请求格式错误：参数需在文件之前提交' } });

  const unknownField = new FormData();
  unknownField.append('taskName', 'pdf-rotate');
  unknownField.append('junk', 'x'.repeat(1000));
  unknownField.append('file', blob(pdf), 'a.pdf');
  expect(await client.call('POST', '/task/submitTask', unknownField)).toEqual({ status: 400, body: { ret: 400, msg: '请求格式错误：不支持的字段 junk' } });

  const unknownPart = new FormData();
  unknownPart.append('taskName', 'pdf-rotate');
  unknownPart.append('attachment', blob(Buffer.alloc(1024 * 1024)), 'big.bin');
  expect(await client.call('POST', '/task/submitTask', unknownPart)).toEqual({ status: 400, body: { ret: 400, msg: '请求格式错误：不支持的字段 attachment' } });

  // The same request in the right order is taken, and its options are used.
  const state = await client.run('pdf-rotate', [{ name: 'a.pdf', data: pdf }], { angle: 180 });
  expect(state.status).toBe('done');
});

test('bidi controls and other format characters leave file names', async () => {
  const client = new TaskClient(server.origin);
  const state = await client.run('pdf-rotate', [{ name: 'invoice\u202Efdp.exe\u200B.pdf', data: pdf }], { angle: 90 });
  expect(state.status).toBe('done');
  expect(state.files[0].name).toBe('invoicefdp.exe_旋转.pdf');
});

test('one visitor gets a share of the queue; another visitor is still served', async () => {
  // Another visitor's long render holds the one worker, so the greedy visitor's tasks stay queued.
  const blocker = new TaskClient(server.origin);
  const slow = await blocker.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: await slowPdf(60) }], { dpi: 300 });
  const greedy = new TaskClient(server.origin);
  // The first answer gives the visitor its cookie; then 199 at once.
  expect((await greedy.submit('pdf-rotate', [{ name: 'a.pdf', data: pdf }], { angle: 90 })).status).toBe(200);
  const answers = await Promise.all(Array.from({ length: 199 }, () => greedy.submit('pdf-rotate', [{ name: 'a.pdf', data: pdf }], { angle: 90 })));
  const accepted = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 429);
  expect(accepted + 1).toBe(10);
  expect(refused).toHaveLength(190);
  expect(refused[0].body).toEqual({ ret: 400, msg: '您已有较多任务在排队或处理中，请等待完成后再提交' });

  const other = new TaskClient(server.origin);
  const otherTask = await other.submit('pdf-rotate', [{ name: 'b.pdf', data: pdf }], { angle: 270 });
  expect(otherTask.status).toBe(200);
  // Deleting the long render frees the worker; the other visitor's task runs to the end.
  expect((await blocker.call('DELETE', '/task/deleteById', { taskId: slow.body.data!.taskId })).status).toBe(200);
  const state = await other.settle(otherTask.body.data!.taskId);
  expect(state.status).toBe('done');
});

/** `visitors` new visitors (no cookie yet, so each a new owner) submit one task each at once, with these headers. */
async function burst(origin: string, visitors: number, headers: (i: number) => Record<string, string>): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: visitors }, (_, i) => new TaskClient(origin, headers(i)).submit('pdf-rotate', [{ name: 'a.pdf', data: pdf }], { angle: 90 })),
  );
  return answers.map((a) => a.status);
}

function count(statuses: number[], status: number): number {
  return statuses.filter((s) => s === status).length;
}

test('one IP behind the trusted proxy gets 30 tasks however many visitors it claims to be; another IP is still served', async () => {
  // The default TRUSTED_PROXIES is loopback, where the test connects from: X-Forwarded-For is believed.
  const blocker = new TaskClient(server.origin, { 'x-forwarded-for': '198.51.100.1' });
  const slow = await blocker.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: await slowPdf(60) }], { dpi: 300 });
  expect(slow.status).toBe(200);
  const statuses = await burst(server.origin, 40, () => ({ 'x-forwarded-for': '198.51.100.7' }));
  expect({ accepted: count(statuses, 200), refused: count(statuses, 429) }).toEqual({ accepted: 30, refused: 10 });
  const neighbour = new TaskClient(server.origin, { 'x-forwarded-for': '198.51.100.8' });
  const task = await neighbour.submit('pdf-rotate', [{ name: 'b.pdf', data: pdf }], { angle: 90 });
  expect(task.status).toBe(200);
  expect((await blocker.call('DELETE', '/task/deleteById', { taskId: slow.body.data!.taskId })).status).toBe(200);
  expect((await neighbour.settle(task.body.data!.taskId)).status).toBe('done');
  // One conversion at a time: the neighbour's task runs after the 30 accepted ones, each in a job child of its own.
}, 240_000);

test('X-Forwarded-For from a connection that is not a trusted proxy is ignored', async () => {
  const untrusting = await startBuiltServer({ env: { CONVERT_CONCURRENCY: '1', TRUSTED_PROXIES: '192.0.2.1' } });
  try {
    const blocker = new TaskClient(untrusting.origin);
    expect((await blocker.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: await slowPdf(60) }], { dpi: 300 })).status).toBe(200);
    // Forty visitors each naming another address are one IP, the loopback one: 29 more fit beside the blocker.
    const statuses = await burst(untrusting.origin, 40, (i) => ({ 'x-forwarded-for': `198.51.100.${10 + i}` }));
    expect({ accepted: count(statuses, 200), refused: count(statuses, 429) }).toEqual({ accepted: 29, refused: 11 });
  } finally {
    await untrusting.stop();
  }
});

test('below the free-space floor uploads are refused with 503; production cookies are Secure', async () => {
  const full = await startBuiltServer({ env: { MIN_FREE_DISK_MB: String(1024 * 1024 * 1024), NODE_ENV: 'production' } });
  try {
    const res = await fetch(`${full.origin}/task/submitTask`, { method: 'POST', body: TaskClient.form('pdf-rotate', [{ name: 'a.pdf', data: pdf }]) });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ret: 400, msg: '服务器存储空间不足，请稍后再试' });
    const query = await fetch(`${full.origin}/task/taskQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taskId: 'x'.repeat(22) }) });
    const cookie = query.headers.getSetCookie().find((c) => c.startsWith('UUID='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  } finally {
    await full.stop();
  }
});
