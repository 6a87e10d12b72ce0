// One warm LibreOffice listener: the Python helper and the soffice it started, in a sandbox
// (sandbox.ts) and a process group of their own. It runs one job at a time, passed through its job
// folder; a job that outlives its timeout kills the whole group.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { HELPER_SCRIPT } from './helper-script';
import { JobFolder } from './job-folder';
import type { OfficeJob } from './office-job';
import { prepareProfile } from './profile';
import { SANDBOX_PROFILE_DIR, sandboxed } from './sandbox';

/** The listener died or hung: the document may be fine, so the job can be retried on a fresh listener. */
export class ListenerFailedError extends Error {
  constructor(readonly reason: 'timeout' | 'exited' | 'start', message: string) {
    super(message);
    this.name = 'ListenerFailedError';
  }
}

/** LibreOffice itself answered that it could not convert the document. */
export class DocumentRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentRejectedError';
  }
}

/** Debian's interpreter: python3-uno imports only under it, whatever python3 comes first on PATH. */
const PYTHON = '/usr/bin/python3';
/** Any name will do: the pipe's socket lives in the sandbox's private /tmp. */
const PIPE_NAME = 'office';
const STDERR_TAIL_CHARS = 4000;
const GRACEFUL_STOP_MS = 10_000;

interface Reply {
  ready?: boolean;
  id?: number;
  ok?: boolean;
  error?: string;
}

interface PendingJob {
  id: number;
  settle(error?: Error): void;
}

export class OfficeListener {
  /** Jobs finished successfully; the pool recycles a listener after a number of them. */
  jobsDone = 0;
  private pending?: PendingJob;
  /** From staging the input to emptying the job folder. */
  private running = false;
  private nextJobId = 1;
  private stderrTail = '';
  private exitedWith?: string;
  /** Set the moment the group is killed, before the exit event arrives. */
  private killed = false;
  private readonly exited: Promise<void>;
  private onReady?: (error?: Error) => void;

  private constructor(private readonly child: ChildProcessWithoutNullStreams, private readonly jobFolder: JobFolder) {
    child.stdin.on('error', () => {}); // EPIPE when the helper died: its exit handler reports that.
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line));
    this.exited = new Promise((resolve) => {
      const finish = (why: string) => {
        if (this.exitedWith !== undefined) return;
        this.exitedWith = why;
        // soffice may outlive the helper (the helper crashed): it belongs to the group, so end it.
        this.killGroup();
        const failure = new ListenerFailedError('exited', `LibreOffice listener ${why}: ${this.stderrTail.trim().slice(-500)}`);
        this.onReady?.(failure);
        this.pending?.settle(failure);
        resolve();
      };
      child.on('exit', (code, signal) => finish(`exited with ${signal ?? code}`));
      child.on('error', (error) => finish(`could not start: ${error.message}`));
    });
  }

  /**
   * Starts soffice on `profileDir`, seeing only that and `jobDir`, and resolves once it accepts jobs.
   * A start that fails rejects only once its processes are gone: the next start on the same profile
   * must not meet a dying soffice there (it would hand its work to that one and exit).
   */
  static async start(profileDir: string, jobDir: string, startTimeoutMs: number): Promise<OfficeListener> {
    await prepareProfile(profileDir);
    const jobFolder = await JobFolder.create(jobDir);
    const [program, args] = sandboxed([PYTHON, '-c', HELPER_SCRIPT, SANDBOX_PROFILE_DIR, PIPE_NAME], { profileDir, jobDir });
    const child = spawn(program, args, { detached: true, stdio: 'pipe' });
    const listener = new OfficeListener(child, jobFolder);
    try {
      await listener.whenReady(startTimeoutMs);
    } catch (error) {
      listener.kill();
      await listener.exited;
      throw error;
    }
    return listener;
  }

  get alive(): boolean {
    return this.exitedWith === undefined && !this.killed;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves when the output is in place; a timeout or an abort kills the listener. */
  async run(job: OfficeJob, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (!this.alive) throw new ListenerFailedError('exited', `LibreOffice listener ${this.exitedWith ?? 'was killed'}`);
    if (this.running) throw new Error('a LibreOffice listener runs one job at a time');
    this.running = true;
    try {
      const staged = await this.jobFolder.stage(job);
      signal?.throwIfAborted();
      await this.convert(staged, timeoutMs, signal);
      await this.jobFolder.collect(job);
    } finally {
      await this.jobFolder.empty();
      this.running = false;
    }
  }

  /** One round trip to the helper, with paths as the sandbox sees them. */
  private convert(job: OfficeJob, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const id = this.nextJobId++;
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        settle(signal?.reason as Error);
        this.kill();
      };
      const timer = setTimeout(() => {
        settle(new ListenerFailedError('timeout', `LibreOffice did not finish within ${timeoutMs} ms`));
        this.kill();
      }, timeoutMs);
      const settle = (error?: Error) => {
        if (this.pending?.id !== id) return;
        this.pending = undefined;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else {
          this.jobsDone++;
          resolve();
        }
      };
      this.pending = { id, settle };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.child.stdin.write(`${JSON.stringify({ id, ...job })}\n`);
    });
  }

  /** Lets soffice close its profile cleanly; kills the group if it takes too long. */
  async stop(): Promise<void> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), GRACEFUL_STOP_MS);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    this.killed = true;
    this.killGroup();
  }

  private killGroup(): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  private whenReady(timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill();
        reject(new ListenerFailedError('start', `LibreOffice did not start within ${timeoutMs} ms`));
      }, timeoutMs);
      this.onReady = (error) => {
        this.onReady = undefined;
        clearTimeout(timer);
        if (error) reject(new ListenerFailedError('start', error.message));
        else resolve();
      };
    });
  }

  private receive(line: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(line) as Reply;
    } catch {
      return; // Not ours: a library printed to stdout.
    }
    if (reply.ready) this.onReady?.();
    else if (reply.id !== undefined && reply.id === this.pending?.id) {
      this.pending.settle(reply.ok ? undefined : new DocumentRejectedError(reply.error ?? 'LibreOffice could not convert the document'));
    }
  }
}
