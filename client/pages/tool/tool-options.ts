// What the page offers per tool: the options form (names and defaults as the converters' zod
// schemas on the server declare them), and whether a tool runs at all yet. A tool missing from
// this table has no converter: its page says so instead of offering a button that cannot work.
import { DXF_VERSION_LABELS, DXF_VERSIONS } from '../../../shared/dxf-versions';
import { parseMediaTime } from '../../../shared/format';

export interface Choice {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  hint?: string;
  /** Shown only while another option has one of these values. */
  when?: { name: string; values: readonly string[] };
  /** The page refuses to start without it (message shown under the field). */
  required?: string;
  /** A message when a filled-in value is not acceptable. */
  check?(value: string): string | undefined;
}

export type OptionField =
  /** A choice with `local` set is the page's own (e.g. "pick on thumbnails") and never sent. */
  | (FieldBase & { kind: 'choice'; choices: readonly (Choice & { local?: boolean })[]; default: string })
  | (FieldBase & { kind: 'text' | 'password'; default: string; placeholder?: string; maxLength?: number })
  | (FieldBase & {
      kind: 'number';
      default: string;
      min: number;
      max: number;
      step?: number;
      placeholder?: string;
      unit?: string;
      /** Sent under another name, multiplied and rounded (a size asked in MB, taken in KB). */
      send?: { name: string; factor: number };
    })
  /** Set by an editor on the page (a crop box, waveform handles), not drawn in the form. */
  | (FieldBase & { kind: 'hidden'; default: string; numeric?: boolean });

/** An editor drawn over the first chosen file, setting some of the options. */
export type EditorKind = 'crop' | 'waveform' | 'id-photo';

/** A tool's own view of its first step's result, where the visitor may change options and confirms. */
export type PreviewKind = 'id-photo';

/** Page tools: the visitor picks pages on the thumbnails of the chosen PDF (staging.ts), then the run goes. */
export interface PagePicking {
  /** Only while this option has one of these values (else always). */
  when?: { name: string; values: readonly string[] };
  /** Title above the thumbnails. */
  title: string;
  /** How a picked thumbnail is marked. */
  mark: string;
  /** Page 1 is always taken and cannot be picked; this marks it. */
  firstPage?: string;
  /** The button that runs the final step, for the pages picked so far. */
  action(picked: readonly number[], pageCount: number): string;
  /** Whether the final step can run; a message when the picks can never work as they are. */
  check(picked: readonly number[], pageCount: number): { ready: boolean; problem?: string };
  /** The options of the final run. */
  options(picked: readonly number[], pageCount: number): Record<string, unknown>;
}

export interface ToolSetup {
  fields: readonly OptionField[];
  /** What the start button says. */
  action: string;
  pagePicking?: PagePicking;
  /** A note above the options (e.g. what a second file is for). */
  note?: string;
  /** The order of the files matters (merge): the list gets order controls. */
  ordered?: boolean;
  /** Fewer files than the tier allows, when the converter takes no more. */
  maxFiles?: number;
  /** At least one of these options must be filled (the message goes under the first). */
  oneOf?: { names: readonly string[]; message: string };
  editor?: EditorKind;
  /** The run begins with the converter's preview step, shown in this view before the final run. */
  preview?: PreviewKind;
  /** The result compares the output sizes with the inputs' (compression tools). */
  showSaving?: boolean;
  /**
   * Page tools: each chosen PDF is uploaded at once for its thumbnails and page count (staging.ts).
   * 'files': a card per file with its first page (merge, insert); 'pages': every page of the file.
   */
  pageView?: 'files' | 'pages';
  /** The thumbnails turn by the `angle` option on the pages of the `pages` option; a tap adds or takes a page. */
  rotates?: boolean;
}

const PAGES_HINT = '例如 1-3,5,8-（留空表示全部页面）';

const pagesField = (label = '页码范围'): OptionField => ({ kind: 'text', name: 'pages', label, default: '', placeholder: '全部页面', hint: PAGES_HINT, maxLength: 1000 });

const openPasswordField: OptionField = {
  kind: 'password',
  name: 'password',
  label: '打开密码',
  default: '',
  placeholder: '文件未加密可不填',
  hint: '仅当PDF设置了打开密码时需要',
  maxLength: 128,
};

