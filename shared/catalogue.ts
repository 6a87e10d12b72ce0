// The tool catalogue (SPEC §1, §2, §3, §9): one row per tool, read by the pages, the API
// (getHomeSortList, getHotFuncName), the task pipeline (accepted types, limits) and the head tags.

/** SPEC §3 catalogue item type values, one per group. */
export type ToolType = 'from-PDF' | 'convert-PDF' | 'feature' | 'audioVideo' | 'imgProcess' | 'else' | 'other';

export interface ToolGroup {
  type: ToolType;
  title: string;
  /** Only the first five groups have a second-level menu (SPEC §2). */
  hasSecondMenu: boolean;
}

/** The seven groups of SPEC §2, in display order. */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  { type: 'from-PDF', title: 'PDF转换', hasSecondMenu: true },
  { type: 'convert-PDF', title: '转换为PDF', hasSecondMenu: true },
  { type: 'feature', title: '特色转换', hasSecondMenu: true },
  { type: 'audioVideo', title: '音视频转换', hasSecondMenu: true },
  { type: 'imgProcess', title: '图片处理', hasSecondMenu: true },
  { type: 'else', title: '文档处理', hasSecondMenu: false },
  { type: 'other', title: '增值服务', hasSecondMenu: false },
];

export const SECOND_MENU_MAX = 9;

/** Per visitor tier: anonymous visitor, logged-in user, VIP member (SPEC leaves limits "not shown"; ours). */
export interface TierLimits {
  guest: number;
  user: number;
  vip: number;
}

export interface Tool {
  /** The taskName of the task API: the path without slashes. */
  id: string;
  path: string;
  type: ToolType;
  /** Order inside its group on the home page (higher first). */
  weight: number;
  /** Order on the "see more" page (higher first). */
  moreWeight: number;
  /** Listed in the header's second-level menu. */
  secondMenu: boolean;
  title: string;
  /** One-line pitch shown on cards and in meta descriptions. */
  summary: string;
  keywords: string;
  /** Accepted input extensions, lower case, without dot. */
  accept: readonly string[];
  /** Files per task. */
  maxFiles: TierLimits;
  /** Bytes per file. */
  maxFileSize: TierLimits;
  /** Carries SPEC §2 mobile-agent tags. */
  mobile: boolean;
  /** Page layout: tool pages use the default layout; the mind map has its own. */
  layout: 'default' | 'mind-map';
}

const MB = 1024 * 1024;
const PDF = ['pdf'] as const;
const WORD = ['doc', 'docx', 'odt', 'rtf', 'wps'] as const;
const EXCEL = ['xls', 'xlsx', 'ods', 'csv'] as const;
const PPT = ['ppt', 'pptx', 'odp'] as const;
const IMAGE = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'tif', 'bmp', 'ico', 'heic'] as const;
const CAD = ['dwg', 'dxf'] as const;
const VIDEO = ['mp4', 'webm', 'mov', 'avi', 'mkv', 'flv', 'wmv', 'm4v', '3gp'] as const;
const AUDIO = ['mp3', 'wav', 'aac', 'flac', 'ogg', 'm4a', 'amr', 'wma'] as const;
const EBOOK = ['epub', 'mobi', 'azw3'] as const;

/** Limits by kind of work: documents are small and many, media are big and single. */
const LIMITS = {
  document: { maxFiles: { guest: 1, user: 5, vip: 20 }, maxFileSize: { guest: 10 * MB, user: 50 * MB, vip: 200 * MB } },
  batch: { maxFiles: { guest: 5, user: 20, vip: 200 }, maxFileSize: { guest: 10 * MB, user: 50 * MB, vip: 200 * MB } },
  image: { maxFiles: { guest: 5, user: 20, vip: 100 }, maxFileSize: { guest: 10 * MB, user: 20 * MB, vip: 50 * MB } },
  media: { maxFiles: { guest: 1, user: 1, vip: 5 }, maxFileSize: { guest: 50 * MB, user: 200 * MB, vip: 1024 * MB } },
} as const;

type Row = [
  id: string,
  type: ToolType,
  title: string,
  summary: string,
  accept: readonly string[],
  limits: keyof typeof LIMITS,
  weight: number,
  extra?: { mobile?: boolean; secondMenu?: boolean; layout?: Tool['layout']; keywords?: string },
];

