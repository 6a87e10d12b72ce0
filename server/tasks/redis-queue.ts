// The job queue on Redis (BullMQ), chosen by REDIS_URL: web processes only add task ids; worker
// processes (`npm run worker`) also run them. A job's id is its task's id, so offering a task that
// is already waiting adds nothing, and a job is removed when its run returns (the tasks table keeps
// the outcome), so the same task can be offered again for a re-run. Deletes reach the worker
// running a task over a Redis channel; the end of a job reaches the web processes as a BullMQ
// event (the visitor's share of the queue, fairness.ts, is held there).
import { Queue, QueueEvents, Worker, type ConnectionOptions } from 'bullmq';
import type { JobQueue } from './queue';
import { logger } from '../log';

/** How often the waiting and running counts are read for the queue cap and /metrics. */
const COUNT_INTERVAL_MS = 1000;
/** stop(): how long aborted jobs get to return before the worker is closed without them. */
const STOP_WAIT_MS = 5000;

export interface RedisQueueOptions {
  url: string;
  /** Key prefix: one per site (and per test run) on a shared Redis. */
  prefix: string;
  /** A worker process: runs jobs, `concurrency` at once, and holds each job's lock for `lockMs`. */
  worker?: { run(taskId: string): Promise<void>; concurrency: number; lockMs: number; onAbort(taskId: string): void };
  /** A web process: told when a job's run returned (done, failed, handed back or aborted). */
  onJobEnded?(taskId: string): void;
}

/** The subset of the driver's client used for the abort channel. */
interface PubSubClient {
  publish(channel: string, message: string): Promise<unknown>;
  duplicate(): PubSubClient;
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
}

const QUEUE_NAME = 'tasks';

export function redisConnection(url: string): ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port) || 6379,
    ...(parsed.username && { username: decodeURIComponent(parsed.username) }),
    ...(parsed.password && { password: decodeURIComponent(parsed.password) }),
    ...(parsed.pathname.length > 1 && { db: Number(parsed.pathname.slice(1)) || 0 }),
    ...(parsed.protocol === 'rediss:' && { tls: {} }),
  };
}

export class RedisJobQueue implements JobQueue {
  private readonly queue: Queue;
  private readonly connection: ConnectionOptions;
  private readonly abortChannel: string;
  private worker?: Worker;
  private events?: QueueEvents;
  private subscriber?: PubSubClient;
  private counter?: NodeJS.Timeout;
  private counted = 0;

  constructor(private readonly options: RedisQueueOptions) {
    this.connection = redisConnection(options.url);
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix: options.prefix });
    this.queue.on('error', (error) => logger.error({ err: error }, 'job queue: redis error'));
    this.abortChannel = `${options.prefix}:${QUEUE_NAME}:abort`;
  }

  get size(): number {
    return this.counted;
  }

  add(taskId: string): void {
    this.queue
      .add('convert', { taskId }, { jobId: taskId, removeOnComplete: true, removeOnFail: true })
      // Redis away: the task stays queued in the table, and a worker offers it again (reclaim.ts).
      .catch((error: unknown) => logger.error({ err: error, taskId }, 'job queue: could not add the task'));
  }

  start(): void {
    this.counter = setInterval(() => void this.count(), COUNT_INTERVAL_MS);
    this.counter.unref();
    void this.count();
    const { worker, onJobEnded } = this.options;
    if (onJobEnded) {
      this.events = new QueueEvents(QUEUE_NAME, { connection: this.connection, prefix: this.options.prefix });
      this.events.on('error', (error) => logger.error({ err: error }, 'job queue events: redis error'));
      this.events.on('completed', ({ jobId }) => onJobEnded(jobId));
      this.events.on('failed', ({ jobId }) => onJobEnded(jobId));
    }
    if (worker) {
      this.worker = new Worker(QUEUE_NAME, async (job) => worker.run(String(job.data.taskId)), {
        connection: this.connection,
        prefix: this.options.prefix,
        concurrency: worker.concurrency,
        // A worker killed mid-job stops renewing its locks: another worker takes the job back once
        // they expire (the table's heartbeat, reclaim.ts, counts the interruption).
        lockDuration: worker.lockMs,
        stalledInterval: worker.lockMs,
        maxStalledCount: 2,
      });
      this.worker.on('error', (error) => logger.error({ err: error }, 'job worker: redis error'));
      void this.listenForAborts(worker.onAbort);
    }
  }

  private async listenForAborts(onAbort: (taskId: string) => void): Promise<void> {
    try {
      const client = await this.client();
      this.subscriber = client.duplicate();
      this.subscriber.on('message', (channel, taskId) => {
        if (channel === this.abortChannel) onAbort(taskId);
      });
      await this.subscriber.subscribe(this.abortChannel);
    } catch (error) {
      logger.error({ err: error }, 'job queue: abort channel unavailable');
    }
  }

  private async count(): Promise<void> {
    try {
      const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      this.counted = Object.values(counts).reduce((sum, n) => sum + n, 0);
    } catch {
      // Redis away: the last figure stands, /readyz says why.
    }
  }

  async pause(): Promise<void> {
    // true: do not wait for the running jobs here; drain() watches them with its own deadline.
    await this.worker?.pause(true);
  }

  async stop(): Promise<void> {
    clearInterval(this.counter);
    const worker = this.worker;
    if (!worker) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_WAIT_MS)));
    // Jobs that do not return in time keep their lock until it expires, then run elsewhere.
    if ((await Promise.race([worker.close(), late])) === 'late') await worker.close(true);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    clearInterval(this.counter);
    await Promise.allSettled([this.worker?.close(true), this.events?.close(), this.subscriber?.quit(), this.queue.close()]);
  }

  /** The driver's client under BullMQ's Redis backend. */
  private async client(): Promise<PubSubClient> {
    return (await this.queue.backend.client) as unknown as PubSubClient;
  }

  async ping(): Promise<void> {
    const client = await this.client();
    await client.ping();
  }

  abortEverywhere(taskId: string): void {
    void this.client()
      .then((client) => client.publish(this.abortChannel, taskId))
      .catch((error: unknown) => logger.error({ err: error, taskId }, 'job queue: could not announce an abort'));
  }

  /** Removes every key under this queue's prefix (tests, benches). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }
}
