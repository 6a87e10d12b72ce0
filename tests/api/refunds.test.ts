// Refunds through the operators' call POST /admin/pay/refund on the built server with the sandbox
// provider, on SQLite and PostgreSQL (server/pay/orders.ts refund, entitlements.revokeForOrder):
// the order becomes refunded and its grants are taken back (VIP ends now, queued memberships move
// up with no gap, pack uses are gone), refusals (unpaid, closed, unknown, no reason, twice, two at
// once), and the token (missing, wrong, no ADMIN_TOKEN at all). WeChat Pay and Alipay refunds
// against their stubs are in pay-providers.test.ts.
import crypto from 'node:crypto';
import { loggedInVisitor, type ApiVisitor } from '../support/api-visitor';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { builtServerOn, DB_MODES } from '../support/db';
import { adminRefund } from '../support/admin-refund';
import { buyInSandbox, confirmForm, openConfirmPage, postSandboxNotify } from '../support/sandbox-pay';
import { loadConfig } from '../../server/config';

const ADMIN_TOKEN = crypto.randomBytes(24).toString('hex');
const CST = 8 * 3600_000;

/** The same Beijing wall-clock time one calendar month on (the last day of a shorter month when it has no such day). */
function oneMonthAfter(at: number): number {
  const d = new Date(at + CST);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d.getTime() - CST;
}

/** The refund call with the operators' token (or the one given; null sends none). */
function refund(origin: string, body: unknown, token: string | null = ADMIN_TOKEN) {
  return adminRefund(origin, token ?? undefined, body);
}

async function vipOf(user: ApiVisitor) {
  return (await user.send('GET', '/v2/user/getUserVipMessage')).body.data as { isVip: boolean; expireTime365: number | null };
}

