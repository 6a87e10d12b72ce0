// Runs one task: claims it in the table, gives the converter a private work dir, an AbortSignal
// (delete, shutdown, per-tool timeout) and a throttled progress callback, then moves the outputs
// into the store and records the result. Visitors see a ConvertError's message, or a generic one;
// a run turned away by a full LibreOffice pool goes back to the queue instead (retry.ts).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { findTool } from '../../shared/catalogue';
import { isOfficeBusyError } from '../convert/engines/libreoffice';
import { isConvertError } from '../convert/errors';
import { findConverter } from '../convert/registry';
import type { Converter, ConvertContext, ConvertJob, ConvertOutput } from '../convert/types';
import { timestampSettings } from '../convert/tools/pdf-render';
import { extensionOf } from '../files/sniff';
import { TASK_MESSAGES } from './messages';
import { runInJobScope } from './job-scope';
import { runMiddle } from './middle';
import type { MiddleRecord, Task, TaskRepo } from './repo';
import type { FileStore, StoredFile } from './store';
import { planRun } from './tryout';
import { IsolatedJobs, type IsolatedResult, type IsolationOptions } from './isolation/host';
import { logger } from '../log';

/** Why a job's signal was aborted; each ends the task differently. */
export type AbortReason = 'deleted' | 'shutdown' | 'timeout' | 'crashed';

const PROGRESS_WRITE_INTERVAL_MS = 1000;
const DOCUMENT_TIMEOUT_MS = 10 * 60 * 1000;
const MEDIA_TIMEOUT_MS = 60 * 60 * 1000;
const MEDIA_TYPES = new Set(['mp4', 'mp3', 'wav']);

/** Overall time a job of this tool may take: media work is long, documents are not. */
export function toolTimeoutMs(toolId: string): number {
  const tool = findTool(toolId);
  return tool?.accept.some((type) => MEDIA_TYPES.has(type)) ? MEDIA_TIMEOUT_MS : DOCUMENT_TIMEOUT_MS;
}

export function zipKey(taskId: string): string {
  return `${taskId}/zip/all.zip`;
}

export interface RunnerOptions {
  repo: TaskRepo;
  store: FileStore;
  /** Parent of the per-job work dirs. */
  workRoot: string;
  timeoutMs?: (toolId: string) => number;
  /** Runs jobs in child processes (isolation/host.ts); absent, in this process. */
  isolation?: IsolationOptions;
  /** Offers a task back to the queue later (its run met a full LibreOffice pool; retry.ts says why). */
  retryLater(taskId: string): void;
  /**
   * Called just before a task's final state is written, so that what a visitor may do next (submit
   * again, have a use given back) is already true when the visitor reads done or failed.
   */
  settled?(taskId: string, status: 'done' | 'failed'): Promise<void>;
}

export class TaskRunner {
  private readonly jobs = new Map<string, AbortController>();
  private readonly isolated?: IsolatedJobs;

  constructor(private readonly options: RunnerOptions) {
    if (options.isolation) this.isolated = new IsolatedJobs(options.isolation);
  }

  /** Shutdown: no further job children. */
  close(): void {
    this.isolated?.close();
  }

  /** Stops a running job; its task ends according to the reason. */
  abort(taskId: string, reason: AbortReason): void {
    this.jobs.get(taskId)?.abort(reason);
  }

  abortAll(reason: AbortReason): void {
    for (const job of this.jobs.values()) job.abort(reason);
  }

  /** The tasks running now. */
  runningIds(): string[] {
    return [...this.jobs.keys()];
  }

  get running(): number {
    return this.jobs.size;
  }

