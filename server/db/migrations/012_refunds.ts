// Refunds of paid orders (server/db/tables/refunds.ts), for SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('order_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('refund_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(80)', (c) => c.notNull())
    .addColumn('refund_no', 'varchar(64)')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('refunded_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}
