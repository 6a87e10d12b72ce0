// The header's account corner: 登录/注册 as rendered on the server (pages are cached for everyone),
// then, once hydrated, the logged-in user's masked number, VIP state and menu.
import { useEffect, useState } from 'react';
import { logout } from '../api/account';
import { useCurrentUser } from '../account/session';
import { useVipState } from './pay';

export function AccountMenu({ accountOrigin }: { accountOrigin: string }) {
  const { user } = useCurrentUser();
  // VIP as of a payment on this page too, not only as of the login check.
  const { isVip } = useVipState();
  const [loginHref, setLoginHref] = useState(`${accountOrigin}/login/`);

  useEffect(() => {
    setLoginHref(`${accountOrigin}/login/?redirect=${encodeURIComponent(window.location.href)}`);
  }, [accountOrigin]);

  if (!user) {
    return (
      <a className="login-link" href={loginHref}>
        登录/注册
      </a>
    );
  }
  const signOut = () => {
    // SPEC §4: logout clears the token and goes home, whatever the server answered.
    logout()
      .catch(() => undefined)
      .finally(() => window.location.assign('/'));
  };
  return (
    <details className="user-menu">
      <summary aria-label={`账户 ${user.mobile}`}>
        <span className="user-avatar" aria-hidden="true">
          {user.mobile.slice(-1)}
        </span>
        <span className="user-mobile">{user.mobile}</span>
        {isVip ? <span className="user-badge is-vip">VIP</span> : <span className="user-badge">{user.accountType === 'COMPANY' ? '企业账户' : '普通用户'}</span>}
      </summary>
      <div className="user-menu-list" role="menu">
        <a role="menuitem" href="/myOrders/">我的订单</a>
        <a role="menuitem" href="/myintegral/">积分</a>
        <button role="menuitem" type="button" onClick={signOut}>
          退出
        </button>
      </div>
    </details>
  );
}
