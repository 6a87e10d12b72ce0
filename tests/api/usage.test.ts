// The daily free uses of each tool (shared/daily-uses.ts) on the built server with its real numbers,
// on SQLite and PostgreSQL: what getTryOutDetail says, the 402 once they are gone, per tool, per
// cookie and per address, a failed task costing nothing, parallel submits, the logged-in count, and
// try tokens taken ahead, spent and given back.
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { ApiVisitor, loggedInVisitor, settledTask } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';
import { TaskClient } from '../support/task-client';

const GUEST_USED_UP = '今日免费次数已用完，登录后每天可免费使用10次，开通会员不限次数';

let pdf: Buffer;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  pdf = Buffer.from(await doc.save());
});

describe.each(DB_MODES)('daily free uses on %s', (mode) => {
  // The shipped numbers: the harness's raised ones are taken away.
  const site = builtServerOn(mode, { DAILY_USES_GUEST: undefined, DAILY_USES_USER: undefined, DAILY_USES_PER_IP: undefined });

  const detail = async (visitor: ApiVisitor, taskName: string) => (await visitor.send('GET', `/v2/user/getTryOutDetail?platform=web&agent=0&taskName=${taskName}`)).body;
  const rotate = (visitor: ApiVisitor, data = pdf) => visitor.send('POST', '/task/submitTask', TaskClient.form('pdf-rotate', [{ name: 'a.pdf', data }], { angle: 90 }));

  test('a guest has 3 a day per tool; the fourth submit answers 402 with what to do; other tools are still free', async () => {
    const guest = new ApiVisitor(site.server.origin);
    expect(await detail(guest, 'pdf-rotate')).toEqual({ ret: 0, msg: '', data: { isNowGet: true, nowAvailableCount: 3, dailyCount: 3 } });
    for (let i = 0; i < 3; i++) expect((await rotate(guest)).status).toBe(200);
    expect(await detail(guest, 'pdf-rotate')).toEqual({ ret: 0, msg: '', data: { isNowGet: false, nowAvailableCount: 0, dailyCount: 3 } });
    expect(await rotate(guest)).toEqual({ status: 402, body: { ret: 400, msg: GUEST_USED_UP } });
    expect((await detail(guest, 'pdf-merge')).data).toMatchObject({ isNowGet: true, nowAvailableCount: 3 });
    const rows = await site.testDb.db.selectFrom('tool_uses').select(['tool', 'tier', 'refunded']).where('ip', '=', guest.ip).execute();
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ tool: 'pdf-rotate', tier: 'guest', refunded: 0 })));
  });

  test('a failed task gives its use back', async () => {
    const guest = new ApiVisitor(site.server.origin);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(2000)]);
    const submitted = await rotate(guest, broken);
    expect(submitted.status).toBe(200);
    const taskId = submitted.body.data!.taskId as string;
    const state = await settledTask(guest, taskId);
    expect(state.status).toBe('failed');
    expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 3 });
  });

  test('new cookies from one address stop at the address’s 20 a day', async () => {
    const ip = `203.0.113.${crypto.randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let visitor = 0; visitor < 7; visitor++) {
      // A fresh cookie jar each time: as if the cookies were cleared.
      const guest = new ApiVisitor(site.server.origin, ip);
      for (let i = 0; i < 3; i++) statuses.push((await rotate(guest)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(402);
  });

  test('parallel submits cannot all pass one count', async () => {
    const guest = new ApiVisitor(site.server.origin);
    await guest.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-rotate');
    const answers = await Promise.all(Array.from({ length: 6 }, () => rotate(guest)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 402, 402, 402]);
  });

  test('a logged-in user has 10 a day; unknown tools are refused', async () => {
    const user = await loggedInVisitor(site.server.origin);
    expect((await detail(user, 'pdf-to-word')).data).toEqual({ isNowGet: true, nowAvailableCount: 10, dailyCount: 10 });
    expect(await user.send('GET', '/v2/user/getTryOutDetail?taskName=no-such-tool')).toMatchObject({ status: 400, body: { ret: 400 } });
  });

  describe('try tokens (getTryToken / sendBackTryToken)', () => {
    const tokens = async (visitor: ApiVisitor, count: number, taskName = 'pdf-rotate') => visitor.send('GET', `/v2/user/getTryToken?platform=web&taskName=${taskName}&count=${count}`);
    // Fields before the file, as the server reads them while the upload streams.
    const rotateWith = (visitor: ApiVisitor, tryToken: string) => {
      const form = new FormData();
      form.append('taskName', 'pdf-rotate');
      form.append('options', JSON.stringify({ angle: 90 }));
      form.append('tryToken', tryToken);
      form.append('file', new Blob([new Uint8Array(pdf)]), 'a.pdf');
      return visitor.send('POST', '/task/submitTask', form);
    };

    test('tokens are uses taken ahead: a submit that sends one costs nothing more, an unused one can be given back', async () => {
      const guest = new ApiVisitor(site.server.origin);
      const taken = await tokens(guest, 2);
      expect(taken).toMatchObject({ status: 200, body: { ret: 0, data: { nowAvailableCount: 1 } } });
      const [first, second] = taken.body.data!.tryTokens as string[];
      expect(first).not.toBe(second);
      expect((await rotateWith(guest, first)).status).toBe(200);
      expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 1 });
      // The same token again is spent: this submit takes the last free use.
      expect((await rotateWith(guest, first)).status).toBe(200);
      expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 0 });
      // Giving back: a used token and a made-up one give nothing back, the unused one does.
      const returned = await guest.send('POST', '/v2/user/sendBackTryToken', { tryTokens: [first, second, crypto.randomUUID()], taskName: 'pdf-rotate', platform: 'web' });
      expect(returned).toEqual({ status: 200, body: { ret: 0, msg: '', data: { returned: 1 } } });
      expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 1 });
      expect((await guest.send('POST', '/v2/user/sendBackTryToken', { tryTokens: [second] })).body.data).toEqual({ returned: 0 });
    });

    test('no more tokens than uses; another visitor’s token, a token of another tool or a stale one pays nothing', async () => {
      const owner = new ApiVisitor(site.server.origin);
      expect(await tokens(owner, 4)).toEqual({ status: 402, body: { ret: 400, msg: GUEST_USED_UP } });
      expect((await detail(owner, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 3 });
      const [mine] = (await tokens(owner, 1)).body.data!.tryTokens as string[];

      // Someone else sends it: their own count pays, and the token stays its owner's.
      const other = new ApiVisitor(site.server.origin);
      expect((await rotateWith(other, mine)).status).toBe(200);
      expect((await detail(other, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 2 });
      expect((await other.send('POST', '/v2/user/sendBackTryToken', { tryTokens: [mine] })).body.data).toEqual({ returned: 0 });
      expect((await detail(owner, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 2 });

      // A pdf-merge token does not pay for pdf-rotate.
      const [mergeToken] = (await tokens(owner, 1, 'pdf-merge')).body.data!.tryTokens as string[];
      expect((await rotateWith(owner, mergeToken)).status).toBe(200);
      expect((await detail(owner, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 1 });

      // An hour later an unused token no longer counts, and no longer pays (the clock moved in the table).
      await site.testDb.db.updateTable('tool_uses').set({ issued_at: Date.now() - 61 * 60 * 1000 }).where('task_id', '=', `try:${mine}`).execute();
      expect((await detail(owner, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 2 });
      expect((await rotateWith(owner, mine)).status).toBe(200);
      expect((await detail(owner, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 1 });
    });

    test('absurd requests are refused in Chinese', async () => {
      const guest = new ApiVisitor(site.server.origin);
      for (const query of ['count=0', 'count=21', 'count=abc', 'taskName=no-such-tool']) {
        const answer = await guest.send('GET', `/v2/user/getTryToken?${query.startsWith('taskName') ? query : `taskName=pdf-rotate&${query}`}`);
        expect(answer).toMatchObject({ status: 400, body: { ret: 400, msg: expect.stringMatching(/[\u4e00-\u9fff]/) } });
      }
      for (const body of [{}, { tryTokens: [] }, { tryTokens: 'x' }, { tryTokens: Array.from({ length: 21 }, () => crypto.randomUUID()) }]) {
        expect(await guest.send('POST', '/v2/user/sendBackTryToken', body)).toMatchObject({ status: 400, body: { ret: 400 } });
      }
      expect((await detail(guest, 'pdf-rotate')).data).toMatchObject({ nowAvailableCount: 3 });
    });
  });
});
