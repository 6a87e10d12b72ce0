// WeChat Pay (API v3 Native) and Alipay (precreate, RSA2) through the built server, on SQLite and
// PostgreSQL, against local stubs that check our signatures as the providers do and send signed
// notifies (tests/support/pay-stubs.ts). The keys are made at test time; the server gets them
// through its real environment (key files in a temp dir). On SQLite the WeChat platform key is an
// X.509 certificate and Alipay's keys are PEM; on PostgreSQL the platform key is a bare public key
// and Alipay's keys are the bare base64 its key tool writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { DB_MODES, openTestDb, type DbMode, type TestDb } from '../support/db';
import { adminRefund } from '../support/admin-refund';
import { AlipayStub, deliver, WechatPayStub, type NotifyReply, type PayStub } from '../support/pay-stubs';

type Channel = 'wechat' | 'alipay';
const CHANNELS: readonly Channel[] = ['wechat', 'alipay'];
const PROVIDER_FAILED = '支付服务暂时不可用，请稍后重试';
const REFUND_FAILED = '退款未成功，请稍后重试或到商户平台处理';
const ADMIN_TOKEN = 'admin-token-for-pay-providers-test-0123456789';

interface Stubs {
  wechat: WechatPayStub;
  alipay: AlipayStub;
}

interface Site {
  server: BuiltServer;
  testDb: TestDb;
  stop(): Promise<void>;
}

async function startStubs(mode: DbMode): Promise<Stubs> {
  return {
    wechat: await WechatPayStub.start({ platformKey: mode === 'sqlite' ? 'certificate' : 'publicKey' }),
    alipay: await AlipayStub.start({ keyForm: mode === 'sqlite' ? 'pem' : 'bare' }),
  };
}

/** The built server on a fresh database, both real providers configured against the stubs. */
async function startSite(mode: DbMode, stubs: Stubs, options: { env?: Record<string, string>; wrongKey?: boolean } = {}): Promise<Site> {
  const testDb = await openTestDb(mode);
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pay-keys-'));
  try {
    const env = {
      DATABASE_URL: testDb.config.databaseUrl,
      DATA_DIR: testDb.config.dataDir,
      ...stubs.wechat.serverEnv(keyDir, { wrongKey: options.wrongKey }),
      ...stubs.alipay.serverEnv(keyDir, { wrongKey: options.wrongKey }),
      ...options.env,
    };
    const server = await startBuiltServer({ env, dataDir: testDb.config.dataDir });
    return {
      server,
      testDb,
      async stop() {
        await server.stop();
        await testDb.close();
        fs.rmSync(keyDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await testDb.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
    throw error;
  }
}

function beijing(ms: number, form: 'rfc3339' | 'plain'): string {
  const text = new Date(ms + 8 * 3600_000).toISOString().slice(0, 19);
  return form === 'rfc3339' ? `${text}+08:00` : text.replace('T', ' ');
}

/** The provider's own "received": WeChat a 2xx (we send {code: SUCCESS}), Alipay the text "success". */
function expectAccepted(channel: Channel, reply: NotifyReply): void {
  if (channel === 'wechat') {
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'SUCCESS' });
  } else {
    expect(reply).toMatchObject({ status: 200, text: 'success' });
    expect(reply.contentType).toMatch(/^text\/plain/);
  }
}

/** The provider's own "failed, send again": WeChat a 4xx/5xx with {code: FAIL, message}, Alipay anything but "success" ("fail"). */
function expectRefused(channel: Channel, reply: NotifyReply): void {
  if (channel === 'wechat') {
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(600);
    const body = JSON.parse(reply.text) as { code: string; message: string };
    expect(body.code).toBe('FAIL');
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.message.length).toBeLessThanOrEqual(64);
  } else {
    expect(reply).toMatchObject({ status: 200, text: 'fail' });
  }
}

async function createOrder(visitor: ApiVisitor, channel: Channel, productId = 10001) {
  const answer = await visitor.send('GET', `/createVIPOrder?productId=${productId}&payType=${channel}`);
  expect(answer).toMatchObject({ status: 200, body: { ret: 0 } });
  return answer.body.data as { orderId: string; productId: number; amountFen: number; amount: string; payType: string; codeUrl: string; expireTime: number; state: string };
}

