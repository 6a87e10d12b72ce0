// Site header: logo, the five groups with their second-level menus (at most nine entries each),
// and the account links. The order layout shows a slim variant.
import { useEffect, type MouseEvent } from 'react';
import { TOOL_GROUPS, secondMenu } from '../../shared/catalogue';
import { AccountMenu } from './AccountMenu';
import { CachedMarkup } from './CachedMarkup';
import { PAYMENT_PATH, PayLayerHost, takeResumeNote, usePayLayer, useVipState } from './pay';
import { SoonBadge, useAvailabilityKey } from './SoonBadge';
import { ToolIcon } from './ToolIcon';
import './vip-link.css';

interface HeaderProps {
  /** Pages with their own head (the order layout, activity pages) get a slim header with this title. */
  slimTitle?: string;
  shadow: boolean;
  minWidth: boolean;
  accountOrigin: string;
}

/** The groups with their second-level menus; a component of its own, so a cached header skips building it. */
function ToolMenus() {
  return (
    <>
      {TOOL_GROUPS.filter((g) => g.hasSecondMenu).map((group) => (
        <div key={group.type} className="nav-group">
          <button type="button" className="nav-group-title" aria-haspopup="true">
            {group.title}
          </button>
          <div className="nav-menu" role="menu">
            {secondMenu(group.type).map((tool) => (
              <a key={tool.id} href={tool.path} role="menuitem" className="nav-menu-item">
                <ToolIcon tool={tool} size="sm" />
                {tool.title}
                <SoonBadge toolId={tool.id} />
              </a>
            ))}
          </div>
        </div>
      ))}
      <a className="nav-link" href="/see-more/">
        全部工具
      </a>
    </>
  );
}

/**
 * 开通会员 (续费会员 for a member): opens the payment layer; a plain link to the benefits page until
 * the page is interactive. Also reopens the layer after a login it sent a guest to (tool pages
 * reopen their own, with the files: client/components/pay/use-resumed-run.ts).
 */
function VipButton() {
  const openPay = usePayLayer();
  const { isVip } = useVipState();
  useEffect(() => {
    const note = takeResumeNote((n) => n.openLayer && !n.toolId);
    if (note) openPay({ from: 'resume', productId: note.productId, payType: note.payType });
  }, [openPay]);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openPay({ from: 'header' });
  };
  return (
    <a className={`vip-link${isVip ? ' is-vip' : ''}`} href={PAYMENT_PATH} onClick={onClick}>
      <span className="vip-link-crown" aria-hidden="true" />
      {isVip ? '续费会员' : '开通会员'}
    </a>
  );
}

export function Header({ slimTitle, shadow, minWidth, accountOrigin }: HeaderProps) {
  const availability = useAvailabilityKey();
  return (
    <>
      <header className={`site-header${shadow ? ' has-shadow' : ''}${minWidth ? ' min-width' : ''}`}>
        <div className="header-inner">
          <a className="logo" href="/" aria-label="PDF365 首页">
            <span className="logo-mark">P</span>
            <span className="logo-text">PDF365</span>
          </a>
          {slimTitle ? (
            <span className="header-title">{slimTitle}</span>
          ) : (
            <CachedMarkup cacheKey={`header-menus:${availability}`}>
              <nav className="main-nav" aria-label="工具分类">
                <ToolMenus />
              </nav>
            </CachedMarkup>
          )}
          <div className="header-account">
            <VipButton />
            <AccountMenu accountOrigin={accountOrigin} />
          </div>
        </div>
      </header>
      <PayLayerHost />
    </>
  );
}
