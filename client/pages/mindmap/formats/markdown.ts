// Markdown outline: the root as a level-1 heading, the topics as a nested bullet list (two spaces
// a level), which Typora, Obsidian and XMind's Markdown import all read. Import also takes
// headings for the upper levels and numbered items.
import { MINDMAP_MESSAGES, MindMapError, type MindMapDoc, type MindNode } from '../../../../shared/mindmap/document';
import { NodeBudget } from './limits';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

export function exportMarkdown(doc: MindMapDoc): string {
  const out = [`# ${oneLine(doc.root.text)}`, ''];
  const stack: Array<[MindNode, number]> = doc.root.children.map((c) => [c, 0] as [MindNode, number]).reverse();
  while (stack.length) {
    const [n, level] = stack.pop()!;
    out.push(`${'  '.repeat(level)}- ${oneLine(n.text)}`);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push([n.children[i], level + 1]);
  }
  return out.join('\n') + '\n';
}

export function importMarkdown(source: string): MindMapDoc {
  const budget = new NodeBudget();
  // Each open node with its rank: headings rank by #s (1–6), list items 10 + indent width.
  const open: Array<{ node: MindNode; rank: number; depth: number }> = [];
  let root: MindNode | null = null;
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.replace(/\t/g, '    ');
    if (!line.trim() || /^\s*(```|---|===)/.test(line)) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    let rank: number;
    let text: string;
    if (heading) {
      rank = heading[1].length;
      text = heading[2].replace(/\s+#+\s*$/, '');
    } else if (item) {
      rank = 10 + item[1].length;
      text = item[2];
    } else {
      continue;
    }
    text = text.replace(/^\[[ xX]\]\s+/, '').replace(/\*\*(.+?)\*\*/g, '$1');
    if (!root) {
      root = budget.make(text, 0);
      open.push({ node: root, rank, depth: 0 });
      continue;
    }
    while (open.length > 1 && open[open.length - 1].rank >= rank) open.pop();
    const parent = open[open.length - 1];
    const node = budget.make(text, parent.depth + 1);
    parent.node.children.push(node);
    open.push({ node, rank, depth: parent.depth + 1 });
  }
  if (!root) throw new MindMapError(MINDMAP_MESSAGES.empty);
  return { version: 1, theme: 'classic', root };
}
