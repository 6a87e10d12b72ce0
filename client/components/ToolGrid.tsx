// The catalogue in its seven groups (home, tool pages, see-more, sitemap).
import { Link } from 'react-router';
import { TOOL_GROUPS, toolsOfGroup, type Tool } from '../../shared/catalogue';
import { ToolIcon } from './ToolIcon';

export function ToolCard({ tool }: { tool: Tool }) {
  return (
    <Link className="tool-card" to={tool.path}>
      <ToolIcon tool={tool} />
      <span className="tool-card-text">
        <strong>{tool.title}</strong>
        <small>{tool.summary}</small>
      </span>
    </Link>
  );
}

export function ToolGrid({ heading = '全部工具' }: { heading?: string }) {
  return (
    <section className="tool-grid" aria-label={heading}>
      <h2 className="section-title">{heading}</h2>
      {TOOL_GROUPS.map((group) => (
        <div key={group.type} className="tool-group">
          <h3>{group.title}</h3>
          <div className="tool-group-cards">
            {toolsOfGroup(group.type).map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
