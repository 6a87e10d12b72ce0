// A pool of warm LibreOffice listeners, one per core (a warm listener converts a document in a
// fraction of a second; a cold `soffice --convert-to` pays seconds of start-up every time). Each
// listener has its own profile and job folder, sees nothing else (sandbox.ts) and runs one job at a
// time; it is replaced after a number of jobs (LibreOffice grows and leaks), when it dies, or when a
// job hangs — and a job that lost its listener is tried once more on a fresh one. A listener that
// fails to start (soffice killed or crashed while starting, a start that times out on a loaded
// machine) is started again, after a pause, until the job's wait for a listener runs out: a job
// fails for want of a listener only when none could be had. Jobs wait in a bounded queue; a full
// queue is "busy".
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConvertError } from '../../errors';
import { OfficeBusyError, OFFICE_MESSAGES } from './errors';
import { DocumentRejectedError, ListenerFailedError, OfficeListener } from './listener';
import type { OfficeJob } from './office-job';

export interface OfficePoolOptions {
  /** Listeners (each one soffice process). */
  size: number;
  /** Each listener's profile and job folder live in folders of their own under this one. */
  profileRoot: string;
  /** A listener is replaced after this many jobs. */
  maxJobsPerListener: number;
  /** A job running longer kills its listener. */
  jobTimeoutMs: number;
  /** Jobs that may wait for a free listener; one more is refused as busy. */
  maxQueued: number;
  /** One listener start (soffice up and connected) gives up after this long. */
  startTimeoutMs: number;
  /**
   * A job whose listener keeps failing to start stops trying after this long (sooner when its own
   * signal, the task's deadline, aborts) and fails with OFFICE_MESSAGES.unavailable.
   */
  listenerWaitMs: number;
}

/** The pause after a failed start, doubled after each further one up to the last: a broken soffice is not restarted in a tight loop. */
const FIRST_RESTART_PAUSE_MS = 500;
const LAST_RESTART_PAUSE_MS = 8_000;

interface Slot {
  index: number;
  busy: boolean;
  /** Started (or starting) listener; undefined until the first job needs it or after it was retired. */
  listener?: Promise<OfficeListener>;
  /** Its listener accepts jobs now (not starting, not retired). */
  warm: boolean;
}

interface Waiter {
  /** A free slot, or nothing when the pool stopped. */
  grant(slot: Slot | undefined): void;
}

export interface OfficePoolStats {
  listenersStarted: number;
  jobsDone: number;
  queued: number;
}

export class OfficePool {
  private readonly slots: Slot[];
  private readonly waiting: Waiter[] = [];
  private stopped = false;
  private listenersStarted = 0;
  private jobsDone = 0;

  constructor(readonly options: OfficePoolOptions) {
    this.slots = Array.from({ length: Math.max(1, options.size) }, (_, index) => ({ index, busy: false, warm: false }));
  }