// Weight orders a group (higher first); the first nine of the first five groups form the second-level menu.
const ROWS: Row[] = [
  ['pdf-to-word', 'from-PDF', 'PDF转Word', '把PDF转换成可编辑的Word文档，段落、标题、表格、图片原样保留', PDF, 'document', 100, { mobile: true }],
  ['pdf-to-excel', 'from-PDF', 'PDF转Excel', '识别PDF中的表格，转换为可计算的Excel表格', PDF, 'document', 95, { mobile: true }],
  ['pdf-to-ppt', 'from-PDF', 'PDF转PPT', '每页PDF变成一页可编辑的幻灯片', PDF, 'document', 90, { mobile: true }],
  ['pdf-to-jpg', 'from-PDF', 'PDF转图片', '把PDF每一页转换为高清JPG图片', PDF, 'document', 85, { mobile: true }],
  ['pdf-to-png', 'from-PDF', 'PDF转PNG', '把PDF每一页转换为无损PNG图片', PDF, 'document', 80],
  ['pdf-to-longpng', 'from-PDF', 'PDF转长图', '把整份PDF拼成一张长图，方便手机分享', PDF, 'document', 75],
  ['pdf-to-html', 'from-PDF', 'PDF转HTML', '转换为网页，文字仍可选中和搜索', PDF, 'document', 70],
  ['pdf-to-cad', 'from-PDF', 'PDF转CAD', '把PDF图纸中的线条转换为DXF图纸', PDF, 'document', 65],
  ['pdf-to-epub', 'from-PDF', 'PDF转EPUB', '转换为电子书，在手机和阅读器上自适应排版', PDF, 'document', 60],
  ['pdf-to-ofd', 'from-PDF', 'PDF转OFD', '转换为国家版式文档标准OFD格式', PDF, 'document', 55],

  ['word-to-pdf', 'convert-PDF', 'Word转PDF', 'Word文档一键转PDF，字体排版不走样', WORD, 'batch', 100, { mobile: true }],
  ['excel-to-pdf', 'convert-PDF', 'Excel转PDF', '表格转换为PDF，分页清晰', EXCEL, 'batch', 95, { mobile: true }],
  ['ppt-to-pdf', 'convert-PDF', 'PPT转PDF', '幻灯片转换为PDF，便于分发和打印', PPT, 'batch', 90, { mobile: true }],
  ['jpg-to-pdf', 'convert-PDF', '图片转PDF', '多张图片合成一个PDF，可调页面大小和边距', IMAGE, 'image', 85, { mobile: true }],
  ['image_zip_to_pdf', 'convert-PDF', '图片压缩包转PDF', '上传图片ZIP包，按文件名顺序合成PDF', ['zip'], 'document', 80],
  ['txt-to-pdf', 'convert-PDF', 'TXT转PDF', '文本文件转PDF，支持GBK和UTF-8中文', ['txt'], 'batch', 75],
  ['cad-to-pdf', 'convert-PDF', 'CAD转PDF', 'DWG、DXF图纸转换为PDF', CAD, 'batch', 70],
  ['ofd-to-pdf', 'convert-PDF', 'OFD转PDF', '打开电子发票等OFD文件并转换为PDF', ['ofd'], 'batch', 65],
  ['epub-to-pdf', 'convert-PDF', 'EPUB转PDF', '电子书转换为PDF', EBOOK, 'document', 60],
  ['video-to-pdf', 'convert-PDF', '视频转PDF', '提取视频关键画面，生成PDF', VIDEO, 'media', 55],

  ['scan-to-word', 'feature', '扫描件转Word', 'OCR识别扫描版PDF，生成可编辑Word', PDF, 'document', 100],
  ['scan-to-excel', 'feature', '扫描件转Excel', 'OCR识别扫描版表格，生成Excel', PDF, 'document', 95],
  ['word-to-excel', 'feature', 'Word转Excel', '把Word中的表格提取到Excel工作表', WORD, 'document', 90],
  ['word-to-img', 'feature', 'Word转图片', 'Word每页转成图片或一张长图', WORD, 'document', 85],
  ['epub-mobi-azw3', 'feature', '电子书格式转换', 'EPUB、MOBI、AZW3互相转换', EBOOK, 'document', 80],
  ['dwg-to-dxf', 'feature', 'DWG转DXF', 'DWG图纸转换为通用的DXF格式', ['dwg'], 'batch', 75],
  ['cad-to-cad', 'feature', 'CAD版本转换', 'DWG、DXF不同版本之间互相转换', CAD, 'batch', 70],
  ['cad-to-img', 'feature', 'CAD转图片', '图纸转换为PNG、JPG或SVG图片', CAD, 'batch', 65],
  ['cad-to-dwf', 'feature', 'CAD转DWF', '图纸转换为DWF格式，便于审阅', CAD, 'batch', 60],
  ['video-to-ppt', 'feature', '视频转PPT', '提取视频中的课件画面生成PPT', VIDEO, 'media', 55, { mobile: true }],

  ['video-to-word', 'audioVideo', '视频转文字', '识别视频中的语音，生成Word文稿和字幕', VIDEO, 'media', 100],
  ['voice-to-word', 'audioVideo', '语音转文字', '录音转成文字稿，带时间轴', AUDIO, 'media', 95],
  ['voice-translation', 'audioVideo', '语音翻译', '识别语音并翻译成其他语言', AUDIO, 'media', 90],
  ['video-to-audio', 'audioVideo', '视频提取音频', '从视频中提取音轨，保存为MP3等格式', VIDEO, 'media', 85],
  ['video-to-video', 'audioVideo', '视频格式转换', 'MP4、MOV、AVI、MKV、WEBM、GIF等互转', VIDEO, 'media', 80],
  ['audio-to-audio', 'audioVideo', '音频格式转换', 'MP3、WAV、AAC、FLAC、OGG、M4A互转', AUDIO, 'media', 75],
  ['video-compress', 'audioVideo', '视频压缩', '在清晰度和体积之间取得平衡，可指定目标大小', VIDEO, 'media', 70],
  ['audio-compress', 'audioVideo', '音频压缩', '降低码率，减小音频文件体积', AUDIO, 'media', 65],
  ['cut-audio', 'audioVideo', '音频剪切', '在波形上选取片段，精确到0.1秒', AUDIO, 'media', 60],

  ['img-convert', 'imgProcess', '图片格式转换', 'JPG、PNG、WEBP、AVIF、GIF、TIFF、BMP、ICO、HEIC互转', IMAGE, 'image', 100],
  ['img-compress', 'imgProcess', '图片压缩', '画质几乎不变，体积大幅减小', IMAGE, 'image', 95],
  ['img-to-txt', 'imgProcess', '图片转文字', 'OCR识别图片中的中英文文字', IMAGE, 'image', 90],
  ['img-to-excel', 'imgProcess', '图片转Excel', '识别图片中的表格，生成Excel', IMAGE, 'image', 85],
  ['img-cut', 'imgProcess', '图片裁剪', '按比例裁剪、旋转、翻转图片', IMAGE, 'image', 80],
  ['img-background-color', 'imgProcess', '证件照换底色', '一键更换红、蓝、白、灰底色，支持17种常用尺寸', ['jpg', 'jpeg', 'png', 'webp', 'heic'], 'image', 75],
  ['font-recognition', 'imgProcess', '字体识别', '上传图片，找出最接近的字体', ['jpg', 'jpeg', 'png', 'webp'], 'image', 70, { mobile: true }],

  ['pdf-merge', 'else', 'PDF合并', '多个PDF按顺序合并为一个文件', PDF, 'batch', 100, { mobile: true }],
  ['pdf-split', 'else', 'PDF拆分', '按页码范围、固定页数或逐页拆分PDF', PDF, 'document', 95, { mobile: true }],
  ['pdf-compress', 'else', 'PDF压缩', '压缩PDF中的图片和字体，减小文件体积', PDF, 'document', 90, { mobile: true }],
  ['pdf-rotate', 'else', 'PDF旋转', '旋转全部或指定页面', PDF, 'document', 85, { mobile: true }],
  ['pdf-lock', 'else', 'PDF加密', 'AES-256加密，设置打开密码和权限密码', PDF, 'document', 80, { mobile: true }],
  ['pdf-unlock', 'else', 'PDF解密', '输入密码，去除PDF的打开和权限限制', PDF, 'document', 75, { mobile: true }],
  ['watermark', 'else', 'PDF加水印', '添加中文文字或图片水印，可调透明度、角度、位置', PDF, 'document', 70],
  ['del-watermark', 'else', 'PDF去水印', '去除常见软件添加的水印', PDF, 'document', 65],
  ['pdf-add-page-number', 'else', 'PDF添加页码', '自定义页码位置、格式和起始页', PDF, 'document', 60],
  ['pdf-insert', 'else', 'PDF插入页面', '在指定位置插入空白页或其他PDF的页面', PDF, 'batch', 55],
  ['pdf-delete-page', 'else', 'PDF删除页面', '删除不需要的页面', PDF, 'document', 50],
  ['pdf-getimg', 'else', 'PDF提取图片', '按原始格式提取PDF中的全部图片', PDF, 'document', 45, { mobile: true }],
  ['pdf-portfolios', 'else', 'PDF文件包', '把多个文件打包成一个PDF文件包', [...PDF, ...WORD, ...EXCEL, ...PPT, ...IMAGE, 'txt', 'zip'], 'batch', 40],
  ['timestamp', 'else', 'PDF时间戳', '加盖RFC 3161时间戳（默认由本站内置时间戳服务签发），证明文件自该时刻起未被改动', PDF, 'document', 35],
  ['pdf-scan', 'else', 'PDF安全检测', '检测PDF中的脚本、外链、附件等风险，并可生成净化副本', PDF, 'document', 30],

  ['online-mindmap', 'other', '在线思维导图', '在浏览器中绘制思维导图，支持导出图片', [], 'document', 100, { layout: 'mind-map', secondMenu: false }],
];

