// A full LibreOffice pool over the task API, on the real shared pool (one listener, 8 waiting
// places): its soffice is stopped with SIGSTOP, so one job hangs on it and eight wait behind it for
// as long as the test needs. Then a txt-to-pdf submit answers 429 with the Chinese message and a
// tool without LibreOffice is still taken; and a task that was already queued, and met the full pool
// when it ran, stays queued (holding its visitor's share of the queue) and ends done once the pool
// has room.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import request from 'supertest';
import { createApp } from '../../server/app';
import { convertWithOffice, officePoolSaturated, startOfficePool, stopOfficePool } from '../../server/convert/engines/libreoffice';
import { Fairness } from '../../server/tasks/fairness';
import { openTestDb, type TestDb } from '../support/db';

const BUSY = { ret: 400, msg: '当前转换人数较多，请稍后再试' };
const TEXT = Buffer.from('第一行：排队测试\nsecond line\n');

let testDb: TestDb;

beforeAll(async () => {
  testDb = await openTestDb('sqlite');
  await startOfficePool({ dataDir: testDb.config.dataDir, convertConcurrency: 1 });
}, 120_000);

afterAll(async () => {
  await stopOfficePool();
  await testDb.close();
});

/** soffice.bin processes started by this test process (through the helper and bubblewrap). */
function ownSoffices(): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((row) => row.length === 4);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (mine.has(Number(ppid)) && !mine.has(Number(pid))) {
        mine.add(Number(pid));
        grew = true;
      }
    }
  }
  return rows.filter(([pid, , stat, command]) => mine.has(Number(pid)) && !stat.startsWith('Z') && command === 'soffice.bin').map(([pid]) => Number(pid));
}

const textJob = (name: string) => ({
  input: path.join(testDb.config.dataDir, 'jam.txt'),
  output: path.join(testDb.config.dataDir, name),
  exportFilter: 'writer_pdf_Export',
  importFilter: 'Text (encoded)',
  importOptions: 'UTF8,LF',
});

/** Fills the pool: its one listener hangs on a job and eight more wait. Returns what frees it. */
async function jamPool(): Promise<() => Promise<void>> {
  fs.writeFileSync(textJob('').input, TEXT);
  // A job to the end first: the listener (a fresh one after an earlier jam) is up.
  await convertWithOffice(textJob('warm.pdf'));
  const soffices = ownSoffices();
  expect(soffices.length).toBeGreaterThan(0);
  soffices.forEach((pid) => process.kill(pid, 'SIGSTOP'));
  const controller = new AbortController();
  const jobs = Array.from({ length: 9 }, (_, i) => convertWithOffice(textJob(`jam-${i}.pdf`), controller.signal).catch(() => undefined));
  expect(officePoolSaturated()).toBe(true);
  // Cancelling takes the hung listener down (the pool starts a fresh one) and empties the queue.
  return async () => {
    controller.abort(new Error('test over'));
    await Promise.all(jobs);
  };
}

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return Buffer.from(await doc.save());
}

async function statusOf(agent: request.Agent, taskId: string): Promise<{ status: string; msg: string }> {
  const res = await agent.post('/task/taskQuery').send({ taskId });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Polls (bounded) until the task leaves queued and running. */
async function settled(agent: request.Agent, taskId: string): Promise<{ status: string; msg: string }> {
  let view = await statusOf(agent, taskId);
  for (let i = 0; i < 600 && (view.status === 'queued' || view.status === 'running'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = await statusOf(agent, taskId);
  }
  return view;
}

test('a full pool: office submits answer 429 with the message, other tools are taken', async () => {
  const site = await createApp(testDb.config);
  const agent = request.agent(site.app);
  const free = await jamPool();
  try {
    const refused = await agent.post('/task/submitTask').field('taskName', 'txt-to-pdf').attach('file', TEXT, '说明.txt');
    expect([refused.status, refused.body]).toEqual([429, BUSY]);
    const group = await agent.post('/task/submitTask_group').field('taskName', 'txt-to-pdf').attach('file', TEXT, 'a.txt').attach('file', TEXT, 'b.txt');
    expect([group.status, group.body]).toEqual([429, BUSY]);

    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = Buffer.from(await doc.save());
    const taken = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', pdf, 'a.pdf');
    expect(taken.status).toBe(200);
  } finally {
    await free();
  }
  try {
    // Room again: the same submit is taken.
    expect(officePoolSaturated()).toBe(false);
    const taken = await agent.post('/task/submitTask').field('taskName', 'txt-to-pdf').attach('file', TEXT, '说明.txt');
    expect(taken.status).toBe(200);
    // …and done (nothing is left queued in the database for the next test's server to pick up).
    expect(await settled(agent, taken.body.data.taskId)).toMatchObject({ status: 'done', msg: '' });
  } finally {
    await site.close();
  }
}, 60_000);

test('a queued task that meets the full pool when it runs stays queued, keeps its share, and is done once there is room', async () => {
  // One task per visitor, so a second submit shows whether the waiting task still holds its share.
  const site = await createApp(testDb.config, { fairness: new Fairness({ perVisitor: 1, perIp: 100 }), startTasks: false });
  const service = site.api!.tasks;
  const agent = request.agent(site.app);
  // Submitted while the pool has room; the workers are not started yet, so it waits in the queue.
  const submitted = await agent.post('/task/submitTask').field('taskName', 'txt-to-pdf').attach('file', TEXT, '说明.txt');
  expect(submitted.status).toBe(200);
  const { taskId } = submitted.body.data as { taskId: string };

  const free = await jamPool();
  try {
    await service.start();
    // The run is turned away at once and waits for another offer; the task must read queued, not failed.
    for (let i = 0; i < 200 && service.retriesPending === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.retriesPending).toBe(1);
    expect(await statusOf(agent, taskId)).toMatchObject({ status: 'queued', msg: '' });
    const second = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await onePagePdf(), 'a.pdf');
    expect([second.status, second.body]).toEqual([429, { ret: 400, msg: '您已有较多任务在排队或处理中，请等待完成后再提交' }]);
  } finally {
    await free();
  }
  try {
    expect(await settled(agent, taskId)).toMatchObject({ status: 'done', msg: '' });
    // Done: the share is free again.
    const next = await agent.post('/task/submitTask').field('taskName', 'pdf-rotate').attach('file', await onePagePdf(), 'a.pdf');
    expect(next.status).toBe(200);
  } finally {
    await site.close();
  }
}, 120_000);
