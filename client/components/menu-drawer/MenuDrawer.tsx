// The phone menu (narrow screens, where the header's group menus do not fit): a drawer from the
// right with the tool search, 开通会员, login or the account, and every tool by group. Loaded only
// when first opened, and rendered only while open, so its sixty-odd links are never in the Tab
// order of a closed menu. Closes on Escape, on the backdrop, on the close button and on any link
// followed (Header also closes it when the address changes); the page under it does not scroll.
import { useEffect, useRef, type MouseEvent } from 'react';
import { TOOL_GROUPS, toolsOfGroup } from '../../../shared/catalogue';
import { AccountMenu } from '../AccountMenu';
import { SoonBadge } from '../SoonBadge';
import { ToolIcon } from '../ToolIcon';
import { ToolSearch } from '../tool-search/ToolSearch';
import { VipButton } from '../VipButton';
import './menu-drawer.css';

interface MenuDrawerProps {
  id: string;
  accountOrigin: string;
  onClose: () => void;
}

export function MenuDrawer({ id, accountOrigin, onClose }: MenuDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      // The search box handles its own Escape first (closing its list); an Escape it leaves closes the menu.
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    panel.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  // A followed link closes the menu (the shell's click handler then navigates).
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) onClose();
  };

  return (
    <div className="menu-drawer" id={id}>
      <div className="md-backdrop" onClick={onClose} aria-hidden="true" />
      <div className="md-panel" role="dialog" aria-modal="true" aria-label="网站菜单" tabIndex={-1} ref={panel} onClick={onClick}>
        <div className="md-head">
          <strong>全部工具</strong>
          <button type="button" className="md-close" aria-label="关闭菜单" onClick={onClose}>
            ×
          </button>
        </div>
        <ToolSearch variant="drawer" />
        <div className="md-account">
          <VipButton onOpen={onClose} />
          <AccountMenu accountOrigin={accountOrigin} />
        </div>
        <nav className="md-groups" aria-label="工具分类">
          {TOOL_GROUPS.map((group, i) => (
            <details key={group.type} className="md-group" open={i === 0}>
              <summary>{group.title}</summary>
              <div className="md-links">
                {toolsOfGroup(group.type).map((tool) => (
                  <a key={tool.id} href={tool.path}>
                    <ToolIcon tool={tool} size="sm" />
                    {tool.title}
                    <SoonBadge toolId={tool.id} />
                  </a>
                ))}
              </div>
            </details>
          ))}
          <a className="md-all" href="/see-more/">
            查看全部工具 →
          </a>
        </nav>
      </div>
    </div>
  );
}
