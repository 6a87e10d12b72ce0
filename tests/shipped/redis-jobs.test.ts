// Jobs on Redis (issue 18): with REDIS_URL the web process only queues task ids and `npm run
// worker` runs them. The built server and built workers run as child processes on the real Redis
// of this machine, under a queue prefix of this run's own (removed afterwards).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, startBuiltWorker, type BuiltServer, type BuiltWorker } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { slowPdf } from './inputs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-jobs-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
// A dead worker's task is taken back after 5 s without a heartbeat (60 s by default).
const env = { REDIS_URL, QUEUE_PREFIX: prefix, TASK_STALE_SECONDS: '5', WORKER_CONCURRENCY: '2' };
const INTERRUPTED_TWICE = '该文件多次导致处理中断，已停止处理，请检查文件是否完好';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-jobs-'));
let site: BuiltServer;
const workers: BuiltWorker[] = [];
let client: TaskClient;

async function worker(extra: Record<string, string> = {}): Promise<BuiltWorker> {
  const started = await startBuiltWorker({ dataDir, env: { ...env, ...extra } });
  workers.push(started);
  return started;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function workDirsOf(taskId: string): string[] {
  const root = path.join(dataDir, 'work');
  return fs.existsSync(root) ? fs.readdirSync(root).filter((name) => name.startsWith(`${taskId}-`)) : [];
}

/** Polls (bounded) until the task has a work dir other than those in `seen`: a run of it has begun. */
async function untilNewWorkDir(taskId: string, seen: readonly string[] = []): Promise<string> {
  for (let i = 0; i < 1500; i++) {
    const fresh = workDirsOf(taskId).find((name) => !seen.includes(name));
    if (fresh) return fresh;
    await pause(20);
  }
  throw new Error(`no run of ${taskId} began`);
}

/** The engines a killed worker left running on a task's work dir (each job's dir is its own). */
function killLeftovers(workDir: string): void {
  let pids: string[] = [];
  try {
    pids = execFileSync('pgrep', ['-f', path.join(dataDir, 'work', workDir)], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    // none left
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

async function submit(pdf: Buffer, dpi: number): Promise<string> {
  const answer = await client.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: pdf }], { dpi });
  expect(answer.status).toBe(200);
  return answer.body.data!.taskId;
}

beforeAll(async () => {
  site = await startBuiltServer({ dataDir, env });
  client = new TaskClient(site.origin);
});

afterAll(async () => {
  for (const w of workers) await w.stop({ graceMs: 5000 });
  await site?.stop({ keepData: true });
  for (const dir of fs.existsSync(path.join(dataDir, 'work')) ? fs.readdirSync(path.join(dataDir, 'work')) : []) killLeftovers(dir);
  const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}:*`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  if (keys.length > 0) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the web process only queues: its tasks wait until a worker runs them; /readyz checks Redis', async () => {
  const ready = await (await fetch(`${site.origin}/readyz`)).json();
  expect(ready.checks.queue).toMatchObject({ ok: true, detail: expect.stringMatching(/^redis: /) });

  const first = await submit(await slowPdf(2), 72);
  const second = await submit(await slowPdf(3), 72);
  for (let i = 0; i < 10; i++) {
    expect((await client.query(first)).status).toBe('queued');
    await pause(100);
  }
  expect(workDirsOf(first)).toEqual([]);

  await worker();
  const [a, b] = await Promise.all([client.settle(first), client.settle(second)]);
  expect({ status: a.status, files: a.files.length }).toEqual({ status: 'done', files: 2 });
  expect({ status: b.status, files: b.files.length }).toEqual({ status: 'done', files: 3 });
  // The worker's result, read back through the web process's signed link.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-jobs-results-'));
  try {
    const picture = await client.download(b.files[2].url, dir, 'p3.jpg');
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', picture], { encoding: 'utf8' }).trim()).toBe('mjpeg,600,600');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('deleting a running task aborts it on the worker that runs it', async () => {
  const id = await submit(await slowPdf(40), 300);
  const workDir = await untilNewWorkDir(id);
  const deleted = await client.call('DELETE', `/task/deleteById?taskId=${id}`);
  expect(deleted.body.ret).toBe(0);
  // The job returns at once (its work dir goes with it) rather than rendering 40 pages at 300 dpi.
  for (let i = 0; i < 250 && workDirsOf(id).includes(workDir); i++) await pause(20);
  expect(workDirsOf(id)).toEqual([]);
  expect((await client.query(id)).status).toBe('cancelled');
});

test('a worker killed mid-job: another re-runs its task, and a task interrupted twice fails with its message; 0 lost', async () => {
  // One job at a time: the bystander waits behind the doomed task and is never interrupted.
  for (const w of workers) if (w.alive()) await w.stop();
  const single = { WORKER_CONCURRENCY: '1' };
  await worker(single);
  const doomed = await submit(await slowPdf(40), 300);
  const bystander = await submit(await slowPdf(3), 72);
  let seen: string[] = [];
  for (let round = 1; round <= 2; round++) {
    const dir = await untilNewWorkDir(doomed, seen);
    seen = [...seen, dir];
    const victim = workers.find((w) => w.alive())!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    killLeftovers(dir);
    await worker(single);
  }
  const failed = await client.settle(doomed);
  expect({ status: failed.status, msg: failed.msg }).toEqual({ status: 'failed', msg: INTERRUPTED_TWICE });
  const done = await client.settle(bystander);
  expect({ status: done.status, files: done.files.length }).toEqual({ status: 'done', files: 3 });
  // The killed runs' work dirs went with the task; the killed workers' own folders (job children,
  // LibreOffice profiles, named <host>-<pid>) were removed by the workers started after them.
  expect(workDirsOf(doomed)).toEqual([]);
  const killedPids = workers.filter((w) => !w.alive()).map((w) => String(w.pid));
  for (const parent of ['job-children', 'workers']) {
    const left = fs.existsSync(path.join(dataDir, parent)) ? fs.readdirSync(path.join(dataDir, parent)) : [];
    expect(left.filter((name) => killedPids.includes(name.split('-').pop()!))).toEqual([]);
  }
});

test('SIGTERM drains a worker: exit 0; a job within the grace finishes there, past it is handed back uncounted', async () => {
  // With a grace: the running job finishes on the draining worker, the only one there is.
  for (const w of workers) if (w.alive()) await w.stop();
  const patient = await worker({ SHUTDOWN_GRACE_SECONDS: '120' });
  const finishing = await submit(await slowPdf(3), 72);
  await untilNewWorkDir(finishing);
  expect(await patient.stop({ graceMs: 120_000 })).toBe(0);
  expect((await client.query(finishing)).status).toBe('done');

  // Without one (SHUTDOWN_GRACE_SECONDS 0): handed back at once, run whole by the next worker.
  const id = await submit(await slowPdf(6), 100);
  const hasty = await worker();
  await untilNewWorkDir(id);
  expect(await hasty.stop()).toBe(0);
  expect((await client.query(id)).status).toBe('queued');
  await worker();
  const state = await client.settle(id);
  expect({ status: state.status, files: state.files.length }).toEqual({ status: 'done', files: 6 });
});