export const TOOLS: readonly Tool[] = ROWS.map(([id, type, title, summary, accept, limits, weight, extra = {}]) => ({
  id,
  path: `/${id}/`,
  type,
  weight,
  moreWeight: weight,
  secondMenu: extra.secondMenu ?? (TOOL_GROUPS.find((g) => g.type === type)?.hasSecondMenu ?? false),
  title,
  summary,
  keywords: extra.keywords ?? `${title},${title}在线,${title}免费,在线${title}转换`,
  accept,
  ...LIMITS[limits],
  mobile: extra.mobile ?? false,
  layout: extra.layout ?? 'default',
}));

const BY_ID = new Map(TOOLS.map((t) => [t.id, t]));

export function findTool(id: string): Tool | undefined {
  return BY_ID.get(id);
}

export function toolsOfGroup(type: ToolType): Tool[] {
  return TOOLS.filter((t) => t.type === type).sort((a, b) => b.weight - a.weight);
}

/** The header's second-level menu: at most nine entries for each of the first five groups. */
export function secondMenu(type: ToolType): Tool[] {
  return toolsOfGroup(type).filter((t) => t.secondMenu).slice(0, SECOND_MENU_MAX);
}

/** SPEC §9: ten popular tools, in this order. */
export const HOT_TOOL_IDS = [
  'pdf-to-word', 'pdf-to-jpg', 'pdf-to-excel', 'jpg-to-pdf', 'word-to-pdf',
  'excel-to-pdf', 'img-to-excel', 'img-to-txt', 'pdf-merge', 'pdf-split',
] as const;

