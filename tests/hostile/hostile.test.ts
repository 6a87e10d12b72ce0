// The hostile corpus against the built server (issue 11): each input gets an answer its case
// allows (a Chinese refusal, a failed task with a Chinese message, or a correct result: a finished
// task's files pass the case's check, read back by qpdf, pdfinfo, pdftotext, ffprobe), nothing
// a hostile input names leaks into a result, the server keeps answering under 512 MB, nothing is
// written outside the data dir's own folders, and another visitor's ordinary task finishes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { HOSTILE_CASES, type HostileCase, type Outcome } from './corpus';

const CHINESE = /[\u4e00-\u9fff]/;
const MB = 1024 * 1024;
let server: BuiltServer;
let scratch: string;

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-'));
  server = await startBuiltServer({ env: { CONVERT_CONCURRENCY: '2' } });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

interface Result {
  outcome: Outcome;
  msg: string;
  files: string[];
}

async function attempt(testCase: HostileCase): Promise<Result> {
  const client = new TaskClient(server.origin);
  const answer = await client.submit(testCase.tool, await testCase.files(scratch), testCase.options, testCase.call);
  if (answer.status !== 200) {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
    return { outcome: 'refused', msg: answer.body.msg, files: [] };
  }
  const taskId = answer.body.data!.taskId;
  if (testCase.call === '/task/submitMiddleTask') {
    for (let i = 0; i < 3000; i++) {
      const state = (await client.call<{ status: string; msg: string }>('POST', '/task/taskMiddleQuery', { taskId })).body.data!;
      if (state.status !== 'queued' && state.status !== 'running') return { outcome: state.status as Outcome, msg: state.msg, files: [] };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('middle task never settled');
  }
  const state = await client.settle(taskId);
  const dir = fs.mkdtempSync(path.join(scratch, 'out-'));
  const files = state.status === 'done' ? await Promise.all(state.files.map((f, i) => client.download(f.url, dir, `${i}`))) : [];
  return { outcome: state.status as Outcome, msg: state.msg, files };
}

test('every case that may finish says what its result must hold', () => {
  expect(HOSTILE_CASES.filter((c) => c.allowed.includes('done') && !c.check).map((c) => c.name)).toEqual([]);
});

test('the corpus: every input answered as its case allows, the server whole', async () => {
  // Another visitor's ordinary work runs beside the corpus from start to end.
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([300, 300]);
  const bystander = new TaskClient(server.origin).run('pdf-rotate', [{ name: 'ordinary.pdf', data: Buffer.from(await doc.save()) }], { angle: 180 });

  const problems: string[] = [];
  for (const testCase of HOSTILE_CASES) {
    const result = await attempt(testCase);
    if (!testCase.allowed.includes(result.outcome)) problems.push(`${testCase.name}: ${result.outcome} (${result.msg})`);
    if (result.outcome !== 'done' && !CHINESE.test(result.msg)) problems.push(`${testCase.name}: no Chinese message (${result.msg})`);
    if (result.outcome === 'done') {
      try {
        testCase.check?.(result.files);
      } catch (error) {
        problems.push(`${testCase.name}: its result is wrong: ${(error as Error).message}`);
      }
    }
    if (testCase.mustNotLeak) {
      for (const file of result.files) if (fs.readFileSync(file).includes(testCase.mustNotLeak)) problems.push(`${testCase.name}: its result holds ${testCase.mustNotLeak}`);
    }
    if (!server.alive()) problems.push(`${testCase.name}: the server exited`);
  }
  expect(problems).toEqual([]);

  expect((await bystander).status).toBe('done');
  expect(server.alive()).toBe(true);
  expect(server.memory().peak).toBeLessThan(512 * MB);
  // The data dir holds only its own parts; no upload name reached a path of its own.
  expect(fs.readdirSync(server.dataDir).filter((entry) => !/^(files|work|job-children|tsa|site\.sqlite(-wal|-shm)?|link-secret|libreoffice)$/.test(entry))).toEqual([]);
  expect(fs.existsSync(path.join(server.dataDir, '..', 'etc'))).toBe(false);
}, 900_000);