  async run(taskId: string): Promise<void> {
    const { repo } = this.options;
    const task = await repo.claim(taskId);
    if (!task) return;
    const controller = new AbortController();
    this.jobs.set(taskId, controller);
    const timeoutMs = (this.options.timeoutMs ?? toolTimeoutMs)(task.tool);
    const deadline = Date.now() + timeoutMs;
    const timer = setTimeout(() => controller.abort('timeout' satisfies AbortReason), timeoutMs);
    const workDir = path.join(this.options.workRoot, `${taskId}-${crypto.randomBytes(4).toString('hex')}`);
    // An error thrown outside the job's promise chain comes back through the process guard.
    let crash: (error: unknown) => void = () => undefined;
    const crashed = new Promise<never>((_, reject) => {
      crash = (error) => {
        reject(error);
        controller.abort('crashed' satisfies AbortReason);
      };
    });
    try {
      await fsp.mkdir(workDir, { recursive: true });
      await runInJobScope({ taskId, crash }, () => Promise.race([this.execute(task, workDir, controller.signal, deadline), crashed]));
    } catch (error) {
      await this.recordFailure(task, error, controller.signal);
    } finally {
      clearTimeout(timer);
      this.jobs.delete(taskId);
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  private async execute(task: Task, workDir: string, signal: AbortSignal, deadline: number): Promise<void> {
    const { repo, store } = this.options;
    const converter = findConverter(task.tool);
    if (!converter) throw new Error(`no converter for ${task.tool}`);
    const inputs = await Promise.all(
      // A remote store's copies land in the work dir (under the task's id, clear of the converter's
      // own names) and go with it when the run ends.
      task.inputs.map(async (file) => ({ name: file.name, path: await store.localPath(file.key, workDir), size: file.size, type: file.type })),
    );
    const plan = task.stage === 'middle' ? { options: task.options, partial: false } : await planRun(task.tool, task.tier, task.options, { inputs, workDir, signal });
    let lastWrite = 0;
    /** The converter's remarks on a result it made with a reservation (pages kept as pictures). */
    const notes: string[] = [];
    const ctx = {
      workDir,
      signal,
      tier: task.tier,
      deadline,
      note: (message: string) => void notes.push(message),
      progress: (percent: number) => {
        const at = Date.now();
        if (at - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
        lastWrite = at;
        const clamped = Math.max(0, Math.min(99, Math.round(percent)));
        void repo.setProgress(task.id, clamped).catch((error: unknown) => logger.error({ err: error, taskId: task.id }, 'task progress write failed'));
      },
    };
    const job = { inputs, options: plan.options };
    const result = await this.work(task, converter, job, ctx);
    signal.throwIfAborted();
    await this.keepBesideInputs(task, inputs);

    if (task.stage === 'middle') {
      const middle: MiddleRecord = { files: await this.keep(task.id, 'mid', result.outputs, workDir), data: result.data ?? {} };
      if (!(await this.finish(task.id, { status: 'done', msg: '', middle }))) await this.drop(middle.files);
      return;
    }

    // A re-run (goOnConvert) replaces the earlier result.
    await this.drop(task.outputs);
    await store.delete(zipKey(task.id));
    const outputs = await this.keep(task.id, 'out', result.outputs, workDir);
    if (!(await this.finish(task.id, { status: 'done', msg: [plan.note, ...notes].filter(Boolean).join('；'), outputs, partial: plan.partial }))) await this.drop(outputs);
  }

  /**
   * The converter's work: in a child process when isolation is configured, except for the office
   * tools, whose work is LibreOffice's (already jailed and limited) on this process's listener pool.
   */
  private async work(task: Task, converter: Converter<unknown>, job: ConvertJob<unknown>, ctx: ConvertContext): Promise<IsolatedResult> {
    if (this.isolated && !converter.engines.includes('libreoffice')) {
      const request = { taskId: task.id, toolId: task.tool, stage: task.stage === 'middle' ? 'middle' : 'convert', inputs: job.inputs, options: job.options, workDir: ctx.workDir, tier: task.tier, deadline: ctx.deadline, timestamps: timestampSettings() } as const;
      return this.isolated.run(request, ctx);
    }
    if (task.stage === 'middle') return runMiddle(converter, job, ctx);
    return { outputs: await converter.convert(job, ctx) };
  }

  /** Moves converter outputs into the store, refusing anything outside the work dir. */
  private async keep(taskId: string, kind: 'out' | 'mid', outputs: ConvertOutput[], workDir: string): Promise<StoredFile[]> {
    const kept: StoredFile[] = [];
    for (const [i, output] of outputs.entries()) {
      const source = path.resolve(workDir, output.path);
      if (!source.startsWith(workDir + path.sep)) throw new Error(`converter output outside its work dir: ${output.path}`);
      const type = extensionOf(output.name) || 'bin';
      const key = `${taskId}/${kind}/${i}.${type.replace(/[^a-z0-9]/g, '') || 'bin'}`;
      const size = await this.options.store.putFile(key, source);
      kept.push({ name: output.name, key, size, type });
    }
    return kept;
  }

  /** What the job wrote beside its inputs (the ID photo's person mask) stays for the task's next run; a loss only costs that run the work again. */
  private async keepBesideInputs(task: Task, inputs: readonly { path: string }[]): Promise<void> {
    await Promise.all(task.inputs.map((file, i) => this.options.store.keepBeside(file.key, inputs[i].path))).catch((error: unknown) =>
      logger.warn({ err: error, taskId: task.id }, 'files beside the inputs not kept'),
    );
  }

  private async finish(taskId: string, result: Parameters<TaskRepo['finish']>[1]): Promise<boolean> {
    await this.options.settled?.(taskId, result.status);
    return this.options.repo.finish(taskId, result);
  }

  private async drop(files: StoredFile[]): Promise<void> {
    await Promise.all(files.map((f) => this.options.store.delete(f.key)));
  }

  private async recordFailure(task: Task, error: unknown, signal: AbortSignal): Promise<void> {
    const { repo } = this.options;
    const reason = signal.aborted ? (signal.reason as AbortReason) : undefined;
    // Deleted: the delete call already recorded it. Shutdown: leave it running, the next start re-queues it.
    if (reason === 'deleted' || reason === 'shutdown') return;
    if (reason === 'timeout') {
      await this.finish(task.id, { status: 'failed', msg: TASK_MESSAGES.timedOut, code: 'timeout' });
      return;
    }
    if (isOfficeBusyError(error)) {
      // Back to queued with the same stage and options; nothing to retry if it was deleted meanwhile.
      if (await repo.rerun(task.id, 'running', { stage: task.stage, options: task.options, tier: task.tier })) this.options.retryLater(task.id);
      return;
    }
    if (isConvertError(error)) {
      await this.finish(task.id, { status: 'failed', msg: error.message, code: error.code });
      return;
    }
    logger.error({ err: error, taskId: task.id, tool: task.tool }, 'task failed');
    await this.finish(task.id, { status: 'failed', msg: TASK_MESSAGES.convertFailed });
  }
}
