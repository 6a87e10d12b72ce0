// Named locks held until a transaction ends, for a check-then-write that must not interleave (a
// limit counted from rows, then the row written: without them N parallel writers all pass one
// count). PostgreSQL: advisory transaction locks, taken in sorted order so two transactions never
// wait on each other. SQLite: nothing to take, as the driver runs one transaction at a time on
// its single connection (a second web process on the same file fails its write, SQLITE_BUSY,
// rather than passing the count).
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './index';

export async function lockNames(trx: Db, names: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const name of [...new Set(names)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
  }
}