/**
 * The same option for tools that do not draw it in the form: asked for only when the PDF turns out
 * to be locked (the failed run's password prompt, FailureActions.tsx), then sent with the re-run.
 */
const lockedPasswordField: OptionField = { kind: 'hidden', name: 'password', label: '打开密码', default: '' };

/** Converters that read the whole PDF and take its password (server: passwordOption), without other options. */
const readsLockedPdf: ToolSetup = { action: '开始转换', fields: [lockedPasswordField] };

const dpiField = (defaultDpi: number, max: number): OptionField => ({
  kind: 'choice',
  name: 'dpi',
  label: '清晰度',
  default: String(defaultDpi),
  choices: [
    { value: '72', label: '普通（72 DPI）' },
    { value: '96', label: '屏幕（96 DPI）' },
    { value: '150', label: '高清（150 DPI）' },
    { value: '300', label: '超清（300 DPI）' },
    ...(max >= 600 ? [{ value: '600', label: '印刷（600 DPI）' }] : []),
  ],
});

const pageImages = (format: string): ToolSetup => ({
  action: `开始转换为${format}`,
  fields: [dpiField(150, 600), pagesField(), openPasswordField],
});


const choices = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Choice[] =>
  values.map((value) => ({ value, label: labels[value] ?? value.toUpperCase() }));

const IMAGE_FORMATS = ['jpg', 'png', 'webp', 'avif', 'gif', 'tiff', 'bmp', 'ico'] as const;
const AUDIO_FORMATS = ['mp3', 'wav', 'aac', 'flac', 'ogg', 'm4a'] as const;
const VIDEO_FORMATS = ['mp4', 'webm', 'mov', 'avi', 'mkv', 'flv', 'gif'] as const;
const SAME = { same: '与原文件相同' };

const formatField = (values: readonly string[], fallback: string, label = '输出格式', labels: Readonly<Record<string, string>> = {}): OptionField => ({
  kind: 'choice',
  name: 'format',
  label,
  default: fallback,
  choices: choices(values, labels),
});

const levelField = (labels: readonly [string, string, string]): OptionField => ({
  kind: 'choice',
  name: 'level',
  label: '压缩强度',
  default: 'medium',
  choices: [
    { value: 'low', label: labels[0] },
    { value: 'medium', label: labels[1] },
    { value: 'high', label: labels[2] },
  ],
});

/** The strength labels of PDF, video and audio compression (images have their own). */
const COMPRESS_LEVELS = ['轻度（画质优先）', '推荐（均衡）', '强力（体积最小）'] as const;

/** Target size asked in MB, sent as the converter's targetKB. */
const targetMBField: OptionField = {
  kind: 'number',
  name: 'targetMB',
  label: '目标大小',
  default: '',
  min: 0.1,
  max: 4096,
  step: 0.1,
  unit: 'MB',
  placeholder: '不限',
  hint: '填写后按目标大小压缩，留空则按压缩强度',
  send: { name: 'targetKB', factor: 1024 },
};

const mediaTimeCheck = (value: string) => (parseMediaTime(value) === null ? '时间格式应为 时:分:秒.十分之一秒，例如 00:01:05.3' : undefined);

const videoSlides = (what: string): ToolSetup => ({
  action: `开始生成${what}`,
  fields: [
    { kind: 'number', name: 'interval', label: '最长间隔', default: '10', min: 0.5, max: 3600, step: 0.5, unit: '秒', hint: '画面不变时，至少每隔这么久取一帧' },
    {
      kind: 'number',
      name: 'scene',
      label: '场景变化阈值',
      default: '0.3',
      min: 0.05,
      max: 0.9,
      step: 0.05,
      hint: '0.05–0.9，越小越灵敏，取到的画面越多',
    },
  ],
});

