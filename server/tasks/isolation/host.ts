// Runs one job in a child process of its own (child-main.ts) under an address-space limit, so a
// file that makes sharp, pdf-lib or a model allocate gigabytes ends that child, not the site. The
// child asks this process for engine slots, so the engine limits hold across every job and preview.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeFolders, INSIDE_JOB_JAIL_ENV, jailed } from '../../convert/engines/jail';
import type { EngineId } from '../../convert/engines/registry';
import { acquireEngineSlot, RESOURCE_LIMIT_MESSAGE } from '../../convert/engines/run';
import { speechSettings } from '../../convert/engines/speech/settings';
import { ConvertError } from '../../convert/errors';
import { configuredTimestampAuthority } from '../../convert/tools/pdf-render';
import type { ConvertOutput } from '../../convert/types';
import { stageJob } from './exchange';
import { errorOf, failureOf } from './failures';
import type { FromChild, JobRequest, ToChild } from './protocol';
import { logger } from '../../log';

export interface IsolationOptions {
  /** The built child entry (dist/server/convert-child.mjs). */
  entry: string;
  /**
   * RLIMIT_AS of the child: its V8 heap, sharp's buffers and libvips' threads together. Only the soft
   * limit: the engines it starts set their own (calibre's QtWebEngine needs none at all).
   */
  memoryBytes?: number;
  /** Where each child's exchange folder is made (exchange.ts); emptied at start, it is this process's alone. */
  exchangeRoot: string;
}

export interface IsolatedResult {
  outputs: ConvertOutput[];
  data?: Record<string, unknown>;
}

const GiB = 1024 * 1024 * 1024;
const DEFAULT_MEMORY_BYTES = 4 * GiB;
/** The V8 heap inside that: the rest is for native buffers (sharp, onnxruntime). */
const HEAP_MB = 1536;
/** After an abort the child stops its engines and answers; one that does not is killed. */
const ABORT_GRACE_MS = 5000;
/**
 * How V8 and C++ end a process that could not allocate (abort()): 128 + SIGABRT, or the signal
 * itself; a SIGKILL nobody here sent is the kernel's OOM killer. All read as "too large".
 */
const ALLOCATION_ABORT_CODE = 134;

/**
 * Starting a child takes about a second (loading pdf-lib, exceljs, sharp…), so one is kept started
 * ahead: a job takes the waiting child and the next one starts while it works.
 */
interface JobChild {
  process: ChildProcess;
  /** Settles when the child listens (or has died: the job then finds it gone). */
  ready: Promise<void>;
  /** Its one writable folder. */
  exchange: string;
  /** A job has it: the job removes the exchange folder, not the exit of a waiting spare. */
  taken: boolean;
}

export class IsolatedJobs {
  private spare: JobChild | undefined;
  private closed = false;

  constructor(private readonly options: IsolationOptions) {
    // Exchange folders a crash left behind: no child of this process exists yet.
    fs.rmSync(options.exchangeRoot, { recursive: true, force: true });
    fs.mkdirSync(options.exchangeRoot, { recursive: true });
    this.spare = this.start();
  }

