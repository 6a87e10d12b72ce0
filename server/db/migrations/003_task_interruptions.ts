// How many times a task was running when its server went down: a file that kills the server is
// retried once, then failed, instead of being re-queued into the same crash at every start.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('interruptions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('interruptions').execute();
}