const MEDIA_SETUPS: Readonly<Record<string, ToolSetup>> = {
  'img-convert': { action: '开始转换', fields: [formatField(IMAGE_FORMATS, 'png', '转换为')] },
  'img-compress': {
    action: '开始压缩',
    showSaving: true,
    fields: [
      levelField(['轻度（画质最佳）', '推荐（几乎无损）', '强力（体积最小）']),
      { kind: 'number', name: 'targetKB', label: '目标大小', default: '', min: 1, max: 100 * 1024, unit: 'KB', placeholder: '不限', hint: '填写后压缩到该大小以内，留空则按压缩强度' },
    ],
  },
  'img-cut': {
    action: '开始裁剪',
    editor: 'crop',
    note: '在图片上拖动裁剪框，拖动四角调整大小',
    fields: [
      {
        kind: 'choice',
        name: 'ratio',
        label: '裁剪比例',
        default: 'free',
        choices: [{ value: 'free', label: '自由' }, ...choices(['1:1', '4:3', '3:4', '16:9', '9:16'])],
      },
      {
        kind: 'choice',
        name: 'angle',
        label: '旋转',
        default: '0',
        choices: [
          { value: '0', label: '不旋转' },
          { value: '90', label: '顺时针 90°' },
          { value: '180', label: '180°' },
          { value: '270', label: '逆时针 90°' },
        ],
      },
      { kind: 'choice', name: 'flop', label: '左右翻转', default: 'false', choices: [{ value: 'false', label: '否' }, { value: 'true', label: '是' }] },
      { kind: 'choice', name: 'flip', label: '上下翻转', default: 'false', choices: [{ value: 'false', label: '否' }, { value: 'true', label: '是' }] },
      formatField(['same', ...IMAGE_FORMATS], 'same', '输出格式', SAME),
      {
        kind: 'choice',
        name: 'cutout',
        label: '抠图',
        default: 'false',
        choices: [
          { value: 'false', label: '不抠图' },
          { value: 'true', label: '去除背景（透明PNG）' },
        ],
      },
      { kind: 'hidden', name: 'x', label: '裁剪框左边', default: '', numeric: true },
      { kind: 'hidden', name: 'y', label: '裁剪框上边', default: '', numeric: true },
      { kind: 'hidden', name: 'width', label: '裁剪框宽度', default: '', numeric: true },
      { kind: 'hidden', name: 'height', label: '裁剪框高度', default: '', numeric: true },
    ],
  },
  'video-to-audio': { action: '开始提取', fields: [formatField(AUDIO_FORMATS, 'mp3')] },
  'audio-to-audio': { action: '开始转换', fields: [formatField(AUDIO_FORMATS, 'mp3', '转换为')] },
  'video-to-video': { action: '开始转换', fields: [formatField(VIDEO_FORMATS, 'mp4', '转换为')] },
  'video-compress': { action: '开始压缩', fields: [levelField(COMPRESS_LEVELS), targetMBField] },
  'audio-compress': { action: '开始压缩', fields: [levelField(COMPRESS_LEVELS), targetMBField] },
  'cut-audio': {
    action: '开始剪切',
    editor: 'waveform',
    note: '拖动波形上的两个滑块选择片段，或直接输入时间',
    fields: [
      { kind: 'text', name: 'start', label: '开始时间', default: '00:00:00.0', placeholder: '00:00:00.0', maxLength: 20, required: '请填写开始时间', check: mediaTimeCheck },
      { kind: 'text', name: 'end', label: '结束时间', default: '', placeholder: '文件末尾', maxLength: 20, check: mediaTimeCheck },
      formatField(['same', ...AUDIO_FORMATS], 'same', '输出格式', SAME),
    ],
  },
  'img-background-color': {
    action: '生成证件照预览',
    editor: 'id-photo',
    preview: 'id-photo',
    maxFiles: 1,
    note: '请上传正面、免冠、光线均匀的半身照，背景越简单，换底效果越好',
    // The converter's defaults; the picker sets them (SPEC §3 colour id, size id).
    fields: [
      { kind: 'hidden', name: 'color', label: '背景颜色', default: 'blue' },
      { kind: 'hidden', name: 'size', label: '证件照尺寸', default: '1', numeric: true },
    ],
  },
  'video-to-pdf': videoSlides('PDF'),
  'video-to-ppt': videoSlides('PPT'),
};

/** CAD drawings drawn as pictures, PDF or DWFx (server/convert/tools/cad/render). */
const cadSheetField = (fallback: 'model' | 'layouts'): OptionField => ({
  kind: 'choice',
  name: 'space',
  label: '输出范围',
  default: fallback,
  choices: [
    { value: 'layouts', label: '每个布局一页（无布局时为模型空间）' },
    { value: 'model', label: '模型空间（全部图形）' },
  ],
});

