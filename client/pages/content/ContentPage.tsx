// Information, help, news, tag and sitemap pages. Articles come from the content service later;
// until then each page has its heading, its place in the site and a clear empty state.
import { useParams } from '../../routing/router';
import { TOOL_GROUPS, TUTORIAL_CATEGORIES, toolsOfGroup, findTool } from '../../../shared/catalogue';
import { PAGES, helpPageNumber } from '../../../shared/pages';
import { ToolGrid } from '../../components/ToolGrid';
import { EmptyState } from '../../components/EmptyState';
import { SoonBadge } from '../../components/SoonBadge';
import { ScanReport } from './ScanReport';

const INFO: Record<string, { title: string; paragraphs: string[] }> = {
  about: {
    title: '关于我们',
    paragraphs: [
      'PDF365 是面向中文用户的在线文档与多媒体转换平台，提供 PDF 转换与编辑、Office 文档转换、图片处理、CAD 图纸转换和音视频处理等 60 余种工具。',
      '我们坚持在服务器上完成全部处理：无需安装软件，手机和电脑都能使用；文件通过加密连接上传，处理完成后在保留期结束时自动删除。',
    ],
  },
  cooperation: {
    title: '商务合作',
    paragraphs: ['欢迎渠道合作、企业批量采购与 API 接入。企业账户可统一管理子账号与发票。', '请通过意见反馈页留下您的联系方式和合作意向，我们会在一个工作日内联系您。'],
  },
  copyright: {
    title: '版权声明',
    paragraphs: [
      '本站页面内容、界面设计与程序受著作权法保护，未经许可不得复制或用于商业用途。',
      '您上传的文件版权归您所有。我们仅为完成您请求的处理而使用这些文件，不会查看、分享或用于其他目的，并在保留期结束后自动删除。',
    ],
  },
};

function PageHeading({ title, sub }: { title: string; sub?: string }) {
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {sub && <p>{sub}</p>}
    </header>
  );
}

function TutorialList() {
  return (
    <ul className="article-list">
      {TUTORIAL_CATEGORIES.map((c) => (
        <li key={c.newsId}>
          <a href={`/news/${c.newsId}/`}>{c.title}</a>
          <p>{c.description}</p>
        </li>
      ))}
    </ul>
  );
}

function SitemapLinks() {
  return (
    <div className="sitemap">
      {TOOL_GROUPS.map((g) => (
        <section key={g.type}>
          <h2>{g.title}</h2>
          <ul>
            {toolsOfGroup(g.type).map((t) => (
              <li key={t.id}>
                <a href={t.path}>
                  {t.title}
                  <SoonBadge toolId={t.id} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section>
        <h2>其他页面</h2>
        <ul>
          {PAGES.filter((p) => !p.path.includes(':') && !['404', 'iamEmpty', 'login', 'sitemap-html'].includes(p.id)).map((p) => (
            <li key={p.id}>
              <a href={p.path}>{p.head({}).title.replace(/ - PDF365$/, '').replace(/^PDF365 - .*/, '首页')}</a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Body({ pageId }: { pageId: string }) {
  const params = useParams();
  switch (pageId) {
    case 'about':
    case 'cooperation':
    case 'copyright': {
      const info = INFO[pageId];
      return (
        <>
          <PageHeading title={info.title} />
          <article className="prose">
            {info.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </article>
        </>
      );
    }
    case 'see-more':
      return (
        <>
          <PageHeading title="更多免费功能" sub="全部在线工具，按用途分类" />
          <ToolGrid heading="全部工具" />
        </>
      );
    case 'sitemap':
    case 'sitemap-html':
      return (
        <>
          <PageHeading title="网站地图" />
          <SitemapLinks />
        </>
      );
    case 'help':
    case 'help-detail': {
      const n = helpPageNumber(params.slug);
      return n !== null ? (
        <>
          <PageHeading title="帮助中心" sub={n > 1 ? `第 ${n} 页` : '常见问题与使用说明'} />
          <EmptyState title="帮助文章整理中" text="常见问题正在整理，遇到问题可以先通过意见反馈联系我们。" action={{ to: '/yijian/', label: '意见反馈' }} />
        </>
      ) : (
        <>
          <PageHeading title="帮助文章" />
          <EmptyState title="文章不存在或已下线" text="这篇帮助文章暂时无法查看，返回帮助中心看看其他问题。" action={{ to: '/help/', label: '返回帮助中心' }} />
        </>
      );
    }
    case 'news-more':
      return (
        <>
          <PageHeading title="资讯与教程" sub="PDF 与文档处理技巧" />
          <TutorialList />
        </>
      );
    case 'news-detail':
    case 'news-page': {
      const category = TUTORIAL_CATEGORIES.find((c) => String(c.newsId) === params.id);
      return (
        <>
          <PageHeading title={category?.title ?? '资讯详情'} sub={params.page ? `第 ${params.page} 页` : undefined} />
          {category ? (
            <article className="prose">
              <p>{category.description}</p>
              <p>
                <a className="btn btn-primary" href={category.link}>
                  立即使用{findTool(category.link.replaceAll('/', ''))?.title}
                </a>
              </p>
            </article>
          ) : (
            <EmptyState title="文章不存在或已下线" text="看看其他教程吧。" action={{ to: '/news/more/', label: '全部资讯' }} />
          )}
        </>
      );
    }
    case 'tag':
      return (
        <>
          <PageHeading title="热门标签" />
          <div className="tag-cloud">
            {TUTORIAL_CATEGORIES.map((c) => (
              <a key={c.newsId} href={c.tagLink}>
                {c.title.replace('教程', '')}
              </a>
            ))}
          </div>
        </>
      );
    case 'tags':
    case 'tags-page':
      return (
        <>
          <PageHeading title={`${params.key ?? ''} 相关教程`} sub={params.page ? `第 ${params.page} 页` : undefined} />
          <EmptyState title="暂无相关文章" text="该标签下还没有文章，看看全部教程吧。" action={{ to: '/news/more/', label: '全部资讯' }} />
        </>
      );
    case 'scan':
      return (
        <>
          <PageHeading title="PDF安全检测报告" sub="检测脚本、自动动作、外部链接、附件、加密与签名" />
          <ScanReport />
        </>
      );
    default:
      return <PageHeading title="页面" />;
  }
}

export default function ContentPage({ pageId }: { pageId: string }) {
  return (
    <div className="container content-page">
      <Body pageId={pageId} />
    </div>
  );
}
