// Every page of SPEC §2 that is not a tool page: its route pattern, layout, header/footer options,
// login need and mobile rule, with its Chinese head text. Tool pages come from catalogue.ts and
// share TOOL_PAGE_OPTIONS. Server (SSR, redirects), client (layouts, head sync) and worker read this.
import { MEMBERSHIPS, yuan } from './products';

export type Layout = 'default' | 'empty' | 'mind-map' | 'order';

/**
 * How a page's mobile address is made from its own path (SPEC §2):
 * `same` keeps the path, `cut` keeps the first two segments (news and tags detail),
 * `help-root` points at /help/ (help detail). Pages without a rule carry no mobile tags.
 */
export type MobileRule = 'same' | 'cut' | 'help-root';

export interface PageOptions {
  layout: Layout;
  /** Advert strip above the header, and which advert slot it shows. */
  advertHead: boolean;
  advertPosition?: number;
  /** The row of tool shortcuts under the header. */
  toolsBar: boolean;
  headerShadow: boolean;
  /** The header keeps a desktop minimum width instead of collapsing. */
  minWidthHeader: boolean;
  /** The page draws its own head banner instead of the standard one. */
  customHead: boolean;
  hideHeaderFooter: boolean;
  needsLogin: boolean;
  mobile?: MobileRule;
}

export interface HeadText {
  title: string;
  description: string;
  keywords: string;
}

export interface PageDef {
  id: string;
  /** react-router pattern; every path ends with a slash except real file names. */
  path: string;
  options: PageOptions;
  head: (params: Record<string, string | undefined>) => HeadText;
}

const SITE = 'PDF365';

const BASE: PageOptions = {
  layout: 'default',
  advertHead: false,
  toolsBar: true,
  headerShadow: false,
  minWidthHeader: false,
  customHead: false,
  hideHeaderFooter: false,
  needsLogin: false,
};

export const TOOL_PAGE_OPTIONS: PageOptions = { ...BASE, advertHead: true, advertPosition: 7, minWidthHeader: true };

function text(title: string, description: string, keywords = title): () => HeadText {
  return () => ({ title: `${title} - ${SITE}`, description, keywords });
}

function page(id: string, path: string, head: PageDef['head'], options: Partial<PageOptions> = {}): PageDef {
  return { id, path, head, options: { ...BASE, ...options } };
}

const HELP_LIST_PAGE = /^page(\d+)$/;

/** Help URLs: /help/, /help/pageN/ (list pages) and /help/{id}/ (an article). */
export function helpPageNumber(slug: string | undefined): number | null {
  if (!slug) return 1;
  const m = HELP_LIST_PAGE.exec(slug);
  return m ? Number(m[1]) : null;
}

