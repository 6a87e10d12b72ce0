// Migration 001_site on SQLite and PostgreSQL: the tables, the seed, and that reruns add nothing.
import { migrateToLatest } from '../../server/db';
import * as site from '../../server/db/migrations/001_site';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';

const CJK = /[\u4e00-\u9fa5]/;

describe.each(DB_MODES)('001_site on %s', (mode) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(mode);
  });

  afterAll(async () => {
    await t.close();
  });

  async function seedCounts() {
    const count = (table: 'site_counter' | 'friend_link' | 'advert' | 'client_download') =>
      t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    return { counters: await count('site_counter'), links: await count('friend_link'), adverts: await count('advert'), clients: await count('client_download') };
  }

  it('seeds the visit counter, friend links, adverts for positions 6 and 7 and four clients', async () => {
    const counter = await t.db.selectFrom('site_counter').selectAll().executeTakeFirstOrThrow();
    expect(counter).toEqual({ name: 'web_visits', value: 0 });

    const links = await t.db.selectFrom('friend_link').selectAll().execute();
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.every((l) => CJK.test(l.title) && l.url.startsWith('https://'))).toBe(true);

    const adverts = await t.db.selectFrom('advert').selectAll().where('platform', '=', 'web').execute();
    expect(new Set(adverts.map((a) => a.position))).toEqual(new Set([6, 7]));
    expect(adverts.every((a) => CJK.test(a.title) && a.starts_at === null && a.ends_at === null)).toBe(true);

    const clients = await t.db.selectFrom('client_download').select('platform').orderBy('sort').execute();
    expect(clients.map((c) => c.platform)).toEqual(['windows', 'mac', 'android', 'ios']);
  });

  it('reads bigint columns and counts back as numbers', async () => {
    await t.db.insertInto('behavior_note').values({ user_id: null, behavior_type: 't', doc_id: null, extra: null, visitor_uuid: null, created_at: 1_700_000_000_123 }).execute();
    const row = await t.db.selectFrom('behavior_note').select(['id', 'created_at']).executeTakeFirstOrThrow();
    expect(row.created_at).toBe(1_700_000_000_123);
    expect(typeof row.id).toBe('number');
    const { counters } = await seedCounts();
    expect(counters).toBe(1);
  });

  it('numbers new rows itself', async () => {
    const ids = [];
    for (const title of ['甲', '乙']) {
      const { id } = await t.db.insertInto('friend_link').values({ title, url: 'https://example.cn/', sort: 9 }).returning('id').executeTakeFirstOrThrow();
      ids.push(id);
    }
    expect(ids[1]).toBeGreaterThan(ids[0]);
    await t.db.deleteFrom('friend_link').where('sort', '=', 9).execute();
  });

  it('adds nothing when migrations run again', async () => {
    const before = await seedCounts();
    await migrateToLatest(t.db);
    expect(await seedCounts()).toEqual(before);
  });

  it('drops its tables on down and recreates them with the seed on up', async () => {
    const before = await seedCounts();
    await site.down(t.db);
    // Matched by message: better-sqlite3's error class can come from another jest module registry.
    await expect(t.db.selectFrom('advert').selectAll().execute()).rejects.toMatchObject({ message: expect.stringMatching(/advert/) });
    await site.up(t.db);
    expect(await seedCounts()).toEqual(before);
    expect(await t.db.selectFrom('behavior_note').selectAll().execute()).toEqual([]);
  });
});
