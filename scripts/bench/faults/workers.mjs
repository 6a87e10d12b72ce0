// The job queue on Redis (REDIS_URL) under faults: the built web process and built workers
// (dist/server/main.mjs, dist/server/worker.mjs) on a redis-server of the scenario's own
// (/usr/bin/redis-server on a free loopback port, no persistence), SQLite and the local store in
// the shared DATA_DIR, a dead worker's tasks taken back after TASK_STALE_SECONDS=10. The tasks table
// is read directly for the count.
//  - worker-killed: kill -9 a worker in the middle of 20 running conversions; a new worker finishes
//    them: 0 lost, every one done or failed with a message, no orphan files.
//  - redis: Redis restarted (its queued jobs gone) while tasks are queued: the queue resumes, 0 lost.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { importBundled } from '../fidelity/bundle.mjs';
import { root, sleep, startSite, Visitor } from './common.mjs';

// Long enough that a live worker's heartbeat is not missed on this loaded machine (60 s by default).
const STALE_SECONDS = 10;
const SETTLE_LIMIT_MS = 8 * 60 * 1000;

export async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A child with its output kept, started once its output matches `ready`. */
async function start(command, args, env, ready) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  for (let i = 0; !ready.test(output); i++) {
    if (child.exitCode !== null || i > 1200) throw new Error(`${args[0] ?? command} did not start:\n${output}`);
    await sleep(50);
  }
  return { child, exited, kill: () => child.exitCode === null && child.kill('SIGKILL') };
}

