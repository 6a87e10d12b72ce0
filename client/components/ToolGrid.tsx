// The catalogue in its seven groups (home, tool pages, see-more, sitemap).
import { TOOL_GROUPS, toolsOfGroup, type Tool } from '../../shared/catalogue';
import { CachedMarkup } from './CachedMarkup';
import { SoonBadge, useAvailabilityKey, useToolUnavailable } from './SoonBadge';
import { ToolIcon } from './ToolIcon';

export function ToolCard({ tool }: { tool: Tool }) {
  return (
    <a className={`tool-card${useToolUnavailable(tool.id) ? ' is-soon' : ''}`} href={tool.path}>
      <ToolIcon tool={tool} />
      <span className="tool-card-text">
        <strong>
          {tool.title}
          <SoonBadge toolId={tool.id} />
        </strong>
        <small>{tool.summary}</small>
      </span>
    </a>
  );
}

export function ToolCards({ tools }: { tools: readonly Tool[] }) {
  return (
    <div className="tool-cards">
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </div>
  );
}

function ToolGroups({ compact }: { compact: boolean }) {
  return TOOL_GROUPS.map((group) => (
    <div key={group.type} className="tool-group">
      <h3>{group.title}</h3>
      {compact ? (
        <div className="tool-group-links">
          {toolsOfGroup(group.type).map((tool) => (
            <a key={tool.id} href={tool.path}>
              {tool.title}
              <SoonBadge toolId={tool.id} />
            </a>
          ))}
        </div>
      ) : (
        <ToolCards tools={toolsOfGroup(group.type)} />
      )}
    </div>
  ));
}

/** Cards with icons and summaries, or (compact, on tool pages) a plain link list per group. */
export function ToolGrid({ heading = '全部工具', compact = false }: { heading?: string; compact?: boolean }) {
  const availability = useAvailabilityKey();
  return (
    <CachedMarkup cacheKey={`tool-grid:${compact}:${heading}:${availability}`}>
      <section className={`tool-grid${compact ? ' compact' : ''}`} aria-label={heading}>
        <h2 className="section-title">{heading}</h2>
        <ToolGroups compact={compact} />
      </section>
    </CachedMarkup>
  );
}
