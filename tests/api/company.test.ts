// Company accounts on the built server, on SQLite and PostgreSQL (server/company): a person turns
// their account into a company's, invites by mobile number, the invitee accepts from their own
// account, the company sees the linked sub-account and its getUserInfo says COMPANY; unlink, leave,
// and the refusals: guests, wrong roles, bad numbers, double invitations, foreign invitations.
import { ApiVisitor, codeFor, randomMobile } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';

async function personWithNumber(origin: string): Promise<{ visitor: ApiVisitor; mobile: string; userId: number }> {
  const visitor = new ApiVisitor(origin);
  const mobile = randomMobile();
  const answer = await visitor.send('POST', '/auth/login/code', { mobile, code: await codeFor(visitor, mobile) });
  expect(answer.status).toBe(200);
  return { visitor, mobile, userId: answer.body.data!.userId as number };
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

describe.each(DB_MODES)('company accounts on %s', (mode) => {
  const site = builtServerOn(mode);
  const person = () => personWithNumber(site.server.origin);

  test('register, invite, accept: the company sees its linked sub-account; unlink ends it', async () => {
    const company = await person();
    const staff = await person();
    expect((await company.visitor.send('POST', '/api/company/register', { companyName: '示例科技有限公司' })).body).toMatchObject({ ret: 0, data: { companyName: '示例科技有限公司' } });
    expect((await company.visitor.send('GET', '/user/getUserInfo?platform=web&r=1')).body.data).toMatchObject({ accountType: 'COMPANY' });

    expect((await company.visitor.send('POST', '/api/company/invite', { mobile: `+86 ${staff.mobile}` })).body.ret).toBe(0);
    // A double submit is refused, not doubled.
    expect((await company.visitor.send('POST', '/api/company/invite', { mobile: staff.mobile })).body).toEqual({ ret: 409, code: 409, msg: '已邀请过该手机号' });
    let members = (await company.visitor.send('GET', '/api/company/members')).body.data!.list as Array<Record<string, unknown>>;
    expect(members).toEqual([expect.objectContaining({ mobile: masked(staff.mobile), status: 'invited', userId: null })]);

    const invitations = await staff.visitor.send('GET', '/api/company/invitations');
    expect(invitations.body.data!.list).toEqual([{ companyId: company.userId, companyName: '示例科技有限公司', status: 'invited' }]);
    expect((await staff.visitor.send('POST', '/api/company/accept', { companyId: company.userId })).body.ret).toBe(0);
    members = (await company.visitor.send('GET', '/api/company/members')).body.data!.list as Array<Record<string, unknown>>;
    expect(members).toEqual([expect.objectContaining({ mobile: masked(staff.mobile), status: 'linked', userId: staff.userId })]);

    expect((await company.visitor.send('POST', '/api/company/unlink', { mobile: staff.mobile })).body.ret).toBe(0);
    expect((await company.visitor.send('GET', '/api/company/members')).body.data!.list).toEqual([]);
    expect((await staff.visitor.send('GET', '/api/company/invitations')).body.data!.list).toEqual([]);
    expect((await company.visitor.send('POST', '/api/company/unlink', { mobile: staff.mobile })).status).toBe(404);
  });

  test('a person belongs to one company at a time and may leave; invitations from others wait', async () => {
    const [first, second, staff] = [await person(), await person(), await person()];
    for (const [company, name] of [[first, '甲公司'], [second, '乙公司']] as const) {
      await company.visitor.send('POST', '/api/company/register', { companyName: name });
      await company.visitor.send('POST', '/api/company/invite', { mobile: staff.mobile });
    }
    expect((await staff.visitor.send('POST', '/api/company/accept', { companyId: first.userId })).body.ret).toBe(0);
    expect((await staff.visitor.send('POST', '/api/company/accept', { companyId: second.userId })).body).toEqual({ ret: 409, code: 409, msg: '该账号已加入企业，请先退出企业' });
    // A member cannot turn into a company while linked.
    expect((await staff.visitor.send('POST', '/api/company/register', { companyName: '丙公司' })).status).toBe(409);
    expect((await staff.visitor.send('POST', '/api/company/leave', { companyId: first.userId })).body.ret).toBe(0);
    expect((await staff.visitor.send('POST', '/api/company/accept', { companyId: second.userId })).body.ret).toBe(0);
    expect(((await first.visitor.send('GET', '/api/company/members')).body.data!.list as unknown[]).length).toBe(0);
  });

  test('refusals: guests, roles, numbers, names, foreign invitations', async () => {
    const guest = new ApiVisitor(site.server.origin);
    expect(await guest.send('GET', '/api/company/members')).toEqual({ status: 401, body: { ret: 401, code: 401, msg: '未登录或登录已过期，请重新登录' } });
    const personal = await person();
    expect((await personal.visitor.send('GET', '/api/company/members')).body).toEqual({ ret: 403, code: 403, msg: '该操作仅限企业账户' });
    expect((await personal.visitor.send('POST', '/api/company/invite', { mobile: randomMobile() })).status).toBe(403);
    for (const companyName of ['', '甲', 'x'.repeat(51), '<script>', 42]) {
      expect((await personal.visitor.send('POST', '/api/company/register', { companyName })).body.msg).toBe('请输入企业名称（2-50个字）');
    }
    const company = await person();
    await company.visitor.send('POST', '/api/company/register', { companyName: '示例公司' });
    for (const mobile of ['12345', 'abc', null, company.mobile]) {
      expect((await company.visitor.send('POST', '/api/company/invite', { mobile })).status).toBe(400);
    }
    // Another company is no sub-account; nobody accepts an invitation that was not theirs.
    const other = await person();
    await other.visitor.send('POST', '/api/company/register', { companyName: '另一家公司' });
    expect((await company.visitor.send('POST', '/api/company/invite', { mobile: other.mobile })).body.msg).toBe('该手机号是企业账户，不能作为子账户');
    expect((await personal.visitor.send('POST', '/api/company/accept', { companyId: company.userId })).status).toBe(404);
    expect((await personal.visitor.send('POST', '/api/company/accept', { companyId: 'x' })).status).toBe(404);
    expect((await company.visitor.send('POST', '/api/company/accept', { companyId: other.userId })).status).toBe(403);
  });
});
