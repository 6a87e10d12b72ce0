// The content pages (help, tutorials, tags) drawn from their loader's data (client/routing/content-loader.ts).
import { useContentState } from './content-data';
import { EXTRA_TAGS, articlePath, type ContentView, type ListPage, type TagCount } from '../../../../shared/articles';
import { TOOL_GROUPS, findTool } from '../../../../shared/catalogue';
import { ArticleList } from './ArticleList';
import { ArticlePage } from './ArticlePage';
import { Breadcrumbs } from './Breadcrumbs';
import { LinkPager } from './LinkPager';
import './content.css';

function Heading({ title, sub }: { title: string; sub?: string }) {
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {sub && <p>{sub}</p>}
    </header>
  );
}

function Paged({ list, empty }: { list: ListPage; empty?: string }) {
  return (
    <>
      <ArticleList items={list.items} empty={empty} />
      <LinkPager list={list} />
    </>
  );
}

const pageNote = (list: ListPage) => (list.page > 1 ? ` · 第 ${list.page} 页` : '');

function HelpAside() {
  return (
    <aside className="doc-aside">
      <section className="related">
        <h2>快速入口</h2>
        <ul className="quick-links">
          <li>
            <a href="/news/more/">图文教程</a>
          </li>
          <li>
            <a href="/tag/">热门标签</a>
          </li>
          <li>
            <a href="/xiezai-huodong/">会员福利</a>
          </li>
          <li>
            <a href="/yijian/">意见反馈</a>
          </li>
        </ul>
        <p className="aside-note">找不到答案？通过意见反馈告诉我们。</p>
      </section>
    </aside>
  );
}

/** Topic tags first, then the tools' tags in their catalogue groups. */
function tagGroups(tags: TagCount[]): { title: string; tags: TagCount[] }[] {
  const groups = [{ title: '主题', tags: tags.filter((t) => Object.hasOwn(EXTRA_TAGS, t.key)) }];
  for (const g of TOOL_GROUPS) groups.push({ title: g.title, tags: tags.filter((t) => !Object.hasOwn(EXTRA_TAGS, t.key) && findTool(t.key)?.type === g.type) });
  return groups.filter((g) => g.tags.length > 0);
}

/** A tool's tag page offers the tool itself. */
function TagTool({ tagKey }: { tagKey: string }) {
  const tool = findTool(tagKey);
  if (!tool) return null;
  return (
    <p className="category-actions">
      <a className="btn btn-primary" href={tool.path}>
        {`立即使用${tool.title}`}
      </a>
      <a className="btn btn-outline" href="/news/more/">
        全部教程
      </a>
    </p>
  );
}

function View({ data }: { data: ContentView }) {
  switch (data.view) {
    case 'article':
      return <ArticlePage article={data.article} related={data.related} />;
    case 'help-list':
      return (
        <>
          <Heading title="帮助中心" sub={`账号、会员、支付、发票、退款、文件安全等常见问题${pageNote(data.list)}`} />
          <div className="doc-layout">
            <div className="doc-main">
              <Paged list={data.list} empty="帮助文章整理中，遇到问题可以先通过意见反馈联系我们。" />
            </div>
            <HelpAside />
          </div>
        </>
      );
    case 'news-more':
      return (
        <>
          <Heading title="教程资讯" sub="PDF转换、PDF编辑、图片、CAD与音视频处理的图文教程" />
          <div className="category-grid">
            {data.categories.map((c) => (
              <section key={c.newsId} className="category-card">
                <h2>
                  <a href={`/news/${c.newsId}/`}>{c.title}</a>
                  <span className="count">{`${c.count} 篇`}</span>
                </h2>
                {c.latest.length ? (
                  <ul>
                    {c.latest.map((a) => (
                      <li key={a.id}>
                        <a href={articlePath(a)}>{a.title}</a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="category-desc">{c.description}</p>
                )}
                <a className="category-tool" href={c.link}>
                  去使用 ›
                </a>
              </section>
            ))}
          </div>
          <h2 className="section-title">最新教程</h2>
          <ArticleList items={data.latest} empty="教程整理中，敬请期待。" />
        </>
      );
    case 'category':
      return (
        <>
          <Heading title={data.category.title} sub={`${data.category.description}${pageNote(data.list)}`} />
          <p className="category-actions">
            <a className="btn btn-primary" href={data.category.link}>
              {`立即使用${data.category.title.replace(/教程$/, '')}`}
            </a>
            <a className="btn btn-outline" href="/news/more/">
              全部教程
            </a>
          </p>
          <Paged list={data.list} empty="这个分类的教程正在整理中，先看看其他教程吧。" />
        </>
      );
    case 'tag-index':
      return (
        <>
          <Heading title="热门标签" sub="按主题浏览教程与帮助文章" />
          {tagGroups(data.tags).map((g) => (
            <section key={g.title} className="tag-group">
              <h2>{g.title}</h2>
              <div className="tag-cloud">
                {g.tags.map((t) => (
                  <a key={t.key} href={`/tags/${t.key}/`}>
                    {t.name}
                    <span className="count">{t.count}</span>
                  </a>
                ))}
              </div>
            </section>
          ))}
        </>
      );
    case 'tag':
      return (
        <>
          <Heading title={`${data.tag.name}相关文章`} sub={`共 ${data.tag.count} 篇教程与帮助${pageNote(data.list)}`} />
          <TagTool tagKey={data.tag.key} />
          <Paged list={data.list} empty="这个标签下还没有文章，先看看全部教程吧。" />
        </>
      );
  }
}

export function ContentViews() {
  const state = useContentState();
  if (state.status === 'loading') return <div className="content-loading" aria-busy="true" />;
  const { data } = state;
  return (
    <>
      <Breadcrumbs crumbs={data.crumbs} />
      <View data={data} />
    </>
  );
}
