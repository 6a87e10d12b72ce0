// The site-data calls of SPEC §7 over HTTP, on SQLite and on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp, type SiteApp } from '../../server/app';
import { FEATURED_TOOL_IDS, HOT_TOOL_IDS, TOOL_GROUPS, TOOLS } from '../../shared/catalogue';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';

const CJK = /[\u4e00-\u9fa5]/;

/** Beijing wall-clock time computed independently of the server's arithmetic. */
function beijing(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

describe.each(DB_MODES)('site data calls on %s', (mode) => {
  let t: TestDb;
  let site: SiteApp;
  let server: http.Server;
  let api: ReturnType<typeof request>;

  beforeAll(async () => {
    t = await openTestDb(mode);
    // The server's own composition on this database; the job workers stay stopped (no call here runs one).
    site = await createApp(t.config, { startTasks: false });
    server = site.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    api = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await site.close();
    await t.close();
  });

  describe('GET /api/nowDateTime', () => {
    it('answers JSONP with the time in ms and in Beijing time', async () => {
      const before = Date.now();
      const res = await api.get('/api/nowDateTime').query({ callback: 'jQuery_123.cb$' }).expect(200);
      const after = Date.now();
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const match = /^\/\*\*\/ jQuery_123\.cb\$\((.*)\);$/.exec(res.text);
      expect(match).not.toBeNull();
      const body = JSON.parse(match![1]);
      expect(body.ret).toBe(0);
      expect(body.data.now).toBeGreaterThanOrEqual(before);
      expect(body.data.now).toBeLessThanOrEqual(after);
      expect(body.data.dateTime).toBe(beijing(body.data.now));
    });

    it('answers plain JSON without a callback', async () => {
      const res = await api.get('/api/nowDateTime').expect(200).expect('content-type', /json/);
      expect(res.body.ret).toBe(0);
      expect(res.body.data.dateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(res.body.data.dateTime).toBe(beijing(res.body.data.now));
    });

    it.each(['alert(1)//', '1abc', 'a'.repeat(65), '<script>', 'a b'])('refuses callback %p with a Chinese 400', async (callback) => {
      const res = await api.get('/api/nowDateTime').query({ callback }).expect(400).expect('content-type', /json/);
      expect(res.body.ret).toBe(400);
      expect(res.body.msg).toMatch(CJK);
      expect(res.text).not.toContain(callback);
    });
  });

  describe('GET /api/getWebVisits', () => {
    it('counts one visit per call and formats the total', async () => {
      const first = (await api.get('/api/getWebVisits').expect(200)).body.data;
      const second = (await api.get('/api/getWebVisits').expect(200)).body.data;
      expect(second.count).toBe(first.count + 1);
      expect(typeof second.count).toBe('number');
      expect(second.display).toBe(second.count.toLocaleString('en-US'));
    });

    it('gives twenty parallel calls twenty distinct consecutive totals', async () => {
      const start = (await api.get('/api/getWebVisits')).body.data.count as number;
      const responses = await Promise.all(Array.from({ length: 20 }, () => api.get('/api/getWebVisits')));
      const totals = responses.map((r) => r.body.data.count as number).sort((a, b) => a - b);
      expect(totals).toEqual(Array.from({ length: 20 }, (_, i) => start + 1 + i));
      const stored = await t.db.selectFrom('site_counter').select('value').where('name', '=', 'web_visits').executeTakeFirstOrThrow();
      expect(stored.value).toBe(start + 20);
    });

    it('shows thousand separators on large totals', async () => {
      await t.db.updateTable('site_counter').set({ value: 1234566 }).where('name', '=', 'web_visits').execute();
      const res = await api.get('/api/getWebVisits').expect(200);
      expect(res.body.data).toEqual({ count: 1234567, display: '1,234,567' });
    });
  });

  describe('POST /behavior/takeNoteBehavior', () => {
    it('stores the note with the visitor UUID cookie', async () => {
      const res = await api
        .post('/behavior/takeNoteBehavior')
        .set('Cookie', 'UUID=5f0c2a9e-1b7d-4c1e-9a44-0e6b1f1d2c3a')
        .send({ userId: 1024, behaviorType: 'show_pay_layer', docId: 'doc-9', extra: { from: 'pdf-to-word' } })
        .expect(200);
      expect(res.body).toEqual({ ret: 0, msg: '', data: null });
      const row = await t.db.selectFrom('behavior_note').selectAll().where('behavior_type', '=', 'show_pay_layer').executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        user_id: '1024',
        doc_id: 'doc-9',
        extra: '{"from":"pdf-to-word"}',
        visitor_uuid: '5f0c2a9e-1b7d-4c1e-9a44-0e6b1f1d2c3a',
      });
      expect(Math.abs(row.created_at - Date.now())).toBeLessThan(60_000);
    });

    it('keeps only the behaviour type when the rest is absent, and drops a malformed UUID', async () => {
      await api.post('/behavior/takeNoteBehavior').set('Cookie', 'UUID=<x>').send({ behaviorType: 'open_home' }).expect(200);
      const row = await t.db.selectFrom('behavior_note').selectAll().where('behavior_type', '=', 'open_home').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: null, doc_id: null, extra: null, visitor_uuid: null });
    });

    it.each([
      ['no behaviour type', { userId: '1' }],
      ['an empty behaviour type', { behaviorType: '' }],
      ['an object as user id', { behaviorType: 'x', userId: { a: 1 } }],
      ['an oversized extra', { behaviorType: 'x', extra: 'a'.repeat(2001) }],
    ])('refuses %s with HTTP 400 and stores nothing', async (_label, body) => {
      const before = await t.db.selectFrom('behavior_note').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const res = await api.post('/behavior/takeNoteBehavior').send(body).expect(400);
      expect(res.body.ret).toBe(400);
      expect(res.body.msg).toMatch(CJK);
      const after = await t.db.selectFrom('behavior_note').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a body that is not JSON', async () => {
      const res = await api.post('/behavior/takeNoteBehavior').type('text/plain').send('behaviorType=x').expect(400);
      expect(res.body.ret).toBe(400);
    });
  });

  describe('GET /api/setCookieValue', () => {
    it('sets an allowed cookie for one day with only letters, digits and underscore kept', async () => {
      const res = await api.get('/api/setCookieValue').query({ name: 'agent', value: 'baidu_01;<x>-y' }).expect(200);
      expect(res.body).toEqual({ ret: 0, msg: '', data: { name: 'agent', value: 'baidu_01xy' } });
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookie).toHaveLength(1);
      expect(cookie[0]).toMatch(/^agent=baidu_01xy; Max-Age=86400; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    });

    it.each(['MD', 'productname', 'product_name', 'foxit_version', 'version'])('allows %s and defaults an emptied value to 0', async (name) => {
      const res = await api.get('/api/setCookieValue').query({ name, value: '%%%' }).expect(200);
      expect(res.headers['set-cookie']?.[0]).toMatch(new RegExp(`^${name}=0;`));
    });

    it.each([{ name: 'accessToken', value: 'x' }, { name: 'UUID', value: 'x' }, { value: 'x' }])('refuses %p without setting anything', async (query) => {
      const res = await api.get('/api/setCookieValue').query(query).expect(400);
      expect(res.body.ret).toBe(400);
      expect(res.body.msg).toMatch(CJK);
      expect(res.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('catalogue calls', () => {
    it('lists the ten hot and three featured tools of SPEC §9 in order', async () => {
      const res = await api.get('/v2/api/getHotFuncName').expect(200);
      expect(res.body.ret).toBe(0);
      expect(res.body.data.hot.map((t: { id: string }) => t.id)).toEqual([...HOT_TOOL_IDS]);
      expect(res.body.data.featured.map((t: { id: string }) => t.id)).toEqual([...FEATURED_TOOL_IDS]);
      expect(res.body.data.hot.map((t: { title: string }) => t.title)).toEqual([
        'PDF转Word', 'PDF转图片', 'PDF转Excel', '图片转PDF', 'Word转PDF',
        'Excel转PDF', '图片转Excel', '图片转文字', 'PDF合并', 'PDF拆分',
      ]);
      expect(res.body.data.hot[0]).toMatchObject({ path: '/pdf-to-word/', type: 'from-PDF' });
    });

    it('groups every tool in the seven groups, ordered by weight, nine menu entries at most', async () => {
      const res = await api.get('/v2/api/getHomeSortList').query({ platform: 'web' }).expect(200);
      const groups = res.body.data as { type: string; title: string; list: { id: string; type: string; weight: number; moreWeight: number; secondMenu: boolean; title: string; path: string }[] }[];
      expect(groups.map((g) => g.type)).toEqual(TOOL_GROUPS.map((g) => g.type));
      expect(groups.flatMap((g) => g.list.map((i) => i.id)).sort()).toEqual(TOOLS.map((t) => t.id).sort());
      groups.forEach((group, index) => {
        expect(group.title).toMatch(CJK);
        for (const item of group.list) {
          expect(item.type).toBe(group.type);
          expect(item).toEqual(expect.objectContaining({ weight: expect.any(Number), moreWeight: expect.any(Number), title: expect.stringMatching(CJK), path: expect.stringMatching(/^\/.+\/$/) }));
        }
        const weights = group.list.map((i) => i.weight);
        expect(weights).toEqual([...weights].sort((a, b) => b - a));
        const menu = group.list.filter((i) => i.secondMenu);
        if (index < 5) {
          expect(menu.length).toBeGreaterThan(0);
          expect(menu.length).toBeLessThanOrEqual(9);
        } else expect(menu).toHaveLength(0);
      });
      // The tenth tool of a full group stays out of the menu.
      const fromPdf = groups[0].list;
      expect(fromPdf.length).toBeGreaterThan(9);
      expect(fromPdf[9].secondMenu).toBe(false);
    });

    it('refuses a malformed platform', async () => {
      await api.get('/v2/api/getHomeSortList').query({ platform: '<web>' }).expect(400);
    });
  });

  describe('seeded lists', () => {
    it('lists the friend links in their order', async () => {
      const res = await api.get('/api/getLink').expect(200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(3);
      for (const link of res.body.data) {
        expect(link.title).toMatch(CJK);
        expect(link.url).toMatch(/^https:\/\//);
      }
      await t.db.insertInto('friend_link').values({ title: '置顶链接', url: 'https://example.cn/', sort: -1 }).execute();
      const again = await api.get('/api/getLink').expect(200);
      expect(again.body.data[0]).toMatchObject({ title: '置顶链接', url: 'https://example.cn/' });
    });

    it('gives the home advert for position 6 and the tool-page advert for position 7', async () => {
      const home = await api.get('/api/getAdvertising').query({ position: 6, platform: 'web' }).expect(200);
      const tool = await api.get('/api/getAdvertising').query({ position: '7' }).expect(200);
      expect(home.body.data.length).toBeGreaterThan(0);
      expect(tool.body.data.length).toBeGreaterThan(0);
      expect(home.body.data.every((a: { position: number }) => a.position === 6)).toBe(true);
      expect(tool.body.data.every((a: { position: number }) => a.position === 7)).toBe(true);
      expect(home.body.data[0]).toEqual(
        expect.objectContaining({ title: expect.stringMatching(CJK), image: expect.any(String), link: expect.stringMatching(/^\//) }),
      );
    });

    it('leaves out adverts outside their window and of other platforms', async () => {
      const now = Date.now();
      await t.db
        .insertInto('advert')
        .values([
          { platform: 'web', position: 42, title: '进行中', image_url: '/a.png', link_url: '/a/', sort: 2, starts_at: now - 60_000, ends_at: now + 60_000 },
          { platform: 'web', position: 42, title: '已结束', image_url: '/b.png', link_url: '/b/', sort: 0, starts_at: now - 120_000, ends_at: now - 60_000 },
          { platform: 'web', position: 42, title: '未开始', image_url: '/c.png', link_url: '/c/', sort: 0, starts_at: now + 60_000, ends_at: null },
          { platform: 'h5', position: 42, title: '手机', image_url: '/d.png', link_url: '/d/', sort: 0, starts_at: null, ends_at: null },
          { platform: 'web', position: 42, title: '长期', image_url: '/e.png', link_url: '/e/', sort: 1, starts_at: null, ends_at: null },
        ])
        .execute();
      const res = await api.get('/api/getAdvertising').query({ position: 42 }).expect(200);
      expect(res.body.data.map((a: { title: string }) => a.title)).toEqual(['长期', '进行中']);
      const h5 = await api.get('/api/getAdvertising').query({ position: 42, platform: 'h5' }).expect(200);
      expect(h5.body.data.map((a: { title: string }) => a.title)).toEqual(['手机']);
    });

    it('gives every slot of the platform when no position is asked for', async () => {
      const res = await api.get('/api/getAdvertising').query({ platform: 'web' }).expect(200);
      const positions = res.body.data.map((a: { position: number }) => a.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions)).toEqual(new Set([6, 7, 42]));
    });

    it.each([{ position: 'six' }, { position: '0' }, { position: '6.5' }, { position: ['6', '7'] }])('refuses advert query %p', async (query) => {
      const res = await api.get('/api/getAdvertising').query(query).expect(400);
      expect(res.body.msg).toMatch(CJK);
    });

    it('lists the clients for Windows, Mac, Android and iOS', async () => {
      const res = await api.get('/v2/api/getClientDownList').expect(200);
      expect(res.body.data.map((c: { platform: string }) => c.platform)).toEqual(['windows', 'mac', 'android', 'ios']);
      for (const client of res.body.data) {
        expect(client.name).toMatch(CJK);
        expect(client.url).toMatch(/^https?:\/\//);
      }
    });
  });
});