/** SPEC §9: three featured tools. */
export const FEATURED_TOOL_IDS = ['pdf-to-word', 'pdf-to-jpg', 'img-to-excel'] as const;

export function toolsByIds(ids: readonly string[]): Tool[] {
  return ids.map((id) => {
    const tool = findTool(id);
    if (!tool) throw new Error(`unknown tool ${id}`);
    return tool;
  });
}

export interface TutorialCategory {
  newsId: number;
  title: string;
  link: string;
  description: string;
  tagLink: string;
}

/** SPEC §2 tutorial categories, keyed by news id; each points at its tool and its tag page. */
export const TUTORIAL_CATEGORIES: readonly TutorialCategory[] = (
  [
    [1, 'PDF转Word', 'pdf-to-word'],
    [2, 'PDF转图片', 'pdf-to-jpg'],
    [3, 'PDF转PPT', 'pdf-to-ppt'],
    [4, 'PDF转Excel', 'pdf-to-excel'],
    [5, 'Word转PDF', 'word-to-pdf'],
    [6, '图片转PDF', 'jpg-to-pdf'],
    [7, 'PDF合并', 'pdf-merge'],
    [8, 'PDF拆分', 'pdf-split'],
    [10, 'PDF解密', 'pdf-unlock'],
    [11, 'PDF压缩', 'pdf-compress'],
    [13, 'PPT转PDF', 'ppt-to-pdf'],
    [15, 'PDF加水印', 'watermark'],
    [68, '图片转文字', 'img-to-txt'],
    [148, '图片转Excel', 'img-to-excel'],
    [149, 'PDF转CAD', 'pdf-to-cad'],
  ] as const
).map(([newsId, title, toolId]) => ({
  newsId,
  title: `${title}教程`,
  link: `/${toolId}/`,
  description: `${title}怎么操作？图文教程一步步教你完成${title}。`,
  tagLink: `/tags/${toolId}/`,
}));
