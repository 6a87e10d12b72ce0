// Queries on the tasks table, the source of truth for every job (status, progress, inputs, outputs).
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import type { TaskStage, TaskStatus, TasksTable } from '../db/tables/tasks';
import type { Tier } from '../convert/types';
import type { FailureCode } from '../../shared/task-api';
import { TASK_MESSAGES } from './messages';
import type { StoredFile } from './store';

/** A double submit with the same idempotency key within this window returns the first task. */
export const IDEMPOTENCY_WINDOW_MS = 5 * 60 * 1000;
/** Restarts a task may be running through before it is failed rather than tried again. */
export const MAX_INTERRUPTIONS = 2;

export interface MiddleRecord {
  files: StoredFile[];
  data: Record<string, unknown>;
}

export interface Task {
  id: string;
  owner: string;
  tool: string;
  stage: TaskStage;
  status: TaskStatus;
  progress: number;
  msg: string;
  code?: FailureCode;
  tier: Tier;
  options: unknown;
  inputs: StoredFile[];
  outputs: StoredFile[];
  middle: MiddleRecord | null;
  partial: boolean;
  createdAt: string;
  expiresAt: string;
}

export interface NewTask {
  id: string;
  owner: string;
  tool: string;
  stage: TaskStage;
  tier: Tier;
  options: unknown;
  inputs: StoredFile[];
  idempotencyKey?: string;
  expiresAt: Date;
}