async function orderState(visitor: ApiVisitor, orderId: string) {
  const answer = await visitor.send('GET', `/payCode/queryByOrderId?orderId=${encodeURIComponent(orderId)}`);
  expect(answer).toMatchObject({ status: 200, body: { ret: 0 } });
  return answer.body.data as { orderId: string; state: string; paid: boolean; amountFen: number };
}

async function vipOf(visitor: ApiVisitor): Promise<{ isVip: boolean; expireTime365: number | null }> {
  const answer = await visitor.send('GET', '/v2/user/getUserVipMessage');
  expect(answer).toMatchObject({ status: 200, body: { ret: 0 } });
  return answer.body.data as { isVip: boolean; expireTime365: number | null };
}

async function userIdOf(visitor: ApiVisitor): Promise<number> {
  return (await visitor.send('GET', '/user/getUserInfo')).body.data!.userId as number;
}

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(DB_MODES)('WeChat Pay and Alipay against signature-checking stubs on %s', (mode) => {
  let stubs: Stubs;
  let site: Site;

  beforeAll(async () => {
    stubs = await startStubs(mode);
    site = await startSite(mode, stubs, { env: { ADMIN_TOKEN } });
  });

  afterAll(async () => {
    await site?.stop();
    await stubs?.wechat.stop();
    await stubs?.alipay.stop();
  });

  describe.each(CHANNELS)('%s', (channel) => {
    const stubOf = (): PayStub => stubs[channel];

    test('a guest is refused; a user\'s order reaches the provider correctly signed, for the product\'s price, and the QR holds its code_url', async () => {
      const stub = stubOf();
      const guest = await new ApiVisitor(site.server.origin).send('GET', `/createVIPOrder?productId=10001&payType=${channel}`);
      expect(guest).toMatchObject({ status: 401, body: { msg: '请先登录后再购买' } });
      expect(stub.orders.size).toBe(0);

      const user = await loggedInVisitor(site.server.origin);
      const order = await createOrder(user, channel);
      expect(order).toMatchObject({ productId: 10001, amountFen: 7900, amount: '79', payType: channel, state: 'created' });
      const atStub = stub.orders.get(order.orderId)!;
      expect(atStub).toBeDefined();
      expect(order.codeUrl).toBe(atStub.codeUrl);
      expect(atStub.amountFen).toBe(7900);
      expect(atStub.subject).toBe('1个月会员');
      // Notifies come back to the server's own public address.
      expect(atStub.notifyUrl).toBe(`${site.server.origin}/payCode/notify/${channel}`);
      if (channel === 'wechat') {
        expect(atStub.request).toMatchObject({ appid: stubs.wechat.appId, mchid: stubs.wechat.mchId, out_trade_no: order.orderId, amount: { total: 7900, currency: 'CNY' } });
        expect(atStub.timeExpire).toBe(beijing(order.expireTime, 'rfc3339'));
      } else {
        expect(atStub.request).toMatchObject({ app_id: stubs.alipay.appId, method: 'alipay.trade.precreate', sign_type: 'RSA2', biz_content: { out_trade_no: order.orderId, total_amount: '79.00' } });
        expect(atStub.timeExpire).toBe(beijing(order.expireTime, 'plain'));
      }
      const qr = await user.send('GET', `/payCode/getQRcode?orderId=${order.orderId}`);
      expect(qr).toMatchObject({ status: 200, body: { ret: 0, data: { orderId: order.orderId, codeUrl: atStub.codeUrl } } });
      expect(qr.body.data!.qrcode).toMatch(/^data:image\/png;base64,/);

      // Fen that are not whole yuan: 8.99 exactly, no float on the way.
      const pack = await createOrder(user, channel, 20302);
      expect(pack).toMatchObject({ amountFen: 899, amount: '8.99' });
      expect(stub.orders.get(pack.orderId)!.amountFen).toBe(899);
      if (channel === 'alipay') expect(stub.orders.get(pack.orderId)!.request).toMatchObject({ biz_content: { total_amount: '8.99' } });
      expect(stub.refusals).toEqual([]);
    });

    test('a valid notify marks the order paid and makes the user VIP; the same notify again grants once', async () => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      expect(await vipOf(user)).toEqual({ isVip: false, expireTime365: null });
      const order = await createOrder(user, channel);

      const notify = stub.notify(order.orderId);
      expectAccepted(channel, await deliver(notify));
      expect(await orderState(user, order.orderId)).toMatchObject({ state: 'paid', paid: true, amountFen: 7900 });
      const vip = await vipOf(user);
      expect(vip.isVip).toBe(true);
      // One month from now (Beijing calendar): between 28 and 31 days.
      expect(vip.expireTime365! - Date.now()).toBeGreaterThan(27 * 86_400_000);
      expect(vip.expireTime365! - Date.now()).toBeLessThan(32 * 86_400_000);
      const row = await site.testDb.db.selectFrom('orders').select(['state', 'trade_no']).where('id', '=', order.orderId).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'paid', trade_no: stub.orders.get(order.orderId)!.tradeNo });

      // The provider sends the same notify again (it does until it hears success): accepted, nothing more granted.
      expectAccepted(channel, await deliver(notify));
      // And a second, fresh notify for the same payment: also accepted once more, still one grant.
      expectAccepted(channel, await deliver(stub.notify(order.orderId)));
      expect(await vipOf(user)).toEqual(vip);
      const grants = await site.testDb.db.selectFrom('grants').select('id').where('order_id', '=', order.orderId).where('kind', '=', 'vip').execute();
      expect(grants).toHaveLength(1);
    });

    test('a forged signature, an old (replayed) notify and a tampered amount are refused in the provider\'s format; nothing is granted; the genuine notify then pays', async () => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      const order = await createOrder(user, channel);
      const before = site.server.log().length;

      expectRefused(channel, await deliver(stub.notify(order.orderId, { wrongKey: true })));
      expectRefused(channel, await deliver(stub.notify(order.orderId, { ageMs: 10 * 60 * 1000 })));
      expectRefused(channel, await deliver(stub.notify(order.orderId, { tamperedAmountFen: 1 })));
      // Correctly signed, but for one fen: the amount is checked against the order.
      expectRefused(channel, await deliver(stub.notify(order.orderId, { amountFen: 1 })));
      const log = site.server.log().slice(before);
      expect(log).toContain('通知签名无效');
      expect(log).toContain('通知已过期');
      expect(log).toContain('支付金额与订单不符');

      expect(await orderState(user, order.orderId)).toMatchObject({ state: 'created', paid: false });
      expect(await vipOf(user)).toEqual({ isVip: false, expireTime365: null });
      const grants = await site.testDb.db.selectFrom('grants').select('id').where('order_id', '=', order.orderId).execute();
      expect(grants).toEqual([]);

      expectAccepted(channel, await deliver(stub.notify(order.orderId)));
      expect(await orderState(user, order.orderId)).toMatchObject({ state: 'paid', paid: true });
      expect((await vipOf(user)).isVip).toBe(true);
    });

    test.each(['forged', 'unsigned'] as const)('an answer the provider did not sign (%s) is not believed: 502 with a Chinese message, and the order is closed', async (answerMode) => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      stub.answerMode = answerMode;
      try {
        const answer = await user.send('GET', `/createVIPOrder?productId=10001&payType=${channel}`);
        expect(answer).toEqual({ status: 502, body: { ret: 502, msg: PROVIDER_FAILED } });
      } finally {
        stub.answerMode = 'genuine';
      }
      const rows = await site.testDb.db.selectFrom('orders').select(['state', 'code_url']).where('user_id', '=', await userIdOf(user)).execute();
      expect(rows).toEqual([{ state: 'closed', code_url: null }]);
    });

    test('a paid order is refunded in full at the provider, correctly signed; VIP ends; a second refund, and two at once, ask the provider once', async () => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      const order = await createOrder(user, channel);
      expectAccepted(channel, await deliver(stub.notify(order.orderId)));
      expect((await vipOf(user)).isVip).toBe(true);

      const refunded = await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '用户申请退款' });
      expect(refunded).toMatchObject({ status: 200, body: { ret: 0, data: { orderId: order.orderId, state: 'refunded', paid: false, amountFen: 7900 } } });
      const asked = stub.refunds.filter((r) => r.orderId === order.orderId);
      expect(asked).toEqual([{ orderId: order.orderId, refundId: expect.stringMatching(/^R\d{14}[0-9a-f]{12}$/), amountFen: 7900, reason: '用户申请退款' }]);
      expect(stub.orders.get(order.orderId)!.state).toBe('refunded');
      expect(await vipOf(user)).toEqual({ isVip: false, expireTime365: null });
      const row = await site.testDb.db.selectFrom('refunds').selectAll().where('order_id', '=', order.orderId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ refund_id: asked[0].refundId, state: 'done' });
      expect(row.refund_no).toEqual(channel === 'wechat' ? expect.stringMatching(/^50\d{27}$/) : asked[0].refundId);

      expect(await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '再退一次' })).toEqual({ status: 409, body: { ret: 409, msg: '订单已退款' } });
      expect(stub.refunds.filter((r) => r.orderId === order.orderId)).toHaveLength(1);

      const second = await createOrder(user, channel, 20302);
      expectAccepted(channel, await deliver(stub.notify(second.orderId)));
      // Several at once: one refunds, the others are told it is in progress or done (a race between
      // them once answered 500).
      const atOnce = await Promise.all([1, 2, 3, 4, 5].map((n) => adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: second.orderId, reason: `并发${n}` })));
      expect(atOnce.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(stub.refunds.filter((r) => r.orderId === second.orderId)).toHaveLength(1);
      expect(await orderState(user, second.orderId)).toMatchObject({ state: 'refunded' });
      expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 0 });
      expect(stub.refusals).toEqual([]);
    });

    test.each(['forged', 'unsigned'] as const)('a refund answer the provider did not sign (%s) is not believed: 502, the order stays paid; asked again it completes under the same refund id', async (answerMode) => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      const order = await createOrder(user, channel);
      expectAccepted(channel, await deliver(stub.notify(order.orderId)));
      const before = site.server.log().length;
      stub.answerMode = answerMode;
      try {
        expect(await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '用户申请退款' })).toEqual({ status: 502, body: { ret: 502, msg: REFUND_FAILED } });
      } finally {
        stub.answerMode = 'genuine';
      }
      expect(site.server.log().slice(before)).toMatch(/refund of P\w+ \(R\w+\) failed/);
      expect(await orderState(user, order.orderId)).toMatchObject({ state: 'paid', paid: true });
      expect((await vipOf(user)).isVip).toBe(true);
      expect(await site.testDb.db.selectFrom('refunds').select('state').where('order_id', '=', order.orderId).execute()).toEqual([{ state: 'failed' }]);

      // The stub did refund (only its answer was not to be trusted): the retry carries the same
      // refund id, so the provider answers that same refund instead of refunding twice.
      const retried = await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '用户申请退款' });
      expect(retried).toMatchObject({ status: 200, body: { data: { state: 'refunded' } } });
      const asked = stub.refunds.filter((r) => r.orderId === order.orderId);
      expect(asked).toHaveLength(2);
      expect(asked[1].refundId).toBe(asked[0].refundId);
      expect((await vipOf(user)).isVip).toBe(false);
    });

    test('a refund the provider refuses leaves the order paid, with a Chinese message', async () => {
      const stub = stubOf();
      const user = await loggedInVisitor(site.server.origin);
      const order = await createOrder(user, channel);
      expectAccepted(channel, await deliver(stub.notify(order.orderId)));
      // The trade can no longer be refunded at the provider (closed there): it answers a signed refusal.
      stub.orders.get(order.orderId)!.state = 'closed';
      expect(await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '用户申请退款' })).toEqual({ status: 502, body: { ret: 502, msg: REFUND_FAILED } });
      expect(await orderState(user, order.orderId)).toMatchObject({ state: 'paid' });
      expect((await vipOf(user)).isVip).toBe(true);
    });
  });

  test('WeChat Pay: a refund answered PROCESSING (accepted, money on its way) refunds the order; ABNORMAL and CLOSED do not', async () => {
    const stub = stubs.wechat;
    const user = await loggedInVisitor(site.server.origin);
    const statuses = ['ABNORMAL', 'CLOSED', 'PROCESSING'] as const;
    for (const status of statuses) {
      const order = await createOrder(user, 'wechat', 20304);
      expectAccepted('wechat', await deliver(stub.notify(order.orderId)));
      stub.refundStatus = status;
      try {
        const answer = await adminRefund(site.server.origin, ADMIN_TOKEN, { orderId: order.orderId, reason: '用户申请退款' });
        expect(answer.status).toBe(status === 'PROCESSING' ? 200 : 502);
      } finally {
        stub.refundStatus = 'SUCCESS';
      }
      expect(await orderState(user, order.orderId)).toMatchObject({ state: status === 'PROCESSING' ? 'refunded' : 'paid' });
    }
  });

  describe('reconciliation when no notify comes', () => {
    let recon: Site;

    beforeAll(async () => {
      // Orders run out after 3 s; the sweep then runs every second.
      recon = await startSite(mode, stubs, { env: { PAY_ORDER_TIMEOUT_SECONDS: '3' } });
    });

    afterAll(async () => {
      await recon?.stop();
    });

    test.each(CHANNELS)('%s: an order paid at the provider is found paid when its time runs out; unpaid ones are closed there and here', async (channel) => {
      const stub: PayStub = stubs[channel];
      const payer = await loggedInVisitor(recon.server.origin);
      const idler = await loggedInVisitor(recon.server.origin);
      const paid = await createOrder(payer, channel);
      const scanned = await createOrder(idler, channel);
      const untouched = await createOrder(idler, channel);
      stub.markPaid(paid.orderId);
      stub.markScanned(scanned.orderId);

      // Nobody polls (that would ask the provider too): the sweep alone must settle all three.
      const ids = [paid.orderId, scanned.orderId, untouched.orderId];
      await until('the sweep to settle the three orders', async () => {
        const rows = await recon.testDb.db.selectFrom('orders').select('state').where('id', 'in', ids).execute();
        return rows.length === 3 && rows.every((r) => r.state !== 'created');
      });

      expect(await orderState(payer, paid.orderId)).toMatchObject({ state: 'paid', paid: true, amountFen: 7900 });
      expect((await vipOf(payer)).isVip).toBe(true);
      expect(stub.queries).toContain(paid.orderId);
      expect(stub.closes).not.toContain(paid.orderId);

      for (const id of [scanned.orderId, untouched.orderId]) {
        expect(await orderState(idler, id)).toMatchObject({ state: 'closed', paid: false });
        expect(stub.queries).toContain(id);
        expect(stub.closes).toContain(id);
        expect(stub.orders.get(id)!.state).toBe('closed');
      }
      expect(await vipOf(idler)).toEqual({ isVip: false, expireTime365: null });
    });
  });
});