const cadPaperFields: readonly OptionField[] = [
  {
    kind: 'choice',
    name: 'paper',
    label: '纸张大小',
    default: 'fit',
    choices: [{ value: 'fit', label: '适合图纸' }, ...['A4', 'A3', 'A2', 'A1', 'A0'].map((size) => ({ value: size, label: size }))],
  },
  {
    kind: 'choice',
    name: 'orientation',
    label: '方向',
    default: 'auto',
    when: { name: 'paper', values: ['A4', 'A3', 'A2', 'A1', 'A0'] },
    choices: [
      { value: 'auto', label: '自动（按图形）' },
      { value: 'landscape', label: '横向' },
      { value: 'portrait', label: '纵向' },
    ],
  },
  cadSheetField('layouts'),
];

/** The DXF release of dwg-to-dxf and cad-to-cad (server: tools/cad/write). */
const dxfVersionField: OptionField = {
  kind: 'choice',
  name: 'version',
  label: '输出版本',
  default: '2018',
  choices: DXF_VERSIONS.map((value) => ({ value, label: DXF_VERSION_LABELS[value] })),
  hint: '版本越新支持的图元越全；R12 会把样条、椭圆、多行文字等转为多段线和单行文字',
};

const CAD_SETUPS: Readonly<Record<string, ToolSetup>> = {
  'dwg-to-dxf': { action: '开始转换', fields: [dxfVersionField] },
  'cad-to-cad': {
    action: '开始转换',
    fields: [dxfVersionField],
    note: '输出为所选版本的DXF图纸。暂不提供DWG输出：目前没有开源引擎能写出可被完整读回的DWG文件，为保证图元不丢失，请使用DXF（AutoCAD等CAD软件均可直接打开）',
  },
  'pdf-to-cad': { action: '开始转换', fields: [pagesField(), openPasswordField] },
  'cad-to-img': {
    action: '开始转换',
    fields: [
      formatField(['png', 'jpg', 'svg'], 'png', '图片格式', { svg: 'SVG（矢量）' }),
      {
        kind: 'choice',
        name: 'background',
        label: '背景颜色',
        default: 'white',
        choices: [
          { value: 'white', label: '白色（打印效果）' },
          { value: 'black', label: '黑色（CAD界面效果）' },
        ],
      },
      {
        kind: 'choice',
        name: 'sizing',
        label: '图片大小',
        default: 'width',
        choices: [
          { value: 'width', label: '按宽度（像素）' },
          { value: 'dpi', label: '按DPI（图纸尺寸）' },
        ],
      },
      { kind: 'number', name: 'width', label: '图片宽度', default: '2000', min: 200, max: 10000, unit: '像素', when: { name: 'sizing', values: ['width'] } },
      { ...dpiField(150, 600), when: { name: 'sizing', values: ['dpi'] } },
      cadSheetField('model'),
    ],
  },
  'cad-to-pdf': { action: '开始转换为PDF', fields: cadPaperFields },
  'cad-to-dwf': { action: '开始转换为DWF', fields: cadPaperFields },
};

