// Deletes the files of tasks whose retention ended, then marks them expired, so taskQuery can say
// so: files first, so that a full disk (the row update fails) or a crash between the two leaves a
// row to retry, never files nobody will delete. Also clears job work dirs a crash left behind.
// Runs once at start and then on an interval that does not keep the process alive.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { TaskRepo } from './repo';
import type { FileStore } from './store';
import type { AbortReason } from './runner';
import { logger } from '../log';

export const SWEEP_INTERVAL_MS = 60 * 1000;
/** How long an expired task still answers "expired" before its row is forgotten. */
const EXPIRED_ROW_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** Longer than any job may run (an hour for media), so only a dead job's folder is this old. */
const WORK_DIR_MAX_AGE_MS = 2 * 60 * 60 * 1000;

export class Sweeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: TaskRepo,
    private readonly store: FileStore,
    private readonly abort: (taskId: string, reason: AbortReason) => void,
    /** Parent of the job work dirs (runner.ts). */
    private readonly workRoot: string,
  ) {}

  /** One pass; returns how many tasks it expired. */
  async sweep(now = new Date()): Promise<number> {
    const due = await this.repo.dueForExpiry(now);
    for (const id of due) {
      // A job still running past its task's retention would only write files nobody can fetch.
      this.abort(id, 'deleted');
      await this.store.deleteTask(id);
      await this.repo.markExpired(id);
    }
    await this.repo.purgeExpiredBefore(new Date(now.getTime() - EXPIRED_ROW_KEEP_MS));
    await this.clearWorkDirs(now.getTime() - WORK_DIR_MAX_AGE_MS);
    return due.length;
  }

  /** Removes job work dirs last changed before `before` (epoch ms); all of them at boot, when no job of ours runs yet. */
  async clearWorkDirs(before = Number.POSITIVE_INFINITY): Promise<void> {
    const entries = await fsp.readdir(this.workRoot).catch(() => [] as string[]);
    for (const entry of entries) {
      const dir = path.join(this.workRoot, entry);
      const stat = await fsp.stat(dir).catch(() => undefined);
      if (stat && stat.mtimeMs < before) await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  start(): void {
    const pass = () => void this.sweep().catch((error: unknown) => logger.error({ err: error }, 'task sweeper failed'));
    pass();
    this.timer = setInterval(pass, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
