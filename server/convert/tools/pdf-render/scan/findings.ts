// What a security scan looks for, how serious each thing is, and how it is told to the visitor.
import { forEachDict, isDict, isReference, resolve, textOf, type PdfJsonDict, type PdfJsonValue, type PdfObjects } from '../qpdf-json';

import type { RiskLevel } from '../../../../../shared/task-api';

export type { RiskLevel };

export type FindingKind =
  | 'javascript'
  | 'launch'
  | 'openAction'
  | 'additionalActions'
  | 'embeddedFile'
  | 'submitForm'
  | 'externalGoTo'
  | 'richMedia'
  | 'xfa'
  | 'uri'
  | 'signature'
  | 'encryption';

export interface Finding {
  kind: FindingKind;
  severity: RiskLevel;
  /** How many places in the file. */
  count: number;
  message: string;
  /** Addresses, file names and the like, when the kind has them. */
  details: string[];
}

const DESCRIPTIONS: Record<FindingKind, { severity: RiskLevel; message: string }> = {
  javascript: { severity: '高', message: '包含JavaScript脚本，打开或操作文档时可能自动执行代码' },
  launch: { severity: '高', message: '包含启动外部程序或文件的动作（Launch）' },
  openAction: { severity: '中', message: '文档打开时会自动执行动作（OpenAction）' },
  additionalActions: { severity: '中', message: '页面、表单或文档事件上绑定了附加动作（AA）' },
  embeddedFile: { severity: '中', message: '包含嵌入的附件文件，打开附件前请确认来源可信' },
  submitForm: { severity: '中', message: '包含向外部地址提交或导入表单数据的动作' },
  externalGoTo: { severity: '中', message: '包含跳转到其他文件的动作' },
  richMedia: { severity: '中', message: '包含多媒体（RichMedia）内容' },
  xfa: { severity: '中', message: '包含XFA动态表单，可能内含脚本' },
  uri: { severity: '低', message: '包含外部网址链接，点击前请核对地址' },
  signature: { severity: '低', message: '包含数字签名或时间戳' },
  encryption: { severity: '低', message: '文档已加密' },
};

const ACTION_KINDS: Record<string, FindingKind> = {
  '/JavaScript': 'javascript',
  '/Launch': 'launch',
  '/SubmitForm': 'submitForm',
  '/ImportData': 'submitForm',
  '/GoToR': 'externalGoTo',
  '/GoToE': 'externalGoTo',
  '/RichMediaExecute': 'richMedia',
  '/URI': 'uri',
};

/** Named actions (/S /Named) that only turn the page, as a destination would. */
const PAGE_TURNS = new Set(['/NextPage', '/PrevPage', '/FirstPage', '/LastPage']);
/** A /Next chain this long (or a loop) counts as doing something: no real file chains that far. */
const MAX_ACTION_CHAIN = 32;

/**
 * Whether an /OpenAction only shows a place in the document: a destination (an array such as
 * [page /Fit], or a name), a GoTo action, or a page turn — each with any /Next actions harmless
 * too. LibreOffice and pdfTeX write these on ordinary files; anything else runs when the file opens.
 */
function onlyShowsAPlace(objects: PdfObjects['objects'], value: PdfJsonValue | undefined, depth = 0): boolean {
  if (depth >= MAX_ACTION_CHAIN) return false;
  const action = resolve(objects, value);
  // An object whose value is another reference: follow it too.
  if (isReference(action)) return onlyShowsAPlace(objects, action, depth + 1);
  // A destination: explicit, or named by a string or (PDF 1.1) a name.
  if (Array.isArray(action) || typeof action === 'string') return true;
  if (!isDict(action)) return false;
  const navigates = action['/S'] === '/GoTo' || (action['/S'] === '/Named' && typeof action['/N'] === 'string' && PAGE_TURNS.has(action['/N']));
  if (!navigates) return false;
  const next = resolve(objects, action['/Next']);
  return (Array.isArray(next) ? next : next === undefined ? [] : [next]).every((item) => onlyShowsAPlace(objects, item, depth + 1));
}

/** Action types a sanitised copy must not keep. */
export const DANGEROUS_ACTIONS = new Set(['/JavaScript', '/Launch', '/SubmitForm', '/ImportData', '/RichMediaExecute', '/GoToE']);

export function findRisks({ objects }: PdfObjects, encrypted: boolean): Finding[] {
  const found = new Map<FindingKind, Finding>();
  const note = (kind: FindingKind, detail?: string) => {
    const finding = found.get(kind) ?? { kind, ...DESCRIPTIONS[kind], count: 0, details: [] };
    finding.count++;
    if (detail && !finding.details.includes(detail)) finding.details.push(detail);
    found.set(kind, finding);
  };
  const noteAction = (dict: PdfJsonDict) => {
    const kind = typeof dict['/S'] === 'string' ? ACTION_KINDS[dict['/S']] : undefined;
    if (kind === 'uri') note(kind, textOf(dict['/URI']));
    else if (kind) note(kind);
  };

  forEachDict(objects, (dict) => {
    noteAction(dict);
    if ('/JS' in dict && dict['/S'] !== '/JavaScript') note('javascript');
    if ('/OpenAction' in dict && !onlyShowsAPlace(objects, dict['/OpenAction'])) note('openAction');
    if ('/AA' in dict) note('additionalActions');
    if ('/XFA' in dict) note('xfa');
    if (dict['/Subtype'] === '/RichMedia') note('richMedia');
    if ('/EF' in dict) note('embeddedFile', textOf(dict['/UF'] ?? dict['/F']));
    // Every signature value dictionary (signature or document timestamp) has a /ByteRange.
    if ('/ByteRange' in dict) note('signature', textOf(dict['/SubFilter']));
  });
  if (encrypted) note('encryption');
  return [...found.values()];
}

const SEVERITY_ORDER: RiskLevel[] = ['低', '中', '高'];

export function overallRisk(findings: readonly Finding[]): RiskLevel {
  return findings.reduce<RiskLevel>(
    (worst, finding) => (SEVERITY_ORDER.indexOf(finding.severity) > SEVERITY_ORDER.indexOf(worst) ? finding.severity : worst),
    '低',
  );
}
