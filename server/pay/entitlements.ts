// What users hold from paid orders: VIP time, ID-photo uses, speech minutes, translation credits,
// and the points the payment earned.
// Grants are written inside the transaction that marks their order paid (orders.ts), and used up
// by conditional updates, so two downloads at once cannot both take the last use.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { GrantsTable, OrdersTable } from '../db/tables/commerce';
import { orderPointsTask, pointsForOrder } from '../../shared/points';
import { productById, SPEECH_MINUTES_PER_VIP_MONTH, TRANSLATIONS_PER_VIP_MONTH, type Product } from '../../shared/products';

const DAY_MS = 24 * 60 * 60 * 1000;
/** China Standard Time: a month of membership ends on the same calendar day in Beijing. */
const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

export type GrantKind = GrantsTable['kind'];

export function addMonths(at: number, months: number): number {
  const d = new Date(at + CST_OFFSET_MS);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime() - CST_OFFSET_MS;
}

export class Entitlements {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the user's membership ends (epoch ms), or null if they never had one or it has ended. */
  async vipUntil(userId: number, db: Kysely<Database> = this.db): Promise<number | null> {
    const row = await db
      .selectFrom('grants')
      .select((eb) => eb.fn.max('expires_at').as('until'))
      .where('user_id', '=', userId)
      .where('kind', '=', 'vip')
      .executeTakeFirst();
    const until = row?.until == null ? null : Number(row.until);
    return until !== null && until > this.now() ? until : null;
  }

  /**
   * Takes back what a refunded order gave; called inside the transaction that marks it refunded.
   * Its grants end now (what was used stays used) or vanish if they had not begun. VIP is time
   * chained end to end, so the memberships queued after it (bought later, not begun yet) are
   * written again in their order from the new end: no gap, no lost day. Grants without an order
   * (points) keep their place.
   */
  async revokeForOrder(trx: Transaction<Database>, order: OrdersTable): Promise<void> {
    const now = this.now();
    await trx.deleteFrom('grants').where('order_id', '=', order.id).where('starts_at', '>', now).execute();
    await trx.updateTable('grants').set({ expires_at: now }).where('order_id', '=', order.id).where('expires_at', '>', now).execute();
    // The points the purchase earned go back too, as a record of its own (the balance may dip below 0 when they were spent).
    const earned = await trx.selectFrom('points_records').select('points').where('user_id', '=', order.user_id).where('task', '=', orderPointsTask(order.id)).executeTakeFirst();
    if (earned && Number(earned.points) > 0) {
      await trx
        .insertInto('points_records')
        .values({ id: randomUUID(), user_id: order.user_id, task: `refund:${order.id}`, points: -Number(earned.points), title: '订单退款，扣回积分', created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'task']).doNothing())
        .execute();
    }
    if (productById(Number(order.product_id))?.kind !== 'vip') return;

