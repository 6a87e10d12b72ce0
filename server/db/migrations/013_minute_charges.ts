// Speech minutes charged to a task (server/usage/speech-minutes.ts), per grant they came from, so
// that a failed task gives each grant back what it gave.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('minute_charges')
    .addColumn('task_id', 'varchar(80)', (c) => c.notNull())
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('minute_charges_pk', ['task_id', 'grant_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('minute_charges').execute();
}
