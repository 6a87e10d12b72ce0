// The task service: what the /task/* and /files/* routes call. It composes the upload, store,
// queue, runner, sweeper and links; the tasks table is the source of truth throughout.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { Request } from 'express';
import { findTool, type Tool } from '../../shared/catalogue';
import type { ConversionHistory, FailureCode, MiddleView, PreviewView, ResultPreview, ScanAnalysis, TaskStage, TaskView } from '../../shared/task-api';
import type { Config } from '../config';
import type { Db } from '../db';
import { officePoolSaturated } from '../convert/engines/libreoffice';
import { hasOfficePdfExport, officeToPdf } from '../convert/tools/office/office-pdf';
import { findConverter } from '../convert/registry';
import type { Converter } from '../convert/types';
import { TaskRefusal } from './errors';
import { groupMaxFiles, groupTaskPerFile } from './groups';
import { LINK_TTL_MS, LinkSigner, loadSecret, type FileRef } from './links';
import { TASK_MESSAGES } from './messages';
import { hasMiddleStep, middleIsFree } from './middle';
import { isConvertError } from '../convert/errors';
import { pageCount, renderPages } from './preview';
import { InProcessQueue, type JobQueue } from './queue';
import { processDirName, removeDeadProcessDirs } from './process-dirs';
import { Reclaimer } from './reclaim';
import { RedisJobQueue } from './redis-queue';
import { TaskRepo, type Task } from './repo';
import { RetryTimers } from './retry';
import type { IsolationOptions } from './isolation/host';
import { TaskRunner, zipKey, type AbortReason } from './runner';
import type { FileStore, StoredFile } from './store';
import { Sweeper } from './sweeper';
import { tryoutLimits } from './tryout';
import { receiveUpload, type UploadRules } from './upload';
import { Fairness, type Reservation } from './fairness';
import { DailyAllowance, type PackUses, type UseGrant } from '../usage/allowance';
import { SpeechMinutes } from '../usage/speech-minutes';
import { SPEECH_TOOLS } from '../../shared/speech-minutes';
import { openFileStore } from '../storage/open';
import type { Visitor } from './visitor';
import { writeZip } from './zip';
import { extensionOf } from '../files/sniff';
import { logger } from '../log';

export type SubmitMode = 'single' | 'group' | 'middle';
export type { MiddleView, PreviewView, ResultPreview, TaskView };

export interface Download {
  body: Readable;
  name: string;
  size: number;
  type: string;
  /** Previews are shown in the page; results are saved. */
  inline: boolean;
}

export interface TaskServiceOptions {
  config: Pick<Config, 'dataDir' | 'retentionMinutes' | 'convertConcurrency' | 'secret' | 'minFreeDiskBytes' | 'dailyUses' | 's3' | 'redisUrl' | 'queuePrefix' | 'workerConcurrency' | 'queueCap' | 'taskStaleMs'>;
  /**
   * With REDIS_URL: 'site' (the default) only adds task ids to the queue, 'worker' (`npm run
   * worker`) runs them. Without it the site runs its jobs in process and there is no worker.
   */
  role?: 'site' | 'worker';
  db: Db;
  store?: FileStore;
  /** Waiting + running jobs beyond which submits answer 429 (else config.queueCap, else 50 per job slot). */
  queueCap?: number;
  timeoutMs?: (toolId: string) => number;
  /** Shares of the queue per visitor and per IP (fairness.ts). */
  fairness?: Fairness;
  /** Runs each job in a child process of its own (tasks/isolation); absent, jobs run in this process. */
  isolation?: Omit<IsolationOptions, 'exchangeRoot'>;
  /** Bought uses (server/pay) that take over when a logged-in user's free uses of a tool are gone. */
  packs?: PackUses;
  /** Told of every run that ends (the metrics' tasks by tool and outcome). */
  onSettled?: (tool: string, outcome: 'done' | 'failed') => void;
}

/** The multipart fields a submit takes, all before the first file (upload.ts). */
const SUBMIT_FIELDS = ['taskName', 'options', 'idempotencyKey', 'tryToken'] as const;

/** Pages rendered by targetYee / previewYee. */
const PREVIEW_PAGES = 3;
const PREVIEW_DPI = 72;
/** Pixels per side of a preview image at most (a 14400 pt page would otherwise be 14400 px square). */
const PREVIEW_MAX_SIDE = 1200;
const PREVIEW_TIMEOUT_MS = 60 * 1000;
/** resultPreview: the first page of at most this many result PDFs (a split may make hundreds). */
const RESULT_PREVIEW_PDFS = 8;
/** …and of at most this many office results (each a LibreOffice job). */
const RESULT_PREVIEW_OFFICE = 4;
/** Wide enough for a result card at twice the pixel density. */
const RESULT_PREVIEW_MAX_SIDE = 480;
/** Result images a browser shows as they are, up to a size worth loading into the page. */
const INLINE_IMAGE_TYPES: ReadonlySet<string> = new Set(['png', 'jpg', 'webp', 'gif', 'avif', 'bmp']);
const INLINE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

function newTaskId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

