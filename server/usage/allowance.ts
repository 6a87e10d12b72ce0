// The daily free uses of each tool (shared/daily-uses.ts), enforced on the server: a submit
// reserves its tasks' uses before it creates them (rows written at once, under a per-counter lock,
// so parallel submits cannot all pass one count), each created task takes one of them over, the
// rest are dropped, and a failed task gives its use back. Guests count against their cookie and
// their IP; VIP members are not counted. The lock is per process: with several web processes
// (issue 18) a burst may overshoot by what the others check at the same moment.
//
// Packs (issue 13): a logged-in user whose free uses of a tool are gone uses a bought pack of that
// tool (an ID-photo pack for img-background-color) instead of meeting the 402; a failed task
// gives the pack use back like a free one.
//
// Try tokens (SPEC §7 getTryToken / sendBackTryToken) are uses taken ahead of a submit: a row per
// token (`try:<uuid>`), counted like a use, taken over by the submit that sends it back as the
// tryToken field, deleted by sendBackTryToken, and no longer counted an hour after if never used.
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

/** Bought uses of a tool beyond the free ones (server/pay implements it). */
export interface PackUses {
  /** Takes one use of a pack for this tool; answers the grant it came from, or undefined when none is left. */
  take(userId: number, tool: string): Promise<string | undefined>;
  /** Gives a use back to its grant. */
  giveBack(grantId: string): Promise<void>;
  /** Takes speech minutes, all or none: what each grant gave, or undefined when the user holds less. */
  takeMinutes(userId: number, minutes: number): Promise<{ grantId: string; amount: number }[] | undefined>;
  giveBackMinutes(grantId: string, minutes: number): Promise<void>;
  minutesLeft(userId: number): Promise<number>;
}

export const UNLIMITED_GRANT: UseGrant = { use: async () => undefined, release: async () => undefined };
const TRY_PREFIX = 'try:';
const TRY_TOKEN_TTL_MS = 60 * 60 * 1000;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** At most this many tokens a call, and a submit reads at most this many. */
export const MAX_TRY_TOKENS = 20;

/** The well-formed tokens of a tryToken field or array, as their rows' ids. */
function tokenIds(tokens: readonly unknown[]): string[] {
  const ids = tokens.filter((t): t is string => typeof t === 'string' && TOKEN.test(t)).map((t) => TRY_PREFIX + t);
  return [...new Set(ids)].slice(0, MAX_TRY_TOKENS);
}

export class DailyAllowance {
  /** The last check of each counter in this process: the next one waits for it. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly limits: DailyUses,
    private readonly packs?: PackUses,
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
      .where((eb) => eb.or([eb('task_id', 'not like', `${TRY_PREFIX}%`), eb('issued_at', '>', Date.now() - TRY_TOKEN_TTL_MS)]))
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

  /**
   * Reserves `count` uses of `tool` today, or refuses with 402 and what the visitor can do. Valid
   * try tokens of this visitor and tool (`tokens`) are used first; only the rest is counted anew.
   */
  async reserve(visitor: Visitor, tool: string, count: number, tokens: readonly unknown[] = []): Promise<UseGrant> {
    if (visitor.tier === 'vip') return UNLIMITED_GRANT;
    const day = useDay();
    const counters = this.counters(visitor, tool);
    let held: string[] = [];
    let placeholders: string[] = [];
    await this.locked(
      counters.map((c) => c.key),
      async () => {
        held = (await this.validTokens(visitor, tool, tokenIds(tokens))).slice(0, count);
        placeholders = await this.insertUses(visitor, tool, day, counters, count - held.length, () => `reserved:${randomUUID()}`);
      },
    );
    const unused = [...held, ...placeholders];
    return {
      use: async (taskId) => {
        const id = unused.shift();
        if (id) await this.db.updateTable('tool_uses').set({ task_id: taskId, issued_at: Date.now() }).where('task_id', '=', id).execute();
      },
      // Unused tokens stay the visitor's; only what this submit counted anew is dropped.
      release: async () => {
        const left = unused.splice(0).filter((id) => !id.startsWith(TRY_PREFIX));
        if (left.length === 0) return;
        const fromPacks = await this.db.selectFrom('tool_uses').select('grant_id').where('task_id', 'in', left).where('grant_id', 'is not', null).execute();
        await this.db.deleteFrom('tool_uses').where('task_id', 'in', left).execute();
        for (const row of fromPacks) await this.packs?.giveBack(row.grant_id!);
      },
    };
  }

