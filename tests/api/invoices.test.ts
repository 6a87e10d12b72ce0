// Invoices and a paper invoice's postage on the built server, on SQLite and PostgreSQL
// (server/pay/invoices.ts, shared/invoice.ts): the EMS provinces, the orders that may be invoiced
// with the last details used, an electronic invoice, a paper one whose postage order is paid in the
// sandbox and moves it to requested, and every refusal: guests, unknown and foreign orders, unpaid,
// closed and refunded orders, a second invoice for one order (also two at once), bad tax numbers,
// e-mails and addresses, and postage for a foreign or already paid invoice.
import crypto from 'node:crypto';
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';
import { buyInSandbox, confirmForm, openConfirmPage, postSandboxNotify } from '../support/sandbox-pay';
import { EMS_PROVINCES } from '../../shared/invoice';

const COMPANY = { kind: 'electronic', titleType: 'company', title: '深圳市腾讯计算机系统有限公司', taxNo: '9144030071526726XG', email: 'finance@example.com' };
const ADDRESS = { province: '广东省', city: '深圳市', detail: '南山区科技园科技中一路腾讯大厦', recipient: '张三', mobile: '13800138000' };

/** A url-encoded form body, as the page's http client posts one. */
const formOf = (fields: Record<string, string>) => new URLSearchParams(fields);

