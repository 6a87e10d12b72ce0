// Feedback from /yijian/ (server/db/tables/feedback.ts), for SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'varchar(64)', (c) => c.notNull())
    .addColumn('submit_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('files_deleted_at', 'bigint')
    .execute();
  // One entry per filled-in form, however often it is sent (a first send's retry may come before
  // the visitor's UUID cookie did, so the key alone decides; it is 16+ random characters).
  await db.schema.createIndex('feedback_submit_key').on('feedback').column('submit_key').unique().execute();
  // The rate limits count an owner's and an address's recent entries.
  await db.schema.createIndex('feedback_owner_created').on('feedback').columns(['owner', 'created_at']).execute();
  await db.schema.createIndex('feedback_ip_created').on('feedback').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
