// Company accounts (SPEC §3/§6: accountType COMPANY with linked personal accounts). A personal
// account becomes a company account by naming the company; the company invites people by mobile
// number, each accepts (or leaves) from their own account, and the company can unlink anyone.
// Decisions (SPEC does not say): at most 50 members; a person belongs to one company at a time;
// a company account cannot itself be a member; an account already linked to a company, or with
// members, cannot change type.
import type { Db } from '../db';
import { normaliseMobile } from '../account/mobile';
import { AccountRefusal } from '../account/refusal';

export const MAX_MEMBERS = 50;

export const COMPANY_MESSAGES = {
  companyOnly: '该操作仅限企业账户',
  personalOnly: '该操作仅限个人账户',
  nameInvalid: '请输入企业名称（2-50个字）',
  alreadyMember: '该账号已加入企业，请先退出企业',
  invalidMobile: '请输入正确的手机号码',
  selfInvite: '不能邀请企业账户自己',
  companyInvitee: '该手机号是企业账户，不能作为子账户',
  tooMany: `子账户已达上限（${MAX_MEMBERS}个）`,
  alreadyInvited: '已邀请过该手机号',
  noInvitation: '邀请不存在或已失效',
  notMember: '该手机号不在企业子账户中',
} as const;

export interface Member {
  mobile: string;
  userId: number | null;
  status: 'invited' | 'linked';
  createdAt: number;
}

export interface Invitation {
  companyId: number;
  companyName: string;
  status: 'invited' | 'linked';
}

export class Companies {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private async account(userId: number) {
    return this.db.selectFrom('users').select(['id', 'mobile', 'account_type', 'company_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  }

  private async requireCompany(userId: number) {
    const account = await this.account(userId);
    if (account.account_type !== 'COMPANY') throw new AccountRefusal(403, COMPANY_MESSAGES.companyOnly);
    return account;
  }

  /** A personal account, in no company, becomes the account of the company it names. */
  async register(userId: number, nameInput: unknown): Promise<{ companyName: string }> {
    const name = typeof nameInput === 'string' ? nameInput.trim() : '';
    if ([...name].length < 2 || [...name].length > 50 || /[\u0000-\u001f<>]/.test(name)) throw new AccountRefusal(400, COMPANY_MESSAGES.nameInvalid);
    const account = await this.account(userId);
    if (account.account_type === 'COMPANY') {
      await this.db.updateTable('users').set({ company_name: name }).where('id', '=', userId).execute();
      return { companyName: name };
    }
    const membership = await this.db.selectFrom('company_members').select('company_id').where('mobile', '=', account.mobile).where('status', '=', 'linked').executeTakeFirst();
    if (membership) throw new AccountRefusal(409, COMPANY_MESSAGES.alreadyMember);
    await this.db.updateTable('users').set({ account_type: 'COMPANY', company_name: name }).where('id', '=', userId).execute();
    // Invitations to this number from other companies no longer apply.
    await this.db.deleteFrom('company_members').where('mobile', '=', account.mobile).execute();
    return { companyName: name };
  }

  async invite(companyId: number, mobileInput: unknown): Promise<void> {
    const company = await this.requireCompany(companyId);
    const mobile = normaliseMobile(mobileInput);
    if (!mobile) throw new AccountRefusal(400, COMPANY_MESSAGES.invalidMobile);
    if (mobile === company.mobile) throw new AccountRefusal(400, COMPANY_MESSAGES.selfInvite);
    const invitee = await this.db.selectFrom('users').select('account_type').where('mobile', '=', mobile).executeTakeFirst();
    if (invitee?.account_type === 'COMPANY') throw new AccountRefusal(400, COMPANY_MESSAGES.companyInvitee);
    const count = await this.db.selectFrom('company_members').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_MEMBERS) throw new AccountRefusal(409, COMPANY_MESSAGES.tooMany);
    try {
      await this.db.insertInto('company_members').values({ company_id: companyId, mobile, member_id: null, status: 'invited', created_at: this.now(), linked_at: null }).execute();
    } catch {
      // The primary key: a second invitation (a double submit included) of the same number.
      throw new AccountRefusal(409, COMPANY_MESSAGES.alreadyInvited);
    }
  }

  /** The company's invited and linked accounts, newest first. */
  async members(companyId: number): Promise<Member[]> {
    await this.requireCompany(companyId);
    const rows = await this.db.selectFrom('company_members').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'desc').execute();
    return rows.map((row) => ({ mobile: row.mobile, userId: row.member_id === null ? null : Number(row.member_id), status: row.status, createdAt: Number(row.created_at) }));
  }

  async unlink(companyId: number, mobileInput: unknown): Promise<void> {
    await this.requireCompany(companyId);
    const mobile = normaliseMobile(mobileInput);
    const removed = mobile ? await this.db.deleteFrom('company_members').where('company_id', '=', companyId).where('mobile', '=', mobile).executeTakeFirst() : undefined;
    if (!removed || Number(removed.numDeletedRows) === 0) throw new AccountRefusal(404, COMPANY_MESSAGES.notMember);
  }

  /** The companies that invited (or linked) this person. */
  async invitations(userId: number): Promise<Invitation[]> {
    const account = await this.account(userId);
    if (account.account_type === 'COMPANY') return [];
    const rows = await this.db
      .selectFrom('company_members')
      .innerJoin('users', 'users.id', 'company_members.company_id')
      .select(['company_members.company_id', 'company_members.status', 'users.company_name'])
      .where('company_members.mobile', '=', account.mobile)
      .where('users.account_type', '=', 'COMPANY')
      .orderBy('company_members.created_at', 'desc')
      .execute();
    return rows.map((row) => ({ companyId: Number(row.company_id), companyName: row.company_name ?? '', status: row.status }));
  }

  async accept(userId: number, companyIdInput: unknown): Promise<void> {
    const account = await this.account(userId);
    if (account.account_type === 'COMPANY') throw new AccountRefusal(403, COMPANY_MESSAGES.personalOnly);
    const companyId = Number(companyIdInput);
    if (!Number.isSafeInteger(companyId)) throw new AccountRefusal(404, COMPANY_MESSAGES.noInvitation);
    const linked = await this.db.selectFrom('company_members').select('company_id').where('mobile', '=', account.mobile).where('status', '=', 'linked').executeTakeFirst();
    if (linked && Number(linked.company_id) !== companyId) throw new AccountRefusal(409, COMPANY_MESSAGES.alreadyMember);
    const updated = await this.db
      .updateTable('company_members')
      .set({ status: 'linked', member_id: userId, linked_at: this.now() })
      .where('company_id', '=', companyId)
      .where('mobile', '=', account.mobile)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AccountRefusal(404, COMPANY_MESSAGES.noInvitation);
  }

  /** A person leaves a company (or declines its invitation). */
  async leave(userId: number, companyIdInput: unknown): Promise<void> {
    const account = await this.account(userId);
    const companyId = Number(companyIdInput);
    const removed = Number.isSafeInteger(companyId)
      ? await this.db.deleteFrom('company_members').where('company_id', '=', companyId).where('mobile', '=', account.mobile).executeTakeFirst()
      : undefined;
    if (!removed || Number(removed.numDeletedRows) === 0) throw new AccountRefusal(404, COMPANY_MESSAGES.noInvitation);
  }
}
