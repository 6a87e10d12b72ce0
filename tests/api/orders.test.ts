// Orders and the embedded sandbox provider on the built server, on SQLite and PostgreSQL
// (server/pay): prices from the product table, the QR code, the confirm page's signed notify, VIP
// granted in the same transaction and acting on the tiers, idempotent notifies, and the refusals:
// guests, unknown products, forged, stale and mismatched notifies, foreign orders, closed orders.
import crypto from 'node:crypto';
import sharp from 'sharp';
import fs from 'node:fs';
import { ApiVisitor, loggedInVisitor, settledTask } from '../support/api-visitor';
import { PORTRAIT } from '../support/portrait';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { builtServerOn, DB_MODES } from '../support/db';
import { buyInSandbox, confirmForm, openConfirmPage, postSandboxNotify, signedSandboxNotify } from '../support/sandbox-pay';

const SECRET = 'orders-test-secret-' + crypto.randomBytes(8).toString('hex');
const CST = 8 * 3600_000;

/** The same calendar day one month on, in Beijing time (the membership's end). */
function oneMonthAfter(at: number): string {
  const d = new Date(at + CST);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

describe.each(DB_MODES)('orders and the sandbox provider on %s', (mode) => {
  const site = builtServerOn(mode, { SITE_SECRET: SECRET, DAILY_USES_USER: '2' });
  const origin = () => site.server.origin;

  test('a guest cannot order; bad products and tabs are refused in Chinese', async () => {
    const guest = new ApiVisitor(origin());
    expect(await guest.send('GET', '/createVIPOrder?productId=10001&payType=wechat')).toEqual({ status: 401, body: { ret: 401, msg: '请先登录后再购买' } });
    const user = await loggedInVisitor(origin());
    expect(await user.send('GET', '/createVIPOrder?productId=99999&payType=wechat')).toEqual({ status: 400, body: { ret: 400, msg: '商品不存在或已下架' } });
    expect(await user.send('GET', '/createVIPOrder?productId=10001&payType=paypal')).toEqual({ status: 400, body: { ret: 400, msg: '请选择微信或支付宝支付' } });
    expect(await user.send('GET', '/createVIPOrder?productId[]=10001&payType=wechat')).toMatchObject({ status: 400 });
    // The postage product is bought only for a paper invoice.
    expect(await user.send('GET', '/createVIPOrder?productId=40001&payType=wechat')).toMatchObject({ status: 400 });
  });

  test('one month of VIP: price from the table, QR, confirm page, paid once, VIP acts on the tiers', async () => {
    const user = await loggedInVisitor(origin());
    expect((await user.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-to-word&platform=web')).body.data).toMatchObject({ nowAvailableCount: 2 });
    expect((await user.send('GET', '/v2/user/getUserVipMessage')).body).toEqual({ ret: 0, msg: '', data: { isVip: false, expireTime365: null } });

    // An amount in the query is not ours to take.
    const created = await user.send('GET', '/createVIPOrder?productId=10001&payType=wechat&amount=1&amountFen=1');
    expect(created).toMatchObject({ status: 200, body: { ret: 0, data: { productId: 10001, amountFen: 7900, amount: '79', payType: 'wechat', state: 'created', paid: false } } });
    const order = created.body.data as { orderId: string; codeUrl: string; expireTime: number };
    expect(order.orderId).toMatch(/^P\d{14}[0-9a-f]{12}$/);
    expect(order.codeUrl).toContain('/payCode/sandbox/?orderId=');

    // The QR code is a real one: decode its PNG's size, and it names the confirm page.
    const qr = await user.send('GET', `/payCode/getQRcode?orderId=${order.orderId}`);
    expect(qr.body.data).toMatchObject({ orderId: order.orderId, codeUrl: order.codeUrl });
    const png = Buffer.from(String(qr.body.data!.qrcode).replace(/^data:image\/png;base64,/, ''), 'base64');
    expect((await sharp(png).metadata()).width).toBe(240);

    // Another user's order does not exist for them; the confirm page needs the QR's token.
    const other = await loggedInVisitor(origin());
    expect(await other.send('GET', `/payCode/queryByOrderId?orderId=${order.orderId}`)).toEqual({ status: 404, body: { ret: 404, msg: '订单不存在' } });
    expect((await openConfirmPage(origin(), order.codeUrl.replace(/t=[0-9a-f]+/, 't=' + '0'.repeat(32)))).status).toBe(404);

    const page = await openConfirmPage(origin(), order.codeUrl);
    expect(page.html).toContain('测试支付环境');
    expect(page.html).toContain('确认支付 ¥79');
    const form = confirmForm(page.html);
    expect(form).toMatchObject({ orderId: order.orderId, amountFen: '7900' });

    // A forged notify (the amount changed after signing) is refused and changes nothing.
    expect(await postSandboxNotify(origin(), { ...form, amountFen: '1' })).toEqual({ status: 400, text: JSON.stringify({ ret: 400, msg: '通知签名无效' }) });
    expect((await user.send('GET', `/payCode/queryByOrderId?orderId=${order.orderId}`)).body.data).toMatchObject({ state: 'created', paid: false });

    const paid = await postSandboxNotify(origin(), { ...form, from: 'page' });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('支付成功');
    const state = await user.send('GET', `/payCode/queryByOrderId?orderId=${order.orderId}`);
    expect(state.body.data).toMatchObject({ orderId: order.orderId, state: 'paid', paid: true, amountFen: 7900, codeUrl: null });

    const vip = (await user.send('GET', '/v2/user/getUserVipMessage')).body.data as { isVip: boolean; expireTime365: number };
    expect(vip.isVip).toBe(true);
    expect(new Date(vip.expireTime365 + CST).toISOString().slice(0, 10)).toBe(oneMonthAfter(Date.now()));
    expect((await user.send('GET', '/user/getUserInfo?platform=web&r=1')).body.data).toMatchObject({ isVip: true, expireTime365: vip.expireTime365 });
    // VIP lifts the free count (not counted: -1) and holds the month's speech minutes.
    expect((await user.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-to-word&platform=web')).body.data).toMatchObject({ nowAvailableCount: -1 });
    expect((await user.send('GET', '/v2/user/getCPCInfo')).body.data).toEqual({ remainMinutes: 200 });

    // The same notify again (a provider re-sending it) grants nothing more.
    expect((await postSandboxNotify(origin(), form)).status).toBe(200);
    expect((await user.send('GET', '/v2/user/getUserVipMessage')).body.data).toEqual(vip);
    const grants = await site.testDb.db.selectFrom('grants').select(['kind']).where('order_id', '=', order.orderId).execute();
    expect(grants.map((g) => g.kind).sort()).toEqual(['speech', 'translation', 'vip']);

    // A second purchase extends from the end of the first, not from today.
    await buyInSandbox(origin(), user, 10006, 'alipay');
    const renewed = (await user.send('GET', '/v2/user/getUserVipMessage')).body.data as { expireTime365: number };
    const expected = new Date(vip.expireTime365 + CST);
    expected.setUTCMonth(expected.getUTCMonth() + 6);
    expect(new Date(renewed.expireTime365 + CST).toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));

    const list = await user.send('GET', '/user/getOrderList?page=1&size=10');
    expect(list.body.data).toMatchObject({ total: 2, page: 1, size: 10 });
    expect((list.body.data!.list as Array<{ productId: number; state: string }>).map((o) => [o.productId, o.state])).toEqual([[10006, 'paid'], [10001, 'paid']]);
  });

  test('signed notifies that must still be refused: stale (replayed), wrong amount, unknown order', async () => {
    const user = await loggedInVisitor(origin());
    const created = await user.send('GET', '/createVIPOrder?productId=20302&payType=alipay');
    const orderId = created.body.data!.orderId as string;
    const base = { orderId, amountFen: '899', tradeNo: 'T1', nonce: crypto.randomUUID() };

    const stale = signedSandboxNotify(SECRET, { ...base, ts: String(Date.now() - 10 * 60_000) });
    expect(await postSandboxNotify(origin(), stale)).toEqual({ status: 400, text: JSON.stringify({ ret: 400, msg: '通知已过期' }) });
    const wrongAmount = signedSandboxNotify(SECRET, { ...base, amountFen: '1', ts: String(Date.now()) });
    expect(await postSandboxNotify(origin(), wrongAmount)).toEqual({ status: 400, text: JSON.stringify({ ret: 400, msg: '支付金额与订单不符' }) });
    const unknown = signedSandboxNotify(SECRET, { ...base, orderId: 'P00000000000000000000000000', ts: String(Date.now()) });
    expect((await postSandboxNotify(origin(), unknown)).status).toBe(400);
    expect((await user.send('GET', `/payCode/queryByOrderId?orderId=${orderId}`)).body.data).toMatchObject({ state: 'created' });
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 0 });

    // The real one goes through: three ID-photo uses.
    expect((await postSandboxNotify(origin(), signedSandboxNotify(SECRET, { ...base, ts: String(Date.now()) }))).status).toBe(200);
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 3 });
    const limits = (await user.send('GET', '/v2/user/getNotExpireLimitCode')).body.data!.list as Array<{ kind: string; total: number; left: number }>;
    expect(limits).toEqual([expect.objectContaining({ kind: 'photo', total: 3, left: 3 })]);
  });

  test('an ID-photo pack pays for a photo once the free uses are gone; a failed one gives its use back', async () => {
    const user = await loggedInVisitor(origin());
    const photoNum = async () => (await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data!.availableNum;
    const upload = async (data: Buffer) => {
      const form = new FormData();
      form.append('taskName', 'img-background-color');
      form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
      return user.send('POST', '/task/submitMiddleTask', form);
    };
    // The day's two free uses, taken as try tokens.
    expect((await user.send('GET', '/v2/user/getTryToken?taskName=img-background-color&count=2')).status).toBe(200);
    expect(await upload(fs.readFileSync(PORTRAIT))).toMatchObject({ status: 402, body: { msg: '今日免费次数已用完，开通会员即可不限次数使用' } });

    await buyInSandbox(origin(), user, 20304);
    expect(await photoNum()).toBe(1);
    // A photo that cannot be read fails, and its use goes back to the pack.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(4000)]);
    const failed = await upload(broken);
    expect(failed.status).toBe(200);
    expect(await settledTask(user, failed.body.data!.taskId as string)).toMatchObject({ status: 'failed' });
    expect(await photoNum()).toBe(1);

    const made = await upload(fs.readFileSync(PORTRAIT));
    expect(made.status).toBe(200);
    expect(await photoNum()).toBe(0);
    expect(await upload(fs.readFileSync(PORTRAIT))).toMatchObject({ status: 402 });
  });

  test('coupons: received once, lower the price of their own category only, one order at a time, given back when it closes', async () => {
    const user = await loggedInVisitor(origin());
    expect((await new ApiVisitor(origin()).send('GET', '/v2/coupon/couponStatus?categoryId=photoBackground')).body.data).toMatchObject({ price: 1, received: false, canReceive: true });
    expect(await new ApiVisitor(origin()).send('GET', '/v2/coupon/receive?categoryId=photoBackground')).toMatchObject({ status: 401 });
    expect(await user.send('GET', '/v2/coupon/receive?categoryId=nothing')).toEqual({ status: 400, body: { ret: 400, msg: '优惠券不存在' } });
    const [first, second] = await Promise.all([user.send('GET', '/v2/coupon/receive?categoryId=photoBackground'), user.send('GET', '/v2/coupon/receive?categoryId=photoBackground')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const coupon = (first.status === 200 ? first : second).body.data as { couponId: string };
    expect((await user.send('GET', '/v2/coupon/couponStatus?categoryId=photoBackground')).body.data).toMatchObject({ received: true, canReceive: false });

    // Not for a membership; someone else's coupon is not theirs to use.
    expect(await user.send('GET', `/createVIPOrder?productId=10001&payType=wechat&couponId=${coupon.couponId}`)).toEqual({ status: 400, body: { ret: 400, msg: '优惠券不可用或已被使用' } });
    expect(await (await loggedInVisitor(origin())).send('GET', `/createVIPOrder?productId=20302&payType=wechat&couponId=${coupon.couponId}`)).toMatchObject({ status: 409 });

    const order = await user.send('GET', `/createVIPOrder?productId=20302&payType=wechat&couponId=${coupon.couponId}`);
    expect(order.body.data).toMatchObject({ amountFen: 799, amount: '7.99' });
    // The coupon is held by that order: a second order cannot use it too.
    expect(await user.send('GET', `/createVIPOrder?productId=20303&payType=wechat&couponId=${coupon.couponId}`)).toMatchObject({ status: 409 });
    const page = await openConfirmPage(origin(), order.body.data!.codeUrl as string);
    expect(page.html).toContain('确认支付 ¥7.99');
    expect((await postSandboxNotify(origin(), confirmForm(page.html))).status).toBe(200);
    expect((await user.send('GET', '/v2/coupon/couponList')).body.data).toEqual({ list: [expect.objectContaining({ couponId: coupon.couponId, state: 'used', priceFen: 100 })] });
    expect(await user.send('GET', `/createVIPOrder?productId=20303&payType=wechat&couponId=${coupon.couponId}`)).toMatchObject({ status: 409 });
  });

  test('JSONP calls of SPEC §7: v2/createVIPOrder and the two result queries', async () => {
    const user = await loggedInVisitor(origin());
    const res = await user.request('GET', '/v2/createVIPOrder?productId=10012&payType=wechat&callback=jQuery_1');
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    const text = await res.text();
    const body = JSON.parse(text.match(/^\/\*\*\/ jQuery_1\((.*)\);$/s)![1]) as { data: { orderId: string; amountFen: number } };
    expect(body.data.amountFen).toBe(25800);
    for (const path of ['/queryForWeinXinResult', '/queryForAliPayResult']) {
      const polled = await (await user.request('GET', `${path}?orderId=${body.data.orderId}&callback=cb`)).text();
      expect(polled).toMatch(/^\/\*\*\/ cb\(\{"ret":0,.*"state":"created".*\}\);$/);
    }
    // A guest's JSONP refusal is still script the page can read.
    const guest = await (await new ApiVisitor(origin()).request('GET', '/v2/createVIPOrder?productId=10001&callback=cb')).text();
    expect(guest).toBe('/**/ cb({"ret":401,"msg":"请先登录后再购买"});');
  });
});

describe('orders nobody paid close on time', () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ env: { PAY_ORDER_TIMEOUT_SECONDS: '3', SITE_SECRET: SECRET } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('after its time an order is closed; its confirm page and its notify are refused', async () => {
    const user = await loggedInVisitor(server.origin);
    const created = await user.send('GET', '/createVIPOrder?productId=20304&payType=wechat');
    const { orderId, codeUrl } = created.body.data as { orderId: string; codeUrl: string };
    const form = confirmForm((await openConfirmPage(server.origin, codeUrl)).html);
    let state = '';
    for (let i = 0; i < 100 && state !== 'closed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await user.send('GET', `/payCode/queryByOrderId?orderId=${orderId}`)).body.data!.state as string;
    }
    expect(state).toBe('closed');
    expect((await openConfirmPage(server.origin, codeUrl)).html).toContain('订单已关闭');
    expect(await postSandboxNotify(server.origin, form)).toEqual({ status: 400, text: JSON.stringify({ ret: 400, msg: '订单已关闭，请重新下单' }) });
    expect(await user.send('GET', `/payCode/getQRcode?orderId=${orderId}`)).toEqual({ status: 409, body: { ret: 409, msg: '订单已关闭，请重新下单' } });
    expect((await user.send('GET', '/v2/user/getPhotoBackgroundAvailableNum')).body.data).toEqual({ availableNum: 0 });
  });

  test('a coupon held by an order that closed can be used again', async () => {
    const user = await loggedInVisitor(server.origin);
    const coupon = (await user.send('GET', '/v2/coupon/receive?categoryId=video2word')).body.data as { couponId: string };
    const order = await user.send('GET', `/createVIPOrder?productId=30200&payType=alipay&couponId=${coupon.couponId}`);
    expect(order.body.data).toMatchObject({ amountFen: 1500 });
    let state = '';
    for (let i = 0; i < 100 && state !== 'closed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = (await user.send('GET', `/payCode/queryByOrderId?orderId=${order.body.data!.orderId}`)).body.data!.state as string;
    }
    expect(state).toBe('closed');
    expect((await user.send('GET', '/v2/coupon/couponList')).body.data).toEqual({ list: [expect.objectContaining({ state: 'unused' })] });
    expect((await user.send('GET', `/createVIPOrder?productId=30200&payType=alipay&couponId=${coupon.couponId}`)).body.data).toMatchObject({ amountFen: 1500 });
  });
});
