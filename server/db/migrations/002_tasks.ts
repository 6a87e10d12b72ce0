// The tasks table (server/db/tables/tasks.ts); written with the schema builder so it runs on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(128)', (c) => c.notNull())
    .addColumn('tool', 'varchar(64)', (c) => c.notNull())
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tier', 'varchar(16)', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('outputs', 'text', (c) => c.notNull())
    .addColumn('middle', 'text')
    .addColumn('partial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'varchar(128)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A double submit with the same key races two inserts; the unique index lets exactly one win.
  await db.schema.createIndex('tasks_owner_idempotency').unique().on('tasks').columns(['owner', 'idempotency_key']).execute();
  await db.schema.createIndex('tasks_status').on('tasks').column('status').execute();
  await db.schema.createIndex('tasks_expires_at').on('tasks').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
}
