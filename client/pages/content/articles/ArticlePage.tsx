// One article: breadcrumbs, title with dates and tags, the tool's button, the rendered body,
// related articles; Article JSON-LD, and HowTo when it is a tool's how-to.
import { HELP_CATEGORIES, tagName, tutorialCategory, type ArticleSummary, type Article } from '../../../../shared/articles';
import { findTool } from '../../../../shared/catalogue';
import { OG_IMAGE_PATH } from '../../../../shared/head';
import { useSiteConfig } from '../../../routing/site-config';
import { SoonBadge } from '../../../components/SoonBadge';
import { ArticleDate, TagChips } from './ArticleList';
import { JsonLd } from './JsonLd';
import { articlePath } from '../../../../shared/articles';

function ToolCard({ toolId }: { toolId: string }) {
  const tool = findTool(toolId);
  if (!tool) return null;
  return (
    <div className="tool-cta">
      <div>
        <p className="tool-cta-title">
          {tool.title}
          <SoonBadge toolId={tool.id} />
        </p>
        <p className="tool-cta-text">{tool.summary}</p>
      </div>
      <a className="btn btn-primary" href={tool.path}>
        {`立即使用${tool.title}`}
      </a>
    </div>
  );
}

function Related({ items }: { items: ArticleSummary[] }) {
  if (!items.length) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title">相关文章</h2>
      <ul>
        {items.map((a) => (
          <li key={a.id}>
            <a href={articlePath(a)}>{a.title}</a>
            <ArticleDate article={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function structuredData(article: Article, origin: string, url: string) {
  const image = origin + (article.cover ?? OG_IMAGE_PATH);
  const organisation = { '@type': 'Organization', name: 'PDF365', url: origin + '/' };
  const items: Record<string, unknown>[] = [
    {
      '@type': 'Article',
      headline: article.title,
      description: article.summary,
      image,
      datePublished: article.published,
      dateModified: article.updated ?? article.published,
      author: organisation,
      publisher: { ...organisation, logo: { '@type': 'ImageObject', url: origin + OG_IMAGE_PATH } },
      mainEntityOfPage: url,
      keywords: article.tags.map((t) => tagName(t) ?? t).join(','),
    },
  ];
  const tool = article.tool ? findTool(article.tool) : undefined;
  if (tool && article.steps.length) {
    items.push({
      '@type': 'HowTo',
      name: article.title,
      description: article.summary,
      image,
      tool: { '@type': 'HowToTool', name: `${tool.title}在线工具` },
      step: article.steps.map((s, i) => ({ '@type': 'HowToStep', position: i + 1, name: s.name, text: s.text, url: `${origin + tool.path}` })),
    });
  }
  return items;
}

/** The tool an article is about: its own, else its first tool tag, else its tutorial category's tool. */
function toolOf(article: Article): string | undefined {
  if (article.tool) return article.tool;
  const tagged = article.tags.find((t) => findTool(t));
  if (tagged) return tagged;
  return article.kind === 'tutorial' ? tutorialCategory(Number(article.category))?.link.replaceAll('/', '') : undefined;
}

export function ArticlePage({ article, related }: { article: Article; related: ArticleSummary[] }) {
  const { publicOrigin } = useSiteConfig();
  const url = publicOrigin + articlePath(article);
  const tool = toolOf(article);
  const section = article.kind === 'help' ? HELP_CATEGORIES[article.category as keyof typeof HELP_CATEGORIES] : undefined;
  return (
    <div className="doc-layout">
      <article className="doc-article">
        <header className="doc-header">
          {section && <p className="doc-section">{section}</p>}
          <h1>{article.title}</h1>
          <p className="doc-meta">
            <span>发布于 <time dateTime={article.published}>{article.published}</time></span>
            {article.updated && article.updated !== article.published && (
              <span>
                更新于 <time dateTime={article.updated}>{article.updated}</time>
              </span>
            )}
            <TagChips tags={article.tags} />
          </p>
          <p className="doc-lead">{article.summary}</p>
        </header>
        {tool && <ToolCard toolId={tool} />}
        {article.headings.length >= 3 && (
          <nav className="doc-toc" aria-label="目录">
            <p>目录</p>
            <ol>
              {article.headings.map((h) => (
                <li key={h.id}>
                  <a href={`#${h.id}`} data-reload="">
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="doc-body" dangerouslySetInnerHTML={{ __html: article.html }} />
        {tool && <ToolCard toolId={tool} />}
        {article.kind === 'help' && (
          <p className="doc-more">
            没有解决您的问题？<a href="/yijian/">提交意见反馈</a>，或回到 <a href="/help/">帮助中心</a> 查看更多问题。
          </p>
        )}
      </article>
      <aside className="doc-aside">
        <Related items={related} />
      </aside>
      {structuredData(article, publicOrigin, url).map((d) => (
        <JsonLd key={String(d['@type'])} data={d} />
      ))}
    </div>
  );
}
