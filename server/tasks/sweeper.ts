// Deletes the files of tasks whose retention ended and marks them expired, so taskQuery can say so.
// Runs once at start and then on an interval that does not keep the process alive.
import type { TaskRepo } from './repo';
import type { FileStore } from './store';
import type { AbortReason } from './runner';

export const SWEEP_INTERVAL_MS = 60 * 1000;
/** How long an expired task still answers "expired" before its row is forgotten. */
const EXPIRED_ROW_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export class Sweeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: TaskRepo,
    private readonly store: FileStore,
    private readonly abort: (taskId: string, reason: AbortReason) => void,
  ) {}

  /** One pass; returns how many tasks it expired. */
  async sweep(now = new Date()): Promise<number> {
    const due = await this.repo.dueForExpiry(now);
    for (const id of due) {
      // A job still running past its task's retention would only write files nobody can fetch.
      this.abort(id, 'deleted');
      await this.repo.markExpired(id);
      await this.store.deleteTask(id);
    }
    await this.repo.purgeExpiredBefore(new Date(now.getTime() - EXPIRED_ROW_KEEP_MS));
    return due.length;
  }

  start(): void {
    const pass = () => void this.sweep().catch((error: unknown) => console.error('task sweeper failed', error));
    pass();
    this.timer = setInterval(pass, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
