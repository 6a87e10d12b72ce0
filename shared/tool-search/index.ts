// Tool search for the header, the home hero and the phone menu: runs in the browser on the
// catalogue it already has (no server round trip). Matches, case-insensitively, a title, its
// pinyin (full and initials), the SEO keywords, a few everyday synonyms, the summary and the
// tool's address. Title hits rank above pinyin hits, which rank above the rest; among equals the
// popular tools (SPEC §9 hot list) come first, then catalogue order.
import { HOT_TOOL_IDS, TOOLS, type Tool } from '../catalogue';
import { pinyinForms } from './pinyin';

/** Words people use for a tool that its title and keywords do not contain. */
const SYNONYMS: Readonly<Record<string, string>> = {
  'pdf-merge': '合成 拼接 组合 merge combine',
  'pdf-split': '分割 切分 split',
  'pdf-compress': '减小 瘦身 compress',
  'img-compress': '减小 瘦身 compress',
  'video-compress': '减小 瘦身',
  'pdf-lock': '密码 保护 encrypt',
  'pdf-unlock': '去密码 破解 encrypt',
  'pdf-to-jpg': 'jpg jpeg',
  'jpg-to-pdf': 'jpg jpeg png 照片',
  'img-to-txt': 'ocr 文字识别 提取文字',
  'scan-to-word': 'ocr 文字识别',
  'img-background-color': '证件照 底色 蓝底 红底 白底',
  'pdf-delete-page': '删页',
  'voice-to-word': '录音 转写',
  'video-to-word': '字幕 转写',
  'online-mindmap': '脑图 mindmap',
};

interface Entry {
  tool: Tool;
  rank: number;
  title: string;
  pinyin: string[];
  other: string;
}

/** Result tiers, best first. */
const TIER = { exact: 0, titlePrefix: 1, title: 2, pinyinPrefix: 3, pinyin: 4, other: 5 } as const;

const HOT: readonly string[] = HOT_TOOL_IDS;

function buildIndex(tools: readonly Tool[]): Entry[] {
  return tools.map((tool, i) => {
    const { full, initials, shortInitials } = pinyinForms(tool.title);
    const hot = HOT.indexOf(tool.id);
    return {
      tool,
      rank: hot >= 0 ? hot : HOT.length + i,
      title: tool.title.toLowerCase(),
      pinyin: [full, initials, shortInitials],
      other: [tool.keywords, SYNONYMS[tool.id] ?? '', tool.summary, tool.id].join(' ').toLowerCase(),
    };
  });
}

let index: Entry[] | undefined;

/** A query as matched: lower case, without spaces ("PDF 合并" finds PDF合并). */
export function normalizeQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, '');
}

function tierOf(entry: Entry, q: string): number | undefined {
  if (entry.title === q) return TIER.exact;
  if (entry.title.startsWith(q)) return TIER.titlePrefix;
  if (entry.title.includes(q)) return TIER.title;
  if (/^[a-z0-9]+$/.test(q)) {
    if (entry.pinyin.some((p) => p.startsWith(q))) return TIER.pinyinPrefix;
    if (entry.pinyin.some((p) => p.includes(q))) return TIER.pinyin;
  }
  // The other text keeps its spaces, so a query matches within one word or phrase.
  if (entry.other.replace(/\s+/g, ' ').includes(q)) return TIER.other;
  return undefined;
}

/** The tools matching a query, best first; none for an empty query. */
export function searchTools(query: string, tools: readonly Tool[] = TOOLS, limit = 8): Tool[] {
  const q = normalizeQuery(query);
  if (!q) return [];
  const entries = tools === TOOLS ? (index ??= buildIndex(TOOLS)) : buildIndex(tools);
  return entries
    .flatMap((entry) => {
      const tier = tierOf(entry, q);
      return tier === undefined ? [] : [{ entry, tier }];
    })
    .sort((a, b) => a.tier - b.tier || a.entry.rank - b.entry.rank)
    .slice(0, limit)
    .map(({ entry }) => entry.tool);
}
