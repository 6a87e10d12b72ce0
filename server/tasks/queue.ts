// In-process job queue: carries task ids only (the tasks table holds everything else) and runs at
// most `concurrency` jobs at once. Nothing runs until start(), so a service can be built, filled
// from the table and then started.

export class TaskQueue {
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private active = 0;
  private started = false;

  constructor(
    private readonly concurrency: number,
    private readonly run: (taskId: string) => Promise<void>,
  ) {}

  /** Jobs waiting plus jobs running. */
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

  stop(): void {
    this.started = false;
  }

  private pump(): void {
    while (this.started && this.active < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      this.queued.delete(id);
      this.active++;
      void this.run(id)
        .catch((error: unknown) => console.error('task queue: job crashed', id, error))
        .finally(() => {
          this.active--;
          this.pump();
        });
    }
  }
}