    const queued = await trx
      .selectFrom('grants')
      .innerJoin('orders', 'orders.id', 'grants.order_id')
      .select(['orders.id as order_id', 'grants.starts_at'])
      .where('grants.user_id', '=', order.user_id)
      .where('grants.kind', '=', 'vip')
      .where('grants.starts_at', '>', now)
      .where('orders.state', '=', 'paid')
      .orderBy('grants.starts_at')
      .execute();
    if (!queued.length) return;
    const ids = queued.map((q) => q.order_id);
    await trx.deleteFrom('grants').where('order_id', 'in', ids).execute();
    const orders = await trx.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
    for (const id of ids) {
      const later = orders.find((o) => o.id === id)!;
      const product = productById(Number(later.product_id));
      if (product) await this.grantForOrder(trx, later, product);
    }
  }

  /** What is left of a kind right now, across all live grants. */
  async remaining(userId: number, kind: GrantKind): Promise<number> {
    const now = this.now();
    const row = await this.db
      .selectFrom('grants')
      .select((eb) => eb.fn.sum<number | string | null>(eb('quantity', '-', eb.ref('used'))).as('left'))
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('starts_at', '<=', now)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(row?.left ?? 0);
  }

  /** Live grants of a kind, soonest to expire first: the order they are used in. */
  async live(userId: number, kind: GrantKind): Promise<{ id: string; quantity: number; used: number; expiresAt: number }[]> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('grants')
      .select(['id', 'quantity', 'used', 'expires_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('starts_at', '<=', now)
      .where('expires_at', '>', now)
      .whereRef('used', '<', 'quantity')
      .orderBy('expires_at')
      .execute();
    return rows.map((r) => ({ id: r.id, quantity: Number(r.quantity), used: Number(r.used), expiresAt: Number(r.expires_at) }));
  }

  /** Takes one use (an ID-photo download); answers the grant it came from, undefined when none is left. */
  async consumeOne(userId: number, kind: GrantKind): Promise<string | undefined> {
    // A competing consumer may take the grant's last use between the read and the update: try the next.
    for (const grant of await this.live(userId, kind)) {
      const result = await this.db
        .updateTable('grants')
        .set((eb) => ({ used: eb('used', '+', 1) }))
        .where('id', '=', grant.id)
        .whereRef('used', '<', 'quantity')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return grant.id;
    }
    return undefined;
  }

  /**
   * Takes `amount` (speech minutes) from the user's live grants of `kind`, soonest to expire first,
   * all or nothing: what each grant gave, or undefined when they hold less. Each take is a
   * conditional update, so two tasks at once cannot spend the same minutes.
   */
  async takeAmount(userId: number, kind: GrantKind, amount: number): Promise<{ grantId: string; amount: number }[] | undefined> {
    const taken: { grantId: string; amount: number }[] = [];
    let owed = amount;
    for (const grant of await this.live(userId, kind)) {
      if (owed <= 0) break;
      const part = Math.min(owed, grant.quantity - grant.used);
      const result = await this.db
        .updateTable('grants')
        .set((eb) => ({ used: eb('used', '+', part) }))
        .where('id', '=', grant.id)
        .where((eb) => eb(eb('used', '+', part), '<=', eb.ref('quantity')))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) continue;
      taken.push({ grantId: grant.id, amount: part });
      owed -= part;
    }
    if (owed <= 0) return taken;
    for (const part of taken) await this.giveBackAmount(part.grantId, part.amount);
    return undefined;
  }

  async giveBackAmount(grantId: string, amount: number): Promise<void> {
    await this.db.updateTable('grants').set((eb) => ({ used: eb('used', '-', amount) })).where('id', '=', grantId).where('used', '>=', amount).execute();
  }

  /** A use taken for a task that then failed goes back to its grant. */
  async giveBack(grantId: string): Promise<void> {
    await this.db.updateTable('grants').set((eb) => ({ used: eb('used', '-', 1) })).where('id', '=', grantId).where('used', '>', 0).execute();
  }

  /** Uses of a kind given outside an order (points redeemed, server/points), inside the caller's transaction. */
  async grantUses(trx: Transaction<Database>, userId: number, kind: GrantKind, quantity: number, validDays: number): Promise<void> {
    const now = this.now();
    await trx
      .insertInto('grants')
      .values({ id: randomUUID(), user_id: userId, order_id: null, kind, quantity, used: 0, starts_at: now, expires_at: now + validDays * DAY_MS, created_at: now })
      .execute();
  }

  /** Writes what a paid order gives; called inside the transaction that marks it paid. */
  async grantForOrder(trx: Transaction<Database>, order: OrdersTable, product: Product): Promise<void> {
    const now = this.now();
    const row = (kind: GrantKind, quantity: number, startsAt: number, expiresAt: number) => ({
      id: randomUUID(), user_id: order.user_id, order_id: order.id, kind, quantity, used: 0, starts_at: startsAt, expires_at: expiresAt, created_at: now,
    });
    const rows: ReturnType<typeof row>[] = [];
    if (product.kind === 'vip') {
      // A renewal starts when the current membership ends, so no paid day is lost.
      const start = (await this.vipUntil(order.user_id, trx)) ?? now;
      const months = (product.months ?? 0) + (product.bonusMonths ?? 0);
      rows.push(row('vip', 0, start, addMonths(start, months)));
      for (let i = 0; i < months; i += 1) {
        rows.push(row('speech', SPEECH_MINUTES_PER_VIP_MONTH, addMonths(start, i), addMonths(start, i + 1)));
        rows.push(row('translation', TRANSLATIONS_PER_VIP_MONTH, addMonths(start, i), addMonths(start, i + 1)));
      }
    } else if (product.kind === 'photo') {
      rows.push(row('photo', product.uses ?? 0, now, now + (product.validDays ?? 365) * DAY_MS));
    } else if (product.kind === 'speech') {
      rows.push(row('speech', product.minutes ?? 0, now, now + (product.validDays ?? 370) * DAY_MS));
    }
    if (rows.length) await trx.insertInto('grants').values(rows).execute();
    // Points for what was paid (shared/points.ts); the record's unique task key keeps it once per order.
    const points = product.kind === 'postage' ? 0 : pointsForOrder(Number(order.amount_fen));
    if (points > 0) {
      await trx
        .insertInto('points_records')
        .values({ id: randomUUID(), user_id: order.user_id, task: orderPointsTask(order.id), points, title: `购买${product.title}`.slice(0, 64), created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'task']).doNothing())
        .execute();
    }
  }
}