export const TOOL_SETUPS: Readonly<Record<string, ToolSetup>> = {
  ...MEDIA_SETUPS,
  ...CAD_SETUPS,
  // `auto` (the converter's default) decides per file, so a batch of mixed books needs no choice:
  // an EPUB becomes AZW3 (Kindle's current format; Send to Kindle no longer takes MOBI), a MOBI or
  // AZW3 becomes EPUB (what every other reader opens).
  'epub-mobi-azw3': {
    action: '开始转换',
    fields: [
      formatField(['auto', 'epub', 'mobi', 'azw3', 'pdf'], 'auto', '转换为', {
        auto: '自动（EPUB转AZW3，MOBI、AZW3转EPUB）',
        epub: 'EPUB（通用电子书）',
        mobi: 'MOBI（旧版Kindle）',
        azw3: 'AZW3（Kindle）',
        pdf: 'PDF（A4排版）',
      }),
    ],
  },
  'pdf-to-word': readsLockedPdf,
  'pdf-to-excel': readsLockedPdf,
  'pdf-to-ppt': readsLockedPdf,
  'pdf-to-html': readsLockedPdf,
  'pdf-to-epub': readsLockedPdf,
  'scan-to-word': readsLockedPdf,
  'scan-to-excel': readsLockedPdf,
  'pdf-merge': { action: '开始合并', fields: [], ordered: true, pageView: 'files', note: '按列表顺序合并，可拖动文件或用上下箭头调整顺序' },
  // Each image is one page, in the list's order (the images are the pages this tool orders).
  'jpg-to-pdf': {
    action: '开始转换',
    ordered: true,
    note: '按列表顺序生成PDF页面，可拖动图片或用上下箭头调整顺序',
    fields: [
      {
        kind: 'choice',
        name: 'pageSize',
        label: '页面大小',
        default: 'A4',
        choices: [
          { value: 'A4', label: 'A4' },
          { value: 'Letter', label: 'Letter' },
          { value: 'fit', label: '与图片一致' },
        ],
      },
      {
        kind: 'choice',
        name: 'orientation',
        label: '页面方向',
        default: 'auto',
        when: { name: 'pageSize', values: ['A4', 'Letter'] },
        choices: [
          { value: 'auto', label: '自动' },
          { value: 'portrait', label: '纵向' },
          { value: 'landscape', label: '横向' },
        ],
      },
      { kind: 'number', name: 'margin', label: '页边距', default: '10', min: 0, max: 50, unit: '毫米' },
    ],
  },
  'pdf-split': {
    action: '开始拆分',
    pageView: 'pages',
    fields: [
      {
        kind: 'choice',
        name: 'mode',
        label: '拆分方式',
        default: 'single',
        choices: [
          { value: 'single', label: '逐页拆分' },
          { value: 'every', label: '按固定页数' },
          { value: 'ranges', label: '按页码范围' },
          { value: 'pick', label: '在页面上选择', local: true },
        ],
      },
      { kind: 'number', name: 'n', label: '每个文件的页数', default: '1', min: 1, max: 100000, unit: '页', when: { name: 'mode', values: ['every'] } },
      {
        kind: 'text',
        name: 'pages',
        label: '页码范围',
        default: '',
        placeholder: '例如 1-2,3',
        hint: '每个范围生成一个文件，用逗号分隔，例如 1-3,4-6,7-',
        maxLength: 1000,
        when: { name: 'mode', values: ['ranges'] },
        required: '请填写页码范围，例如 1-3,5',
      },
    ],
    pagePicking: {
      when: { name: 'mode', values: ['pick'] },
      title: '点击新文件开始的页面',
      mark: '从此拆分',
      firstPage: '第 1 份',
      action: (picked) => (picked.length > 0 ? `拆分为 ${picked.length + 1} 个文件` : '开始拆分'),
      check: (picked) => ({ ready: picked.length > 0 }),
      options: (picked, pageCount) => ({ mode: 'ranges', pages: splitRangesOf(picked, pageCount) }),
    },
  },
  'pdf-rotate': {
    action: '开始旋转',
    pageView: 'pages',
    rotates: true,
    fields: [
      {
        kind: 'choice',
        name: 'angle',
        label: '旋转角度',
        default: '90',
        choices: [
          { value: '90', label: '顺时针 90°' },
          { value: '180', label: '180°' },
          { value: '270', label: '逆时针 90°' },
        ],
      },
      pagesField('旋转页面'),
    ],
  },
  'pdf-compress': {
    action: '开始压缩',
    fields: [
      levelField(COMPRESS_LEVELS),
      openPasswordField,
    ],
  },
  'pdf-lock': {
    action: '开始加密',
    oneOf: { names: ['password', 'ownerPassword'], message: '请设置打开密码或权限密码' },
    fields: [
      { kind: 'password', name: 'password', label: '打开密码', default: '', placeholder: '打开文件时需要输入', maxLength: 128 },
      {
        kind: 'password',
        name: 'ownerPassword',
        label: '权限密码',
        default: '',
        placeholder: '留空则与打开密码相同',
        hint: '修改权限（打印、编辑、复制）时需要',
        maxLength: 128,
      },
    ],
  },
  'pdf-unlock': {
    action: '开始解密',
    fields: [{ ...openPasswordField, label: '文件密码', placeholder: '输入打开密码或权限密码', hint: '仅有权限限制的文件可不填' }],
  },
  watermark: {
    action: '添加水印',
    fields: [
      { kind: 'text', name: 'text', label: '水印文字', default: '', placeholder: '例如：内部资料 请勿外传', maxLength: 200, required: '请填写水印文字' },
      {
        kind: 'choice',
        name: 'position',
        label: '水印位置',
        default: 'center',
        choices: [
          { value: 'center', label: '页面居中' },
          { value: 'tile', label: '平铺满页' },
        ],
      },
      {
        kind: 'choice',
        name: 'opacity',
        label: '透明度',
        default: '0.3',
        choices: [
          { value: '0.15', label: '很淡' },
          { value: '0.3', label: '适中' },
          { value: '0.5', label: '较深' },
          { value: '0.8', label: '很深' },
        ],
      },
      { kind: 'number', name: 'angle', label: '倾斜角度', default: '45', min: -360, max: 360, step: 5, unit: '°' },
      pagesField('添加页面'),
    ],
  },
  'del-watermark': { action: '开始去水印', fields: [] },
  'pdf-add-page-number': {
    action: '添加页码',
    fields: [
      {
        kind: 'choice',
        name: 'position',
        label: '页码位置',
        default: 'bottom-center',
        choices: [
          { value: 'bottom-center', label: '底部居中' },
          { value: 'bottom-right', label: '底部右侧' },
          { value: 'bottom-left', label: '底部左侧' },
          { value: 'top-center', label: '顶部居中' },
          { value: 'top-right', label: '顶部右侧' },
          { value: 'top-left', label: '顶部左侧' },
        ],
      },
      {
        kind: 'text',
        name: 'format',
        label: '页码格式',
        default: '第 {n} 页 / 共 {total} 页',
        hint: '{n} 为当前页码，{total} 为总页数',
        maxLength: 100,
        required: '请填写页码格式，需包含 {n}',
        check: (value) => (value.includes('{n}') ? undefined : '页码格式中需要包含 {n}'),
      },
      { kind: 'number', name: 'start', label: '起始页码', default: '1', min: 0, max: 1000000 },
    ],
  },
  'pdf-insert': {
    action: '插入页面',
    note: '只上传一个PDF时插入空白页；再上传第二个PDF，则把它的页面插入第一个PDF',
    maxFiles: 2,
    ordered: true,
    pageView: 'files',
    fields: [
      { kind: 'number', name: 'position', label: '插入位置', default: '', min: 0, max: 100000, placeholder: '最后一页之后', hint: '插在第几页之后，0 表示第一页之前，留空表示末尾' },
      { kind: 'number', name: 'count', label: '空白页数量', default: '1', min: 1, max: 500, unit: '页' },
      pagesField('第二个PDF的页面'),
    ],
  },
  'pdf-delete-page': {
    action: '删除页面',
    fields: [],
    pageView: 'pages',
    maxFiles: 1,
    pagePicking: {
      title: '点击要删除的页面',
      mark: '删除',
      action: (picked) => (picked.length > 0 ? `删除选中页面（${picked.length} 页）` : '删除选中页面'),
      check: (picked, pageCount) =>
        picked.length === pageCount ? { ready: false, problem: '不能删除全部页面，至少要保留一页' } : { ready: picked.length > 0 },
      options: (picked) => ({ pages: pageRangesOf(picked) }),
    },
  },
  'pdf-getimg': { action: '开始提取', fields: [pagesField('提取页面'), openPasswordField] },
  'pdf-to-jpg': pageImages('JPG'),
  'pdf-to-png': pageImages('PNG'),
  'pdf-to-longpng': { action: '生成长图', fields: [dpiField(96, 300), pagesField(), openPasswordField] },
  'pdf-portfolios': { action: '生成文件包', fields: [], ordered: true },
  'pdf-scan': { action: '开始检测', fields: [openPasswordField] },
  timestamp: { action: '加盖时间戳', fields: [openPasswordField] },
};

