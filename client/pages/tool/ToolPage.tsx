// The one tool-page view all tools share (SPEC §2): title, the upload panel with the tool's
// limits, how-to steps, related tools and the catalogue.
import { findTool, toolsOfGroup, TOOL_GROUPS, type Tool } from '../../../shared/catalogue';
import { formatSizeLimit } from '../../../shared/format';
import { PAGE_LIMITED_TOOLS, TRYOUT_PAGES } from '../../../shared/tryout';
import { CachedMarkup } from '../../components/CachedMarkup';
import { useAvailabilityKey } from '../../components/SoonBadge';
import { ToolCards, ToolGrid } from '../../components/ToolGrid';
import { toolSetup } from './tool-options';
import { toolSteps } from './tool-steps';
import { UploadPanel } from './UploadPanel';
import './tool.css';

function ToolLimits({ tool }: { tool: Tool }) {
  return (
    <>
      免费用户：单个文件不超过 {formatSizeLimit(tool.maxFileSize.guest)}，每次 {tool.maxFiles.guest} 个文件；登录用户 {formatSizeLimit(tool.maxFileSize.user)}；会员最大{' '}
      {formatSizeLimit(tool.maxFileSize.vip)}、每次 {tool.maxFiles.vip} 个文件。
      {PAGE_LIMITED_TOOLS.has(tool.id) && `免费试用转换前 ${TRYOUT_PAGES} 页，会员转换全部页面。`}
    </>
  );
}

/** How long results are kept, in hours, as the steps say it (the server's RETENTION_MINUTES default). */
const RETENTION_HOURS = 2;

function ToolSteps({ tool }: { tool: Tool }) {
  const steps = toolSteps(tool, toolSetup(tool.id), RETENTION_HOURS);
  return (
    <ol className={`steps-${steps.length}`}>
      {steps.map((step) => (
        <li key={step.title}>
          <strong>{step.title}</strong>
          <span>{step.text}</span>
        </li>
      ))}
    </ol>
  );
}

export default function ToolPage({ toolId }: { toolId: string }) {
  const tool = findTool(toolId)!;
  const group = TOOL_GROUPS.find((g) => g.type === tool.type)!;
  const related = toolsOfGroup(tool.type).filter((t) => t.id !== tool.id).slice(0, 5); // one row of cards at desktop width (5 a row)
  const availability = useAvailabilityKey();
  return (
    <div className="tool-page">
      <div className="container">
        <nav className="breadcrumb" aria-label="当前位置">
          <a href="/">首页</a> <span>/</span> <span>{group.title}</span> <span>/</span> <span>{tool.title}</span>
        </nav>
        <header className="tool-head">
          <h1>{tool.title}</h1>
          <p>{tool.summary}</p>
        </header>
        <UploadPanel key={tool.id} tool={tool} />
        <CachedMarkup cacheKey={`tool-limits:${tool.id}`}>
          <p className="tool-limits">
            <ToolLimits tool={tool} />
          </p>
        </CachedMarkup>
        <CachedMarkup cacheKey={`tool-steps:${tool.id}`}>
          <section className="tool-steps" aria-label="使用步骤">
            <h2 className="section-title">如何使用{tool.title}</h2>
            <ToolSteps tool={tool} />
          </section>
        </CachedMarkup>
        {related.length > 0 && (
          <CachedMarkup cacheKey={`related-tools:${tool.id}:${availability}`}>
            <section aria-label="相关工具">
              <h2 className="section-title">相关工具</h2>
              <ToolCards tools={related} />
            </section>
          </CachedMarkup>
        )}
        <ToolGrid heading="更多工具" compact />
      </div>
    </div>
  );
}
