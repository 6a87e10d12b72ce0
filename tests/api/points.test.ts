// Points (server/points, shared/points.ts) and the payment funnel report on the built server, on
// SQLite and PostgreSQL: every integral call of SPEC §7 and its refusals (guests, unknown tasks,
// a reward received twice one after the other and all at once, first conversion without one,
// first payment without one, too few points to redeem), the daily sign-in on the next CST day
// (through the service with its clock set, and through the server with yesterday's row), the
// points a paid order earns once, and POST /v2/orderDot/dataReport with good and absurd bodies.
import { PDFDocument } from 'pdf-lib';
import { Entitlements } from '../../server/pay/entitlements';
import { Points } from '../../server/points/service';
import { ApiVisitor, loggedInVisitor, settledTask, type Answer } from '../support/api-visitor';
import { builtServerOn, DB_MODES, openTestDb, type TestDb } from '../support/db';
import { buyInSandbox, confirmForm, openConfirmPage, postSandboxNotify } from '../support/sandbox-pay';
import { TaskClient } from '../support/task-client';

const DAY = 24 * 3600_000;
/** The CST calendar day of a moment, as the server keys the daily sign-in. */
const cstDay = (at: number) => new Date(at + 8 * 3600_000).toISOString().slice(0, 10);

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 300]);
  return Buffer.from(await doc.save());
}

type Task = { taskType: string; points: number; state: string; receiveTime: number | null };
const taskStates = (answer: Answer) => Object.fromEntries((answer.body.data!.tasks as Task[]).map((t) => [t.taskType, t.state]));
const userIdOf = async (user: ApiVisitor) => Number((await user.send('GET', '/user/getUserInfo?platform=web')).body.data!.userId);

