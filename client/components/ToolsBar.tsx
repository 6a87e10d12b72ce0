// The shortcut row under the header: the ten hot tools of SPEC §9.
import { useLocation } from '../routing/router';
import { HOT_TOOL_IDS, toolsByIds } from '../../shared/catalogue';
import { CachedMarkup } from './CachedMarkup';
import { SoonBadge, useAvailabilityKey } from './SoonBadge';

const HOT_TOOLS = toolsByIds(HOT_TOOL_IDS);

export function ToolsBar() {
  const { pathname } = useLocation();
  const active = HOT_TOOLS.find((tool) => tool.path === pathname);
  const availability = useAvailabilityKey();
  return (
    <nav className="tools-bar" aria-label="常用工具">
      <CachedMarkup cacheKey={`tools-bar:${active?.id ?? ''}:${availability}`}>
        <div className="tools-bar-inner">
          {HOT_TOOLS.map((tool) => (
            <a key={tool.id} href={tool.path} className={tool === active ? 'active' : undefined} aria-current={tool === active ? 'page' : undefined}>
              {tool.title}
              <SoonBadge toolId={tool.id} />
            </a>
          ))}
        </div>
      </CachedMarkup>
    </nav>
  );
}
