// Shares of the queue: one visitor (the cookie is self-issued, so also one IP) may have only so
// many tasks queued or running at once, so a script cannot fill the queue for everyone else. A
// submit reserves its share synchronously before the upload starts, so parallel submits cannot all
// pass the check at once; the share is held until the task's run settles.
import { TaskRefusal } from './errors';
import { TASK_MESSAGES } from './messages';

/** Tasks queued or running at once; an IP gets more, since offices and schools share one address. */
export const FAIRNESS_LIMITS = { perVisitor: 10, perIp: 30 } as const;

export interface Reservation {
  /** The task the reserved share now belongs to; a group's further tasks are counted as they come. */
  bind(taskId: string): void;
  /** The submit failed before any task was made. */
  cancel(): void;
}

export class Fairness {
  private readonly counts = new Map<string, number>();
  private readonly held = new Map<string, string[]>();

  constructor(private readonly limits: { perVisitor: number; perIp: number } = FAIRNESS_LIMITS) {}

  private add(keys: readonly string[], delta: number): void {
    for (const key of keys) {
      const next = (this.counts.get(key) ?? 0) + delta;
      if (next > 0) this.counts.set(key, next);
      else this.counts.delete(key);
    }
  }

  /** Throws a 429 refusal when the owner or the IP already has its share. */
  reserve(owner: string, ip: string): Reservation {
    const keys = [`o:${owner}`, `i:${ip}`];
    if ((this.counts.get(keys[0]) ?? 0) >= this.limits.perVisitor || (this.counts.get(keys[1]) ?? 0) >= this.limits.perIp) {
      throw new TaskRefusal(429, TASK_MESSAGES.tooManyActive);
    }
    this.add(keys, 1);
    let state: 'reserved' | 'bound' | 'cancelled' = 'reserved';
    return {
      bind: (taskId) => {
        if (state === 'cancelled') return;
        if (state === 'bound') this.add(keys, 1);
        state = 'bound';
        this.held.set(taskId, keys);
      },
      cancel: () => {
        if (state !== 'reserved') return;
        state = 'cancelled';
        this.add(keys, -1);
      },
    };
  }

  /** The task's run settled (done, failed, deleted): its share is free. */
  release(taskId: string): void {
    const keys = this.held.get(taskId);
    if (!keys) return;
    this.held.delete(taskId);
    this.add(keys, -1);
  }
}
