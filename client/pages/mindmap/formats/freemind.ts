// FreeMind / Freeplane .mm files: nested <node TEXT>; the root's children carry POSITION
// (right/left, which our layout decides itself), FOLDED and COLOR. Rich-content topics (HTML
// inside <richcontent>) are read as their plain text.
import { MINDMAP_MESSAGES, MindMapError, type MindMapDoc, type MindNode } from '../../../../shared/mindmap/document';
import { NodeBudget } from './limits';
import { allText, child, childrenNamed, escapeXml, parseXml, type XmlElement } from './xml';

export function exportFreeMind(doc: MindMapDoc): string {
  const lines: string[] = [];
  const write = (n: MindNode, indent: string, position?: string) => {
    const attrs = [`TEXT="${escapeXml(n.text)}"`, `ID="ID_${n.id.replace(/\W/g, '')}"`];
    if (position) attrs.push(`POSITION="${position}"`);
    if (n.color) attrs.push(`COLOR="${n.color}"`);
    if (n.collapsed && n.children.length) attrs.push('FOLDED="true"');
    if (!n.children.length) return lines.push(`${indent}<node ${attrs.join(' ')}/>`);
    lines.push(`${indent}<node ${attrs.join(' ')}>`);
    n.children.forEach((c, i) => write(c, indent + '  ', n === doc.root ? (i < Math.ceil(n.children.length / 2) ? 'right' : 'left') : undefined));
    lines.push(`${indent}</node>`);
  };
  write(doc.root, '');
  return `<map version="1.0.1">\n${lines.join('\n')}\n</map>\n`;
}

export function importFreeMind(source: string): MindMapDoc {
  const map = parseXml(source);
  const top = map.name === 'map' ? child(map, 'node') : undefined;
  if (!top) throw new MindMapError(MINDMAP_MESSAGES.badFile);
  const budget = new NodeBudget();
  const convert = (el: XmlElement, depth: number): MindNode => {
    const rich = child(el, 'richcontent');
    const text = el.attrs.TEXT ?? (rich ? allText(rich).replace(/\s+/g, ' ') : '');
    const node = budget.make(text, depth, { color: el.attrs.COLOR, collapsed: el.attrs.FOLDED === 'true' });
    for (const c of childrenNamed(el, 'node')) node.children.push(convert(c, depth + 1));
    return node;
  };
  return { version: 1, theme: 'classic', root: convert(top, 0) };
}
