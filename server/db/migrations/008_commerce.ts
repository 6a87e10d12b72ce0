// The commerce tables (server/db/tables/commerce.ts), for SQLite and PostgreSQL alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'varchar(40)')
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_url', 'text')
    .addColumn('trade_no', 'varchar(64)')
    .addColumn('order_from', 'varchar(40)')
    .addColumn('agent', 'varchar(64)')
    .addColumn('md', 'varchar(64)')
    .addColumn('invoice_id', 'varchar(40)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_open').on('orders').columns(['state', 'expires_at']).execute();
  await db.schema
    .createTable('grants')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('grants_user').on('grants').columns(['user_id', 'kind', 'expires_at']).execute();
  await db.schema.createIndex('grants_order').on('grants').column('order_id').execute();
  await db.schema
    .createTable('user_coupons')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    // SPEC: a coupon is received once per user.
    .addUniqueConstraint('user_coupons_once', ['user_id', 'category'])
    .execute();
  await db.schema
    .createTable('pay_notifies')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('notify_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pay_notifies_pk', ['provider', 'notify_id'])
    .execute();
  await db.schema
    .createTable('points_records')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('task', 'varchar(64)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Each task's reward once per user (a daily task's name carries its day).
    .addUniqueConstraint('points_records_once', ['user_id', 'task'])
    .execute();
  // A use of a tool taken from a pack rather than the day's free ones (server/usage/allowance.ts).
  await db.schema.alterTable('tool_uses').addColumn('grant_id', 'varchar(40)').execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('tax_no', 'varchar(20)')
    .addColumn('email', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tool_uses').dropColumn('grant_id').execute();
  for (const table of ['invoices', 'points_records', 'pay_notifies', 'user_coupons', 'grants', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
