// The free-use counts (server/db/tables/usage.ts), for SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tool_uses')
    .addColumn('task_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(128)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('tool', 'varchar(64)', (c) => c.notNull())
    .addColumn('tier', 'varchar(16)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tool_uses_owner').on('tool_uses').columns(['owner', 'tool', 'day']).execute();
  await db.schema.createIndex('tool_uses_ip').on('tool_uses').columns(['ip', 'tool', 'day']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tool_uses').execute();
}
