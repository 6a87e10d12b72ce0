// The daily free uses of each tool (shared/daily-uses.ts), enforced on the server: a submit
// reserves its tasks' uses before it creates them (rows written at once, under a per-counter lock,
// so parallel submits cannot all pass one count), each created task takes one of them over, the
// rest are dropped, and a failed task gives its use back. Guests count against their cookie and
// their IP; VIP members are not counted. The lock is per process: with several web processes
// (issue 18) a burst may overshoot by what the others check at the same moment.
import { randomUUID } from 'node:crypto';
import { useDay, type DailyUses } from '../../shared/daily-uses';
import type { Db } from '../db';
import { TaskRefusal } from '../tasks/errors';
import type { Visitor } from '../tasks/visitor';
import { USAGE_MESSAGES } from './messages';

export interface UsesLeft {
  unlimited: boolean;
  /** Uses left today (0 when unlimited: nothing is counted). */
  left: number;
  /** The day's allowance for this visitor. */
  daily: number;
}

export interface UseGrant {
  /** Records the use of a task this submit created. */
  use(taskId: string): Promise<void>;
  /** Gives back what the submit reserved and did not use (call once, in finally). */
  release(): Promise<void>;
}

interface Counter {
  key: string;
  limit: number;
  column: 'owner' | 'ip';
  value: string;
}

const UNLIMITED_GRANT: UseGrant = { use: async () => undefined, release: async () => undefined };

export class DailyAllowance {
  /** The last check of each counter in this process: the next one waits for it. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly limits: DailyUses,
  ) {}

  private counters(visitor: Visitor, tool: string): Counter[] {
    if (visitor.tier === 'guest') {
      return [
        { key: `${tool}|${visitor.owner}`, limit: this.limits.guest, column: 'owner', value: visitor.owner },
        { key: `${tool}|ip:${visitor.ip}`, limit: this.limits.guestsPerIp, column: 'ip', value: visitor.ip },
      ];
    }
    return [{ key: `${tool}|${visitor.owner}`, limit: this.limits.user, column: 'owner', value: visitor.owner }];
  }

  private async used(counter: Counter, tool: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('tool_uses')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where(counter.column, '=', counter.value)
      .where('tool', '=', tool)
      .where('day', '=', day)
      .where('refunded', '=', 0)
      // The IP counter counts guests only: a logged-in colleague's uses are their own.
      .$if(counter.column === 'ip', (qb) => qb.where('tier', '=', 'guest'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Runs `work` after every earlier check of these counters (always taken in the same order). */
  private async locked<T>(keys: string[], work: () => Promise<T>): Promise<T> {
    if (keys.length === 0) return work();
    const [key, ...rest] = keys;
    const before = this.locks.get(key) ?? Promise.resolve();
    const mine = before.then(() => this.locked(rest, work));
    const settled = mine.catch(() => undefined);
    this.locks.set(key, settled);
    try {
      return await mine;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  async left(visitor: Visitor, tool: string): Promise<UsesLeft> {
    if (visitor.tier === 'vip') return { unlimited: true, left: 0, daily: 0 };
    const day = useDay();
    const counters = this.counters(visitor, tool);
    const lefts = await Promise.all(counters.map(async (c) => c.limit - (await this.used(c, tool, day))));
    return { unlimited: false, left: Math.max(0, Math.min(...lefts)), daily: counters[0].limit };
  }

  /** Reserves `count` uses of `tool` today, or refuses with 402 and what the visitor can do. */
  async reserve(visitor: Visitor, tool: string, count: number): Promise<UseGrant> {
    if (visitor.tier === 'vip') return UNLIMITED_GRANT;
    const day = useDay();
    const counters = this.counters(visitor, tool);
    const placeholders = Array.from({ length: count }, () => `reserved:${randomUUID()}`);
    await this.locked(
      counters.map((c) => c.key),
      async () => {
        const used = await Promise.all(counters.map((c) => this.used(c, tool, day)));
        if (counters.some((c, i) => used[i] + count > c.limit)) {
          throw new TaskRefusal(402, visitor.tier === 'guest' ? USAGE_MESSAGES.guestUsedUp(this.limits.user) : USAGE_MESSAGES.userUsedUp);
        }
        await this.db
          .insertInto('tool_uses')
          .values(placeholders.map((id) => ({ task_id: id, owner: visitor.owner, ip: visitor.ip, tool, tier: visitor.tier, day, refunded: 0 })))
          .execute();
      },
    );
    const unused = [...placeholders];
    return {
      use: async (taskId) => {
        const placeholder = unused.shift();
        if (placeholder) await this.db.updateTable('tool_uses').set({ task_id: taskId }).where('task_id', '=', placeholder).execute();
      },
      release: async () => {
        const left = unused.splice(0);
        if (left.length) await this.db.deleteFrom('tool_uses').where('task_id', 'in', left).execute();
      },
    };
  }

  /** The task failed or was cancelled before its result: its use is given back (once). */
  async refund(taskId: string): Promise<void> {
    await this.db.updateTable('tool_uses').set({ refunded: 1 }).where('task_id', '=', taskId).execute();
  }
}
