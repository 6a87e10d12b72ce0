// The account service on the built server, on SQLite and PostgreSQL: SMS-code sign-up and login,
// password login, sessions (rotation, reuse, logout), the SPEC §7 account calls, and the Aliyun
// SMS provider against a local stub that checks the request signature as Aliyun documents it.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { builtServerOn, DB_MODES } from '../support/db';
import { TaskClient } from '../support/task-client';
import { ApiVisitor as Visitor, codeFor, randomMobile } from '../support/api-visitor';

describe.each(DB_MODES)('accounts on %s', (mode) => {
  const site = builtServerOn(mode);

  test('sign-up by SMS code: cookies, getUserInfo, checkAccountLogin, nothing stored in clear', async () => {
    const visitor = new Visitor(site.server.origin);
    const guest = await visitor.send('GET', '/user/getUserInfo?platform=web&r=0.5');
    expect(guest).toEqual({ status: 200, body: { ret: 0, msg: '', data: null } });

    const mobile = randomMobile();
    const code = await codeFor(visitor, mobile);
    expect(site.server.log()).toContain(`[sms:development] ${mobile.slice(0, 3)}****${mobile.slice(7)} 验证码 ${code}`);

    const login = await visitor.send('POST', '/auth/login/code', { mobile: `+86${mobile}`, code });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ isNew: true, hasPassword: false });
    const userId = login.body.data!.userId as number;
    expect(Number.isInteger(userId)).toBe(true);

    const access = visitor.jar.get('accessToken')!;
    const refresh = visitor.jar.get('refreshToken')!;
    expect(access.attrs).toMatch(/Path=\//);
    expect(access.attrs).toMatch(/SameSite=Lax/);
    expect(access.attrs).not.toMatch(/HttpOnly/);
    expect(refresh.attrs).toMatch(/HttpOnly/);
    expect(refresh.attrs).toMatch(/Path=\/auth\//);

    const info = await visitor.send('GET', '/user/getUserInfo?platform=web&r=0.7');
    expect(info.body).toEqual({ ret: 0, msg: '', data: { userId, accountType: 'PERSONAL', mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, isVip: false, expireTime365: null } });
    const check = await visitor.send('POST', '/api/mine/checkAccountLogin?v=0.3');
    expect(check).toEqual({ status: 200, body: { code: 0, msg: '', data: { userId } } });

    const sessions = await site.testDb.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].access_hash).not.toContain(access.value);
    expect(sessions[0].access_hash).toBe(crypto.createHash('sha256').update(access.value).digest('hex'));
    const codes = await site.testDb.db.selectFrom('sms_codes').select('code_hash').where('mobile', '=', mobile).execute();
    expect(codes).toHaveLength(1);
    expect(codes[0].code_hash).not.toContain(code);

    // The same login request again: the code was used up.
    const replay = await new Visitor(site.server.origin).send('POST', '/auth/login/code', { mobile, code });
    expect(replay).toMatchObject({ status: 400, body: { ret: 400, msg: '验证码已使用，请重新获取' } });
  });

  test('code refusals: bad number, too soon, wrong, too many tries, expired', async () => {
    const visitor = new Visitor(site.server.origin);
    expect(await visitor.send('POST', '/auth/sms/send', { mobile: '12345678901' })).toMatchObject({ status: 400, body: { msg: '请输入正确的手机号码' } });
    expect(await visitor.send('POST', '/auth/sms/send', {})).toMatchObject({ status: 400, body: { msg: '请输入正确的手机号码' } });

    const mobile = randomMobile();
    const code = await codeFor(visitor, mobile);
    expect(await visitor.send('POST', '/auth/sms/send', { mobile })).toMatchObject({ status: 429, body: { ret: 400, msg: '验证码发送过于频繁，请1分钟后再试' } });

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await visitor.send('POST', '/auth/login/code', { mobile, code: 'abc' })).toMatchObject({ status: 400, body: { msg: '请输入6位数字验证码' } });
    for (let i = 1; i <= 4; i++) expect(await visitor.send('POST', '/auth/login/code', { mobile, code: wrong })).toMatchObject({ status: 400, body: { msg: '验证码错误，请重新输入' } });
    expect(await visitor.send('POST', '/auth/login/code', { mobile, code: wrong })).toMatchObject({ status: 400, body: { msg: '验证码错误次数过多，请重新获取' } });
    // The right code after five wrong ones is refused too.
    expect(await visitor.send('POST', '/auth/login/code', { mobile, code })).toMatchObject({ status: 429, body: { msg: '验证码错误次数过多，请重新获取' } });
    expect(visitor.jar.has('accessToken')).toBe(false);

    // One address asking codes for many numbers meets the per-IP limit.
    const shared = `203.0.113.${crypto.randomInt(1, 255)}`;
    for (let i = 0; i < 3; i++) await codeFor(new Visitor(site.server.origin, shared), randomMobile());
    expect(await new Visitor(site.server.origin, shared).send('POST', '/auth/sms/send', { mobile: randomMobile() })).toMatchObject({ status: 429, body: { msg: '验证码发送过于频繁，请1分钟后再试' } });

    // Five minutes pass for a second number's code (its row says so).
    const other = randomMobile();
    const otherCode = await codeFor(new Visitor(site.server.origin), other);
    await site.testDb.db.updateTable('sms_codes').set({ expires_at: Date.now() - 1 }).where('mobile', '=', other).execute();
    expect(await visitor.send('POST', '/auth/login/code', { mobile: other, code: otherCode })).toMatchObject({ status: 400, body: { msg: '验证码已过期，请重新获取' } });
  });

  test('password, refresh rotation with reuse detection, logout', async () => {
    const visitor = new Visitor(site.server.origin);
    const mobile = randomMobile();
    await visitor.send('POST', '/auth/login/code', { mobile, code: await codeFor(visitor, mobile) });
    expect(await visitor.send('POST', '/auth/password', { password: 'short1' })).toMatchObject({ status: 400, body: { msg: '密码需为8-64位，且同时包含字母和数字' } });
    expect(await visitor.send('POST', '/auth/password', { password: 'pdf365-Secret' + '1' })).toMatchObject({ status: 200, body: { ret: 0 } });
    const stored = await site.testDb.db.selectFrom('users').select('password_hash').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);

    const anotherDevice = new Visitor(site.server.origin);
    expect(await anotherDevice.send('POST', '/auth/login/password', { mobile, password: 'wrong-password1' })).toMatchObject({ status: 400, body: { msg: '手机号或密码错误' } });
    expect(await anotherDevice.send('POST', '/auth/login/password', { mobile, password: 'pdf365-Secret1' })).toMatchObject({ status: 200, body: { ret: 0 } });

    // Rotation: the refresh cookie is replaced; the old one presented again ends the session.
    const oldRefresh = anotherDevice.jar.get('refreshToken')!.value;
    const oldAccess = anotherDevice.jar.get('accessToken')!.value;
    expect(await anotherDevice.send('POST', '/auth/refresh')).toMatchObject({ status: 200, body: { ret: 0 } });
    const newAccess = anotherDevice.jar.get('accessToken')!.value;
    expect(newAccess).not.toBe(oldAccess);
    expect(anotherDevice.jar.get('refreshToken')!.value).not.toBe(oldRefresh);
    expect((await anotherDevice.send('GET', '/user/getUserInfo')).body).toMatchObject({ ret: 0, data: { accountType: 'PERSONAL' } });

    const thief = new Visitor(site.server.origin);
    thief.jar.set('refreshToken', { value: oldRefresh, attrs: '' });
    expect(await thief.send('POST', '/auth/refresh')).toMatchObject({ status: 401, body: { msg: '登录状态已失效，请重新登录' } });
    // The legitimate device's session ended with it.
    expect((await anotherDevice.send('GET', '/user/getUserInfo')).body).toEqual({ ret: 403, msg: '登录状态已失效，请重新登录' });

    // Logout: the cookie is cleared and the token no longer works anywhere.
    const token = visitor.jar.get('accessToken')!.value;
    expect(await visitor.send('POST', '/auth/logout')).toMatchObject({ status: 200, body: { ret: 0 } });
    expect(visitor.jar.has('accessToken')).toBe(false);
    const replay = new Visitor(site.server.origin);
    replay.jar.set('accessToken', { value: token, attrs: '' });
    expect(await replay.send('POST', '/api/mine/checkAccountLogin?v=1')).toMatchObject({ status: 401, body: { code: 401 } });
    expect((await replay.send('GET', '/user/getUserInfo')).body).toEqual({ ret: 403, msg: '登录状态已失效，请重新登录' });
  });

  test('a logged-in user owns tasks across devices; another visitor cannot see them', async () => {
    const phone = new Visitor(site.server.origin);
    const mobile = randomMobile();
    await phone.send('POST', '/auth/login/code', { mobile, code: await codeFor(phone, mobile) });
    await phone.send('POST', '/auth/password', { password: 'pdf365-Secret1' });
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const submit = await phone.send('POST', '/task/submitTask', TaskClient.form('pdf-rotate', [{ name: 'a.pdf', data: Buffer.from(await doc.save()) }], { angle: 90 }));
    expect(submit.status).toBe(200);
    const taskId = submit.body.data!.taskId as string;
    const stranger = new Visitor(site.server.origin);
    expect(await stranger.send('POST', '/task/taskQuery', { taskId })).toMatchObject({ status: 404, body: { ret: 404 } });
    const laptop = new Visitor(site.server.origin);
    await laptop.send('POST', '/auth/login/password', { mobile, password: 'pdf365-Secret1' });
    expect(await laptop.send('POST', '/task/taskQuery', { taskId })).toMatchObject({ status: 200, body: { ret: 0, data: { taskId } } });
    const row = await site.testDb.db.selectFrom('tasks').select('owner').where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(row.owner).toBe(`u:${(await laptop.send('GET', '/user/getUserInfo')).body.data!.userId}`);
  });

  test('the server applies the tier of the session: six files to merge are too many for a guest, not for a user', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const pdf = Buffer.from(await doc.save());
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `part-${i + 1}.pdf`, data: pdf }));
    const guest = await new Visitor(site.server.origin).send('POST', '/task/submitTask', TaskClient.form('pdf-merge', six));
    expect(guest).toMatchObject({ status: 400, body: { ret: 400, msg: '文件数量超过限制（最多 5 个）' } });
    const user = new Visitor(site.server.origin);
    const mobile = randomMobile();
    await user.send('POST', '/auth/login/code', { mobile, code: await codeFor(user, mobile) });
    const taken = await user.send('POST', '/task/submitTask', TaskClient.form('pdf-merge', six));
    expect(taken.status).toBe(200);
    const row = await site.testDb.db.selectFrom('tasks').select('tier').where('id', '=', taken.body.data!.taskId as string).executeTakeFirstOrThrow();
    expect(row.tier).toBe('user');
  });
});

