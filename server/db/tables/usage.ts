// One row per task that took a free use (server/usage): counted per owner, per IP, per tool and day.
// A row whose task_id starts with `try:` is a try token handed out by getTryToken and not used yet.

export interface ToolUsesTable {
  task_id: string;
  /** The visitor (v:…) or user (u:…) as in tasks.owner. */
  owner: string;
  ip: string;
  tool: string;
  tier: string;
  /** YYYY-MM-DD, China Standard Time (shared/daily-uses.ts). */
  day: string;
  /** 1 once given back (the task failed): a failure costs nothing. */
  refunded: number;
  /** Epoch ms the use was taken: an unused try token stops counting an hour after. */
  issued_at: number;
  /** The pack grant this use came from (server/pay), when the free uses were gone; given back with a refund. */
  grant_id: string | null;
}

/** Speech minutes a task was charged, per grant they came from (server/usage/speech-minutes.ts). */
export interface MinuteChargesTable {
  task_id: string;
  grant_id: string;
  minutes: number;
  /** 1 once given back (the task failed). */
  refunded: number;
  created_at: number;
}

export interface UsageTables {
  tool_uses: ToolUsesTable;
  minute_charges: MinuteChargesTable;
}
