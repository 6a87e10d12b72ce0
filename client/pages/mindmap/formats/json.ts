// Our own format: the document as JSON ({version, theme, root}). Import also takes a bare node
// ({text, children}) and checks every field, since a file can hold anything.
import { MINDMAP_MESSAGES, MindMapError, THEME_IDS, type MindMapDoc, type MindNode, type ThemeId } from '../../../../shared/mindmap/document';
import { NodeBudget } from './limits';

export function exportJson(doc: MindMapDoc): string {
  return JSON.stringify(doc, null, 2);
}

function toNode(value: unknown, depth: number, budget: NodeBudget): MindNode {
  if (typeof value !== 'object' || value === null) throw new MindMapError(MINDMAP_MESSAGES.badFile);
  const v = value as Record<string, unknown>;
  const text = typeof v.text === 'string' ? v.text : typeof v.title === 'string' ? v.title : null;
  if (text === null) throw new MindMapError(MINDMAP_MESSAGES.badFile);
  const node = budget.make(text, depth, { id: v.id, color: v.color, collapsed: v.collapsed });
  if (v.children !== undefined) {
    if (!Array.isArray(v.children)) throw new MindMapError(MINDMAP_MESSAGES.badFile);
    for (const c of v.children) node.children.push(toNode(c, depth + 1, budget));
  }
  return node;
}

export function importJson(source: string): MindMapDoc {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw new MindMapError(MINDMAP_MESSAGES.badFile);
  }
  const wrapper = parsed as { root?: unknown; theme?: unknown } | null;
  const rootValue = wrapper && typeof wrapper === 'object' && 'root' in wrapper ? wrapper.root : parsed;
  const theme = THEME_IDS.includes(wrapper?.theme as ThemeId) ? (wrapper!.theme as ThemeId) : 'classic';
  return { version: 1, theme, root: toNode(rootValue, 0, new NodeBudget()) };
}