describe.each(DB_MODES)('points calls on %s', (mode) => {
  const site = builtServerOn(mode);
  const origin = () => site.server.origin;
  const db = () => site.testDb.db;

  const receive = (user: ApiVisitor, taskType: string) => user.send('GET', `/integral/receiveIntegral?taskType=${taskType}`);
  const exist = (user: ApiVisitor, taskType: string) => user.send('GET', `/integral/getExistRecord?taskType=${taskType}`);
  const details = (user: ApiVisitor) => user.send('GET', '/vip/integral/user/integralDetails');
  const balanceOf = async (user: ApiVisitor) => (await details(user)).body.data!.balance;

  test('a guest is refused every call with 401 in Chinese', async () => {
    const guest = new ApiVisitor(origin());
    const refused = { status: 401, body: { ret: 401, msg: '请先登录后再领取积分' } };
    for (const path of ['/user/getIntegralRecord', '/vip/integral/user/integralDetails', '/user/getUserVipIntegral', '/integral/getExistRecord?taskType=signIn', '/integral/receiveIntegral?taskType=signIn']) {
      expect(await guest.send('GET', path)).toEqual(refused);
    }
    expect(await guest.send('POST', '/integral/exchangeIntegral', {})).toEqual(refused);
    expect(await db().selectFrom('points_records').selectAll().execute()).toEqual([]);
  });

  test('a new user: nothing yet, the task list with its states, unknown tasks refused', async () => {
    const user = await loggedInVisitor(origin());
    expect(await user.send('GET', '/user/getIntegralRecord')).toEqual({ status: 200, body: { ret: 0, msg: '', data: { total: 0, page: 1, size: 10, list: [] } } });
    const shown = await details(user);
    expect(shown.body.data).toMatchObject({ balance: 0, earned: 0, spent: 0, today: cstDay(Date.now()) });
    expect(taskStates(shown)).toEqual({ signIn: 'available', newcomer: 'available', firstConvert: 'todo', firstPay: 'todo' });
    expect((shown.body.data!.tasks as Task[]).map((t) => [t.taskType, t.points])).toEqual([['signIn', 10], ['newcomer', 20], ['firstConvert', 30], ['firstPay', 100]]);
    expect((await user.send('GET', '/user/getUserVipIntegral')).body.data).toEqual({ balance: 0, earned: 0, spent: 0, isVip: false, expireTime365: null, signedToday: false });

    const unknown = { status: 400, body: { ret: 400, msg: '任务不存在' } };
    expect(await receive(user, 'shareToFriends')).toEqual(unknown);
    expect(await exist(user, 'order')).toEqual(unknown);
    expect(await user.send('GET', '/integral/receiveIntegral')).toEqual(unknown);
    expect(await user.send('GET', '/integral/receiveIntegral?taskType[]=signIn')).toEqual(unknown);
    expect(await user.send('GET', '/integral/receiveIntegral?taskType=signIn&taskType=signIn')).toEqual(unknown);
    expect(await balanceOf(user)).toBe(0);
  });

  test('the daily sign-in: once today, a second refused with 409; yesterday’s does not count for today', async () => {
    const user = await loggedInVisitor(origin());
    expect((await exist(user, 'signIn')).body.data).toEqual({ taskType: 'signIn', received: false, receiveTime: null });
    const before = Date.now();
    const signed = await receive(user, 'signIn');
    expect(signed).toMatchObject({ status: 200, body: { ret: 0, data: { taskType: 'signIn', points: 10, balance: 10, record: { taskType: 'signIn', title: '每日签到', points: 10 } } } });
    expect((await exist(user, 'signIn')).body.data).toEqual({ taskType: 'signIn', received: true, receiveTime: expect.any(Number) });
    expect(await receive(user, 'signIn')).toEqual({ status: 409, body: { ret: 409, msg: '今天已经签到过了，明天再来吧' } });
    expect(taskStates(await details(user)).signIn).toBe('received');
    expect((await user.send('GET', '/user/getUserVipIntegral')).body.data).toMatchObject({ balance: 10, signedToday: true });

    // Yesterday's sign-in (the row as it would have been written a day ago) leaves today open.
    const userId = await userIdOf(user);
    const today = cstDay(before);
    const changed = await db().updateTable('points_records').set({ task: `signIn:${cstDay(before - DAY)}`, created_at: before - DAY }).where('user_id', '=', userId).where('task', '=', `signIn:${today}`).executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
    expect((await exist(user, 'signIn')).body.data).toMatchObject({ received: false });
    expect(taskStates(await details(user)).signIn).toBe('available');
    expect(await receive(user, 'signIn')).toMatchObject({ status: 200, body: { data: { balance: 20 } } });
    const records = (await user.send('GET', '/user/getIntegralRecord')).body.data!;
    expect(records.total).toBe(2);
    expect((records.list as Array<{ title: string; points: number; createTime: number }>).map((r) => [r.title, r.points, cstDay(r.createTime)])).toEqual([
      ['每日签到', 10, today],
      ['每日签到', 10, cstDay(before - DAY)],
    ]);
  });

  test('concurrent double submits grant once: 8 sign-ins and 8 newcomer gifts at the same moment', async () => {
    const user = await loggedInVisitor(origin());
    const userId = await userIdOf(user);
    for (const taskType of ['signIn', 'newcomer']) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => receive(user, taskType)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.msg).toMatch(/^(今天已经签到过了，明天再来吧|该任务的积分已领取过)$/);
    }
    const rows = await db().selectFrom('points_records').select(['task', 'points']).where('user_id', '=', userId).orderBy('points').execute();
    expect(rows.map((r) => Number(r.points))).toEqual([10, 20]);
    expect(await balanceOf(user)).toBe(30);
    expect(await receive(user, 'newcomer')).toEqual({ status: 409, body: { ret: 409, msg: '该任务的积分已领取过' } });
  });

  test('first conversion: refused without one (a failed one does not count), then granted once', async () => {
    const user = await loggedInVisitor(origin());
    const refused = { status: 403, body: { ret: 403, msg: '完成一次文件转换后才能领取' } };
    expect(await receive(user, 'firstConvert')).toEqual(refused);
    const convert = async (data: Buffer) => {
      const submitted = await user.send('POST', '/task/submitTask', TaskClient.form('pdf-rotate', [{ name: '合同.pdf', data }], { angle: 90 }));
      expect(submitted.status).toBe(200);
      return settledTask(user, submitted.body.data!.taskId as string);
    };
    expect(await convert(Buffer.from('%PDF-1.7\nnot really a pdf'))).toMatchObject({ status: 'failed' });
    expect(await receive(user, 'firstConvert')).toEqual(refused);
    expect(taskStates(await details(user)).firstConvert).toBe('todo');

    // Another user's conversion is not this one's.
    const other = await loggedInVisitor(origin());
    const theirs = await other.send('POST', '/task/submitTask', TaskClient.form('pdf-rotate', [{ name: 'a.pdf', data: await onePagePdf() }], { angle: 90 }));
    expect(await settledTask(other, theirs.body.data!.taskId as string)).toMatchObject({ status: 'done' });
    expect(await receive(user, 'firstConvert')).toEqual(refused);

    expect(await convert(await onePagePdf())).toMatchObject({ status: 'done' });
    expect(taskStates(await details(user)).firstConvert).toBe('available');
    expect(await receive(user, 'firstConvert')).toMatchObject({ status: 200, body: { data: { points: 30, balance: 30 } } });
    expect(await receive(user, 'firstConvert')).toEqual({ status: 409, body: { ret: 409, msg: '该任务的积分已领取过' } });
    expect(taskStates(await details(user)).firstConvert).toBe('received');
  });

  test('a paid order earns a point a yuan once (the notify again changes nothing); first payment then receivable', async () => {
    const user = await loggedInVisitor(origin());
    expect(await receive(user, 'firstPay')).toEqual({ status: 403, body: { ret: 403, msg: '开通会员或购买次数包后才能领取' } });
    // An open order is not a payment.
    expect((await user.send('GET', '/createVIPOrder?productId=10001&payType=wechat')).status).toBe(200);
    expect(await receive(user, 'firstPay')).toMatchObject({ status: 403 });

    const created = await user.send('GET', '/createVIPOrder?productId=10001&payType=alipay');
    const form = confirmForm((await openConfirmPage(origin(), created.body.data!.codeUrl as string)).html);
    expect((await postSandboxNotify(origin(), form)).status).toBe(200);
    expect((await postSandboxNotify(origin(), form)).status).toBe(200);
    const records = (await user.send('GET', '/user/getIntegralRecord')).body.data!;
    expect(records).toMatchObject({ total: 1, list: [{ taskType: 'order', title: '购买1个月会员', points: 79 }] });

    const summary = (await user.send('GET', '/user/getUserVipIntegral')).body.data!;
    expect(summary).toMatchObject({ balance: 79, earned: 79, spent: 0, isVip: true, signedToday: false });
    expect(summary.expireTime365).toBeGreaterThan(Date.now());
    expect(taskStates(await details(user)).firstPay).toBe('available');
    expect(await receive(user, 'firstPay')).toMatchObject({ status: 200, body: { data: { points: 100, balance: 179 } } });
    expect(await receive(user, 'firstPay')).toMatchObject({ status: 409 });
  });

  test('redeeming: too few points refused; two redeems at once spend once; the ID-photo use arrives', async () => {
    const user = await loggedInVisitor(origin());
    expect(await receive(user, 'newcomer')).toMatchObject({ status: 200 });
    expect(await user.send('POST', '/integral/exchangeIntegral', {})).toEqual({ status: 403, body: { ret: 403, msg: '积分不足，无法兑换' } });
    await buyInSandbox(origin(), user, 10012); // 258 yuan: 258 points, 278 in all
    const photoNum = async () => (await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data!.availableNum;
    expect(await photoNum()).toBe(0);

    const answers = await Promise.all([1, 2, 3].map(() => user.send('POST', '/integral/exchangeIntegral', {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    expect(answers.find((a) => a.status === 200)!.body.data).toEqual({ balance: 78, earned: 278, spent: 200 });
    expect(await photoNum()).toBe(1);
    const list = (await user.send('GET', '/user/getIntegralRecord')).body.data!.list as Array<{ taskType: string; title: string; points: number }>;
    expect(list.find((r) => r.points < 0)).toMatchObject({ taskType: 'redeem', title: '兑换证件照下载 1 次', points: -200 });
    // A GET cannot spend.
    expect((await user.send('GET', '/integral/exchangeIntegral')).status).toBe(404);
  });

  test('records are paged as the orders list: newest first, 10 a page, odd sizes and pages made sensible', async () => {
    const user = await loggedInVisitor(origin());
    const userId = await userIdOf(user);
    const base = Date.now() - 100_000;
    await db().insertInto('points_records').values(Array.from({ length: 12 }, (_, i) => ({ id: `r${userId}-${i}`, user_id: userId, task: `signIn:2024-01-${String(i + 1).padStart(2, '0')}`, points: 10, title: '每日签到', created_at: base + i * 1000 }))).execute();
    const page = async (query: string) => (await user.send('GET', `/user/getIntegralRecord${query}`)).body.data as { total: number; page: number; size: number; list: Array<{ id: string }> };
    const first = await page('?page=1&size=10');
    expect(first).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.list.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `r${userId}-${11 - i}`));
    expect((await page('?page=2&size=10')).list.map((r) => r.id)).toEqual([`r${userId}-1`, `r${userId}-0`]);
    expect(await page('?page=abc&size=7')).toMatchObject({ page: 1, size: 10 });
    expect(await page('?page=99999999&size=20')).toMatchObject({ page: 10_000, size: 20, list: [] });
    expect(await balanceOf(user)).toBe(120);
  });

  test('dataReport: guests and users report funnel steps; absurd bodies are refused with 400 and stored nowhere', async () => {
    const guest = new ApiVisitor(origin());
    const report = (visitor: ApiVisitor, body: Record<string, unknown>) => visitor.send('POST', '/v2/orderDot/dataReport', body);
    expect(await report(guest, { event: 'open', productId: 10001, from: 'header' })).toEqual({ status: 200, body: { ret: 0, msg: '', data: null } });
    const user = await loggedInVisitor(origin());
    const userId = await userIdOf(user);
    expect(await report(user, { event: 'success', productId: 10001, orderId: 'P2024abc', payType: 'wechat', extra: { variant: 'A' } })).toMatchObject({ status: 200 });
    const rows = await db().selectFrom('behavior_note').selectAll().where('behavior_type', 'like', 'orderDot.%').orderBy('id').execute();
    expect(rows.map((r) => [r.behavior_type, r.user_id, r.doc_id, JSON.parse(r.extra!)])).toEqual([
      ['orderDot.open', null, null, { productId: 10001, from: 'header' }],
      ['orderDot.success', String(userId), 'P2024abc', { productId: 10001, payType: 'wechat', extra: '{"variant":"A"}' }],
    ]);

    const bad = { status: 400, body: { ret: 400, msg: '上报参数不正确' } };
    for (const body of [
      {},
      { event: 'hack' },
      { event: 'open', userId: 1 },
      { event: 'open', productId: '10001' },
      { event: 'open', productId: -1 },
      { event: 'open', orderId: "P1'; drop table orders" },
      { event: 'open', payType: 'paypal' },
      { event: 'open', from: 'x'.repeat(33) },
      { event: 'open', extra: 'x'.repeat(1001) },
      { event: 'open', extra: { deep: 'y'.repeat(2000) } },
    ]) {
      expect(await report(user, body)).toEqual(bad);
    }
    const raw = (body: string) => fetch(`${origin()}/v2/orderDot/dataReport`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await raw('[1,2,3]')).status).toBe(400);
    expect((await raw('"open"')).status).toBe(400);
    expect((await raw('{"event":')).status).toBe(400);
    // Beyond the JSON limit: refused before it is read whole, and the server carries on.
    const huge = await raw(JSON.stringify({ event: 'open', extra: 'x'.repeat(2_000_000) }));
    expect(huge.status).toBe(413);
    expect(await report(guest, { event: 'close' })).toMatchObject({ status: 200 });
    expect(await db().selectFrom('behavior_note').select('behavior_type').where('behavior_type', 'like', 'orderDot.%').execute()).toHaveLength(3);
  });
});

