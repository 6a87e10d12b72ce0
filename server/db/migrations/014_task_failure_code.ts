// Why a task failed, for the page (shared/task-api.ts FailureCode): next to the Chinese msg, so
// the page can ask for a password or another file instead of offering a retry that cannot help.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('failure_code', 'varchar(20)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('failure_code').execute();
}
