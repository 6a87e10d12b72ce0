// The shortcut row under the header: the ten hot tools of SPEC §9.
import { NavLink } from 'react-router';
import { HOT_TOOL_IDS, toolsByIds } from '../../shared/catalogue';

const HOT_TOOLS = toolsByIds(HOT_TOOL_IDS);

export function ToolsBar() {
  return (
    <nav className="tools-bar" aria-label="常用工具">
      <div className="tools-bar-inner">
        {HOT_TOOLS.map((tool) => (
          <NavLink key={tool.id} to={tool.path} className={({ isActive }) => (isActive ? 'active' : undefined)}>
            {tool.title}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
