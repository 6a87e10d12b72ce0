// 企业账户 on /myOrders/: a company account sees its sub-accounts (SPEC §6: loaded when a company
// user is logged in), invites by mobile number and unlinks; a person sees the companies that invited
// them, accepts or leaves, or turns their account into a company account.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { isMainlandMobile } from '../../../shared/validators';
import { useCurrentUser } from '../../account/session';
import {
  acceptInvitation,
  companyInvitations,
  companyMembers,
  inviteMember,
  leaveCompany,
  registerCompany,
  unlinkMember,
  type CompanyInvitation,
  type CompanyMember,
} from '../../api/company';

const STATUS_TEXT = { invited: '待接受', linked: '已关联' } as const;

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = (work: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    work()
      .then(after, () => undefined) // the shared client has shown the message
      .finally(() => setBusy(false));
  };
  return { busy, run };
}

function CompanyMembers() {
  const [members, setMembers] = useState<CompanyMember[]>();
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();
  const load = useCallback(() => void companyMembers().then((answer) => setMembers(answer.list), () => setMembers([])), []);
  useEffect(load, [load]);

  const invite = (event: FormEvent) => {
    event.preventDefault();
    const number = mobile.replace(/[\s-]/g, '');
    if (!isMainlandMobile(number)) return setError('请输入正确的手机号码');
    setError('');
    run(() => inviteMember(number), () => (setMobile(''), load()));
  };
  const linked = members?.filter((m) => m.status === 'linked').length ?? 0;
  return (
    <>
      <p className="company-summary">已关联子账户 {linked} 个{members && members.length > linked ? `，待接受邀请 ${members.length - linked} 个` : ''}</p>
      <form className="company-invite" onSubmit={invite}>
        <label htmlFor="company-invite-mobile">邀请子账户</label>
        <input id="company-invite-mobile" name="inviteMobile" inputMode="numeric" maxLength={16} placeholder="输入对方手机号" value={mobile} onChange={(e) => setMobile(e.target.value)} />
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
          发送邀请
        </button>
        {error && <p className="company-error" role="alert">{error}</p>}
      </form>
      {members && members.length === 0 && <p className="records-note">还没有子账户：输入同事的手机号邀请他们加入，对方登录后在此页接受即可。</p>}
      {members && members.length > 0 && (
        <ul className="record-list company-members">
          {members.map((member) => (
            <li key={member.fullMobile} className="company-member" data-mobile={member.mobile}>
              <span className="company-member-mobile">{member.mobile}</span>
              <span className={`company-member-status is-${member.status}`}>{STATUS_TEXT[member.status]}</span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={busy}
                onClick={() => window.confirm(`确定解除与 ${member.mobile} 的关联吗？`) && run(() => unlinkMember(member.fullMobile), load)}
              >
                {member.status === 'linked' ? '解除关联' : '撤回邀请'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PersonalCompanies() {
  const [invitations, setInvitations] = useState<CompanyInvitation[]>();
  const [name, setName] = useState('');
  const { busy, run } = useBusy();
  const load = useCallback(() => void companyInvitations().then((answer) => setInvitations(answer.list), () => setInvitations([])), []);
  useEffect(load, [load]);
  const register = (event: FormEvent) => {
    event.preventDefault();
    if (window.confirm('开通后本账号将成为企业账户，可邀请同事作为子账户。确定开通吗？')) run(() => registerCompany(name.trim()), () => window.location.reload());
  };
  return (
    <>
      {invitations && invitations.length > 0 && (
        <ul className="record-list company-members">
          {invitations.map((invitation) => (
            <li key={invitation.companyId} className="company-member">
              <span className="company-member-mobile">{invitation.companyName}</span>
              <span className={`company-member-status is-${invitation.status}`}>{invitation.status === 'linked' ? '已加入' : '邀请您加入'}</span>
              <span className="company-member-actions">
                {invitation.status === 'invited' && (
                  <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => run(() => acceptInvitation(invitation.companyId), load)}>
                    接受
                  </button>
                )}
                <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={() => run(() => leaveCompany(invitation.companyId), load)}>
                  {invitation.status === 'linked' ? '退出企业' : '拒绝'}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {invitations && !invitations.some((i) => i.status === 'linked') && (
        <form className="company-invite" onSubmit={register}>
          <label htmlFor="company-name">开通企业账户</label>
          <input id="company-name" name="companyName" maxLength={50} placeholder="企业名称" value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="btn btn-outline btn-small" disabled={busy || name.trim().length < 2}>
            开通
          </button>
        </form>
      )}
    </>
  );
}

export function CompanyPanel() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section className="records company" aria-labelledby="company-title">
      <div className="records-head">
        <h2 id="company-title">企业账户</h2>
        <p>{user.accountType === 'COMPANY' ? '管理企业子账户：邀请同事、查看关联状态、解除关联' : '加入企业后，企业管理员可统一管理账户'}</p>
      </div>
      {user.accountType === 'COMPANY' ? <CompanyMembers /> : <PersonalCompanies />}
    </section>
  );
}
