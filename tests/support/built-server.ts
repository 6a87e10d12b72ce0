// The shipped artefact under test: `npm start` runs dist/server/main.mjs, so the API, e2e and
// hostile-input tests start exactly that file as a child process, configured only through real
// environment variables (npm test builds it before jest runs).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');
/** `npm run worker`: the queue worker used with REDIS_URL. */
export const WORKER_BUNDLE = path.join(ROOT, 'dist/server/worker.mjs');

export interface BuiltServer {
  origin: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /** Resident set size now and its peak (VmRSS, VmHWM of /proc/<pid>/status), in bytes. */
  memory(): { rss: number; peak: number };
  /** Whether the process is still running. */
  alive(): boolean;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. Removes the data dir unless asked to keep it. */
  stop(options?: { graceMs?: number; keepData?: boolean }): Promise<number | string>;
}

export interface BuiltServerOptions {
  /** Environment variables on top of the defaults below (PORT, DATA_DIR, origins). */
  env?: Record<string, string | undefined>;
  /** Reuse a data dir (e.g. to restart over the same database); a fresh temp dir otherwise. */
  dataDir?: string;
  /** How long to wait for the first answer. */
  startTimeoutMs?: number;
  /** Another build of the server to start (scripts/mutation-check.mjs); dist/server/main.mjs by default. */
  bundle?: string;
  /** The loopback address of its public origin (127.0.0.2 for a second site: its own cookies), and a port picked ahead. */
  host?: string;
  port?: number;
}

/** Free uses per tool and day high enough for any suite (server/config dailyUses). */
export const TEST_DAILY_USES_ENV = { DAILY_USES_GUEST: '100000', DAILY_USES_USER: '100000', DAILY_USES_PER_IP: '100000' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The child's environment: this one, less jest's, with the test defaults below, then `env` on top (undefined removes). */
function childEnv(env: Record<string, string | undefined>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, NODE_ENV: 'test' })) if (v !== undefined) merged[k] = v;
  // jest's own variables would leak into the child; the server reads only its documented names.
  delete merged.JEST_WORKER_ID;
  merged.PUBLIC_DIR = path.join(ROOT, 'dist/public');
  // Every test visitor comes from 127.0.0.1, and suites run many tasks of one tool: the daily free
  // uses are raised out of their way (tests/api/usage.test.ts passes undefined to test the real ones).
  Object.assign(merged, TEST_DAILY_USES_ENV);
  // SIGTERM hands running jobs back at once, as before graceful drain; tests/api/ops.test.ts sets a grace to test the drain.
  merged.SHUTDOWN_GRACE_SECONDS = '0';
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}

/** Starts a built bundle with node, keeping what it prints. */
function spawnBundle(bundle: string, env: Record<string, string | undefined>) {
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);
  const child = spawn(process.execPath, [bundle], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > 2_000_000) output = output.slice(-1_000_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let alive = true;
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      alive = false;
      resolve(code ?? signal ?? -1);
    });
  });
  return { child, log: () => output, running: () => alive, exited };
}

export interface BuiltWorker {
  pid: number;
  child: ChildProcess;
  log(): string;
  alive(): boolean;
  exited: Promise<number | string>;
  /** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
  stop(options?: { graceMs?: number }): Promise<number | string>;
}

/** Starts dist/server/worker.mjs (`npm run worker`) over a server's data dir and waits until it takes jobs. */
export async function startBuiltWorker(options: { dataDir: string; env?: Record<string, string | undefined>; startTimeoutMs?: number }): Promise<BuiltWorker> {
  const { child, log, running, exited } = spawnBundle(WORKER_BUNDLE, { ...options.env, DATA_DIR: options.dataDir });
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!/taking jobs/.test(log())) {
    if (!running()) throw new Error(`built worker exited before taking jobs:\n${log()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`built worker did not start within the start timeout:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid!,
    child,
    log,
    alive: running,
    exited,
    async stop({ graceMs = 20_000 } = {}) {
      if (running()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Starts dist/server/main.mjs on a free loopback port and waits until it answers. */
export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<BuiltServer> {
  const bundle = options.bundle ?? SERVER_BUNDLE;
  const port = options.port ?? (await freePort());
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'built-site-'));
  const { child, log, running, exited } = spawnBundle(bundle, { PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin, ...options.env });

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (!running()) throw new Error(`built server exited before answering:\n${log()}`);
    try {
      const res = await fetch(`${origin}/api/nowDateTime`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`built server did not answer within the start timeout:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const pid = child.pid!;
  return {
    origin,
    port,
    pid,
    dataDir,
    child,
    log,
    memory: () => ({ rss: procStatusBytes(pid, 'VmRSS'), peak: procStatusBytes(pid, 'VmHWM') }),
    alive: running,
    exited,
    async stop({ graceMs = 20_000, keepData = false } = {}) {
      if (running()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      if (!keepData && !options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
