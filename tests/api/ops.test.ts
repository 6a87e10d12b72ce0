// Operating the built server: /healthz and /readyz, /metrics behind its token, request ids, and
// the graceful drain on SIGTERM (running jobs finish, new ones are refused, exit 0).
import fs from 'node:fs';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { slowPdf, textPdf } from '../shipped/inputs';
import pg from 'pg';
import { builtServerOn, createEmptyPostgresDb } from '../support/db';
import { migrations } from '../../server/db/migrations';

const METRICS_TOKEN = 'm'.repeat(40);

describe('health, readiness, metrics and request ids (SQLite)', () => {
  let site: BuiltServer;
  beforeAll(async () => {
    site = await startBuiltServer({ env: { METRICS_TOKEN } });
  });
  afterAll(() => site.stop());

  test('/healthz answers while the process is up; /readyz checks the database, storage and queue', async () => {
    const health = await fetch(`${site.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const ready = await fetch(`${site.origin}/readyz`);
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.status).toBe('ready');
    for (const check of ['accepting', 'database', 'storage', 'queue']) expect(body.checks[check].ok).toBe(true);
    expect(Array.isArray(body.unavailableEngines)).toBe(true);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  test('/metrics needs the bearer token and counts requests, tasks by tool and outcome, queue and engines', async () => {
    expect((await fetch(`${site.origin}/metrics`)).status).toBe(401);
    expect((await fetch(`${site.origin}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const client = new TaskClient(site.origin);
    const submitted = await client.submit('pdf-rotate', [{ name: 'a.pdf', data: await textPdf(2) }]);
    expect(submitted.status).toBe(200);
    expect((await client.settle(submitted.body.data!.taskId)).status).toBe('done');
    const scrape = async () => {
      const res = await fetch(`${site.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    // The task reads as done once its status is written; the job leaves the queue when its clean-up
    // after that has run, a moment later on a loaded machine.
    let text = await scrape();
    for (let tries = 0; !/^task_queue_depth 0$/m.test(text) && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = await scrape();
    }
    expect(text).toMatch(/^tasks_total\{tool="pdf-rotate",outcome="done"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/task",method="POST",status="2xx"\} \d+$/m);
    expect(text).toMatch(/^task_queue_depth 0$/m);
    expect(text).toMatch(/^engine_slots_busy\{engine="\w+"\} 0$/m);
    expect(text).toMatch(/^libreoffice_listener_restarts \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  test('every response carries a request id; a well-formed one from the edge is kept, a hostile one replaced', async () => {
    const plain = await fetch(`${site.origin}/task/taskQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(`${site.origin}/healthz`, { headers: { 'x-request-id': 'edge-1234abcd' } });
    expect(given.headers.get('x-request-id')).toBe('edge-1234abcd');
    const hostile = await fetch(`${site.origin}/healthz`, { headers: { 'x-request-id': '../../etc/passwd <script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The API call was logged as one JSON line with that id.
    const id = plain.headers.get('x-request-id')!;
    const line = site.log().split('\n').find((l) => l.includes(id));
    expect(JSON.parse(line!)).toMatchObject({ req: { id, method: 'POST', url: '/task/taskQuery' } });
  });

  test('a line logged by the code handling a request carries that request\'s id (server/log.ts context)', async () => {
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const sent = await fetch(`${site.origin}/auth/sms/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile }) });
    expect(sent.status).toBe(200);
    const id = sent.headers.get('x-request-id');
    // The SMS development provider's own line, not the access line; the child's stdout may lag the answer.
    const wanted = expect.objectContaining({ reqId: id, msg: expect.stringContaining('[sms:development]') });
    const logged = () => site.log().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    for (let i = 0; i < 50 && !logged().some((line) => wanted.asymmetricMatch(line)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged()).toContainEqual(wanted);
  });

  test('a JSON body over the 1 MB limit is refused with 413 and a Chinese message, and the server stays up', async () => {
    const res = await fetch(`${site.origin}/task/taskQuery`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ taskId: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ret: 413, msg: '提交的内容过大，请精简后再试' });
    expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
  });
});

describe('on PostgreSQL without METRICS_TOKEN', () => {
  const on = builtServerOn('postgres');
  test('/metrics does not exist; /readyz checks the PostgreSQL database', async () => {
    expect((await fetch(`${on.server.origin}/metrics`)).status).toBe(404);
    const ready = await fetch(`${on.server.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.database.ok).toBe(true);
  });
});

test('three web processes started together on an empty PostgreSQL database apply each migration once (advisory lock) and all come up ready', async () => {
  const database = await createEmptyPostgresDb();
  const sites: BuiltServer[] = [];
  try {
    sites.push(...(await Promise.all([0, 1, 2].map(() => startBuiltServer({ env: { DATABASE_URL: database.url }, startTimeoutMs: 60_000 })))));
    for (const site of sites) {
      const ready = await fetch(`${site.origin}/readyz`);
      expect(ready.status).toBe(200);
      expect(site.log()).not.toMatch(/migration failed/);
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT name FROM kysely_migration ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await client.end();
    }
  } finally {
    await Promise.all(sites.map((site) => site.stop()));
    await database.drop();
  }
});

test('SIGTERM drains: /readyz turns 503, new submits are refused in Chinese, the running job finishes, exit 0', async () => {
  const site = await startBuiltServer({ env: { SHUTDOWN_GRACE_SECONDS: '120', CONVERT_CONCURRENCY: '1' } });
  const client = new TaskClient(site.origin);
  const submitted = await client.submit('pdf-to-png', [{ name: 'slow.pdf', data: await slowPdf(10) }]);
  expect(submitted.status).toBe(200);
  const taskId = submitted.body.data!.taskId;
  for (let i = 0; i < 600 && (await client.query(taskId)).status !== 'running'; i++) await new Promise((r) => setTimeout(r, 50));
  expect((await client.query(taskId)).status).toBe('running');
  site.child.kill('SIGTERM');
  // Until the signal arrives /readyz says ready (or, on a loaded machine, may fail its database
  // check); once it has, it says why: the process is draining.
  let body: { status: string; checks: Record<string, { ok: boolean; detail?: string }> } | undefined;
  let status = 0;
  for (let i = 0; i < 200; i++) {
    const ready = await fetch(`${site.origin}/readyz`);
    status = ready.status;
    body = await ready.json();
    if (!body!.checks.accepting.ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(status).toBe(503);
  expect(body!.checks.accepting).toEqual({ ok: false, detail: 'draining: shutting down' });
  const refused = await client.submit('pdf-rotate', [{ name: 'late.pdf', data: await textPdf(1) }]);
  expect(refused).toEqual({ status: 503, body: { ret: 400, msg: '服务正在更新，请稍后几秒再试' } });
  // Polls are still answered while the job runs (it may also end before this first poll).
  expect(['running', 'done']).toContain((await client.query(taskId)).status);
  // The process waits for the job, then exits 0; a new process on the same data finds it done,
  // not handed back to the queue.
  expect(await site.exited).toBe(0);
  const next = await startBuiltServer({ dataDir: site.dataDir, env: { CONVERT_CONCURRENCY: '1' } });
  try {
    const again = new TaskClient(next.origin, { cookie: `UUID=${client.cookie('UUID')}` });
    const state = await again.query(taskId);
    expect(state.status).toBe('done');
    expect(state.files.length).toBeGreaterThan(0);
  } finally {
    await next.stop();
    fs.rmSync(site.dataDir, { recursive: true, force: true });
  }
}, 180_000);