function parseOptions(converter: Converter<unknown>, raw: unknown): unknown {
  let value = raw ?? {};
  if (typeof value === 'string') {
    if (value.trim() === '') value = {};
    else {
      try {
        value = JSON.parse(value);
      } catch {
        throw new TaskRefusal(400, TASK_MESSAGES.badOptionsJson);
      }
    }
  }
  const parsed = converter.options.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TaskRefusal(400, TASK_MESSAGES.badOptions(`${issue?.path.join('.') || 'options'} 取值无效`));
  }
  return parsed.data;
}

function contentType(type: string): string {
  const known: Record<string, string> = {
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    // The result images resultPreview shows in the page (nosniff: an img needs the real type).
    webp: 'image/webp',
    gif: 'image/gif',
    avif: 'image/avif',
    bmp: 'image/bmp',
    zip: 'application/zip',
    txt: 'text/plain; charset=utf-8',
  };
  return known[type] ?? 'application/octet-stream';
}

export class TaskService {
  readonly store: FileStore;
  readonly repo: TaskRepo;
  readonly sweeper: Sweeper;
  private readonly links: LinkSigner;
  private readonly runner: TaskRunner;
  private readonly queue: JobQueue;
  /** Set on a worker of the shared queue: heartbeats and the recovery of dead workers' tasks. */
  private readonly reclaimer?: Reclaimer;
  /** Jobs go through Redis: nothing at boot belongs to this process alone. */
  private readonly shared: boolean;
  /** Where the job children's exchange folders are (one per process on the shared queue). */
  private readonly exchangeParent: string;
  private readonly retries: RetryTimers;
  private readonly queueCap: number;
  private readonly workRoot: string;
  private readonly retentionMs: number;
  private readonly zipping = new Map<string, Promise<void>>();
  /** resultPreview's first pages being drawn, by store key. */
  private readonly drawingFirstPages = new Map<string, Promise<{ pageCount?: number } | undefined>>();
  private readonly fairness: Fairness;
  /** The daily free uses of each tool (server/usage). */
  readonly allowance: DailyAllowance;
  private readonly speechMinutes: SpeechMinutes;
  private readonly minFreeDiskBytes: number;
  private readonly dataDir: string;
  private readonly onSettled?: TaskServiceOptions['onSettled'];

  constructor(options: TaskServiceOptions) {
    const { config } = options;
    this.onSettled = options.onSettled;
    this.store = options.store ?? openFileStore(config);
    this.repo = new TaskRepo(options.db);
    this.links = new LinkSigner(loadSecret(config));
    this.workRoot = path.join(config.dataDir, 'work');
    this.retentionMs = config.retentionMinutes * 60 * 1000;
    this.shared = config.redisUrl !== undefined;
    const runsJobs = !this.shared || options.role === 'worker';
    // Processes sharing DATA_DIR: each job child exchange folder of its own (the host clears it at start).
    this.exchangeParent = path.join(config.dataDir, 'job-children');
    const exchangeRoot = this.shared ? path.join(this.exchangeParent, processDirName()) : this.exchangeParent;
    this.runner = new TaskRunner({
      repo: this.repo,
      store: this.store,
      workRoot: this.workRoot,
      timeoutMs: options.timeoutMs,
      // Each job child's exchange folder (tasks/isolation/exchange.ts) sits beside the files it links.
      isolation: runsJobs && options.isolation ? { ...options.isolation, exchangeRoot } : undefined,
      retryLater: (id) => this.retries.schedule(id),
      settled: (id, status) => this.settle(id, status),
    });
    this.fairness = options.fairness ?? new Fairness();
    this.allowance = new DailyAllowance(options.db, config.dailyUses, options.packs);
    this.speechMinutes = new SpeechMinutes(options.db, options.packs);
    this.minFreeDiskBytes = config.minFreeDiskBytes;
    this.dataDir = config.dataDir;
    const run = (id: string) => this.runner.run(id).finally(() => this.releaseShare(id));
    this.queue = !config.redisUrl
      ? new InProcessQueue(config.convertConcurrency, run)
      : new RedisJobQueue({
          url: config.redisUrl,
          prefix: config.queuePrefix,
          ...(runsJobs
            ? { worker: { run, concurrency: config.workerConcurrency, lockMs: config.taskStaleMs, onAbort: (id) => this.runner.abort(id, 'deleted') } }
            : { onJobEnded: (id) => void this.releaseShare(id) }),
        });
    if (this.shared && runsJobs) {
      this.reclaimer = new Reclaimer({
        repo: this.repo,
        staleMs: config.taskStaleMs,
        running: () => this.runner.runningIds(),
        offer: (id) => this.queue.add(id),
        failed: (id) => this.giveUseBack(id),
        workRoot: this.workRoot,
      });
    }
    this.retries = new RetryTimers((id) => this.queue.add(id));
    // On Redis the slots are the fleet's, which this process cannot see: QUEUE_CAP says how many.
    this.queueCap = options.queueCap ?? config.queueCap ?? (this.shared ? config.workerConcurrency : config.convertConcurrency) * 50;
    this.sweeper = new Sweeper(this.repo, this.store, (id, reason) => this.abortEverywhere(id, reason), this.workRoot);
  }

  /** A run ended: its share of the queue is free, and a failure costs the visitor nothing. */
  private async settle(id: string, status: 'done' | 'failed'): Promise<void> {
    this.fairness.release(id);
    const observe = this.onSettled;
    if (observe) await this.repo.get(id).then((task) => task && observe(task.tool, status), () => undefined);
    if (status === 'failed') await this.giveUseBack(id);
  }

