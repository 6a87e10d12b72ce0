// The task API (server/tasks/README.md) spoken over real HTTP as the site's pages speak it: one
// visitor per client (its UUID cookie kept), multipart submits, bounded polling, signed downloads.
import fs from 'node:fs';
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
 * fetch, sent again once when the connection was found closed before the request went out: a test
 * that blocks its event loop (a synchronous LibreOffice run) leaves a kept-alive socket looking
 * open after the server closed it, and browsers retry that case the same way.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = ((error as { cause?: { code?: string } }).cause ?? {}).code;
    if (code !== 'EPIPE' && code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw new Error(`${init.method ?? 'GET'} ${url}: ${String(error)} (${code ?? 'no code'})`, { cause: error });
    return fetch(url, init);
  }
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
    const init: RequestInit = { method, headers: { ...this.headers, ...this.cookieHeader() } };
    if (body instanceof FormData) init.body = body;
    else if (body) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await fetchOnce(this.origin + pathname, init);
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
