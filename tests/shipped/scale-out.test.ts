// The scale-out modes together (issue 18), as separate machines would run them: the built web
// process and a built worker on PostgreSQL, jobs on Redis (a queue prefix of this run's own,
// removed afterwards), files in an S3-compatible bucket (s3rver on loopback), the same SITE_SECRET,
// and each process with a DATA_DIR of its own. The worker converts, the web process serves the
// result from the bucket, neither keeps a task file on its disk, and the worker's own /metrics
// counts its runs. The web process's queue cap is QUEUE_CAP. In front of it all, the edge worker
// (Miniflare running the wrangler bundle) and a web front that sends the API to it (API_ORIGIN).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, startBuiltWorker, freePort, type BuiltServer, type BuiltWorker } from '../support/built-server';
import { createEmptyPostgresDb } from '../support/db';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { TaskClient } from '../support/task-client';
import { dryRunDeploy, serveEdge, startEdge } from '../worker/edge';
import { PAGE_WORDS, slowPdf, textPdf } from './inputs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-scale-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
const METRICS_TOKEN = crypto.randomBytes(24).toString('hex');

let database: { url: string; drop(): Promise<void> };
let s3: LocalS3;
let site: BuiltServer;
let worker: BuiltWorker;
let workerMetrics: string;
let client: TaskClient;
let shared: Record<string, string>;
const workerDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-worker-'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-results-'));

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function scrape(origin: string, token = METRICS_TOKEN): Promise<Response> {
  return fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
}

beforeAll(async () => {
  database = await createEmptyPostgresDb();
  s3 = await startLocalS3();
  shared = { ...s3.env, DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix, SITE_SECRET: crypto.randomBytes(32).toString('hex'), METRICS_TOKEN };
  // QUEUE_CAP: the fleet's cap, not 50 × this process's WORKER_CONCURRENCY (the default).
  site = await startBuiltServer({ env: { ...shared, QUEUE_CAP: '2' }, startTimeoutMs: 60_000 });
  const port = await freePort();
  workerMetrics = `http://127.0.0.1:${port}`;
  worker = await startBuiltWorker({ dataDir: workerDataDir, env: { ...shared, WORKER_METRICS_PORT: String(port), WORKER_CONCURRENCY: '1' }, startTimeoutMs: 60_000 });
  client = new TaskClient(site.origin);
});