  /**
   * After every run: the share is free unless the task was handed back to wait (a full LibreOffice
   * pool) and still counts. Runs that ended through settle() have released it already; this covers
   * the rest (a task deleted or shut down mid-run, or gone before it was claimed).
   */
  private async releaseShare(id: string): Promise<void> {
    const task = await this.repo.get(id).catch(() => undefined);
    if (task?.status !== 'queued') this.fairness.release(id);
  }

  /**
   * In process: re-queues what a previous process left queued or running, then starts the jobs and
   * the sweeper. On the shared queue a running task may be another worker's: the reclaimer tells
   * a dead worker's by its silent heartbeat instead.
   */
  async start(): Promise<void> {
    if (!this.shared) {
      // Before any job of this process makes one: whatever is there was left by a crash.
      await this.sweeper.clearWorkDirs();
      for (const id of await this.repo.requeueUnfinished()) this.queue.add(id);
    }
    // A worker killed outright on this host left its job children's folder.
    if (this.reclaimer) await removeDeadProcessDirs(this.exchangeParent);
    this.queue.start();
    this.reclaimer?.start();
    this.sweeper.start();
  }

  /** A running task's job is aborted here and, on the shared queue, on whichever worker runs it. */
  private abortEverywhere(taskId: string, reason: AbortReason): void {
    this.runner.abort(taskId, reason);
    this.queue.abortEverywhere(taskId);
  }

  /** Throws when the job queue cannot be reached (/readyz). */
  async pingQueue(): Promise<void> {
    await this.queue.ping();
  }

  /** Whether jobs go through Redis (/readyz checks it then). */
  get sharedQueue(): boolean {
    return this.shared;
  }

  /** Tasks turned away by a full LibreOffice pool and waiting to be offered again. */
  get retriesPending(): number {
    return this.retries.size;
  }

  /** Set by drain(): new work is refused so the jobs running can finish before the process exits. */
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  /** Jobs waiting plus jobs running: in this process, or on the shared queue (the metrics endpoint's queue depth). */
  get queueDepth(): number {
    return this.queue.size;
  }

  /** Jobs running now. */
  get runningCount(): number {
    return this.runner.runningIds().length;
  }