export function redisServer(port) {
  return start('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {}, /Ready to accept connections/);
}

export function queueEnv(redisPort, prefix) {
  return { REDIS_URL: `redis://127.0.0.1:${redisPort}`, QUEUE_PREFIX: prefix, TASK_STALE_SECONDS: String(STALE_SECONDS) };
}

export function worker(dataDir, env, concurrency) {
  return start(process.execPath, [path.join(root, 'dist/server/worker.mjs')], { NODE_ENV: 'test', DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '0', ...env, WORKER_CONCURRENCY: String(concurrency) }, /taking jobs/);
}

/** Small to send, slow to render: the tests' own drawing (tests/shipped/inputs.ts), bundled from its source. */
export async function slowPdf(pages) {
  const inputs = await importBundled('shipped-inputs', `export { slowPdf } from '${root}/tests/shipped/inputs';`);
  return inputs.slowPdf(pages);
}

async function submit(visitor, pdf, dpi) {
  const answer = await visitor.submit('pdf-to-jpg', 'slow.pdf', pdf, { dpi }).catch((error) => ({ status: 0, text: `no answer: ${error.cause?.code ?? error.message}` }));
  const id = answer.json?.data?.taskId;
  if (!id) throw new Error(`submit refused: ${answer.status} ${answer.text?.slice(0, 300)}`);
  return id;
}

/** The tasks table itself: the source of truth. */
export function rows(dataDir, ids) {
  const db = new Database(path.join(dataDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`select id, status, msg, outputs, interruptions from tasks where id in (${ids.map(() => '?').join(',')})`).all(...ids);
  } finally {
    db.close();
  }
}

export async function untilSettled(dataDir, ids) {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  for (;;) {
    const found = rows(dataDir, ids);
    if ((found.length === ids.length && found.every((row) => !['queued', 'running'].includes(row.status))) || Date.now() > deadline) return found;
    await sleep(500);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every task done (its outputs in the store) or failed with a message; no file nobody names, no folder of a dead process. */
function account(dataDir, ids, settled) {
  const byId = new Map(settled.map((row) => [row.id, row]));
  const lost = ids.filter((id) => !byId.has(id) || ['queued', 'running'].includes(byId.get(id).status)).length;
  const done = settled.filter((row) => row.status === 'done').length;
  const failedWithMessage = settled.filter((row) => row.status === 'failed' && row.msg).length;
  const failedSilently = settled.filter((row) => row.status === 'failed' && !row.msg).length;
  let orphanOutputs = 0;
  let missingOutputs = 0;
  for (const row of settled) {
    const named = new Set(JSON.parse(row.outputs).map((file) => file.key));
    for (const key of named) if (!fs.existsSync(path.join(dataDir, 'files', key))) missingOutputs++;
    const outDir = path.join(dataDir, 'files', row.id, 'out');
    for (const name of fs.existsSync(outDir) ? fs.readdirSync(outDir) : []) if (!named.has(`${row.id}/out/${name}`)) orphanOutputs++;
  }
  const listing = (dir) => (fs.existsSync(path.join(dataDir, dir)) ? fs.readdirSync(path.join(dataDir, dir)) : []);
  const workDirsLeft = listing('work').filter((name) => ids.some((id) => name.startsWith(`${id}-`))).length;
  // Job children's folders and LibreOffice profiles are named <host>-<pid>.
  const deadProcessDirs = ['job-children', 'workers'].flatMap(listing).filter((name) => !alive(Number(name.split('-').pop()))).length;
  const interrupted = settled.filter((row) => Number(row.interruptions) > 0).length;
  const messages = [...new Set(settled.filter((row) => row.status === 'failed').map((row) => `「${row.msg}」 (${row.interruptions} interruptions)`))];
  const ok = lost === 0 && failedSilently === 0 && orphanOutputs === 0 && missingOutputs === 0 && workDirsLeft === 0 && deadProcessDirs === 0;
  const line = `${ids.length} tasks: ${done} done, ${failedWithMessage} failed with a message, ${failedSilently} without, ${lost} lost; ${interrupted} counted an interruption; orphan outputs ${orphanOutputs}, missing outputs ${missingOutputs}, work dirs left ${workDirsLeft}, dead workers' folders ${deadProcessDirs}${messages.length > 0 ? `; failures: ${messages.join(', ')}` : ''}`;
  return { ok, line };
}

/** Engines a killed worker left behind, found by the work dirs in their arguments and ended by pid. */
function killLeftovers(dataDir) {
  let pids = [];
  try {
    pids = execFileSync('pgrep', ['-f', `${path.join(dataDir, 'work')}/`], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    // none
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return pids.length;
}

export async function workerKilled() {
  const lines = [];
  const redisPort = await freePort();
  const redis = await redisServer(redisPort);
  const env = queueEnv(redisPort, 'faults-kill');
  const site = await startSite(3831, env);
  const children = [redis];
  try {
    const first = await worker(site.dataDir, env, 20);
    children.push(first);
    const pdf = await slowPdf(6);
    // Two visitors: the fair share is 10 tasks queued or running per visitor.
    const visitors = [new Visitor(site.origin), new Visitor(site.origin)];
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await submit(visitors[i % 2], pdf, 150));
    // In the middle: all 20 claimed by the worker, none finished yet (bounded wait).
    let running = 0;
    for (let i = 0; i < 600; i++) {
      const states = rows(site.dataDir, ids);
      running = states.filter((row) => row.status === 'running').length;
      if (running === 20 || states.some((row) => row.status === 'done' || row.status === 'failed')) break;
      await sleep(100);
    }
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exited;
    const leftovers = killLeftovers(site.dataDir);
    children.push(await worker(site.dataDir, env, 4));
    const settled = await untilSettled(site.dataDir, ids);
    const result = account(site.dataDir, ids, settled);
    lines.push(`kill -9 with ${running} of 20 running (WORKER_CONCURRENCY=20), ${leftovers} engine processes left behind ended; a new worker (4 at once) settled them in ${Math.round((Date.now() - killedAt) / 1000)} s`);
    lines.push(result.line);
    return { name: 'a worker killed in the middle of 20 running conversions', ok: result.ok && running === 20, lines };
  } catch (error) {
    console.error(site.log().slice(-3000));
    throw error;
  } finally {
    for (const child of children) child.kill();
    await site.stop();
  }
}

export async function redisRestart() {
  const lines = [];
  const redisPort = await freePort();
  let redis = await redisServer(redisPort);
  const env = queueEnv(redisPort, 'faults-redis');
  const site = await startSite(3832, env);
  const children = [];
  const waiting = () => Number(execFileSync('redis-cli', ['-p', String(redisPort), 'llen', 'faults-redis:tasks:wait'], { encoding: 'utf8' }).trim());
  try {
    const pdf = await slowPdf(2);
    const visitor = new Visitor(site.origin);
    // No worker yet: the tasks wait in Redis.
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(await submit(visitor, pdf, 72));
    const before = waiting();
    redis.kill();
    await redis.exited;
    redis = await redisServer(redisPort);
    const after = waiting();
    // The web process reconnects by itself: submits after the restart are taken too.
    const later = new Visitor(site.origin);
    for (let i = 0; i < 3; i++) ids.push(await submit(later, pdf, 72));
    const startedAt = Date.now();
    children.push(await worker(site.dataDir, env, 2));
    const settled = await untilSettled(site.dataDir, ids);
    const ready = await (await fetch(`${site.origin}/readyz`)).json();
    const result = account(site.dataDir, ids, settled);
    lines.push(`10 queued, no worker; Redis killed and restarted without its data (jobs waiting in Redis: ${before} before, ${after} after); 3 more submitted after; one worker (2 at once) settled all in ${Math.round((Date.now() - startedAt) / 1000)} s; /readyz ${ready.status}`);
    lines.push(result.line);
    return { name: 'Redis restarted while tasks are queued', ok: result.ok && ready.status === 'ready', lines };
  } finally {
    for (const child of children) child.kill();
    redis.kill();
    await site.stop();
  }
}
