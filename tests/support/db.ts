// A fresh, migrated database for one test file, in either data mode (ARCHITECTURE.md: the suite
// runs on both). PostgreSQL gets a database of its own per call, so files running side by side
// never see each other's rows; SQLite lives in a temp dir that also serves as DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBuiltServer, TEST_DAILY_USES_ENV, type BuiltServer } from './built-server';
import { loadConfig, type Config } from '../../server/config';
import { createDb, migrateToLatest, type Db } from '../../server/db';

export type DbMode = 'sqlite' | 'postgres';
export const DB_MODES: readonly DbMode[] = ['sqlite', 'postgres'];

/** The server every PostgreSQL test database is created on (trust auth on this machine). */
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDb {
  mode: DbMode;
  db: Db;
  /** A config whose dataDir is a fresh temp dir and whose databaseUrl points at this database. */
  config: Config;
  /** Destroys the connections, drops the PostgreSQL database and removes the temp dir. */
  close(): Promise<void>;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** pool.end() resolves before its connections have closed; terminating them then would reach the
 * closing clients as errors, so wait (briefly) for them to go before dropping the database. */
async function dropWhenIdle(name: string): Promise<void> {
  await asAdmin(async (client) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/** An empty PostgreSQL database of its own (no tables yet), and how to drop it. */
export async function createEmptyPostgresDb(): Promise<{ url: string; drop(): Promise<void> }> {
  // Random hex only, so the name is safe to splice into DDL (which takes no parameters).
  const name = `site_test_${crypto.randomBytes(8).toString('hex')}`;
  await asAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropWhenIdle(name) };
}

export async function openTestDb(mode: DbMode): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async (): Promise<void> => {};
  if (mode === 'postgres') {
    const created = await createEmptyPostgresDb();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig(TEST_DAILY_USES_ENV, { dataDir, databaseUrl });
  const db = createDb(config);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    mode,
    db,
    config,
    async close() {
      await db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: the built server on a fresh database of this mode, started before its
 * tests and stopped after. `env` adds to (or, with undefined, takes from) the server's environment.
 */
export function builtServerOn(mode: DbMode, env: Record<string, string | undefined> = {}): { readonly server: BuiltServer; readonly testDb: TestDb } {
  let server: BuiltServer;
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(mode);
    server = await startBuiltServer({ env: { DATABASE_URL: testDb.config.databaseUrl, DATA_DIR: testDb.config.dataDir, ...env }, dataDir: testDb.config.dataDir });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.close();
  });
  return {
    get server() {
      return server;
    },
    get testDb() {
      return testDb;
    },
  };
}