  /**
   * Graceful shutdown, first half: refuse new submits (503), start no queued job, and wait up to
   * `deadlineMs` for the running ones to finish. stop() then hands back whatever still runs.
   */
  async drain(deadlineMs: number): Promise<void> {
    this.draining = true;
    await this.queue.pause();
    const deadline = Date.now() + deadlineMs;
    while (this.runner.runningIds().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Stops taking jobs; running jobs are aborted and handed back to the queue for the next start (no interruption counted). */
  async stop(): Promise<void> {
    await this.queue.pause();
    const running = this.runner.runningIds();
    this.retries.stop();
    this.sweeper.stop();
    this.reclaimer?.stop();
    this.runner.abortAll('shutdown');
    await this.queue.stop();
    this.runner.close();
    await this.repo.release(running).catch((error: unknown) => logger.error({ err: error }, 'could not hand running tasks back to the queue'));
    // On the shared queue another worker takes them now; in process they wait for the next start.
    if (this.shared) for (const id of running) this.queue.add(id);
    await this.queue.close();
  }

  private resolveTool(taskName: unknown, mode: SubmitMode | 'final'): { tool: Tool; converter: Converter<unknown> } {
    const tool = typeof taskName === 'string' ? findTool(taskName) : undefined;
    if (!tool) throw new TaskRefusal(400, TASK_MESSAGES.unknownTool);
    const converter = findConverter(tool.id);
    if (!converter) throw new TaskRefusal(400, TASK_MESSAGES.toolUnavailable);
    if (mode === 'middle' && !hasMiddleStep(tool, converter)) throw new TaskRefusal(400, TASK_MESSAGES.noMiddleStep);
    return { tool, converter };
  }

  private expiry(): Date {
    return new Date(Date.now() + this.retentionMs);
  }

  /** 503 below the free-space threshold: an upload could fill the disk the database and results share. */
  private async checkFreeDisk(): Promise<void> {
    if (this.minFreeDiskBytes <= 0) return;
    const stats = await fsp.statfs(this.dataDir).catch(() => undefined);
    if (stats && stats.bavail * stats.bsize < this.minFreeDiskBytes) throw new TaskRefusal(503, TASK_MESSAGES.diskFull);
  }

  /** 429 while the queue is full, or, for a tool on the LibreOffice pool, while that pool is (it would only refuse the job). */
  private checkCapacity(converter: Converter<unknown>): void {
    if (this.draining) throw new TaskRefusal(503, TASK_MESSAGES.draining);
    if (this.queue.size >= this.queueCap) throw new TaskRefusal(429, TASK_MESSAGES.busy);
    if (converter.engines.includes('libreoffice') && officePoolSaturated()) throw new TaskRefusal(429, TASK_MESSAGES.officeBusy);
  }

  /** submitTask, the group submits and submitMiddleTask: upload, then one task (or one per file). Returns task ids in file order. */
  async submit(req: Request, visitor: Visitor, mode: SubmitMode): Promise<string[]> {
    await this.checkFreeDisk();
    let plan: (UploadRules & { tool: Tool; converter: Converter<unknown>; options: unknown; perFile: boolean }) | undefined;
    let reservation: Reservation | undefined;
    const decide = (fields: Record<string, string>) => {
      const taskName = fields.taskName ?? req.query.taskName;
      if (taskName === undefined) throw new TaskRefusal(400, TASK_MESSAGES.fieldsFirst);
      const { tool, converter } = this.resolveTool(taskName, mode);
      // Decided from the fields, before any file is stored.
      this.checkCapacity(converter);
      const options = parseOptions(converter, fields.options);
      reservation = this.fairness.reserve(visitor.owner, visitor.ip);
      const perFile = mode === 'group' && groupTaskPerFile(tool.id);
      plan = {
        tool,
        accept: tool.accept,
        converter,
        options,
        maxFiles: perFile ? groupMaxFiles(visitor.tier, tool.maxFiles[visitor.tier]) : tool.maxFiles[visitor.tier],
        maxFileSize: tool.maxFileSize[visitor.tier],
        perFile,
      };
      return plan;
    };
    try {
      return await this.store_(req, mode, visitor, () => plan, decide, (id) => reservation?.bind(id));
    } finally {
      reservation?.cancel();
    }
  }

  private async store_(
    req: Request,
    mode: SubmitMode,
    visitor: Visitor,
    planned: () => (UploadRules & { tool: Tool; converter: Converter<unknown>; options: unknown; perFile: boolean }) | undefined,
    decide: (fields: Record<string, string>) => UploadRules & { tool: Tool; converter: Converter<unknown>; options: unknown; perFile: boolean },
    hold: (taskId: string) => void,
  ): Promise<string[]> {
    let plan = planned();
    const ids: string[] = [];
    const upload = await receiveUpload(req, {
      store: this.store,
      fieldNames: SUBMIT_FIELDS,
      rules: (fields) => (plan ??= decide(fields)),
      keyFor: (index, type) => {
        const slot = plan?.perFile ? index : 0;
        ids[slot] ??= newTaskId();
        return `${ids[slot]}/in/${plan?.perFile ? 0 : index}.${type}`;
      },
    });
    const decided = plan ?? decide(upload.fields);
    if (upload.files.length === 0) throw new TaskRefusal(400, TASK_MESSAGES.noFile);

    const batches: StoredFile[][] = decided.perFile ? upload.files.map((f) => [f]) : [upload.files];
    const key = upload.fields.idempotencyKey?.slice(0, 100) || undefined;
    // Checked once the upload is in (the fields are decided while it streams, and the count needs
    // the database); the page asks getTryOutDetail first, so a visitor rarely uploads in vain.
    let grant: UseGrant;
    try {
      // Try tokens from getTryToken (comma-separated) pay first.
      const tokens = upload.fields.tryToken?.split(',').map((t) => t.trim()) ?? [];
      // The speech tools charge minutes when the user holds them (usage/speech-minutes.ts).
      grant = (await this.reserveMinutes(visitor, decided.tool.id, batches)) ?? (await this.allowance.reserve(visitor, decided.tool.id, batches.length, tokens));
    } catch (error) {
      await Promise.all(ids.map((id) => this.store.deleteTask(id)));
      throw error;
    }
    try {
      return await this.createTasks(batches, ids, key, visitor, decided, mode, hold, grant);
    } finally {
      await grant.release();
    }
  }

  /** The speech tools' minutes, measured on the recordings (copies from a remote store, only for those tools). */
  private async reserveMinutes(visitor: Visitor, toolId: string, batches: StoredFile[][]): Promise<UseGrant | undefined> {
    if (!SPEECH_TOOLS.has(toolId)) return undefined;
    const scratch = path.join(this.workRoot, `probe-${crypto.randomBytes(6).toString('hex')}`);
    try {
      const paths = await Promise.all(batches.map((files) => Promise.all(files.map((file) => this.store.localPath(file.key, scratch)))));
      return await this.speechMinutes.reserve(visitor, toolId, paths);
    } finally {
      await fsp.rm(scratch, { recursive: true, force: true });
    }
  }

  private async createTasks(
    batches: StoredFile[][],
    ids: string[],
    key: string | undefined,
    visitor: Visitor,
    decided: { tool: Tool; converter: Converter<unknown>; options: unknown },
    mode: SubmitMode,
    hold: (taskId: string) => void,
    grant: UseGrant,
  ): Promise<string[]> {
    const answer: string[] = [];
    for (const [i, inputs] of batches.entries()) {
      const id = ids[i];
      const { id: taskId, created } = await this.repo.insert({
        id,
        owner: visitor.owner,
        tool: decided.tool.id,
        stage: mode === 'middle' ? 'middle' : 'final',
        tier: visitor.tier,
        options: decided.options,
        inputs,
        idempotencyKey: key && (batches.length > 1 ? `${key}#${i}` : key),
        expiresAt: this.expiry(),
      });
      if (created) {
        if (mode !== 'middle' || !middleIsFree(decided.converter)) await grant.use(taskId);
        hold(taskId);
        this.queue.add(taskId);
      } else await this.store.deleteTask(id);
      answer.push(taskId);
    }
    return answer;
  }

  private async owned(taskId: unknown, owner: string): Promise<Task> {
    const task = typeof taskId === 'string' && taskId.length <= 64 ? await this.repo.getOwned(taskId, owner) : undefined;
    if (!task) throw new TaskRefusal(404, TASK_MESSAGES.notFound);
    return task;
  }

  private url(task: Task, file: FileRef): string {
    const expires = Math.min(Date.now() + LINK_TTL_MS, Date.parse(task.expiresAt));
    return `/files/${this.links.sign({ taskId: task.id, file, expires })}`;
  }

  /** The failure's code, on a failed task only (a re-run clears it, but a stale row must not show one). */
  private failureCode(task: Task): { code?: FailureCode } {
    return task.status === 'failed' && task.code ? { code: task.code } : {};
  }

  private statusMessage(task: Task): string {
    if (task.status === 'expired') return TASK_MESSAGES.expired;
    if (task.status === 'cancelled') return TASK_MESSAGES.cancelled;
    return task.msg;
  }

  async query(taskId: unknown, owner: string): Promise<TaskView> {
    const task = await this.owned(taskId, owner);
    const finished = task.status === 'done' && task.stage === 'final';
    const files = finished ? task.outputs.map((f, i) => ({ name: f.name, size: f.size, url: this.url(task, `out${i}`) })) : [];
    return {
      taskId: task.id,
      tool: task.tool,
      stage: task.stage,
      status: task.status,
      progress: task.progress,
      msg: this.statusMessage(task),
      ...this.failureCode(task),
      expiresAt: task.expiresAt,
      partial: task.partial,
      files,
      ...(files.length > 1 && { zipUrl: this.url(task, 'zip') }),
    };
  }

  /** A page of the owner's conversions, newest first (the history of a logged-in user). */
  async history(owner: string, page: number, pageSize: number): Promise<ConversionHistory> {
    const { total, tasks } = await this.repo.listOwned(owner, (page - 1) * pageSize, pageSize);
    const list = tasks.map((task) => ({
      taskId: task.id,
      taskName: task.tool,
      title: findTool(task.tool)?.title ?? task.tool,
      fileNames: task.inputs.map((f) => f.name),
      status: task.status,
      msg: this.statusMessage(task),
      createdAt: task.createdAt,
      expiresAt: task.expiresAt,
      downloadable: task.status === 'done' && task.stage === 'final' && task.outputs.length > 0,
    }));
    return { total, page, pageSize, list };
  }

  /** A fresh link to a history entry's result: the file, or all of them in one zip. */
  async recordUrl(taskId: unknown, owner: string): Promise<{ url: string; name: string }> {
    const task = await this.owned(taskId, owner);
    if (task.status === 'expired' || task.status === 'cancelled') throw new TaskRefusal(410, TASK_MESSAGES.fileGone);
    if (task.status !== 'done' || task.stage !== 'final' || task.outputs.length === 0) throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
    if (task.outputs.length === 1) return { url: this.url(task, 'out0'), name: task.outputs[0].name };
    return { url: this.url(task, 'zip'), name: `${findTool(task.tool)?.title ?? task.tool}.zip` };
  }

  async middleQuery(taskId: unknown, owner: string): Promise<MiddleView> {
    const task = await this.owned(taskId, owner);
    const data = task.middle?.data ?? {};
    const pages = (task.middle?.files ?? []).map((f, i) => ({ page: i + 1, name: f.name, size: f.size, url: this.url(task, `mid${i}`) }));
    return {
      taskId: task.id,
      status: task.status,
      progress: task.progress,
      msg: this.statusMessage(task),
      ...this.failureCode(task),
      expiresAt: task.expiresAt,
      ...(typeof data.pageCount === 'number' && { pageCount: data.pageCount }),
      data,
      pages,
    };
  }

  /**
   * Second step of a two-step task: the final run on the same inputs with the options the visitor
   * chose. A tool with a preview step of its own may be finished again from the same preview with
   * other options (another ID-photo colour or size), replacing the earlier result.
   */
  async submitResult(taskId: unknown, visitor: Visitor, rawOptions: unknown): Promise<string> {
    const task = await this.owned(taskId, visitor.owner);
    const { converter } = this.resolveTool(task.tool, 'final');
    const again = task.stage === 'final' && task.status === 'done' && Boolean(converter.middle);
    if ((task.stage !== 'middle' && !again) || !task.middle) throw new TaskRefusal(400, task.status === 'done' ? TASK_MESSAGES.notMiddle : TASK_MESSAGES.notFinished);
    const options = parseOptions(converter, rawOptions);
    this.checkCapacity(converter);
    if (again || !middleIsFree(converter)) return this.runAgain(task.id, visitor, options);
    // The free thumbnails are over: the final run counts like a submit (before it is queued, so a
    // quick failure finds its use to give back).
    const grant = await this.allowance.reserve(visitor, task.tool, 1);
    try {
      return await this.runAgain(task.id, visitor, options, () => grant.use(task.id));
    } finally {
      await grant.release();
    }
  }

  /** Back to the queue for its final run, under the visitor's share of the queue like a new submit. */
  private async runAgain(taskId: string, visitor: Visitor, options: unknown, beforeQueue?: () => Promise<void>): Promise<string> {
    const reservation = this.fairness.reserve(visitor.owner, visitor.ip);
    try {
      if (!(await this.repo.rerun(taskId, 'done', { stage: 'final', options, tier: visitor.tier }))) throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
      reservation.bind(taskId);
    } finally {
      reservation.cancel();
    }
    await beforeQueue?.();
    this.queue.add(taskId);
    return taskId;
  }

  /** A task that failed or was cancelled before its result costs nothing: its use or its minutes go back. */
  private async giveUseBack(taskId: string): Promise<void> {
    await Promise.all([this.allowance.refund(taskId), this.speechMinutes.refund(taskId)]).catch((error: unknown) => logger.error({ err: error, taskId }, 'could not give a use back'));
  }

  async delete(taskId: unknown, owner: string): Promise<void> {
    const task = await this.owned(taskId, owner);
    this.abortEverywhere(task.id, 'deleted');
    await this.repo.cancel(task.id);
    // Cancelled before its result: nothing was delivered, so nothing is counted.
    if (task.status === 'queued' || task.status === 'running') await this.giveUseBack(task.id);
    await this.store.deleteTask(task.id);
  }

  /** Finishes a try-out's partial result with the full options, once the visitor's tier allows it. */
  async goOn(taskId: unknown, visitor: Visitor): Promise<string> {
    const task = await this.owned(taskId, visitor.owner);
    if (task.status !== 'done' || task.stage !== 'final') throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
    if (!task.partial) throw new TaskRefusal(400, TASK_MESSAGES.notPartial);
    if (tryoutLimits(task.tool, visitor.tier)) throw new TaskRefusal(402, TASK_MESSAGES.stillPartial);
    this.checkCapacity(this.resolveTool(task.tool, 'final').converter);
    return this.runAgain(task.id, visitor, task.options);
  }

  /** Another tool on a finished task's results, without uploading them again. */
  async moreConvert(taskId: unknown, visitor: Visitor, taskName: unknown, rawOptions: unknown): Promise<string> {
    const source = await this.finishedSource(taskId, visitor.owner);
    const { tool, converter } = this.resolveTool(taskName, 'single');
    const options = parseOptions(converter, rawOptions);
    this.checkInputs(tool, visitor, source.outputs);
    this.checkCapacity(converter);
    return this.createFromStored(visitor, tool, 'final', options, source.outputs);
  }

  /**
   * The results of a finished task carried into a tool that shows page thumbnails first: one free
   * thumbnail (middle) task per result file, finished later by submitResultGroup.
   */
  async moreConvertMiddle(taskId: unknown, visitor: Visitor, taskName: unknown): Promise<string[]> {
    const source = await this.finishedSource(taskId, visitor.owner);
    const { tool, converter } = this.resolveTool(taskName, 'middle');
    if (!middleIsFree(converter)) throw new TaskRefusal(400, TASK_MESSAGES.noMiddleStep);
    const options = parseOptions(converter, {});
    this.checkInputs(tool, visitor, source.outputs);
    this.checkCapacity(converter);
    const ids: string[] = [];
    try {
      for (const file of source.outputs) ids.push(await this.createFromStored(visitor, tool, 'middle', options, [file]));
    } catch (error) {
      // All or none: a refusal part-way (the visitor's share of the queue) leaves no half list.
      for (const id of ids) await this.delete(id, visitor.owner).catch(() => undefined);
      throw error;
    }
    return ids;
  }

  /**
   * The final run of a tool over files staged as thumbnail tasks (submitMiddleTask, one per file),
   * in the order given: a merge's files as the visitor arranged them. The staged tasks stay (a
   * retry runs on them again) until the retention ends.
   */
  async submitResultGroup(taskIds: readonly unknown[], visitor: Visitor, rawOptions: unknown): Promise<string> {
    const staged: Task[] = [];
    for (const id of taskIds) staged.push(await this.owned(id, visitor.owner));
    const toolId = staged[0]?.tool;
    if (!toolId || staged.some((task) => task.tool !== toolId)) throw new TaskRefusal(400, TASK_MESSAGES.mixedTools);
    if (staged.some((task) => task.stage !== 'middle')) throw new TaskRefusal(400, TASK_MESSAGES.notMiddle);
    // The upload is what counts: the thumbnails may still be drawing (a long PDF's), but a file
    // they could not read cannot be run on either (its own message says why).
    const unusable = staged.find((task) => !['queued', 'running', 'done'].includes(task.status));
    if (unusable) throw new TaskRefusal(400, this.statusMessage(unusable) || TASK_MESSAGES.notFinished);
    const { tool, converter } = this.resolveTool(toolId, 'final');
    if (!middleIsFree(converter)) throw new TaskRefusal(400, TASK_MESSAGES.noMiddleStep);
    const options = parseOptions(converter, rawOptions);
    const inputs = staged.flatMap((task) => task.inputs);
    this.checkInputs(tool, visitor, inputs);
    this.checkCapacity(converter);
    return this.createFromStored(visitor, tool, 'final', options, inputs);
  }

  private async finishedSource(taskId: unknown, owner: string): Promise<Task> {
    const source = await this.owned(taskId, owner);
    if (source.status !== 'done' || source.stage !== 'final' || source.outputs.length === 0) throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
    return source;
  }

  /** Stored files taken as a tool's inputs obey the same limits as an upload to it. */
  private checkInputs(tool: Tool, visitor: Visitor, files: readonly StoredFile[]): void {
    const maxFiles = tool.maxFiles[visitor.tier];
    const maxFileSize = tool.maxFileSize[visitor.tier];
    if (files.length > maxFiles) throw new TaskRefusal(400, TASK_MESSAGES.tooManyFiles(maxFiles));
    for (const file of files) {
      if (file.size > maxFileSize) throw new TaskRefusal(413, TASK_MESSAGES.fileTooLarge(maxFileSize));
      if (!tool.accept.includes(file.type)) throw new TaskRefusal(415, TASK_MESSAGES.wrongType(tool.accept));
    }
  }

  /** A new task on copies of stored files (its own, so each task's files go with it); a final run counts a use. */
  private async createFromStored(visitor: Visitor, tool: Tool, stage: TaskStage, options: unknown, files: readonly StoredFile[]): Promise<string> {
    const counted = stage === 'final';
    const grant = counted ? await this.allowance.reserve(visitor, tool.id, 1) : undefined;
    const reservation = this.fairness.reserve(visitor.owner, visitor.ip);
    const id = newTaskId();
    try {
      const inputs: StoredFile[] = [];
      for (const [i, file] of files.entries()) {
        const key = `${id}/in/${i}.${file.type}`;
        await this.store.copy(file.key, key);
        inputs.push({ ...file, key });
      }
      await this.repo.insert({ id, owner: visitor.owner, tool: tool.id, stage, tier: visitor.tier, options, inputs, expiresAt: this.expiry() });
      await grant?.use(id);
      reservation.bind(id);
    } catch (error) {
      await this.store.deleteTask(id);
      throw error;
    } finally {
      reservation.cancel();
      await grant?.release();
    }
    this.queue.add(id);
    return id;
  }

  /** /task/pdf-scan/analysis: the finished pdf-scan task's report, with its files (report and clean copy). */
  async scanReport(taskId: unknown, owner: string): Promise<ScanAnalysis> {
    const view = await this.query(taskId, owner);
    if (view.tool !== 'pdf-scan') throw new TaskRefusal(400, TASK_MESSAGES.notScanTask);
    if (view.status !== 'done' || view.stage !== 'final') throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
    const task = await this.owned(taskId, owner);
    const reportFile = task.outputs.find((f) => f.type === 'json');
    if (!reportFile) throw new TaskRefusal(400, TASK_MESSAGES.notScanTask);
    const report = JSON.parse(await text(this.store.get(reportFile.key))) as ScanAnalysis['report'];
    return { ...view, report };
  }

  /** targetYee (the result) / previewYee (the uploaded source): the first pages of its PDF as PNG links. */
  async preview(taskId: unknown, owner: string, which: 'tgt' | 'src'): Promise<PreviewView> {
    const task = await this.owned(taskId, owner);
    if (which === 'tgt' && (task.status !== 'done' || task.stage !== 'final')) throw new TaskRefusal(400, TASK_MESSAGES.notFinished);
    const pdf = (which === 'tgt' ? task.outputs : task.inputs).find((f) => f.type === 'pdf');
    if (!pdf) throw new TaskRefusal(400, TASK_MESSAGES.noPdfOutput);
    const workDir = path.join(this.workRoot, `${task.id}-${which}-${crypto.randomBytes(4).toString('hex')}`);
    try {
      const signal = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
      const source = await this.store.localPath(pdf.key, workDir);
      const pages = await pageCount(source, signal);
      const images = await renderPages(source, workDir, { dpi: PREVIEW_DPI, maxSide: PREVIEW_MAX_SIDE, lastPage: Math.min(PREVIEW_PAGES, pages), signal });
      for (const [i, image] of images.entries()) await this.store.putFile(`${task.id}/${which}/${i}.png`, image);
      return { taskId: task.id, pageCount: pages, images: images.map((_, i) => ({ page: i + 1, url: this.url(task, `${which}${i}`) })) };
    } catch (error) {
      if (error instanceof TaskRefusal) throw error;
      if (isConvertError(error)) throw new TaskRefusal(400, error.message);
      logger.error({ err: error, taskId: task.id }, 'task preview failed');
      throw new TaskRefusal(400, TASK_MESSAGES.convertFailed);
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * resultPreview: a picture of each result file — the first page of a PDF or of an office
   * document (drawn once, on the first call, and kept with the task), an image as it is — or
   * none. A page that cannot be drawn is left without a picture rather than failing the call:
   * the result itself is fine.
   */
  async resultPreview(taskId: unknown, owner: string): Promise<ResultPreview> {
    const task = await this.finishedSource(taskId, owner);
    const signal = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
    let pdfsDrawn = 0;
    let officeDrawn = 0;
    const files: ResultPreview['files'] = [];
    for (const [index, file] of task.outputs.entries()) {
      if (INLINE_IMAGE_TYPES.has(file.type) && file.size <= INLINE_IMAGE_MAX_BYTES) {
        files.push({ index, kind: 'image', url: this.url(task, `out${index}`) });
        continue;
      }
      const drawable = file.type === 'pdf' ? pdfsDrawn++ < RESULT_PREVIEW_PDFS : hasOfficePdfExport(file.type) && officeDrawn++ < RESULT_PREVIEW_OFFICE;
      const drawn = drawable && (await this.firstPage(task, index, file, signal));
      files.push(drawn ? { index, kind: 'page', url: this.url(task, `res${index}`), ...(drawn.pageCount ? { pageCount: drawn.pageCount } : {}) } : { index, kind: 'none' });
    }
    return { taskId: task.id, files };
  }

  /**
   * The first page of a result as `<task>/res/<index>.png`, drawn once even when asked twice at
   * once; undefined when it cannot be drawn. Beside it, `<task>/res/<index>.json` keeps what the
   * answer says about it (the page count), written last: once it is there, later calls read that
   * small object and neither the result (a whole download from a bucket) nor the picture again.
   * Both go with the task's other files when it is deleted or expires.
   */
  private firstPage(task: Task, index: number, file: StoredFile, signal: AbortSignal): Promise<{ pageCount?: number } | undefined> {
    const key = `${task.id}/res/${index}.png`;
    let drawing = this.drawingFirstPages.get(key);
    if (!drawing) {
      drawing = this.keptOrDrawnFirstPage(task, index, file, key, signal).finally(() => this.drawingFirstPages.delete(key));
      this.drawingFirstPages.set(key, drawing);
    }
    return drawing;
  }

  /** A PDF is drawn by mutool, its page count read then; an office document is first made a one-page PDF by LibreOffice (no count: that PDF is one page of it). */
  private async keptOrDrawnFirstPage(task: Task, index: number, file: StoredFile, key: string, signal: AbortSignal): Promise<{ pageCount?: number } | undefined> {
    const noteKey = `${task.id}/res/${index}.json`;
    const workDir = path.join(this.workRoot, `${task.id}-res-${crypto.randomBytes(4).toString('hex')}`);
    try {
      if ((await this.store.size(noteKey)) !== undefined) return JSON.parse(await text(this.store.get(noteKey))) as { pageCount?: number };
      // An office picture waits for no conversion: with the pool full it is left for a later call.
      if (file.type !== 'pdf' && officePoolSaturated()) return undefined;
      const source = await this.store.localPath(file.key, workDir);
      const pages = file.type === 'pdf' ? await pageCount(source, signal) : undefined;
      await fsp.mkdir(workDir, { recursive: true });
      const pdf = file.type === 'pdf' ? source : await officeToPdf({ name: file.name, path: source, size: file.size, type: file.type }, index, { workDir, signal }, { pageRange: '1' });
      const [image] = await renderPages(pdf, path.join(workDir, 'pages'), { dpi: PREVIEW_DPI, maxSide: RESULT_PREVIEW_MAX_SIDE, lastPage: 1, signal });
      if (!image) return undefined;
      await this.store.putFile(key, image);
      const drawn = { pageCount: pages };
      await this.store.put(noteKey, Readable.from([Buffer.from(JSON.stringify(drawn))]));
      return drawn;
    } catch (error) {
      if (!isConvertError(error)) logger.error({ err: error, taskId: task.id, index }, 'result preview failed');
      return undefined;
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  /** GET /files/<token>: the link is the permission, so no owner check; the task must still hold the file. */
  async download(token: string): Promise<Download> {
    const check = this.links.verify(token);
    if (!check.ok) throw check.reason === 'expired' ? new TaskRefusal(410, TASK_MESSAGES.linkExpired) : new TaskRefusal(403, TASK_MESSAGES.linkInvalid);
    const { taskId, file } = check.claims;
    const task = await this.repo.get(taskId);
    if (!task || task.status === 'expired' || task.status === 'cancelled') throw new TaskRefusal(410, TASK_MESSAGES.fileGone);
    const found = await this.resolveFile(task, file);
    const size = found && (await this.store.size(found.key));
    if (!found || size === undefined) throw new TaskRefusal(410, TASK_MESSAGES.fileGone);
    return { body: this.store.get(found.key), name: found.name, size, type: contentType(found.type), inline: found.inline };
  }

  private async resolveFile(task: Task, ref: FileRef): Promise<(Omit<StoredFile, 'size'> & { inline: boolean }) | undefined> {
    const index = Number(ref.replace(/^[a-z]+/, ''));
    if (ref.startsWith('out')) {
      const stored = task.outputs[index];
      return stored && { ...stored, inline: false };
    }
    if (ref.startsWith('mid')) {
      const stored = task.middle?.files[index];
      return stored && { ...stored, inline: true };
    }
    if (ref === 'zip') {
      if (task.outputs.length < 2) return undefined;
      await this.ensureZip(task);
      const first = task.inputs[0]?.name ?? task.outputs[0].name;
      const ext = extensionOf(first);
      const base = ext ? first.slice(0, -(ext.length + 1)) : first;
      return { name: `${base || 'files'}.zip`, key: zipKey(task.id), type: 'zip', inline: false };
    }
    // tgt / src preview pages, res first pages of result files
    return { name: `preview-${index + 1}.png`, key: `${task.id}/${ref.slice(0, 3)}/${index}.png`, type: 'png', inline: true };
  }

  /** Builds the zip once, even when several downloads ask at the same moment. */
  private async ensureZip(task: Task): Promise<void> {
    const key = zipKey(task.id);
    if ((await this.store.size(key)) !== undefined) return;
    let building = this.zipping.get(task.id);
    if (!building) {
      const temp = path.join(this.workRoot, `${task.id}-zip-${crypto.randomBytes(4).toString('hex')}.zip`);
      building = fsp
        .mkdir(this.workRoot, { recursive: true })
        .then(() => writeZip(task.outputs, this.store, temp))
        .then(() => this.store.putFile(key, temp).then(() => undefined))
        .finally(() => {
          this.zipping.delete(task.id);
          void fsp.rm(temp, { force: true });
        });
      this.zipping.set(task.id, building);
    }
    await building;
  }
}