export const PAGES: readonly PageDef[] = [
  page(
    'home',
    '/',
    () => ({
      title: `${SITE} - 免费在线PDF转换器_PDF转Word_PDF编辑工具`,
      description: `${SITE}提供PDF转Word、PDF转Excel、PDF转图片、Word转PDF、PDF合并拆分压缩、图片处理、CAD转换、音视频转换等六十余种在线工具，无需安装，打开即用。`,
      keywords: 'PDF转换器,PDF转Word,PDF转Excel,Word转PDF,PDF合并,PDF压缩,在线转换',
    }),
    { advertHead: true, advertPosition: 6, toolsBar: false, headerShadow: true, mobile: 'same' },
  ),
  page('myOrders', '/myOrders/', text('我的订单', '查看会员、次数包等订单记录和支付状态。'), { toolsBar: false, needsLogin: true, mobile: 'same' }),
  page('scan', '/Scan/', text('PDF安全检测报告', '检测PDF中的JavaScript、自动动作、外部链接、附件等安全风险。')),
  page('see-more', '/see-more/', text('更多免费功能', '全部在线转换和编辑工具一览。'), { advertHead: true, advertPosition: 7 }),
  page('yijian', '/yijian/', text('意见反馈', '告诉我们您遇到的问题和建议，我们会尽快处理。'), { toolsBar: false }),
  page(
    'xiezai-huodong',
    '/xiezai-huodong/',
    text(
      '会员限时特惠 - 限时福利活动',
      `${SITE}会员限时特惠：${MEMBERSHIPS.map((p) => `${p.title}¥${yuan(p.amountFen)}${p.bonusMonths ? `加赠${p.bonusMonths}个月` : ''}`).join('，')}，全站工具不限次数；语音转文字时长包、证件照次数包按需购买。`,
      '会员特惠,限时福利,PDF365会员,开通会员,语音转文字时长包,证件照次数包',
    ),
    { toolsBar: false, customHead: true },
  ),
  page(
    'help',
    '/help/',
    () => ({ title: `帮助中心 - ${SITE}`, description: '常见问题、使用说明和账户帮助。', keywords: '帮助中心,常见问题,使用说明' }),
    { mobile: 'same' },
  ),
  page(
    'help-detail',
    '/help/:slug/',
    ({ slug }) => {
      const n = helpPageNumber(slug);
      return n !== null
        ? { title: `帮助中心 第${n}页 - ${SITE}`, description: '常见问题、使用说明和账户帮助。', keywords: '帮助中心,常见问题' }
        : { title: `帮助文章 - ${SITE}`, description: '帮助中心文章：操作说明与常见问题解答。', keywords: '帮助,常见问题' };
    },
    // Help detail (articles and later list pages) points at the help root on mobile (SPEC §2).
    { mobile: 'help-root' },
  ),
  page('news-more', '/news/more/', text('资讯与教程', 'PDF与文档处理技巧、产品资讯和图文教程。', '资讯,教程,PDF技巧'), { mobile: 'same' }),
  page('news-detail', '/news/:id/', text('资讯详情', 'PDF与文档处理技巧、产品资讯和图文教程。', '资讯,教程'), { mobile: 'cut' }),
  page('news-page', '/news/:id/:page/', text('资讯详情', 'PDF与文档处理技巧、产品资讯和图文教程。', '资讯,教程'), { mobile: 'cut' }),
  page('tag', '/tag/', text('热门标签', '按标签浏览教程和资讯。', '标签,教程'), { mobile: 'same' }),
  page(
    'tags',
    '/tags/:key/',
    ({ key }) => ({ title: `${key ?? ''}相关教程 - ${SITE}`, description: `与“${key ?? ''}”相关的教程和资讯。`, keywords: `${key ?? ''},教程` }),
    { mobile: 'cut' },
  ),
  page(
    'tags-page',
    '/tags/:key/:page/',
    ({ key, page: n }) => ({ title: `${key ?? ''}相关教程 第${n ?? ''}页 - ${SITE}`, description: `与“${key ?? ''}”相关的教程和资讯。`, keywords: `${key ?? ''},教程` }),
    { mobile: 'cut' },
  ),
  page('sitemap', '/sitemap/', text('网站地图', '本站全部页面和工具的索引。')),
  page('sitemap-html', '/sitemap.html', text('网站地图', '本站全部页面和工具的索引。'), { hideHeaderFooter: true, toolsBar: false }),
  page('about', '/about/', text('关于我们', `${SITE}是面向中文用户的在线文档与多媒体转换平台。`)),
  page('cooperation', '/cooperation/', text('商务合作', '渠道合作、企业采购和API接入。')),
  page('copyright', '/copyright/', text('版权声明', '本站内容与用户文件的版权和隐私说明。')),
  page('invoice', '/invoice/', text('申请发票', '为已支付的订单申请电子发票。'), { toolsBar: false }),
  page('postage_pay', '/postage_pay/', text('支付中心', '纸质发票邮费支付。'), { toolsBar: false, layout: 'order' }),
  page('myintegral', '/myintegral/', text('积分记录', '查看积分的获得和使用记录。'), { toolsBar: false, needsLogin: true }),
  page('task', '/task/', text('任务与积分中心', '完成任务领取积分，积分可兑换证件照下载次数。'), { toolsBar: false, needsLogin: true }),
  page('iamEmpty', '/iamEmpty/', text('登录完成', '登录后的返回页。'), { layout: 'empty', toolsBar: false }),
  page('login', '/login/', text('登录', `登录${SITE}账户。`), { layout: 'empty', toolsBar: false }),
  page('404', '/404/', text('页面不存在', '您访问的页面不存在或已被删除。'), { toolsBar: false }),
];

export const NOT_FOUND_PATH = '/404/';
export const NOT_FOUND_MESSAGE = 'This page could not be found';

export function findPage(id: string): PageDef {
  const def = PAGES.find((p) => p.id === id);
  if (!def) throw new Error(`unknown page ${id}`);
  return def;
}
