// The mind map document, shared by the editor (client/pages/mindmap), its import/export formats
// and the server that keeps a logged-in user's maps (server/mindmaps). Plain data, JSON as stored.

export interface MindNode {
  id: string;
  text: string;
  /** A colour the user picked (#rrggbb); otherwise the theme's branch colour. */
  color?: string;
  /** Children hidden on the canvas (still saved and exported). */
  collapsed?: boolean;
  children: MindNode[];
}

export const THEME_IDS = ['classic', 'business', 'fresh', 'dark'] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export interface MindMapDoc {
  version: 1;
  theme: ThemeId;
  root: MindNode;
}

/**
 * Bounds on what the editor opens, imports and the server stores: a hostile file (millions of
 * nodes, nesting that would blow the stack, a zip bomb) is refused with a message instead of
 * hanging the page. A real map of a few hundred topics is far inside them.
 */
export const MINDMAP_LIMITS = {
  maxNodes: 5000,
  maxDepth: 60,
  maxTextLength: 1000,
  /** The stored JSON, in UTF-8 bytes (the API's JSON body limit is 1 MB). */
  maxDocBytes: 800_000,
  /** An imported file. */
  maxImportBytes: 5_000_000,
  /** What an XMind zip may inflate to (its content file). */
  maxUnzippedBytes: 20_000_000,
  /** Maps a user keeps in the account. */
  maxMapsPerUser: 200,
  maxTitleLength: 100,
} as const;

export const MINDMAP_MESSAGES = {
  tooManyNodes: `导图节点过多（最多 ${MINDMAP_LIMITS.maxNodes} 个），无法打开`,
  tooDeep: `导图层级过深（最多 ${MINDMAP_LIMITS.maxDepth} 层），无法打开`,
  tooLarge: '导图内容过大，请拆分后再保存',
  fileTooLarge: `文件过大（最多 ${MINDMAP_LIMITS.maxImportBytes / 1_000_000} MB），无法导入`,
  badFile: '文件内容无法识别，请确认是有效的导图文件',
  badXml: '文件不是有效的 XML，无法导入',
  badZip: '文件不是有效的 XMind 文件（压缩包损坏或缺少内容）',
  zipBomb: 'XMind 文件解压后过大，已拒绝导入',
  unknownFormat: '不支持的文件格式，请选择 JSON、Markdown、OPML、FreeMind 或 XMind 文件',
  empty: '文件中没有找到主题',
} as const;

/** An error whose message is for the user, in Chinese. */
export class MindMapError extends Error {
  override readonly name = 'MindMapError';
}

let counter = 0;
/** A node id unique within a page session (time + counter + random: no collisions after import). */
export function newNodeId(): string {
  counter = (counter + 1) % 1_000_000;
  return `n${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function node(text: string, children: MindNode[] = []): MindNode {
  return { id: newNodeId(), text, children };
}

export function newDocument(title = '中心主题'): MindMapDoc {
  return { version: 1, theme: 'classic', root: node(title, [node('分支主题 1'), node('分支主题 2'), node('分支主题 3')]) };
}

/** Node count and depth without recursion (a deep hostile tree must not overflow the stack). */
export function measureTree(root: MindNode): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: Array<[MindNode, number]> = [[root, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    nodes++;
    if (d > depth) depth = d;
    if (nodes > MINDMAP_LIMITS.maxNodes || depth > MINDMAP_LIMITS.maxDepth) break;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return { nodes, depth };
}

/** Throws the user's message when a tree is over the node or depth bounds. */
export function assertWithinLimits(root: MindNode): void {
  const { nodes, depth } = measureTree(root);
  if (nodes > MINDMAP_LIMITS.maxNodes) throw new MindMapError(MINDMAP_MESSAGES.tooManyNodes);
  if (depth > MINDMAP_LIMITS.maxDepth) throw new MindMapError(MINDMAP_MESSAGES.tooDeep);
}

/** Walks every node, parents before children, without recursion. */
export function walk(root: MindNode, visit: (n: MindNode, depth: number, parent: MindNode | null) => void): void {
  const stack: Array<[MindNode, number, MindNode | null]> = [[root, 0, null]];
  while (stack.length) {
    const [n, d, p] = stack.pop()!;
    visit(n, d, p);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], d + 1, n]);
  }
}

/** Trims a topic's text to the bound and drops control characters (imports carry anything). */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').slice(0, MINDMAP_LIMITS.maxTextLength);
}

export function isColor(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}
