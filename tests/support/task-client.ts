// The task API (server/tasks/README.md) spoken over real HTTP as the site's pages speak it: one
// visitor per client (its UUID cookie kept), multipart submits, bounded polling, signed downloads.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export interface UploadFile {
  name: string;
  /** The bytes, or a path to read them from. */
  data: Buffer | string;
}

export interface TaskFile {
  name: string;
  size: number;
  url: string;
}

export interface TaskState {
  taskId: string;
  tool: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';
  progress: number;
  msg: string;
  files: TaskFile[];
  zipUrl?: string;
  [key: string]: unknown;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { ret: number; msg: string; data?: T };
}

/**
 * Sends a request and reads its answer even when the server answers before the body is all sent
 * and closes the connection (an upload refused while it streams): fetch then fails with EPIPE and
 * loses the answer; node:http hands the response over as it arrives and the write error is moot.
 * A kept-alive socket the server closed (its 5 s keep-alive timeout) just as the request went out
 * is sent again once on a new one, as Node's documentation advises and browsers do.
 */
async function send(url: string, method: string, headers: Record<string, string>, body?: FormData | string): Promise<Response> {
  const encoded = body === undefined ? undefined : new Response(body);
  // A form's content type carries its boundary; a string body keeps the caller's (JSON).
  const allHeaders = body instanceof FormData ? { ...headers, 'content-type': encoded!.headers.get('content-type')! } : headers;
  const payload = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  const attempt = (retried: boolean): Promise<Response> => new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method, headers: { ...allHeaders, ...(payload && { 'content-length': String(payload.length) }) } }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: responseHeaders }));
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(attempt(true));
      else reject(new Error(`${method} ${url}: ${String(error)}`, { cause: error }));
    });
    req.end(payload);
  });
  return attempt(false);
}

export class TaskClient {
  private cookies = new Map<string, string>();

  constructor(readonly origin: string, readonly headers: Record<string, string> = {}) {}

  /** A cookie the server gave this client (e.g. UUID, the visitor id). */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** Any call of the API; the body is parsed as JSON. */
  async call<T = unknown>(method: string, pathname: string, body?: FormData | Record<string, unknown>): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...this.headers, ...this.cookieHeader() };
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await send(this.origin + pathname, method, headers, body instanceof FormData ? body : body ? JSON.stringify(body) : undefined);
    this.remember(res);
    const text = await res.text();
    let parsed: ApiAnswer<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${pathname} answered ${res.status} with non-JSON: ${text.slice(0, 300)}`);
    }
    return { status: res.status, body: parsed };
  }

  /** The multipart form the tool page sends: taskName, options, then the files in order. */
  static form(taskName: string, files: UploadFile[], options?: Record<string, unknown>): FormData {
    const form = new FormData();
    form.append('taskName', taskName);
    if (options) form.append('options', JSON.stringify(options));
    for (const file of files) {
      const bytes = typeof file.data === 'string' ? fs.readFileSync(file.data) : file.data;
      form.append('file', new Blob([new Uint8Array(bytes)]), file.name);
    }
    return form;
  }

  submit(taskName: string, files: UploadFile[], options?: Record<string, unknown>, call = '/task/submitTask'): Promise<ApiAnswer<{ taskId: string }>> {
    return this.call('POST', call, TaskClient.form(taskName, files, options));
  }

  async query(taskId: string): Promise<TaskState> {
    const answer = await this.call<TaskState>('POST', '/task/taskQuery', { taskId });
    if (answer.status !== 200 || answer.body.ret !== 0 || !answer.body.data) throw new Error(`taskQuery ${taskId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  /** Polls until the task leaves queued/running (bounded by count, not by a clock assertion). */
  async settle(taskId: string, { intervalMs = 200, maxPolls = 3000 } = {}): Promise<TaskState> {
    for (let i = 0; i < maxPolls; i++) {
      const state = await this.query(taskId);
      if (state.status !== 'queued' && state.status !== 'running') return state;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    throw new Error(`task ${taskId} still unsettled after ${maxPolls} polls`);
  }

  /** Polls (bounded) until the task is claimed by a worker; fails if it settles first. */
  async untilRunning(taskId: string, { intervalMs = 20, maxPolls = 1500 } = {}): Promise<void> {
    for (let i = 0; i < maxPolls; i++) {
      const state = await this.query(taskId);
      if (state.status === 'running') return;
      if (state.status !== 'queued') throw new Error(`task ${taskId} ${state.status} before it was seen running: ${state.msg}`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    throw new Error(`task ${taskId} never started`);
  }

  /** Submits and waits; throws with the server's message when the submit is refused. */
  async run(taskName: string, files: UploadFile[], options?: Record<string, unknown>): Promise<TaskState> {
    const answer = await this.submit(taskName, files, options);
    if (answer.status !== 200 || !answer.body.data) throw new Error(`submit ${taskName} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    return this.settle(answer.body.data.taskId);
  }

  /** Downloads a signed link (absolute or site-relative) into dir; returns the saved path. */
  async download(url: string, dir: string, name?: string): Promise<string> {
    const res = await fetch(new URL(url, this.origin), { headers: { ...this.headers, ...this.cookieHeader() } });
    if (res.status !== 200) throw new Error(`download ${url}: ${res.status} ${await res.text()}`);
    const file = path.join(dir, (name ?? path.basename(new URL(url, this.origin).pathname)).replace(/[/\\]/g, '_'));
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }
}
