// Site header: logo, the five groups with their second-level menus (at most nine entries each),
// the tool search and the account links; on narrow screens a menu button opens the phone menu
// in their place. The order layout shows a slim variant.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from '../routing/router';
import { TOOL_GROUPS, secondMenu } from '../../shared/catalogue';
import { lazyView } from '../routing/lazy-view';
import { AccountMenu } from './AccountMenu';
import { CachedMarkup } from './CachedMarkup';
import { PayLayerHost, takeResumeNote, usePayLayer } from './pay';
import { SoonBadge, useAvailabilityKey } from './SoonBadge';
import { ToolIcon } from './ToolIcon';
import { ToolSearch } from './tool-search/ToolSearch';
import { VipButton } from './VipButton';
import './menu-drawer/menu-drawer.css';

const MenuDrawer = lazyView(() => import('./menu-drawer/MenuDrawer').then((m) => m.MenuDrawer), null);
const DRAWER_ID = 'site-menu';

interface HeaderProps {
  /** Pages with their own head (the order layout, activity pages) get a slim header with this title. */
  slimTitle?: string;
  shadow: boolean;
  minWidth: boolean;
  accountOrigin: string;
}

/**
 * The groups with their second-level menus; a component of its own, so a cached header skips
 * building it. Each is a disclosure: the pointer opens it on hover (CSS), the keyboard with its
 * button (useDisclosureMenus), so its links join the Tab order only once it is open.
 */
function ToolMenus() {
  return (
    <>
      {TOOL_GROUPS.filter((g) => g.hasSecondMenu).map((group) => (
        <div key={group.type} className="nav-group">
          <button type="button" className="nav-group-title" aria-expanded="false" aria-controls={`nav-menu-${group.type}`}>
            {group.title}
          </button>
          <div className="nav-menu" id={`nav-menu-${group.type}`}>
            {secondMenu(group.type).map((tool) => (
              <a key={tool.id} href={tool.path} className="nav-menu-item">
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
 * Opens and closes the group menus from the keyboard (and a tap). The menus' markup is cached
 * (CachedMarkup), so the open state lives on the DOM: the group's is-open class and its button's
 * aria-expanded. One menu open at a time; Escape closes it and gives the focus back to its button,
 * as does leaving it with Tab, a click elsewhere or following a link.
 */
function useDisclosureMenus() {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = nav.current;
    if (!root) return;
    const setOpen = (group: Element | null, open: boolean) => {
      if (!group) return;
      group.classList.toggle('is-open', open);
      group.querySelector('.nav-group-title')?.setAttribute('aria-expanded', String(open));
    };
    const closeAll = (except?: Element | null) => root.querySelectorAll('.nav-group.is-open').forEach((g) => g !== except && setOpen(g, false));
    const onClick = (event: Event) => {
      const target = event.target as Element;
      const button = target.closest('.nav-group-title');
      const group = target.closest('.nav-group');
      if (button && group) {
        closeAll(group);
        setOpen(group, !group.classList.contains('is-open'));
      } else if (target.closest('a')) closeAll();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const group = (event.target as Element).closest('.nav-group.is-open');
      if (!group) return;
      setOpen(group, false);
      (group.querySelector('.nav-group-title') as HTMLElement | null)?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const group = (event.target as Element).closest('.nav-group');
      if (group && !group.contains(event.relatedTarget as Node | null)) setOpen(group, false);
    };
    const onOutside = (event: Event) => !root.contains(event.target as Node) && closeAll();
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    document.addEventListener('click', onOutside);
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('click', onOutside);
    };
  }, []);
  return nav;
}

/** Reopens the payment layer after a login it sent a guest to (tool pages reopen their own, with the files: client/components/pay/use-resumed-run.ts). */
function useResumedPayLayer(): void {
  const openPay = usePayLayer();
  useEffect(() => {
    const note = takeResumeNote((n) => n.openLayer && !n.toolId);
    if (note) openPay({ from: 'resume', productId: note.productId, payType: note.payType });
  }, [openPay]);
}

/** The phone menu's button and, once opened, the menu; closed again whenever the address changes. */
function PhoneMenu({ accountOrigin }: { accountOrigin: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  // Closed by the visitor: the focus goes back to the button that opened the menu.
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button ref={button} type="button" className="menu-button" aria-label="打开菜单" aria-expanded={open} aria-controls={open ? DRAWER_ID : undefined} onClick={() => setOpen(true)}>
        <span className="menu-button-bars" aria-hidden="true" />
      </button>
      {open && <MenuDrawer id={DRAWER_ID} accountOrigin={accountOrigin} onClose={close} />}
    </>
  );
}

export function Header({ slimTitle, shadow, minWidth, accountOrigin }: HeaderProps) {
  useResumedPayLayer();
  const availability = useAvailabilityKey();
  const nav = useDisclosureMenus();
  return (
    <>
      <header className={`site-header${shadow ? ' has-shadow' : ''}${minWidth ? ' min-width' : ''}${slimTitle ? '' : ' has-menu'}`}>
        <div className="header-inner">
          <a className="logo" href="/" title="PDF365 首页">
            <span className="logo-mark" aria-hidden="true">P</span>
            <span className="logo-text">PDF365</span>
          </a>
          {slimTitle ? (
            <span className="header-title">{slimTitle}</span>
          ) : (
            <CachedMarkup cacheKey={`header-menus:${availability}`}>
              <nav className="main-nav" aria-label="工具分类" ref={nav}>
                <ToolMenus />
              </nav>
            </CachedMarkup>
          )}
          {!slimTitle && <ToolSearch variant="header" />}
          <div className="header-account">
            <VipButton />
            <AccountMenu accountOrigin={accountOrigin} />
          </div>
          {!slimTitle && <PhoneMenu accountOrigin={accountOrigin} />}
        </div>
      </header>
      <PayLayerHost />
    </>
  );
}
