// Company accounts (server/company): a company's name, and the personal accounts it links.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('company_name', 'varchar(100)').execute();
  await db.schema
    .createTable('company_members')
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('member_id', 'bigint')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('linked_at', 'bigint')
    .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'mobile'])
    .execute();
  await db.schema.createIndex('company_members_mobile').on('company_members').column('mobile').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_members').execute();
  await db.schema.alterTable('users').dropColumn('company_name').execute();
}