describe.each(DB_MODES)('invoices and postage on %s', (mode) => {
  const site = builtServerOn(mode, { SITE_SECRET: 'invoice-test-' + crypto.randomBytes(8).toString('hex') });
  const origin = () => site.server.origin;

  test('the 31 EMS provinces, for anyone', async () => {
    const answer = await new ApiVisitor(origin()).send('GET', '/user/getAllEmsProvince');
    expect(answer.status).toBe(200);
    const list = answer.body.data!.list as string[];
    expect(list).toHaveLength(31);
    expect(list).toEqual(EMS_PROVINCES);
    expect(list).toEqual(expect.arrayContaining(['北京市', '新疆维吾尔自治区', '广东省']));
    expect(list).not.toEqual(expect.arrayContaining(['台湾省', '香港特别行政区']));
  });

  test('a guest is refused every invoice call', async () => {
    const guest = new ApiVisitor(origin());
    const refused = { status: 401, body: { ret: 401, msg: '请先登录后再申请发票' } };
    expect(await guest.send('GET', '/user/getApplyInvoiceInfo')).toEqual(refused);
    expect(await guest.send('POST', '/user/createInvoice', { orderId: 'P1', ...COMPANY })).toEqual(refused);
    expect(await guest.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId: 'I1', payType: 'wechat' }))).toEqual(refused);
    expect(await guest.send('POST', '/v2/createPostageOrder?platform=pc&token=not-a-token', formOf({ invoiceId: 'I1', payType: 'wechat' }))).toEqual(refused);
  });

  test('an electronic company invoice for a paid order: listed, requested once, prefilled next time', async () => {
    const user = await loggedInVisitor(origin());
    expect((await user.send('GET', '/user/getApplyInvoiceInfo')).body).toEqual({ ret: 0, msg: '', data: { list: [], last: null, postageFen: 1200, postageProductId: 40001 } });
    const orderId = await buyInSandbox(origin(), user, 20302);
    // An order nobody paid is not listed.
    await user.send('GET', '/createVIPOrder?productId=10001&payType=alipay');

    const info = (await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!;
    expect(info.list).toEqual([{ orderId, title: '证件照3次', amount: '8.99', amountFen: 899, payType: 'wechat', payTime: expect.any(Number), invoice: null }]);

    // Typed with spaces and lower case: kept as the number it is.
    const created = await user.send('POST', '/user/createInvoice', { orderId, ...COMPANY, taxNo: ' 9144 0300 7152 6726 xg ' });
    expect(created).toMatchObject({ status: 200, body: { ret: 0, data: { orderId, kind: 'electronic', titleType: 'company', title: COMPANY.title, taxNo: '9144030071526726XG', email: COMPANY.email, address: null, state: 'requested' } } });
    const invoiceId = created.body.data!.invoiceId as string;
    expect(invoiceId).toMatch(/^I[0-9a-f]{24}$/);

    const after = (await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!;
    expect(after.list).toEqual([expect.objectContaining({ orderId, invoice: expect.objectContaining({ invoiceId, state: 'requested', kind: 'electronic' }) })]);
    expect(after.last).toEqual({ titleType: 'company', title: COMPANY.title, taxNo: '9144030071526726XG', email: COMPANY.email, address: null });

    // A second invoice for the same order, as JSON or as a form, and two at once: one invoice stays.
    const again = { status: 409, body: { ret: 409, msg: '该订单已申请过发票，请勿重复提交' } };
    expect(await user.send('POST', '/user/createInvoice', { orderId, ...COMPANY, titleType: 'personal', title: '个人', taxNo: '' })).toEqual(again);
    expect(await user.send('POST', '/user/createInvoice', formOf({ orderId, ...COMPANY }))).toEqual(again);
    const second = await buyInSandbox(origin(), user, 20304);
    const both = await Promise.all([0, 1, 2].map(() => user.send('POST', '/user/createInvoice', { orderId: second, kind: 'electronic', titleType: 'personal', title: '李四', email: 'li@example.cn' })));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await site.testDb.db.selectFrom('invoices').select(['order_id', 'tax_no']).where('order_id', 'in', [orderId, second]).execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.order_id === second)?.tax_no).toBeNull();
  });

  test('unknown, foreign, unpaid, closed, refunded and postage orders are refused', async () => {
    const user = await loggedInVisitor(origin());
    const other = await loggedInVisitor(origin());
    const notFound = { status: 404, body: { ret: 404, msg: '订单不存在' } };
    expect(await user.send('POST', '/user/createInvoice', { orderId: 'P20990101000000aaaaaaaaaaaa', ...COMPANY })).toEqual(notFound);
    expect(await user.send('POST', '/user/createInvoice', { orderId: ['x'], ...COMPANY })).toEqual(notFound);
    expect(await user.send('POST', '/user/createInvoice', { ...COMPANY })).toEqual(notFound);

    // Another user's paid order does not exist for this one, and nothing is written.
    const foreign = await buyInSandbox(origin(), other, 20304);
    expect(await user.send('POST', '/user/createInvoice', { orderId: foreign, ...COMPANY })).toEqual(notFound);
    expect((await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!.list).toEqual([]);

    const unpaid = (await user.send('GET', '/createVIPOrder?productId=10001&payType=wechat')).body.data!.orderId as string;
    expect(await user.send('POST', '/user/createInvoice', { orderId: unpaid, ...COMPANY })).toEqual({ status: 409, body: { ret: 409, msg: '该订单未支付，支付成功后才能申请发票' } });

    const closed = (await user.send('GET', '/createVIPOrder?productId=10006&payType=wechat')).body.data!.orderId as string;
    await site.testDb.db.updateTable('orders').set({ state: 'closed', closed_at: Date.now() }).where('id', '=', closed).execute();
    expect(await user.send('POST', '/user/createInvoice', { orderId: closed, ...COMPANY })).toEqual({ status: 409, body: { ret: 409, msg: '该订单已关闭，无法开具发票' } });

    const refunded = await buyInSandbox(origin(), user, 20303);
    await site.testDb.db.updateTable('orders').set({ state: 'refunded' }).where('id', '=', refunded).execute();
    expect(await user.send('POST', '/user/createInvoice', { orderId: refunded, ...COMPANY })).toEqual({ status: 409, body: { ret: 409, msg: '该订单已退款，无法开具发票' } });
    // A refunded order is no longer offered.
    expect((await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!.list).toEqual([]);
    expect(await site.testDb.db.selectFrom('invoices').select('id').where('user_id', '=', Number(await userIdOf(user))).execute()).toEqual([]);
  });

  test('bad tax numbers, e-mails, titles and addresses are refused with what is wrong', async () => {
    const user = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), user, 20304);
    const refused = (msg: string) => ({ status: 400, body: { ret: 400, msg } });
    const send = (fields: Record<string, unknown>) => user.send('POST', '/user/createInvoice', { orderId, ...COMPANY, ...fields });
    const taxNo = '纳税人识别号有误，请核对18位统一社会信用代码';
    // One character off: the check character no longer matches.
    expect(await send({ taxNo: '9144030071526726XH' })).toEqual(refused(taxNo));
    expect(await send({ taxNo: '9144030071526727XG' })).toEqual(refused(taxNo));
    // Letters GB 32100 never uses (I, O, S, V, Z), wrong lengths, an ID-card number.
    expect(await send({ taxNo: '9144030071526726IG' })).toEqual(refused(taxNo));
    expect(await send({ taxNo: '914403007152672' })).toEqual(refused(taxNo));
    expect(await send({ taxNo: '11010519491231002X' })).toEqual(refused(taxNo));
    expect(await send({ taxNo: '440300715267261' })).toEqual(refused(taxNo));
    expect(await send({ taxNo: '' })).toEqual(refused('单位抬头请填写纳税人识别号'));
    expect(await send({ taxNo: 12345 })).toEqual(refused('单位抬头请填写纳税人识别号'));
    expect(await send({ email: 'finance@example' })).toEqual(refused('邮箱格式不正确'));
    expect(await send({ email: 'a..b@example.com' })).toEqual(refused('邮箱格式不正确'));
    expect(await send({ email: '' })).toEqual(refused('请填写接收发票的邮箱'));
    expect(await send({ title: '   ' })).toEqual(refused('请填写发票抬头'));
    expect(await send({ title: '公'.repeat(101) })).toEqual(refused('发票抬头不能超过100个字'));
    expect(await send({ title: '<script>' })).toEqual(refused('发票抬头含有不支持的字符'));
    expect(await send({ kind: 'fax' })).toEqual(refused('请选择电子发票或纸质发票'));
    expect(await send({ titleType: 'robot' })).toEqual(refused('请选择个人或单位抬头'));
    // Paper: a province off the EMS list, a missing city, a short street, no name, a bad mobile.
    const paper = (fields: Record<string, unknown>) => send({ kind: 'paper', ...ADDRESS, ...fields });
    expect(await paper({ province: '台湾省' })).toEqual(refused('请选择省份'));
    expect(await paper({ city: '' })).toEqual(refused('请填写城市'));
    expect(await paper({ detail: '南山' })).toEqual(refused('详细地址请写到街道和门牌号'));
    expect(await paper({ recipient: ' ' })).toEqual(refused('请填写收件人姓名'));
    expect(await paper({ mobile: '12800138000' })).toEqual(refused('请填写正确的手机号码'));
    expect(await paper({ mobile: '1380013800' })).toEqual(refused('请填写正确的手机号码'));
    // None of it wrote anything; an old 15-character tax number with its organization code check is taken.
    expect((await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!.list).toEqual([expect.objectContaining({ orderId, invoice: null })]);
    expect(await send({ taxNo: '44030071526726X' })).toMatchObject({ status: 200, body: { data: { taxNo: '44030071526726X', state: 'requested' } } });
  });

  test('a paper invoice waits for its postage; the postage order paid in the sandbox makes it requested', async () => {
    const user = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), user, 10001);
    const created = await user.send('POST', '/user/createInvoice', formOf({ orderId, kind: 'paper', titleType: 'personal', title: '王五', email: 'wang@example.com', ...ADDRESS, mobile: '+86 138-0013-8000' }));
    expect(created).toMatchObject({ status: 200, body: { data: { kind: 'paper', titleType: 'personal', taxNo: null, state: 'awaiting_postage', address: { ...ADDRESS, mobile: '+8613800138000' } } } });
    const invoiceId = created.body.data!.invoiceId as string;

    // The postage order: the token in the query as SPEC §7 has it (no bearer), a form body.
    const token = user.jar.get('accessToken')!.value;
    const bare = new ApiVisitor(origin());
    const postage = await bare.send('POST', `/v2/createPostageOrder?token=${encodeURIComponent(token)}&platform=pc`, formOf({ invoiceId, payType: 'alipay' }));
    expect(postage).toMatchObject({ status: 200, body: { ret: 0, data: { productId: 40001, title: '纸质发票邮费', amountFen: 1200, amount: '12', payType: 'alipay', state: 'created', paid: false } } });
    const order = postage.body.data as { orderId: string; codeUrl: string };
    expect(order.codeUrl).toContain('/payCode/sandbox/');
    // The amount is the product's, whatever the form says.
    const cheap = await user.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId, payType: 'wechat', amount: '0.01', productId: '20304' }));
    expect(cheap.body.data).toMatchObject({ productId: 40001, amountFen: 1200 });
    // A bad tab is refused as for any order.
    expect(await user.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId, payType: 'paypal' }))).toEqual({ status: 400, body: { ret: 400, msg: '请选择微信或支付宝支付' } });
    expect((await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!.list).toEqual([expect.objectContaining({ orderId, invoice: expect.objectContaining({ state: 'awaiting_postage' }) })]);

    // One payable postage order per invoice: the newer attempt closed the first, whose code no longer pays.
    expect((await user.send('GET', `/payCode/queryByOrderId?orderId=${order.orderId}`)).body.data).toMatchObject({ state: 'closed' });
    const stale = await openConfirmPage(origin(), order.codeUrl);
    expect(stale.html).not.toContain('确认支付');
    const latest = cheap.body.data as { orderId: string; codeUrl: string };

    // Paid from the confirm page: the invoice is requested, the postage order is not an invoiceable one.
    const page = await openConfirmPage(origin(), latest.codeUrl);
    expect(page.html).toContain('确认支付 ¥12');
    expect((await postSandboxNotify(origin(), confirmForm(page.html))).status).toBe(200);
    expect((await user.send('GET', `/payCode/queryByOrderId?orderId=${latest.orderId}`)).body.data).toMatchObject({ state: 'paid' });
    const info = (await user.send('GET', '/user/getApplyInvoiceInfo')).body.data!;
    expect(info.list).toEqual([expect.objectContaining({ orderId, invoice: expect.objectContaining({ invoiceId, state: 'requested' }) })]);
    expect(await user.send('POST', '/user/createInvoice', { orderId: latest.orderId, ...COMPANY })).toEqual({ status: 409, body: { ret: 409, msg: '邮费订单不单独开具发票' } });

    // Its postage is paid: no second postage order.
    expect(await user.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId, payType: 'wechat' }))).toEqual({ status: 409, body: { ret: 409, msg: '该发票无需支付邮费或邮费已支付' } });
  });

  test('postage for an electronic, unknown or foreign invoice is refused', async () => {
    const owner = await loggedInVisitor(origin());
    const other = await loggedInVisitor(origin());
    const orderId = await buyInSandbox(origin(), owner, 20304);
    const paper = await owner.send('POST', '/user/createInvoice', { orderId, kind: 'paper', titleType: 'personal', title: '赵六', email: 'zhao@example.com', ...ADDRESS });
    const invoiceId = paper.body.data!.invoiceId as string;
    const notFound = { status: 404, body: { ret: 404, msg: '发票申请不存在' } };
    expect(await other.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId, payType: 'wechat' }))).toEqual(notFound);
    expect(await other.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId: 'I' + '0'.repeat(24), payType: 'wechat' }))).toEqual(notFound);
    expect(await other.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ payType: 'wechat' }))).toEqual(notFound);
    // No order was made for the other user.
    expect((await other.send('GET', '/user/getOrderList')).body.data).toMatchObject({ total: 0 });

    const second = await buyInSandbox(origin(), owner, 20304);
    const electronic = await owner.send('POST', '/user/createInvoice', { orderId: second, kind: 'electronic', titleType: 'personal', title: '赵六', email: 'zhao@example.com' });
    expect(await owner.send('POST', '/v2/createPostageOrder?platform=pc', formOf({ invoiceId: electronic.body.data!.invoiceId as string, payType: 'wechat' }))).toEqual({ status: 409, body: { ret: 409, msg: '该发票无需支付邮费或邮费已支付' } });
    // The postage product cannot be bought without an invoice.
    expect((await owner.send('GET', '/createVIPOrder?productId=40001&payType=wechat')).status).toBe(400);
  });
});

async function userIdOf(user: ApiVisitor): Promise<number> {
  return (await user.send('GET', '/user/getUserInfo?platform=web')).body.data!.userId as number;
}