// The day boundary with the service's clock set (no waiting): the sign-in is once per China
// Standard Time day, which turns at 16:00 UTC.
describe.each(DB_MODES)('the daily sign-in across CST midnight on %s', (mode) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(mode);
  });
  afterAll(() => t?.close());

  test('23:59:59 and 00:00:00 Beijing time are two days; 00:00 and 23:59 of one day are one', async () => {
    let now = Date.UTC(2024, 4, 1, 15, 59, 59); // 2024-05-01 23:59:59 CST
    const points = new Points(t.db, new Entitlements(t.db, () => now), () => now);
    const userId = 424242;
    expect(points.today()).toBe('2024-05-01');
    expect((await points.receive(userId, 'signIn')).balance).toBe(10);
    await expect(points.receive(userId, 'signIn')).rejects.toMatchObject({ status: 409 });

    now += 1000; // 2024-05-02 00:00:00 CST
    expect(points.today()).toBe('2024-05-02');
    expect(await points.existRecord(userId, 'signIn')).toEqual({ taskType: 'signIn', received: false, receiveTime: null });
    expect((await points.tasks(userId)).find((task) => task.taskType === 'signIn')!.state).toBe('available');
    expect((await points.receive(userId, 'signIn')).balance).toBe(20);

    now += DAY - 2000; // 2024-05-02 23:59:59 CST
    await expect(points.receive(userId, 'signIn')).rejects.toMatchObject({ status: 409, message: '今天已经签到过了，明天再来吧' });
    expect(await points.existRecord(userId, 'signIn')).toMatchObject({ received: true, receiveTime: Date.UTC(2024, 4, 1, 16, 0, 0) });
    expect(await points.balance(userId)).toEqual({ balance: 20, earned: 20, spent: 0 });
  });
});
