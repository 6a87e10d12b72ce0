// What the fault scenarios share: the built server as a child process on loopback, small inputs,
// and a visitor that submits a conversion and follows it to its end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

export const root = path.resolve(import.meta.dirname, '../../..');
export const OPEN_USES = { DAILY_USES_GUEST: '100000', DAILY_USES_USER: '100000', DAILY_USES_PER_IP: '100000' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** dist/server/main.mjs with its own data dir; stop() waits for the exit. */
export async function startSite(port, env = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-faults-'));
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, SHUTDOWN_GRACE_SECONDS: '0', ...OPEN_USES, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  let running = true;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => { running = false; resolve(code ?? signal); }));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (!running) throw new Error(`site exited at start:\n${log}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('site did not start');
    await sleep(100);
  }
  return {
    origin,
    dataDir,
    child,
    log: () => log,
    alive: () => running,
    async stop() {
      if (running) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function pdfOf(pages, label = 'fault bench') {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`${label} ${i + 1}`, { x: 72, y: 760, size: 18 });
  return Buffer.from(await doc.save());
}

/** A visitor with its own cookie jar. */
export class Visitor {
  cookies = new Map();

  /** `headers` go with every request (an X-Forwarded-For as the edge would send it). */
  constructor(origin, headers = {}) {
    this.origin = origin;
    this.headers = headers;
  }

  /** The jar as a Cookie header, for a request made outside send (a streamed upload). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A FormData or URLSearchParams body goes as it is (fetch sets its type), anything else as JSON. */
  async send(method, url, body) {
    const headers = { ...this.headers, cookie: this.cookieHeader() };
    let payload = body;
    if (body && !(body instanceof FormData) && !(body instanceof URLSearchParams)) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.origin + url, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  submit(tool, name, data, options = {}) {
    const form = new FormData();
    form.append('taskName', tool);
    form.append('options', JSON.stringify(options));
    form.append('file', new Blob([data]), name);
    return this.send('POST', '/task/submitTask', form);
  }

  /** Polls taskQuery until the task leaves queued/running (bounded). */
  async settle(taskId, limitMs = 300_000) {
    const until = Date.now() + limitMs;
    for (;;) {
      const answer = await this.send('POST', '/task/taskQuery', { taskId }).catch((error) => ({ status: 0, text: error.message }));
      const data = answer.json?.data;
      if (data && !['queued', 'running'].includes(data.status)) return data;
      if (Date.now() > until) return { status: 'unsettled', msg: answer.text };
      await sleep(500);
    }
  }
}
