// Offers a task to the queue again after a short pause, for a run that could not start because the
// LibreOffice pool was full. Decision: such a task goes back to `queued` rather than failing, since
// busy is momentary (the pool's wait queue drains job by job) and the visitor did nothing wrong. The
// pause is 2–4 s, random so that tasks turned away together do not come back together; there is no
// attempt limit, because a task that never gets in still ends with its retention (the sweeper
// expires it, and a later claim of an expired task does nothing). Timers live in memory only: after
// a restart the table's `queued` rows are re-queued anyway.

const MIN_DELAY_MS = 2000;
const JITTER_MS = 2000;

export class RetryTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly enqueue: (taskId: string) => void) {}

  schedule(taskId: string): void {
    clearTimeout(this.timers.get(taskId));
    const timer = setTimeout(() => {
      this.timers.delete(taskId);
      this.enqueue(taskId);
    }, MIN_DELAY_MS + Math.random() * JITTER_MS);
    // A pending retry must not keep the process alive on shutdown.
    timer.unref();
    this.timers.set(taskId, timer);
  }

  /** Tasks waiting for their next offer. */
  get size(): number {
    return this.timers.size;
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
