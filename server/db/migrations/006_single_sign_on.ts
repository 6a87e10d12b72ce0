// Single sign-on between the account service and the sites it serves (server/account/sso.ts):
// one-time login grants, the SSO id (fid) of an account-service session, and the link from a
// site's session to the account-service session it came from.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('fid_hash', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('sso_session_id', 'varchar(64)').execute();
  await db.schema.createIndex('sessions_fid').on('sessions').column('fid_hash').execute();
  await db.schema.createIndex('sessions_sso_parent').on('sessions').column('sso_session_id').execute();
  await db.schema
    .createTable('sso_grants')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('site_origin', 'varchar(255)', (c) => c.notNull())
    .addColumn('fid', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_grants').execute();
  await db.schema.dropIndex('sessions_sso_parent').execute();
  await db.schema.dropIndex('sessions_fid').execute();
  await db.schema.alterTable('sessions').dropColumn('sso_session_id').execute();
  await db.schema.alterTable('sessions').dropColumn('fid_hash').execute();
}
