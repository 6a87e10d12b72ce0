// Points (积分): the user's records, balance and tasks (shared/points.ts holds the tasks and numbers).
// Every reward is one row of points_records whose (user_id, task) is unique: a daily task's row
// carries its China Standard Time day, a once-ever task's row its bare name, a paid order's row the
// order (written by server/pay with its grants). A second receive, however concurrent, meets the
// unique key and inserts nothing; that is the only check that counts. Spending is a negative row,
// so the balance is the sum of the rows.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { PointsRecordsTable } from '../db/tables/commerce';
import { useDay } from '../../shared/daily-uses';
import {
  POINTS_TASKS,
  REDEEM_PHOTO,
  pointsTask,
  type PointsBalance,
  type PointsRecordPage,
  type PointsRecordView,
  type PointsTask,
  type PointsTaskView,
  type ReceiveAnswer,
} from '../../shared/points';
import type { Entitlements } from '../pay/entitlements';
import { POINTS_MESSAGES } from './messages';
import { PointsRefusal } from './refusal';

/** The day a daily reward counts on. */
export const pointsDay = (at: number): string => useDay(new Date(at));

/** The record's task key: a daily task carries its CST day. */
function taskKey(task: PointsTask, at: number): string {
  return task.daily ? `${task.taskType}:${pointsDay(at)}` : task.taskType;
}

function viewOf(row: PointsRecordsTable): PointsRecordView {
  return { id: row.id, taskType: row.task.split(':')[0], title: row.title, points: Number(row.points), createTime: Number(row.created_at) };
}

export class Points {
  constructor(
    private readonly db: Db,
    private readonly entitlements: Entitlements,
    private readonly now: () => number = Date.now,
  ) {}

  /** The CST day the daily tasks are on now. */
  today(): string {
    return pointsDay(this.now());
  }

  async balance(userId: number, db: Kysely<Database> = this.db): Promise<PointsBalance> {
    const row = await db
      .selectFrom('points_records')
      .select([
        sql<number | string | null>`sum(case when points > 0 then points else 0 end)`.as('earned'),
        sql<number | string | null>`sum(case when points < 0 then -points else 0 end)`.as('spent'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const earned = Number(row?.earned ?? 0);
    const spent = Number(row?.spent ?? 0);
    return { balance: earned - spent, earned, spent };
  }

  /** Newest first, as the orders list. */
  async records(userId: number, page: number, size: number): Promise<PointsRecordPage> {
    const [count, rows] = await Promise.all([
      this.db.selectFrom('points_records').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      this.db.selectFrom('points_records').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(size).offset((page - 1) * size).execute(),
    ]);
    return { total: Number(count.n), page, size, list: rows.map(viewOf) };
  }

  private taskOf(taskType: unknown): PointsTask {
    const task = pointsTask(taskType);
    if (!task) throw new PointsRefusal(400, POINTS_MESSAGES.unknownTask);
    return task;
  }

  /** getExistRecord: whether this user already has the task's reward (today's, for a daily one). */
  async existRecord(userId: number, taskType: unknown): Promise<{ taskType: string; received: boolean; receiveTime: number | null }> {
    const task = this.taskOf(taskType);
    const row = await this.db.selectFrom('points_records').select('created_at').where('user_id', '=', userId).where('task', '=', taskKey(task, this.now())).executeTakeFirst();
    return { taskType: task.taskType, received: Boolean(row), receiveTime: row ? Number(row.created_at) : null };
  }

  /** Whether the user has done what the task asks; the sign-in and the newcomer gift ask nothing. */
  private async done(userId: number, task: PointsTask): Promise<boolean> {
    if (task.taskType === 'firstConvert') {
      const finished = await this.db.selectFrom('tasks').select('id').where('owner', '=', `u:${userId}`).where('status', '=', 'done').limit(1).executeTakeFirst();
      return Boolean(finished);
    }
    if (task.taskType === 'firstPay') {
      const paid = await this.db.selectFrom('orders').select('id').where('user_id', '=', userId).where('state', 'in', ['paid', 'refunded']).limit(1).executeTakeFirst();
      return Boolean(paid);
    }
    return true;
  }

  /** Every task with its state for this user: received (today's, for a daily one), available, or still to do. */
  async tasks(userId: number): Promise<PointsTaskView[]> {
    const now = this.now();
    const keys = POINTS_TASKS.map((t) => taskKey(t, now));
    const rows = await this.db.selectFrom('points_records').select(['task', 'created_at']).where('user_id', '=', userId).where('task', 'in', keys).execute();
    const receivedAt = new Map(rows.map((r) => [r.task, Number(r.created_at)]));
    return Promise.all(
      POINTS_TASKS.map(async (task) => {
        const at = receivedAt.get(taskKey(task, now));
        const state = at !== undefined ? 'received' : (await this.done(userId, task)) ? 'available' : 'todo';
        return { ...task, state, receiveTime: at ?? null };
      }),
    );
  }

  /** receiveIntegral: the task's points, once (a day, for a daily one); refused when not done or already received. */
  async receive(userId: number, taskType: unknown): Promise<ReceiveAnswer> {
    const task = this.taskOf(taskType);
    if (!(await this.done(userId, task))) throw new PointsRefusal(403, task.taskType === 'firstPay' ? POINTS_MESSAGES.noPayment : POINTS_MESSAGES.noConversion);
    const now = this.now();
    const row: PointsRecordsTable = { id: randomUUID(), user_id: userId, task: taskKey(task, now), points: task.points, title: task.title, created_at: now };
    // The unique key decides, on SQLite and PostgreSQL alike: of two submits at once, one inserts.
    const inserted = await this.db
      .insertInto('points_records')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'task']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new PointsRefusal(409, task.daily ? POINTS_MESSAGES.signedToday : POINTS_MESSAGES.received);
    const { balance } = await this.balance(userId);
    return { taskType: task.taskType, points: task.points, balance, record: viewOf(row) };
  }

  /**
   * Spends REDEEM_PHOTO.points on one ID-photo download. The user's row is locked first (an update
   * that changes nothing still takes PostgreSQL's row lock; SQLite runs one write transaction at a
   * time), so two redeems at once cannot both spend the same points.
   */
  async redeemPhoto(userId: number): Promise<PointsBalance> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
      const { balance } = await this.balance(userId, trx);
      if (balance < REDEEM_PHOTO.points) throw new PointsRefusal(403, POINTS_MESSAGES.notEnough);
      const now = this.now();
      await trx.insertInto('points_records').values({ id: randomUUID(), user_id: userId, task: `redeem:${randomUUID()}`, points: -REDEEM_PHOTO.points, title: REDEEM_PHOTO.title, created_at: now }).execute();
      await this.entitlements.grantUses(trx, userId, 'photo', REDEEM_PHOTO.uses, REDEEM_PHOTO.validDays);
    });
    return this.balance(userId);
  }
}