afterAll(async () => {
  await worker?.stop();
  await site?.stop();
  await s3?.close();
  await database?.drop();
  const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}:*`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  if (keys.length > 0) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
  fs.rmSync(workerDataDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

test('a conversion submitted to the web process runs on the worker; the result comes back through the web process from the bucket; delete removes the objects', async () => {
  const answer = await client.submit('pdf-merge', [{ name: '甲.pdf', data: await textPdf(2) }, { name: '乙.pdf', data: await textPdf(1) }]);
  expect(answer.status).toBe(200);
  const taskId = answer.body.data!.taskId;
  const state = await client.settle(taskId);
  expect({ status: state.status, msg: state.msg, files: state.files.length }).toEqual({ status: 'done', msg: '', files: 1 });

  const saved = await client.download(state.files[0].url, scratch, 'merged.pdf');
  execFileSync('qpdf', ['--check', saved], { stdio: 'pipe' });
  expect(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [saved], { encoding: 'utf8' }))?.[1]).toBe('3');
  const text = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
  expect(text.indexOf(PAGE_WORDS[0])).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(PAGE_WORDS[1])).toBeGreaterThan(text.indexOf(PAGE_WORDS[0]));

  // Inputs and result are objects under the task's prefix; the downloaded bytes are the object's.
  expect(await s3.keys(`${taskId}/`)).toEqual([`${taskId}/in/0.pdf`, `${taskId}/in/1.pdf`, `${taskId}/out/0.pdf`]);
  expect(crypto.createHash('sha256').update(fs.readFileSync(saved)).digest('hex')).toBe(await s3.hash(`${taskId}/out/0.pdf`));

  // The web process draws a preview of the result from the bucket, in a work dir of its own.
  const preview = await client.call<{ images: { url: string }[] }>('POST', '/task/targetYee', { taskId });
  expect(preview.status).toBe(200);
  expect(preview.body.data!.images).toHaveLength(3);
  expect(await s3.keys(`${taskId}/tgt/`)).toEqual([0, 1, 2].map((i) => `${taskId}/tgt/${i}.png`));

  // Neither machine keeps a task file: no local store, and the job's copies went with its work dir
  // and its child's exchange folder.
  for (const dataDir of [site.dataDir, workerDataDir]) {
    for (const folder of ['files', 'work', 'job-children']) expect(filesUnder(path.join(dataDir, folder))).toEqual([]);
  }

  const deleted = await client.call('DELETE', '/task/deleteById', { taskId });
  expect(deleted.status).toBe(200);
  expect(await s3.keys(`${taskId}/`)).toEqual([]);
  expect((await fetch(new URL(state.files[0].url, site.origin))).status).toBe(410);
});

test("the worker's own /metrics (WORKER_METRICS_PORT, METRICS_TOKEN) counts the runs it finished by tool and outcome", async () => {
  expect((await fetch(`${workerMetrics}/metrics`)).status).toBe(401);
  expect((await scrape(workerMetrics, 'wrong')).status).toBe(401);

  // A file that passes the upload's checks (its header says PDF) and fails in the converter.
  const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
  const failed = await client.run('pdf-compress', [{ name: 'broken.pdf', data: broken }]);
  expect(failed.status).toBe('failed');

  const res = await scrape(workerMetrics);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^tasks_total\{tool="pdf-merge",outcome="done"\} 1$/m);
  expect(text).toMatch(/^tasks_total\{tool="pdf-compress",outcome="failed"\} 1$/m);
  expect(text).toMatch(/^engine_slots_busy\{engine="\w+"\} \d+$/m);
  // The web process ran no conversion: its own count stays empty (the workers' are the site's).
  const web = await (await scrape(site.origin)).text();
  expect(web).not.toMatch(/^tasks_total\{/m);
});

test('the same through the edge and a web front with API_ORIGIN: pages and calls pass edge → front → API process, the job runs on the worker', async () => {
  const bundle = (await dryRunDeploy('production')).outdir;
  // The front renders pages and forwards the API; it has no queue, bucket or jobs of its own.
  const front = await startBuiltServer({ env: { API_ORIGIN: site.origin, SITE_SECRET: shared.SITE_SECRET }, startTimeoutMs: 60_000 });
  const edge = await startEdge(bundle, front.origin);
  const door = await serveEdge(edge);
  try {
    const page = await fetch(`${door.origin}/pdf-merge/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('PDF合并');

    const visitor = new TaskClient(door.origin);
    const submitted = await visitor.submit('pdf-merge', [{ name: '甲.pdf', data: await textPdf(1) }, { name: '乙.pdf', data: await textPdf(2) }]);
    expect(submitted.status).toBe(200);
    const taskId = submitted.body.data!.taskId;
    const state = await visitor.settle(taskId);
    expect({ status: state.status, msg: state.msg, files: state.files.length }).toEqual({ status: 'done', msg: '', files: 1 });
    // A site-relative link, so the download comes through the edge as well.
    expect(state.files[0].url.startsWith('/')).toBe(true);
    const saved = await visitor.download(state.files[0].url, scratch, 'edge-merged.pdf');
    execFileSync('qpdf', ['--check', saved], { stdio: 'pipe' });
    expect(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [saved], { encoding: 'utf8' }))?.[1]).toBe('3');
    expect(await s3.keys(`${taskId}/out/`)).toEqual([`${taskId}/out/0.pdf`]);
    // The front kept nothing: it only passed the calls on.
    for (const folder of ['files', 'work', 'job-children']) expect(filesUnder(path.join(front.dataDir, folder))).toEqual([]);
    expect((await visitor.call('DELETE', '/task/deleteById', { taskId })).status).toBe(200);
  } finally {
    await door.close();
    await edge.dispose();
    await front.stop();
    fs.rmSync(bundle, { recursive: true, force: true });
  }
});

test('QUEUE_CAP caps the tasks waiting and running on the Redis queue: past it a submit answers 429', async () => {
  // One running on the worker (one slot), one waiting behind it: the cap of 2 is reached.
  const ids: string[] = [];
  for (const pages of [40, 3]) {
    const answer = await client.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: await slowPdf(pages) }], { dpi: 300 });
    expect(answer.status).toBe(200);
    ids.push(answer.body.data!.taskId);
  }
  try {
    // The web process reads the queue's counts every second: wait (bounded) until it has seen both.
    let depth = 0;
    for (let i = 0; i < 100 && depth < 2; i++) {
      depth = Number(/^task_queue_depth (\d+)$/m.exec(await (await scrape(site.origin)).text())?.[1]);
      if (depth < 2) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(depth).toBe(2);
    const refused = await client.submit('pdf-merge', [{ name: 'a.pdf', data: await textPdf(1) }, { name: 'b.pdf', data: await textPdf(1) }]);
    expect(refused).toMatchObject({ status: 429, body: { msg: '当前排队任务较多，请稍后再试' } });
  } finally {
    for (const taskId of ids) await client.call('DELETE', '/task/deleteById', { taskId });
  }
});
