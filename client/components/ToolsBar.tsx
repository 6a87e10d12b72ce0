// The shortcut row under the header: the ten hot tools of SPEC §9.
import { useLocation } from 'react-router';
import { HOT_TOOL_IDS, toolsByIds } from '../../shared/catalogue';

const HOT_TOOLS = toolsByIds(HOT_TOOL_IDS);

export function ToolsBar() {
  const { pathname } = useLocation();
  return (
    <nav className="tools-bar" aria-label="常用工具">
      <div className="tools-bar-inner">
        {HOT_TOOLS.map((tool) => (
          <a key={tool.id} href={tool.path} className={pathname === tool.path ? 'active' : undefined} aria-current={pathname === tool.path ? 'page' : undefined}>
            {tool.title}
          </a>
        ))}
      </div>
    </nav>
  );
}