  /**
   * A child in the engines' jail (engines/jail.ts): no network, no DATA_DIR, an empty environment
   * but for the IPC channel; it reads its code and writes only its exchange folder.
   */
  private start(): JobChild {
    const exchange = fs.mkdtempSync(path.join(this.options.exchangeRoot, 'child-'));
    const modelDir = speechSettings().modelDir;
    const [bwrap, jailArgs] = jailed([process.execPath, `--max-old-space-size=${HEAP_MB}`, this.options.entry], {
      readWrite: [exchange],
      readOnly: [...codeFolders(this.options.entry), ...(modelDir ? [modelDir] : [])],
      // fd 3 is the 'ipc' entry of stdio below; the jail's cleared environment would lose Node's own note of it.
      env: { NODE_CHANNEL_FD: '3', [INSIDE_JOB_JAIL_ENV]: '1', ...(modelDir ? { SPEECH_MODEL_DIR: modelDir } : {}) },
    });
    const child = spawn('/usr/bin/prlimit', [`--as=${this.options.memoryBytes ?? DEFAULT_MEMORY_BYTES}:unlimited`, '--', bwrap, ...jailArgs], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const job = { process: child, exchange, taken: false } as JobChild;
    // A spare that died waiting (or failed to start) is replaced by the next job.
    job.ready = new Promise<void>((resolve) => {
      child.on('message', (message: FromChild) => message.type === 'ready' && resolve());
      child.on('exit', () => {
        if (this.spare?.process === child) this.spare = undefined;
        if (!job.taken) fs.rmSync(exchange, { recursive: true, force: true });
        resolve();
      });
    });
    child.on('error', (error) => logger.error({ err: error }, 'job child did not start'));
    // A waiting child does not keep the server alive; the job that takes it does.
    child.unref();
    child.channel?.unref();
    return job;
  }

  private take(): JobChild {
    const taken = this.spare?.process.connected ? this.spare : this.start();
    this.spare = this.closed ? undefined : this.start();
    taken.taken = true;
    taken.process.ref();
    taken.process.channel?.ref();
    return taken;
  }

  /** Stops the waiting child (server shutdown); running jobs end through their abort. */
  close(): void {
    this.closed = true;
    this.spare?.process.kill('SIGKILL');
    this.spare = undefined;
  }

  async run(request: JobRequest, ctx: { signal: AbortSignal; progress(percent: number): void; note?(message: string): void }): Promise<IsolatedResult> {
    ctx.signal.throwIfAborted();
    const child = this.take();
    try {
      const staged = await stageJob(child.exchange, request);
      await child.ready;
      const result = await runInChild(child.process, staged.request, { ...ctx, serverWorkDir: request.workDir });
      return { ...result, outputs: await staged.bringBack(result.outputs) };
    } finally {
      child.process.kill('SIGKILL');
      fs.rmSync(child.exchange, { recursive: true, force: true });
    }
  }
}

interface ChildContext {
  signal: AbortSignal;
  progress(percent: number): void;
  note?(message: string): void;
  /** The runner's work dir in this process, for the timestamps the server makes for the child. */
  serverWorkDir: string;
}

function runInChild(child: ChildProcess, request: JobRequest, ctx: ChildContext): Promise<IsolatedResult> {
  const { signal } = ctx;
  return new Promise((resolve, reject) => {
    if (signal.aborted || child.exitCode !== null || child.signalCode !== null) {
      child.kill('SIGKILL');
      reject(signal.aborted ? signal.reason : new Error(`job child ended before its job (${child.signalCode ?? child.exitCode})`));
      return;
    }
    const slots = new Map<number, { release?: () => void; returned: boolean }>();
    let answer: FromChild | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const tell = (message: ToChild) => {
      if (child.connected) child.send(message);
    };
    const onAbort = () => {
      tell({ type: 'abort', reason: String(signal.reason) });
      killTimer = setTimeout(() => child.kill('SIGKILL'), ABORT_GRACE_MS);
    };
    signal.addEventListener('abort', onAbort, { once: true });

    const grant = async (id: number, engine: EngineId) => {
      const slot = { returned: false } as { release?: () => void; returned: boolean };
      slots.set(id, slot);
      try {
        slot.release = await acquireEngineSlot(engine, signal);
      } catch {
        return; // aborted while waiting: the child is stopping too
      }
      if (slot.returned || child.exitCode !== null || child.signalCode !== null) slot.release!();
      else tell({ type: 'slot', id });
    };

    const timestamp = async (id: number, digest: string) => {
      try {
        const token = await configuredTimestampAuthority(Buffer.from(digest, 'hex'), { workDir: ctx.serverWorkDir, signal });
        tell({ type: 'timestamp', id, token: token.toString('base64') });
      } catch (error) {
        tell({ type: 'timestamp', id, failure: failureOf(error) });
      }
    };

    child.on('message', (message: FromChild) => {
      switch (message.type) {
        case 'timestamp':
          void timestamp(message.id, message.digest);
          break;
        case 'progress':
          ctx.progress(message.percent);
          break;
        case 'note':
          ctx.note?.(message.message);
          break;
        case 'acquire':
          void grant(message.id, message.engine);
          break;
        case 'release': {
          const slot = slots.get(message.id);
          if (slot) {
            slot.returned = true;
            slot.release?.();
          }
          break;
        }
        case 'ready':
          break;
        default:
          answer = message;
      }
    });
    child.on('error', (error) => {
      answer ??= { type: 'failed', failure: { detail: `job child did not start: ${error.message}` } };
    });
    child.on('close', (code, signalName) => {
      signal.removeEventListener('abort', onAbort);
      clearTimeout(killTimer);
      // A child that died holds no slots any more.
      for (const slot of slots.values()) if (!slot.returned) slot.release?.();
      if (signal.aborted) reject(signal.reason);
      else if (answer?.type === 'done') resolve({ outputs: answer.outputs, data: answer.data });
      else if (answer?.type === 'failed') reject(errorOf(answer.failure, 'job failed in its child'));
      else if (code === ALLOCATION_ABORT_CODE || signalName === 'SIGABRT' || signalName === 'SIGSEGV' || signalName === 'SIGKILL') {
        reject(new ConvertError(RESOURCE_LIMIT_MESSAGE, { cause: new Error(`job child ended by ${signalName ?? `exit ${code}`}`) }));
      } else reject(new Error(`job child exited (${signalName ?? code}) without an answer`));
    });
    tell({ type: 'run', request });
  });
}
