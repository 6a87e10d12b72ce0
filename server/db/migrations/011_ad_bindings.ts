// Search-ad attribution (server/attribution): the Baidu click a user first came from.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_bindings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('bd_vid', 'varchar(128)', (c) => c.notNull())
    .addColumn('landing_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ad_bindings').execute();
}