describe.each(DB_MODES)('refunds on %s', (mode) => {
  const site = builtServerOn(mode, { ADMIN_TOKEN });
  const origin = () => site.server.origin;
  const db = () => site.testDb.db;
  const vipGrantOf = (orderId: string) => db().selectFrom('grants').select(['starts_at', 'expires_at']).where('order_id', '=', orderId).where('kind', '=', 'vip').executeTakeFirst();

  test('the call needs the operators\' token: none or a wrong one is 401, and nothing is refunded', async () => {
    const user = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), user, 10001);
    expect(await refund(origin(), { orderId, reason: '用户申请退款' }, null)).toEqual({ status: 401, body: { ret: 401, msg: '管理令牌无效' } });
    expect(await refund(origin(), { orderId, reason: '用户申请退款' }, `${ADMIN_TOKEN}x`)).toEqual({ status: 401, body: { ret: 401, msg: '管理令牌无效' } });
    expect(await refund(origin(), { orderId, reason: '用户申请退款' }, ADMIN_TOKEN.slice(1))).toMatchObject({ status: 401 });
    // A user's own login is not the operators' token.
    const asUser = await user.send('POST', '/admin/pay/refund', { orderId, reason: '自己退款' });
    expect(asUser.status).toBe(401);
    expect((await vipOf(user)).isVip).toBe(true);
    expect(await db().selectFrom('refunds').selectAll().execute()).toEqual([]);
  });

  test('a paid month of VIP refunded: the order shows refunded, VIP and its month\'s minutes end now; a second refund is 409', async () => {
    const user = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), user, 10001);
    expect((await vipOf(user)).isVip).toBe(true);
    expect((await user.send('GET', '/v2/user/getCPCInfo')).body.data).toEqual({ remainMinutes: 200 });
    const balance = async () => (await user.send('GET', '/user/getUserVipIntegral')).body.data!.balance;
    expect(await balance()).toBe(79);

    const before = Date.now();
    const refunded = await refund(origin(), { orderId, reason: '用户申请退款' });
    expect(refunded).toMatchObject({ status: 200, body: { ret: 0, data: { orderId, state: 'refunded', paid: false, productId: 10001, amountFen: 7900 } } });
    expect(await vipOf(user)).toEqual({ isVip: false, expireTime365: null });
    expect((await user.send('GET', '/user/getUserInfo?platform=web&r=1')).body.data).toMatchObject({ isVip: false });
    expect((await user.send('GET', '/v2/user/getCPCInfo')).body.data).toEqual({ remainMinutes: 0 });
    // The 79 points the purchase earned are taken back by a record of their own.
    expect(await balance()).toBe(0);
    const records = (await user.send('GET', '/user/getIntegralRecord?page=1&size=10')).body.data!.list as Array<{ points: number; title: string }>;
    expect(records.map((r) => [r.points, r.title])).toEqual([[-79, '订单退款，扣回积分'], [79, '购买1个月会员']]);
    expect((await user.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-to-word&platform=web')).body.data).not.toMatchObject({ nowAvailableCount: -1 });
    // The month's grants end at the refund (they had begun), not deleted: the history stays.
    const vip = await vipGrantOf(orderId);
    expect(Number(vip!.expires_at)).toBeGreaterThanOrEqual(before);
    expect(Number(vip!.expires_at)).toBeLessThanOrEqual(Date.now());
    // /myOrders/ reads the list: 已退款 there.
    const list = (await user.send('GET', '/user/getOrderList?page=1&size=10')).body.data!.list as Array<{ orderId: string; state: string }>;
    expect(list).toEqual([expect.objectContaining({ orderId, state: 'refunded' })]);
    const row = await db().selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', reason: '用户申请退款' });
    expect(row.refund_no).toMatch(/^SBXR/);

    // Again: refused, nothing changes.
    expect(await refund(origin(), { orderId, reason: '再退一次' })).toEqual({ status: 409, body: { ret: 409, msg: '订单已退款' } });
    expect(await db().selectFrom('refunds').select(['reason', 'refund_no']).where('order_id', '=', orderId).execute()).toEqual([{ reason: '用户申请退款', refund_no: row.refund_no }]);
  });

  test('memberships queued after a refunded one move up: no gap and no lost day, with their monthly grants', async () => {
    const user = await loggedInVisitor(origin());
    const a = await buyInSandbox(origin(), user, 10001);
    const b = await buyInSandbox(origin(), user, 10001, 'alipay');
    const c = await buyInSandbox(origin(), user, 10001);
    const aGrant = (await vipGrantOf(a))!;
    const aEnd = Number(aGrant.expires_at);
    expect(Number((await vipGrantOf(b))!.starts_at)).toBe(aEnd);

    // B had not begun: its grants vanish and C now follows A directly.
    expect((await refund(origin(), { orderId: b, reason: '重复购买' })).status).toBe(200);
    expect(await vipGrantOf(b)).toBeUndefined();
    expect(await db().selectFrom('grants').select('id').where('order_id', '=', b).execute()).toEqual([]);
    const cMoved = (await vipGrantOf(c))!;
    expect(Number(cMoved.starts_at)).toBe(aEnd);
    expect(Number(cMoved.expires_at)).toBe(oneMonthAfter(aEnd));
    expect((await vipOf(user)).expireTime365).toBe(oneMonthAfter(aEnd));
    // C's month of speech minutes moved with it (one grant a month, from its start).
    const cSpeech = await db().selectFrom('grants').select(['starts_at', 'expires_at']).where('order_id', '=', c).where('kind', '=', 'speech').execute();
    expect(cSpeech.map((g) => [Number(g.starts_at), Number(g.expires_at)])).toEqual([[aEnd, oneMonthAfter(aEnd)]]);

    // Now the running one, A: C starts at the refund and ends one calendar month later.
    const before = Date.now();
    expect((await refund(origin(), { orderId: a, reason: '用户申请退款' })).status).toBe(200);
    const after = Date.now();
    const cNow = (await vipGrantOf(c))!;
    expect(Number(cNow.starts_at)).toBeGreaterThanOrEqual(before);
    expect(Number(cNow.starts_at)).toBeLessThanOrEqual(after);
    expect(Number(cNow.expires_at)).toBe(oneMonthAfter(Number(cNow.starts_at)));
    const vip = await vipOf(user);
    expect(vip).toEqual({ isVip: true, expireTime365: Number(cNow.expires_at) });
    expect(new Date(vip.expireTime365! + CST).toISOString().slice(0, 10)).toBe(new Date(oneMonthAfter(Number(cNow.starts_at)) + CST).toISOString().slice(0, 10));
    // A's minutes ended; C's first month is live now: 200, not 400.
    expect((await user.send('GET', '/v2/user/getCPCInfo')).body.data).toEqual({ remainMinutes: 200 });
    const states = await db().selectFrom('orders').select(['id', 'state']).where('id', 'in', [a, b, c]).orderBy('created_at').execute();
    expect(Object.fromEntries(states.map((o) => [o.id, o.state]))).toEqual({ [a]: 'refunded', [b]: 'refunded', [c]: 'paid' });
  });

  test('an ID-photo pack refunded: its uses are gone (what was used stays used), and the coupon it used stays used', async () => {
    const user = await loggedInVisitor(origin());
    const coupon = (await user.send('GET', '/v2/coupon/receive?categoryId=photoBackground')).body.data as { couponId: string };
    const created = await user.send('GET', `/createVIPOrder?productId=20302&payType=wechat&couponId=${coupon.couponId}`);
    expect(created.body.data).toMatchObject({ amountFen: 799 });
    const page = await openConfirmPage(origin(), created.body.data!.codeUrl as string);
    expect((await postSandboxNotify(origin(), confirmForm(page.html))).status).toBe(200);
    const orderId = created.body.data!.orderId as string;
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 3 });
    // One use taken before the refund.
    await db().updateTable('grants').set({ used: 1 }).where('order_id', '=', orderId).execute();

    expect(await refund(origin(), { orderId, reason: '误购' })).toMatchObject({ status: 200, body: { data: { state: 'refunded', amountFen: 799 } } });
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 0 });
    expect((await user.send('GET', '/v2/user/getNotExpireLimitCode')).body.data).toEqual({ list: [] });
    expect(await db().selectFrom('grants').select(['kind', 'quantity', 'used']).where('order_id', '=', orderId).execute()).toEqual([{ kind: 'photo', quantity: 3, used: 1 }]);
    expect((await user.send('GET', '/v2/coupon/couponList')).body.data).toEqual({ list: [expect.objectContaining({ couponId: coupon.couponId, state: 'used' })] });
  });

  test('only a paid order is refunded: unpaid, closed, unknown, another shape, or no reason are refused in Chinese', async () => {
    const user = await loggedInVisitor(origin());
    const open = (await user.send('GET', '/createVIPOrder?productId=10001&payType=wechat')).body.data!.orderId as string;
    expect(await refund(origin(), { orderId: open, reason: '用户申请退款' })).toEqual({ status: 409, body: { ret: 409, msg: '只有已支付的订单可以退款' } });
    const closing = (await user.send('GET', '/createVIPOrder?productId=20304&payType=alipay')).body.data!.orderId as string;
    await db().updateTable('orders').set({ state: 'closed', closed_at: Date.now() }).where('id', '=', closing).execute();
    expect(await refund(origin(), { orderId: closing, reason: '用户申请退款' })).toEqual({ status: 409, body: { ret: 409, msg: '只有已支付的订单可以退款' } });
    expect(await refund(origin(), { orderId: 'P00000000000000000000000000', reason: '用户申请退款' })).toEqual({ status: 404, body: { ret: 404, msg: '订单不存在' } });
    expect(await refund(origin(), { orderId: ['x'], reason: '用户申请退款' })).toMatchObject({ status: 404 });
    expect(await refund(origin(), {})).toMatchObject({ status: 404 });

    const paid = await buyInSandbox(origin(), user, 20304);
    expect(await refund(origin(), { orderId: paid })).toEqual({ status: 400, body: { ret: 400, msg: '请填写退款原因（不超过80个字）' } });
    expect(await refund(origin(), { orderId: paid, reason: '   ' })).toMatchObject({ status: 400 });
    expect(await refund(origin(), { orderId: paid, reason: '退'.repeat(81) })).toMatchObject({ status: 400 });
    expect(await refund(origin(), { orderId: paid, reason: { a: 1 } })).toMatchObject({ status: 400 });
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 1 });
    expect(await db().selectFrom('orders').select('state').where('id', 'in', [open, closing, paid]).orderBy('created_at').execute()).toEqual([{ state: 'created' }, { state: 'closed' }, { state: 'paid' }]);
    expect(await refund(origin(), { orderId: paid, reason: '退'.repeat(80) })).toMatchObject({ status: 200 });
  });

  test('two refunds of one order at once: one refunds, the other is told so; the grants are taken back once', async () => {
    const user = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), user, 10001);
    const answers = await Promise.all([refund(origin(), { orderId, reason: '并发一' }), refund(origin(), { orderId, reason: '并发二' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(['订单已退款', '该订单正在退款，请稍后查看结果']).toContain(refused.body.msg);
    expect(await db().selectFrom('refunds').select('state').where('order_id', '=', orderId).execute()).toEqual([{ state: 'done' }]);
    expect(await vipOf(user)).toEqual({ isVip: false, expireTime365: null });
  });
});

describe('without ADMIN_TOKEN', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ env: { ADMIN_TOKEN: undefined } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the operators\' calls do not exist: 404 with the envelope, whatever token is sent', async () => {
    const user = await loggedInVisitor(server.origin);
    const orderId = await buyInSandbox(server.origin, user, 10001);
    expect(await refund(server.origin, { orderId, reason: '用户申请退款' })).toEqual({ status: 404, body: { ret: 404, msg: '请求错误,未找到该资源' } });
    expect(await refund(server.origin, { orderId, reason: '用户申请退款' }, null)).toMatchObject({ status: 404 });
    expect((await vipOf(user)).isVip).toBe(true);
  });
});

test('ADMIN_TOKEN shorter than 32 characters stops the server at start', () => {
  expect(() => loadConfig({ ADMIN_TOKEN: 'short-token' })).toThrow('ADMIN_TOKEN must be at least 32 characters');
  expect(loadConfig({ ADMIN_TOKEN: 'x'.repeat(32) }).adminToken).toBe('x'.repeat(32));
  expect(loadConfig({}).adminToken).toBeUndefined();
});