  /** Starts every listener now rather than on first use; resolves when all accept jobs. */
  async start(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.liveListener(slot)));
  }

  /** Converts one document; throws ConvertError with a message for the visitor on failure. */
  async convert(job: OfficeJob, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const slot = await this.acquire(signal);
    try {
      await this.runWithRetry(slot, job, signal);
    } finally {
      this.release(slot);
    }
  }

  /** Lets running jobs finish, then ends every listener; waiting and later jobs are refused. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.splice(0).forEach((waiter) => waiter.grant(undefined));
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  /** A job handed in now would be refused as busy: every listener busy and the wait queue full. */
  isSaturated(): boolean {
    return this.slots.every((slot) => slot.busy) && this.waiting.length >= this.options.maxQueued;
  }

  stats(): OfficePoolStats {
    return { listenersStarted: this.listenersStarted, jobsDone: this.jobsDone, queued: this.waiting.length };
  }

  /** Process ids of the running helpers (each leads the process group of its soffice). */
  async listenerPids(): Promise<number[]> {
    const listeners = await Promise.all(this.slots.map((slot) => slot.listener?.catch(() => undefined)));
    return listeners.flatMap((listener) => (listener?.alive && listener.pid !== undefined ? [listener.pid] : []));
  }

  private async runWithRetry(slot: Slot, job: OfficeJob, signal?: AbortSignal): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const listener = await this.liveListener(slot, signal);
      try {
        await listener.run(job, this.options.jobTimeoutMs, signal);
        this.jobsDone++;
        if (listener.jobsDone >= this.options.maxJobsPerListener) this.replace(slot);
        return;
      } catch (error) {
        if (!listener.alive) this.replace(slot);
        signal?.throwIfAborted();
        if (error instanceof DocumentRejectedError) throw new ConvertError(OFFICE_MESSAGES.rejected, { cause: error });
        if (!(error instanceof ListenerFailedError)) throw error;
        if (attempt === 2 || this.stopped) {
          throw new ConvertError(error.reason === 'timeout' ? OFFICE_MESSAGES.timedOut : OFFICE_MESSAGES.crashed, { cause: error });
        }
      }
    }
  }

  /**
   * The slot's live listener, waited for: a failed start is forgotten and the slot's listener started
   * again after a pause, until the job's signal aborts (its reason is thrown), the pool stops, or
   * listenerWaitMs has passed (OFFICE_MESSAGES.unavailable, the last start's failure as its cause).
   */
  private async liveListener(slot: Slot, signal?: AbortSignal): Promise<OfficeListener> {
    const waitOver = AbortSignal.timeout(this.options.listenerWaitMs);
    const waiting = signal ? AbortSignal.any([signal, waitOver]) : waitOver;
    for (let pause = FIRST_RESTART_PAUSE_MS; ; pause = Math.min(pause * 2, LAST_RESTART_PAUSE_MS)) {
      let failure: unknown;
      try {
        return await untilAborted(this.listenerOf(slot), waiting);
      } catch (error) {
        failure = error;
      }
      if (this.stopped) throw new ConvertError(OFFICE_MESSAGES.stopped);
      await sleep(pause, undefined, { signal: waiting }).catch(() => {});
      signal?.throwIfAborted();
      if (waiting.aborted) throw new ConvertError(OFFICE_MESSAGES.unavailable, { cause: failure });
    }
  }

  /** The slot's listener, started if needed; rejects with the start's own error, the start forgotten so the next call starts another. */
  private async listenerOf(slot: Slot): Promise<OfficeListener> {
    if (this.stopped) throw new ConvertError(OFFICE_MESSAGES.stopped);
    slot.listener ??= this.startListener(slot);
    const starting = slot.listener;
    try {
      const listener = await starting;
      if (listener.alive) return listener;
    } catch (error) {
      if (slot.listener === starting) slot.listener = undefined;
      throw error;
    }
    // It died while idle: start its replacement.
    if (slot.listener === starting) {
      slot.listener = undefined;
      slot.warm = false;
    }
    return this.listenerOf(slot);
  }

  /** Starts once `predecessorGone` settles: a second soffice on the same profile hands its work to the first and exits. */
  private startListener(slot: Slot, predecessorGone: Promise<void> = Promise.resolve()): Promise<OfficeListener> {
    this.listenersStarted++;
    const profileDir = path.join(this.options.profileRoot, `profile-${slot.index}`);
    const jobDir = path.join(this.options.profileRoot, `job-${slot.index}`);
    const starting = predecessorGone.then(() => OfficeListener.start(profileDir, jobDir, this.options.startTimeoutMs));
    starting.then(
      () => {
        if (slot.listener === starting) slot.warm = true;
      },
      () => {}, // Whoever awaits it reports the failure; a background start has no one.
    );
    return starting;
  }

  /** Retires the slot's listener and warms its successor in the background. */
  /** Listeners replaced since the pool started (worn out, died or hung): the metrics endpoint shows it. */
  restarts = 0;

  private replace(slot: Slot): void {
    this.restarts++;
    const retired = this.retire(slot);
    if (!this.stopped) slot.listener = this.startListener(slot, retired);
  }

  private async retire(slot: Slot): Promise<void> {
    const retiring = slot.listener;
    slot.listener = undefined;
    slot.warm = false;
    const listener = await retiring?.catch(() => undefined);
    // Also waits for a killed listener's processes to be gone.
    await listener?.stop();
  }

  private async acquire(signal?: AbortSignal): Promise<Slot> {
    if (this.stopped) throw new ConvertError(OFFICE_MESSAGES.stopped);
    // A warm listener first: a slot whose replacement is still starting would make the job wait.
    const free = this.slots.find((slot) => !slot.busy && slot.warm) ?? this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return free;
    }
    if (this.waiting.length >= this.options.maxQueued) throw new OfficeBusyError();
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = {
        grant: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          if (slot) resolve(slot);
          else reject(new ConvertError(OFFICE_MESSAGES.stopped));
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      this.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The slot passes straight to the next waiter, so it stays busy. */
  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next.grant(slot);
    else slot.busy = false;
  }
}

/** `work`'s outcome, or `signal`'s reason as soon as it aborts (the work itself goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
