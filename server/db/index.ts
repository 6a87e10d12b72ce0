// The data layer (ARCHITECTURE.md): Kysely over SQLite by default (better-sqlite3, WAL) or
// PostgreSQL when DATABASE_URL is set, with one list of migrations that runs on both.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';
import { migrations } from './migrations';
import { logger } from '../log';

export type Db = Kysely<Database>;

// int8 (bigint columns, count(*)) comes back as a number, as SQLite gives it: our counters and
// epoch-millisecond times stay far below 2^53, and one set of queries then serves both databases.
const numericInt8: typeof pg.types.getTypeParser = (oid: number, format?: 'text' | 'binary') =>
  oid === pg.types.builtins.INT8 && format !== 'binary' ? Number : pg.types.getTypeParser(oid, format);

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, types: { getTypeParser: numericInt8 } });
    // An idle connection dropped by the server (restart, failover) would otherwise be an uncaught
    // 'error' that ends the process; the pool has already discarded it and opens a new one on demand.
    pool.on('error', (error) => logger.warn({ err: error.message }, 'postgres: idle connection lost'));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(config.dataDir, 'site.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * Several processes may start together (web and worker deployables): on PostgreSQL Kysely's
 * migrator holds a session advisory lock (pg_advisory_lock) while it migrates, so each migration
 * runs once and the others wait, then find nothing to do (tests/api/ops.test.ts starts three).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`database migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}