/** A tool without its own row runs with the converter's default options. */
const DEFAULT_SETUP: ToolSetup = { action: '开始转换', fields: [] };

export function toolSetup(toolId: string): ToolSetup {
  return TOOL_SETUPS[toolId] ?? DEFAULT_SETUP;
}

export type OptionValues = Record<string, string>;

export function defaultValues(setup: ToolSetup): OptionValues {
  return Object.fromEntries(setup.fields.map((field) => [field.name, field.default]));
}

export function isShown(field: OptionField, values: OptionValues): boolean {
  return !field.when || field.when.values.includes(values[field.when.name] ?? '');
}

/** Field name → Chinese message, for what the page can tell before uploading anything. */
export function checkValues(setup: ToolSetup, values: OptionValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of setup.fields) {
    if (!isShown(field, values)) continue;
    const value = (values[field.name] ?? '').trim();
    if (field.required && value === '') problems[field.name] = field.required;
    else if (field.check && value !== '' && field.check(value)) problems[field.name] = field.check(value)!;
    else if (field.kind === 'number' && value !== '') {
      const n = Number(value);
      if (!Number.isFinite(n) || n < field.min || n > field.max || (field.step === undefined && !Number.isInteger(n))) {
        problems[field.name] = `请输入 ${field.min} 到 ${field.max} 之间的${field.step === undefined ? '整数' : '数值'}`;
      }
    }
  }
  if (setup.oneOf && setup.oneOf.names.every((name) => (values[name] ?? '') === '')) {
    problems[setup.oneOf.names[0]!] = setup.oneOf.message;
  }
  return problems;
}

