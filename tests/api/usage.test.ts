// The daily free uses of each tool (shared/daily-uses.ts) on the built server with its real numbers,
// on SQLite and PostgreSQL: what getTryOutDetail says, the 402 once they are gone, per tool, per
// cookie and per address, a failed task costing nothing, parallel submits, and the logged-in count.
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { ApiVisitor, codeFor, randomMobile } from '../support/api-visitor';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { DB_MODES, openTestDb, type TestDb } from '../support/db';
import { TaskClient } from '../support/task-client';

const GUEST_USED_UP = '今日免费次数已用完，登录后每天可免费使用10次，开通会员不限次数';

let pdf: Buffer;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  pdf = Buffer.from(await doc.save());
});

describe.each(DB_MODES)('daily free uses on %s', (mode) => {
  let testDb: TestDb;
  let server: BuiltServer;

  beforeAll(async () => {
    testDb = await openTestDb(mode);
    // The shipped numbers: the harness's raised ones are taken away.
    const defaults = { DAILY_USES_GUEST: undefined, DAILY_USES_USER: undefined, DAILY_USES_PER_IP: undefined };
    server = await startBuiltServer({ env: { DATABASE_URL: testDb.config.databaseUrl, DATA_DIR: testDb.config.dataDir, ...defaults }, dataDir: testDb.config.dataDir });
  });

  afterAll(async () => {
    await server?.stop();
    await testDb?.close();
  });

  const detail = async (visitor: ApiVisitor, taskName: string) => (await visitor.send('GET', `/v2/user/getTryOutDetail?platform=web&agent=0&taskName=${taskName}`)).body;
  const rotate = (visitor: ApiVisitor, data = pdf) => visitor.send('POST', '/task/submitTask', TaskClient.form('pdf-rotate', [{ name: 'a.pdf', data }], { angle: 90 }));

  test('a guest has 3 a day per tool; the fourth submit answers 402 with what to do; other tools are still free', async () => {
    const guest = new ApiVisitor(server.origin);
    expect(await detail(guest, 'pdf-rotate')).toEqual({ ret: 0, msg: '', data: { isNowGet: true, nowAvailableCount: 3, dailyCount: 3 } });
    for (let i = 0; i < 3; i++) expect((await rotate(guest)).status).toBe(200);
    expect(await detail(guest, 'pdf-rotate')).toEqual({ ret: 0, msg: '', data: { isNowGet: false, nowAvailableCount: 0, dailyCount: 3 } });
    expect(await rotate(guest)).toEqual({ status: 402, body: { ret: 400, msg: GUEST_USED_UP } });
    expect((await detail(guest, 'pdf-merge')).data).toMatchObject({ isNowGet: true, nowAvailableCount: 3 });
    const rows = await testDb.db.selectFrom('tool_uses').select(['tool', 'tier', 'refunded']).where('ip', '=', guest.ip).execute();
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ tool: 'pdf-rotate', tier: 'guest', refunded: 0 })));
  });

  test('a failed task gives its use back', async () => {
    const guest = new ApiVisitor(server.origin);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
    const submitted = await rotate(guest, broken);
    expect(submitted.status).toBe(200);
    const taskId = submitted.body.data!.taskId as string;
    let state = (await guest.send('POST', '/task/taskQuery', { taskId })).body.data!;
    for (let i = 0; i < 300 && (state.status === 'queued' || state.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await guest.send('POST', '/task/taskQuery', { taskId })).body.data!;
    }
    expect(state.status).toBe('failed');
    expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 3 });
  });

  test('new cookies from one address stop at the address’s 20 a day', async () => {
    const ip = `203.0.113.${crypto.randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let visitor = 0; visitor < 7; visitor++) {
      // A fresh cookie jar each time: as if the cookies were cleared.
      const guest = new ApiVisitor(server.origin, ip);
      for (let i = 0; i < 3; i++) statuses.push((await rotate(guest)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(402);
  });

  test('parallel submits cannot all pass one count', async () => {
    const guest = new ApiVisitor(server.origin);
    await guest.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-rotate');
    const answers = await Promise.all(Array.from({ length: 6 }, () => rotate(guest)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 402, 402, 402]);
  });

  test('a logged-in user has 10 a day; unknown tools are refused', async () => {
    const user = new ApiVisitor(server.origin);
    const mobile = randomMobile();
    await user.send('POST', '/auth/login/code', { mobile, code: await codeFor(user, mobile) });
    expect((await detail(user, 'pdf-to-word')).data).toEqual({ isNowGet: true, nowAvailableCount: 10, dailyCount: 10 });
    expect(await user.send('GET', '/v2/user/getTryOutDetail?taskName=no-such-tool')).toMatchObject({ status: 400, body: { ret: 400 } });
  });
});