/** Aliyun's RPC signature, written here from Aliyun's documentation, independently of the server's signer. */
function aliyunSignature(query: URLSearchParams, secret: string): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/\+/g, '%20').replace(/\*/g, '%2A').replace(/%7E/g, '~').replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const pairs = [...query.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return crypto.createHmac('sha1', `${secret}&`).update(`GET&${encode('/')}&${encode(canonical)}`).digest('base64');
}

describe('Aliyun SMS provider against a signature-checking stub', () => {
  const SECRET = 'stub-secret-' + crypto.randomBytes(4).toString('hex');
  let stub: http.Server;
  let stubOrigin: string;
  const received: URLSearchParams[] = [];
  let server: BuiltServer;

  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      const query = new URL(req.url!, 'http://stub').searchParams;
      res.setHeader('content-type', 'application/json');
      const fresh = Math.abs(Date.parse(query.get('Timestamp') ?? '') - Date.now()) < 15 * 60 * 1000;
      if (query.get('AccessKeyId') !== 'stub-key' || query.get('Signature') !== aliyunSignature(query, SECRET) || !fresh) {
        res.statusCode = 400;
        res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
        return;
      }
      received.push(query);
      res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: crypto.randomUUID(), BizId: '1' }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/`;
    server = await startBuiltServer({
      env: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'stub-key',
        ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
        ALIYUN_SMS_SIGN_NAME: 'PDF365',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000001',
        ALIYUN_SMS_ENDPOINT: stubOrigin,
      },
    });
  });

  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => stub?.close(resolve));
  });

  test('the code reaches the number through a correctly signed SendSms, and only there', async () => {
    const visitor = new Visitor(server.origin);
    const mobile = randomMobile();
    const sent = await visitor.send('POST', '/auth/sms/send', { mobile });
    expect(sent).toMatchObject({ status: 200, body: { ret: 0, data: { sent: true } } });
    expect(sent.body.data).not.toHaveProperty('devCode');
    expect(received).toHaveLength(1);
    const request = received[0];
    expect(request.get('Action')).toBe('SendSms');
    expect(request.get('PhoneNumbers')).toBe(mobile);
    expect(request.get('SignName')).toBe('PDF365');
    const { code } = JSON.parse(request.get('TemplateParam')!) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    expect(server.log()).not.toContain(code);
    expect(await visitor.send('POST', '/auth/login/code', { mobile, code })).toMatchObject({ status: 200, body: { ret: 0, data: { isNew: true } } });
  });

  test('a refused send answers 503 and does not count against the number', async () => {
    const wrongKey = await startBuiltServer({
      env: { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'stub-key', ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret', ALIYUN_SMS_SIGN_NAME: 'PDF365', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000001', ALIYUN_SMS_ENDPOINT: stubOrigin },
    });
    try {
      const visitor = new Visitor(wrongKey.origin);
      const mobile = randomMobile();
      expect(await visitor.send('POST', '/auth/sms/send', { mobile })).toMatchObject({ status: 503, body: { ret: 400, msg: '短信发送失败，请稍后再试' } });
      // Not "too soon": the failed send left no row behind.
      expect(await visitor.send('POST', '/auth/sms/send', { mobile })).toMatchObject({ status: 503, body: { msg: '短信发送失败，请稍后再试' } });
    } finally {
      await wrongKey.stop();
    }
  });
});

test('production without an SMS provider: no development codes, a clear refusal', async () => {
  const server = await startBuiltServer({ env: { NODE_ENV: 'production' } });
  try {
    const visitor = new Visitor(server.origin);
    const sent = await visitor.send('POST', '/auth/sms/send', { mobile: randomMobile() });
    expect(sent).toEqual({ status: 503, body: { ret: 400, msg: '短信发送失败，请稍后再试' } });
    expect(server.log()).not.toContain('[sms:development]');
  } finally {
    await server.stop();
  }
});
