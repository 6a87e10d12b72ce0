// The job queue's one interface and its in-process implementation. A queue carries task ids only
// (the tasks table holds everything else); the BullMQ one (redis-queue.ts) is chosen by REDIS_URL.
// Nothing runs until start(), so a service can be built, filled from the table and then started.
import { logger } from '../log';

export interface JobQueue {
  /** Offers a task to whoever runs jobs; a task already waiting is not offered twice. */
  add(taskId: string): void;
  /** Starts running jobs in this process (a queue without a runner only carries ids). */
  start(): void;
  /** Starts no further job; jobs already running go on (drain). */
  pause(): Promise<void>;
  /** Stops taking jobs and waits, a few seconds at most, for the running ones to return (they were aborted). */
  stop(): Promise<void>;
  /** Releases connections; after stop(). */
  close(): Promise<void>;
  /** Jobs waiting plus jobs running (for the queue cap and /metrics); the BullMQ queue's figure is a second old at most. */
  readonly size: number;
  /** Throws when the queue cannot be reached (/readyz). */
  ping(): Promise<void>;
  /** Tells whichever process runs the task to abort it (delete, expiry). */
  abortEverywhere(taskId: string): void;
}

export class InProcessQueue implements JobQueue {
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private active = 0;
  private started = false;

  constructor(
    private readonly concurrency: number,
    private readonly run: (taskId: string) => Promise<void>,
  ) {}

  get size(): number {
    return this.waiting.length + this.active;
  }

  add(taskId: string): void {
    if (this.queued.has(taskId)) return;
    this.queued.add(taskId);
    this.waiting.push(taskId);
    this.pump();
  }

  start(): void {
    this.started = true;
    this.pump();
  }

  async pause(): Promise<void> {
    this.started = false;
  }

  async stop(): Promise<void> {
    this.started = false;
  }

  async close(): Promise<void> {}

  async ping(): Promise<void> {}

  /** The runner of this process is the only one; the service aborts it directly. */
  abortEverywhere(): void {}

  private pump(): void {
    while (this.started && this.active < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      this.queued.delete(id);
      this.active++;
      void this.run(id)
        .catch((error: unknown) => logger.error({ err: error, taskId: id }, 'task queue: job crashed'))
        .finally(() => {
          this.active--;
          this.pump();
        });
    }
  }
}