/** The options JSON of the task: shown fields only, numbers as numbers, empty optional values left to the server's defaults. */
export function optionsOf(setup: ToolSetup, values: OptionValues): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const field of setup.fields) {
    if (!isShown(field, values)) continue;
    const value = values[field.name] ?? '';
    if (value.trim() === '') continue;
    if (field.kind === 'choice' && field.choices.some((c) => c.value === value && c.local)) continue;
    if (field.kind === 'number' && field.send) {
      options[field.send.name] = Math.round(Number(value) * field.send.factor);
      continue;
    }
    const numeric =
      field.kind === 'number' ||
      (field.kind === 'hidden' && field.numeric) ||
      (field.kind === 'choice' && field.choices.every((c) => c.value !== '' && Number.isFinite(Number(c.value))));
    options[field.name] = numeric ? Number(value) : value;
  }
  return options;
}

/** Picked 1-based page numbers → the shortest range list: [1,2,3,5] → "1-3,5". */
export function pageRangesOf(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The pages a range list names in a document of `pageCount` pages; undefined while it does not parse. */
export function pagesOfRanges(spec: string, pageCount: number): Set<number> | undefined {
  const pages = new Set<number>();
  for (const raw of spec.split(/[,，;；]/)) {
    const part = raw.trim().replace(/[~～—–－]/g, '-');
    if (part === '') continue;
    const match = /^(\d*)\s*-\s*(\d*)$|^(\d+)$/.exec(part);
    if (!match || part === '-') return undefined;
    const from = match[3] !== undefined ? Number(match[3]) : match[1] ? Number(match[1]) : 1;
    const to = match[3] !== undefined ? from : match[2] ? Number(match[2]) : pageCount;
    for (let page = Math.max(1, from); page <= Math.min(to, pageCount); page++) pages.add(page);
  }
  return pages;
}

/** Pages where new files start → the range list of the parts: [3, 6] of 8 pages → "1-2,3-5,6-8". */
export function splitRangesOf(starts: readonly number[], pageCount: number): string {
  const bounds = [...new Set([1, ...starts.filter((p) => p > 1 && p <= pageCount)])].sort((a, b) => a - b);
  return bounds.map((from, i) => {
    const to = (bounds[i + 1] ?? pageCount + 1) - 1;
    return from === to ? `${from}` : `${from}-${to}`;
  }).join(',');
}

/** The thumbnail step of this run, if the tool (in its current mode) has one. */
export function activePicking(setup: ToolSetup, values: OptionValues): PagePicking | undefined {
  const picking = setup.pagePicking;
  if (!picking) return undefined;
  return !picking.when || picking.when.values.includes(values[picking.when.name] ?? '') ? picking : undefined;
}
