// The balance at the top of both points pages: what the user holds, earned and spent, and the
// page's own action (the sign-in on /task/, the way to earn more on /myintegral/).
import type { ReactNode } from 'react';
import type { PointsBalance } from '../../../shared/points';

export function BalanceCard({ balance, children }: { balance?: PointsBalance; children?: ReactNode }) {
  return (
    <section className="points-card" aria-label="我的积分">
      <div className="points-card-main">
        <p className="points-card-label">我的积分</p>
        <p className="points-card-balance" data-points-balance={balance?.balance ?? ''}>
          {balance ? balance.balance : '—'}
        </p>
        <p className="points-card-sub">
          累计获得 <b>{balance?.earned ?? 0}</b>
          <span aria-hidden="true"> · </span>
          已使用 <b>{balance?.spent ?? 0}</b>
        </p>
      </div>
      {children && <div className="points-card-side">{children}</div>}
    </section>
  );
}