describe('a server whose merchant keys the providers do not know', () => {
  let stubs: Stubs;
  let site: Site;

  beforeAll(async () => {
    stubs = await startStubs('sqlite');
    site = await startSite('sqlite', stubs, { wrongKey: true });
  });

  afterAll(async () => {
    await site?.stop();
    await stubs?.wechat.stop();
    await stubs?.alipay.stop();
  });

  test.each(CHANNELS)('%s: the provider refuses our signature; the visitor gets 502 with a Chinese message and the reason is logged', async (channel) => {
    const stub: PayStub = stubs[channel];
    const user = await loggedInVisitor(site.server.origin);
    const answer = await user.send('GET', `/createVIPOrder?productId=10001&payType=${channel}`);
    expect(answer).toEqual({ status: 502, body: { ret: 502, msg: PROVIDER_FAILED } });
    expect(stub.orders.size).toBe(0);
    expect(stub.refusals).toEqual([channel === 'wechat' ? 'POST /v3/pay/transactions/native: signature' : 'alipay.trade.precreate: sign']);
    expect(site.server.log()).toContain(channel === 'wechat' ? 'SIGN_ERROR' : 'isv.invalid-signature');
    const rows = await site.testDb.db.selectFrom('orders').select('state').where('user_id', '=', await userIdOf(user)).execute();
    expect(rows).toEqual([{ state: 'closed' }]);
  });
});
