// Tables of the conversion tasks (SPEC §7 "Tasks"): the tasks table is the source of truth for a job.
import type { Generated } from 'kysely';

import type { FailureCode, TaskStage, TaskStatus } from '../../../shared/task-api';

export type { TaskStage, TaskStatus };
/** A middle task first runs the converter's preview step; submitResult turns it into a final run. */

export interface TasksTable {
  /** 128-bit random, base64url: unguessable. */
  id: string;
  /** `u:<userId>` for a logged-in user, `v:<UUID cookie>` for a visitor. */
  owner: string;
  /** The tool id (taskName). */
  tool: string;
  stage: TaskStage;
  status: TaskStatus;
  /** 0–100. */
  progress: number;
  /** Chinese reason when failed, else ''. */
  msg: string;
  /** Why it failed, for the page, when the cause is known; else null. */
  failure_code: FailureCode | null;
  /** The visitor tier the task runs with (guest/user/vip). */
  tier: string;
  /** JSON: the validated options. */
  options: string;
  /** JSON: StoredFile[] — the uploaded files, in upload order. */
  inputs: string;
  /** JSON: StoredFile[] — the result files. */
  outputs: string;
  /** JSON: the middle step's previews and data, null until it ran. */
  middle: string | null;
  /** 1 when a try-out gave a partial result that goOnConvert can finish. */
  partial: Generated<number>;
  /** Times the task was running when its server went down (restarts count, graceful stops do not). */
  interruptions: Generated<number>;
  idempotency_key: string | null;
  /** ISO-8601 UTC timestamps: compare as text on SQLite and PostgreSQL alike. */
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export interface TaskTables {
  tasks: TasksTable;
}
