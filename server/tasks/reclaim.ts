// Workers on a shared queue (REDIS_URL) die without telling anyone (kill -9, a lost machine). Each
// worker writes a heartbeat on the tasks it runs (their updated_at); any worker then finds running
// tasks silent for longer than the stale time, counts an interruption (a task interrupted twice is
// failed, repo.ts) and offers them again, with their work folders removed. It also offers again
// the queued tasks that the queue may have lost (a Redis restarted without its data): offering a
// task already waiting adds nothing.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { TaskRepo } from './repo';
import { logger } from '../log';

export interface ReclaimOptions {
  repo: TaskRepo;
  /** A task running without a heartbeat for this long belongs to a dead worker. */
  staleMs: number;
  /** The tasks this process runs now. */
  running(): string[];
  offer(taskId: string): void;
  /** A task failed for its interruptions (its use is given back). */
  failed(taskId: string): Promise<void>;
  /** Parent of the job work dirs (`<taskId>-<random>`). */
  workRoot: string;
}

export class Reclaimer {
  private timer?: NodeJS.Timeout;
  private passing = false;

  constructor(private readonly options: ReclaimOptions) {}

  start(): void {
    // Three heartbeats per stale time: one lost write does not make a live job look dead.
    this.timer = setInterval(() => void this.pass(), Math.max(250, Math.floor(this.options.staleMs / 3)));
    this.timer.unref();
    void this.pass();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async pass(): Promise<void> {
    if (this.passing) return;
    this.passing = true;
    const { repo, staleMs } = this.options;
    try {
      await repo.touch(this.options.running());
      const before = new Date(Date.now() - staleMs);
      const { requeued, failed } = await repo.interruptRunning(before);
      for (const id of [...requeued, ...failed]) await this.removeWorkDirs(id);
      for (const id of failed) await this.options.failed(id);
      for (const id of await repo.queuedSince(before)) this.options.offer(id);
      if (requeued.length + failed.length > 0) logger.warn({ requeued, failed }, 'reclaimed the running tasks of a dead worker');
    } catch (error) {
      logger.error({ err: error }, 'task reclaim pass failed');
    } finally {
      this.passing = false;
    }
  }

  private async removeWorkDirs(taskId: string): Promise<void> {
    const entries = await fsp.readdir(this.options.workRoot).catch(() => [] as string[]);
    for (const entry of entries) if (entry.startsWith(`${taskId}-`)) await fsp.rm(path.join(this.options.workRoot, entry), { recursive: true, force: true });
  }
}