function toTask(row: Selectable<TasksTable>): Task {
  return {
    id: row.id,
    owner: row.owner,
    tool: row.tool,
    stage: row.stage,
    status: row.status,
    progress: Number(row.progress),
    msg: row.msg,
    ...(row.failure_code && { code: row.failure_code }),
    tier: row.tier as Tier,
    options: JSON.parse(row.options),
    inputs: JSON.parse(row.inputs),
    outputs: JSON.parse(row.outputs),
    middle: row.middle ? JSON.parse(row.middle) : null,
    partial: Number(row.partial) === 1,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

const now = () => new Date().toISOString();

export class TaskRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the task, or returns the id of the owner's task with the same recent idempotency key. */
  async insert(task: NewTask): Promise<{ id: string; created: boolean }> {
    const key = task.idempotencyKey;
    if (key) {
      // A key older than the window may be used again: release it first.
      const windowStart = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS).toISOString();
      await this.db
        .updateTable('tasks')
        .set({ idempotency_key: null })
        .where('owner', '=', task.owner)
        .where('idempotency_key', '=', key)
        .where('created_at', '<', windowStart)
        .execute();
    }
    const at = now();
    try {
      await this.db
        .insertInto('tasks')
        .values({
          id: task.id,
          owner: task.owner,
          tool: task.tool,
          stage: task.stage,
          status: 'queued',
          progress: 0,
          msg: '',
          tier: task.tier,
          options: JSON.stringify(task.options ?? {}),
          inputs: JSON.stringify(task.inputs),
          outputs: '[]',
          middle: null,
          idempotency_key: key ?? null,
          created_at: at,
          updated_at: at,
          expires_at: task.expiresAt.toISOString(),
        })
        .execute();
      return { id: task.id, created: true };
    } catch (error) {
      if (!key || !isUniqueViolation(error)) throw error;
      const first = await this.db
        .selectFrom('tasks')
        .select('id')
        .where('owner', '=', task.owner)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      return { id: first.id, created: false };
    }
  }

  async get(id: string): Promise<Task | undefined> {
    const row = await this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toTask(row);
  }

  /** The task if this owner may see it; anyone else is told it does not exist. */
  /** The owner's tasks, newest first, a page at a time (the conversion history; deleted ones left out). */
  /** The owner's conversions, newest first: a file only staged for its thumbnails (stage middle) is not one. */
  async listOwned(owner: string, offset: number, limit: number): Promise<{ total: number; tasks: Task[] }> {
    const [count, rows] = await Promise.all([
      this.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('owner', '=', owner)
        .where('status', '!=', 'cancelled')
        .where('stage', '=', 'final')
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('tasks')
        .selectAll()
        .where('owner', '=', owner)
        .where('status', '!=', 'cancelled')
        .where('stage', '=', 'final')
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(count.n), tasks: rows.map(toTask) };
  }

  async getOwned(id: string, owner: string): Promise<Task | undefined> {
    const task = await this.get(id);
    return task && task.owner === owner ? task : undefined;
  }

  /** queued → running; undefined when someone else took it or it was deleted meanwhile. */
  async claim(id: string): Promise<Task | undefined> {
    const result = await this.db
      .updateTable('tasks')
      .set({ status: 'running', progress: 0, msg: '', updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? this.get(id) : undefined;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db.updateTable('tasks').set({ progress, updated_at: now() }).where('id', '=', id).where('status', '=', 'running').execute();
  }

  /** running → done/failed; false when the task was deleted or expired meanwhile (its result must then be dropped). */
  async finish(
    id: string,
    patch: { status: 'done' | 'failed'; msg: string; code?: FailureCode; outputs?: StoredFile[]; middle?: MiddleRecord; partial?: boolean },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set({
        status: patch.status,
        msg: patch.msg,
        failure_code: patch.code ?? null,
        progress: patch.status === 'done' ? 100 : 0,
        ...(patch.outputs && { outputs: JSON.stringify(patch.outputs) }),
        ...(patch.middle && { middle: JSON.stringify(patch.middle) }),
        ...(patch.partial !== undefined && { partial: patch.partial ? 1 : 0 }),
        updated_at: now(),
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Runs a finished task again (submitResult, goOnConvert): back to queued with new stage and options. */
  async rerun(id: string, from: TaskStatus, patch: { stage: TaskStage; options: unknown; tier: Tier }): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set({ stage: patch.stage, options: JSON.stringify(patch.options), tier: patch.tier, status: 'queued', progress: 0, msg: '', failure_code: null, updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a preview rendered after the task finished (targetYee/previewYee). */
  async setMiddle(id: string, middle: MiddleRecord): Promise<void> {
    await this.db.updateTable('tasks').set({ middle: JSON.stringify(middle), updated_at: now() }).where('id', '=', id).execute();
  }

  async cancel(id: string): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ status: 'cancelled', msg: '', outputs: '[]', inputs: '[]', middle: null, updated_at: now() })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running', 'done', 'failed'])
      .execute();
  }

  /**
   * After a restart: work that was running is started over once; a task that was running through
   * MAX_INTERRUPTIONS restarts is failed instead (its file probably brings the server down).
   * Returns everything waiting, oldest first.
   */
  async requeueUnfinished(): Promise<string[]> {
    await this.interruptRunning();
    const rows = await this.db.selectFrom('tasks').select('id').where('status', '=', 'queued').orderBy('created_at').execute();
    return rows.map((r) => r.id);
  }

  /**
   * Running tasks whose process is gone count an interruption: queued again, or failed at
   * MAX_INTERRUPTIONS. With `before`, only those whose heartbeat (updated_at) is older: the others
   * belong to live workers (reclaim.ts).
   */
  async interruptRunning(before?: Date): Promise<{ requeued: string[]; failed: string[] }> {
    const at = now();
    const stale = await this.db
      .selectFrom('tasks')
      .select(['id', 'interruptions'])
      .where('status', '=', 'running')
      .$if(before !== undefined, (q) => q.where('updated_at', '<', before!.toISOString()))
      .execute();
    const failed = stale.filter((row) => Number(row.interruptions) >= MAX_INTERRUPTIONS - 1).map((row) => row.id);
    const requeued = stale.filter((row) => !failed.includes(row.id)).map((row) => row.id);
    const settle = async (ids: string[], patch: { status: 'failed'; msg: string; failure_code: 'corrupt' } | { status: 'queued'; progress: 0 }) => {
      const settled: string[] = [];
      // One row at a time, each still running and still silent: a heartbeat or a finish in between keeps it.
      for (const id of ids) {
        const result = await this.db
          .updateTable('tasks')
          .set((eb) => ({ ...patch, interruptions: eb('interruptions', '+', 1), updated_at: at }))
          .where('id', '=', id)
          .where('status', '=', 'running')
          .$if(before !== undefined, (q) => q.where('updated_at', '<', before!.toISOString()))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) settled.push(id);
      }
      return settled;
    };
    return {
      failed: await settle(failed, { status: 'failed', msg: TASK_MESSAGES.interruptedTwice, failure_code: 'corrupt' }),
      requeued: await settle(requeued, { status: 'queued', progress: 0 }),
    };
  }

  /** Heartbeat of the tasks a worker is running (reclaim.ts tells a dead worker's by its silence). */
  async touch(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('tasks').set({ updated_at: now() }).where('id', 'in', ids).where('status', '=', 'running').execute();
  }

  /** Tasks queued and untouched since `before`, oldest first: offered again in case the queue lost them. */
  async queuedSince(before: Date): Promise<string[]> {
    const rows = await this.db.selectFrom('tasks').select('id').where('status', '=', 'queued').where('updated_at', '<', before.toISOString()).orderBy('created_at').execute();
    return rows.map((r) => r.id);
  }

  /** A graceful stop hands its running tasks back to the queue without counting an interruption. */
  async release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('tasks').set({ status: 'queued', progress: 0, updated_at: now() }).where('id', 'in', ids).where('status', '=', 'running').execute();
  }

  async countQueued(): Promise<number> {
    const row = await this.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'queued').executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Tasks whose retention ended and whose files still exist. */
  async dueForExpiry(at: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('expires_at', '<=', at.toISOString())
      .where('status', '!=', 'expired')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Files gone: the task keeps only the names and sizes of its inputs, for the owner's history. */
  async markExpired(id: string): Promise<void> {
    const row = await this.db.selectFrom('tasks').select('inputs').where('id', '=', id).executeTakeFirst();
    const names = (row ? (JSON.parse(row.inputs) as StoredFile[]) : []).map((f) => ({ name: f.name, key: '', size: f.size, type: f.type }));
    await this.db
      .updateTable('tasks')
      .set({ status: 'expired', msg: '', inputs: JSON.stringify(names), outputs: '[]', middle: null, idempotency_key: null, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /** Forgets expired tasks entirely once even their "expired" answer is no longer useful. */
  async purgeExpiredBefore(at: Date): Promise<void> {
    await this.db.deleteFrom('tasks').where('status', '=', 'expired').where('expires_at', '<', at.toISOString()).execute();
  }
}
