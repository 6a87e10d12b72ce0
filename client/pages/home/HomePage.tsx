// Home: hero with the tool search and the featured tools, the hot tools, the full catalogue and the tutorials.
// Everything but the search box is the same on every render: cached markup (CachedMarkup).
import { FEATURED_TOOL_IDS, HOT_TOOL_IDS, TUTORIAL_CATEGORIES, toolsByIds } from '../../../shared/catalogue';
import { CachedMarkup } from '../../components/CachedMarkup';
import { useAvailabilityKey } from '../../components/SoonBadge';
import { ToolCards, ToolGrid } from '../../components/ToolGrid';
import { ToolIcon } from '../../components/ToolIcon';
import { ToolSearch } from '../../components/tool-search/ToolSearch';

const FEATURED = toolsByIds(FEATURED_TOOL_IDS);
const HOT = toolsByIds(HOT_TOOL_IDS);

function FeaturedCards() {
  return FEATURED.map((tool) => (
    <a key={tool.id} className="featured-card" href={tool.path}>
      <ToolIcon tool={tool} size="lg" />
      <strong>{tool.title}</strong>
      <small>{tool.summary}</small>
    </a>
  ));
}

function Tutorials() {
  return TUTORIAL_CATEGORIES.map((c) => (
    <article key={c.newsId} className="tutorial-item">
      <a href={`/news/${c.newsId}/`}>{c.title}</a>
      <p>{c.description}</p>
      <a className="tag-link" href={c.tagLink}>
        相关标签
      </a>
    </article>
  ));
}

export default function HomePage() {
  const availability = useAvailabilityKey();
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-inner">
          <h1>PDF转换，一站搞定</h1>
          <p className="hero-sub">60余种在线工具：PDF转Word/Excel/PPT、格式互转、合并拆分压缩、图片识别、CAD与音视频处理。免安装，打开即用。</p>
          <ToolSearch variant="hero" />
          <CachedMarkup cacheKey="home-featured">
            <div className="hero-featured">
              <FeaturedCards />
            </div>
          </CachedMarkup>
          <ul className="hero-promises">
            <li>文件加密传输</li>
            <li>处理完成后自动删除</li>
            <li>中文排版不走样</li>
          </ul>
        </div>
      </section>
      <div className="container">
        <CachedMarkup cacheKey={`home-hot:${availability}`}>
          <section aria-label="热门工具">
            <h2 className="section-title">热门工具</h2>
            <ToolCards tools={HOT} />
          </section>
        </CachedMarkup>
        <ToolGrid />
        <CachedMarkup cacheKey="home-tutorials">
          <section className="tutorials" aria-label="使用教程">
            <h2 className="section-title">使用教程</h2>
            <div className="tutorial-list">
              <Tutorials />
            </div>
          </section>
        </CachedMarkup>
      </div>
    </div>
  );
}