  /** getTryToken: `count` uses taken now, as tokens a later submit sends back (none for VIP members: nothing is counted). */
  async issueTokens(visitor: Visitor, tool: string, count: number): Promise<string[]> {
    if (visitor.tier === 'vip') return [];
    const counters = this.counters(visitor, tool);
    const ids = await this.locked(
      counters.map((c) => c.key),
      // Tokens are free uses handed out ahead: a pack is only ever used by the submit itself.
      () => this.insertUses(visitor, tool, useDay(), counters, count, () => TRY_PREFIX + randomUUID(), false),
    );
    return ids.map((id) => id.slice(TRY_PREFIX.length));
  }

  /** sendBackTryToken: the visitor's unused tokens are given back; answers how many were. */
  async returnTokens(visitor: Visitor, tokens: readonly unknown[]): Promise<number> {
    const ids = tokenIds(tokens);
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('tool_uses').where('task_id', 'in', ids).where('owner', '=', visitor.owner).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Of these token rows, those that are this visitor's, for this tool, and still good. */
  private async validTokens(visitor: Visitor, tool: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('tool_uses')
      .select('task_id')
      .where('task_id', 'in', ids)
      .where('owner', '=', visitor.owner)
      .where('tool', '=', tool)
      .where('refunded', '=', 0)
      .where('issued_at', '>', Date.now() - TRY_TOKEN_TTL_MS)
      .execute();
    return rows.map((r) => r.task_id);
  }

  /**
   * Inside the counters' lock: writes `count` use rows if every counter has room; what does not fit
   * comes from the user's packs for this tool (try tokens never do); else refuses with 402.
   */
  private async insertUses(visitor: Visitor, tool: string, day: string, counters: Counter[], count: number, idOf: () => string, packsMayPay = true): Promise<string[]> {
    if (count <= 0) return [];
    const used = await Promise.all(counters.map((c) => this.used(c, tool, day)));
    const room = Math.max(0, Math.min(...counters.map((c, i) => c.limit - used[i])));
    const grants = count > room && packsMayPay ? await this.takeFromPacks(visitor, tool, count - room) : [];
    if (room + grants.length < count) {
      throw new TaskRefusal(402, visitor.tier === 'guest' ? USAGE_MESSAGES.guestUsedUp(this.limits.user) : USAGE_MESSAGES.userUsedUp);
    }
    const ids = Array.from({ length: count }, idOf);
    const issuedAt = Date.now();
    await this.db
      .insertInto('tool_uses')
      .values(ids.map((id, i) => ({ task_id: id, owner: visitor.owner, ip: visitor.ip, tool, tier: visitor.tier, day, refunded: 0, issued_at: issuedAt, grant_id: i < room ? null : grants[i - room] })))
      .execute();
    return ids;
  }

  /** `count` pack uses of this user for this tool, all or none (what was taken goes back when short). */
  private async takeFromPacks(visitor: Visitor, tool: string, count: number): Promise<string[]> {
    const userId = visitor.owner.startsWith('u:') ? Number(visitor.owner.slice(2)) : NaN;
    if (!this.packs || !Number.isSafeInteger(userId)) return [];
    const taken: string[] = [];
    while (taken.length < count) {
      const grant = await this.packs.take(userId, tool);
      if (!grant) break;
      taken.push(grant);
    }
    if (taken.length === count) return taken;
    for (const grant of taken) await this.packs.giveBack(grant);
    return [];
  }

  /** The task failed or was cancelled before its result: its use is given back (once), to its pack if it came from one. */
  async refund(taskId: string): Promise<void> {
    const row = await this.db.selectFrom('tool_uses').select(['grant_id', 'refunded']).where('task_id', '=', taskId).executeTakeFirst();
    const result = await this.db.updateTable('tool_uses').set({ refunded: 1 }).where('task_id', '=', taskId).where('refunded', '=', 0).executeTakeFirst();
    if (row?.grant_id && Number(result.numUpdatedRows) === 1) await this.packs?.giveBack(row.grant_id);
  }
}
