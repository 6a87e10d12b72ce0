// OPML 2.0 outlines (the outline apps' common format): one <outline text> per topic under <body>.
import { MINDMAP_MESSAGES, MindMapError, type MindMapDoc, type MindNode } from '../../../../shared/mindmap/document';
import { NodeBudget } from './limits';
import { child, childrenNamed, escapeXml, parseXml, type XmlElement } from './xml';

export function exportOpml(doc: MindMapDoc): string {
  const lines: string[] = [];
  const write = (n: MindNode, indent: string) => {
    const attrs = `text="${escapeXml(n.text)}"${n.color ? ` _color="${n.color}"` : ''}`;
    if (!n.children.length) return lines.push(`${indent}<outline ${attrs}/>`);
    lines.push(`${indent}<outline ${attrs}>`);
    for (const c of n.children) write(c, indent + '  ');
    lines.push(`${indent}</outline>`);
  };
  write(doc.root, '    ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n    <title>${escapeXml(doc.root.text)}</title>\n  </head>\n  <body>\n${lines.join('\n')}\n  </body>\n</opml>\n`;
}

export function importOpml(source: string): MindMapDoc {
  const opml = parseXml(source);
  const body = opml.name === 'opml' ? child(opml, 'body') : undefined;
  if (!body) throw new MindMapError(MINDMAP_MESSAGES.badFile);
  const budget = new NodeBudget();
  const convert = (el: XmlElement, depth: number): MindNode => {
    const node = budget.make(el.attrs.text ?? el.attrs.title ?? '', depth, { color: el.attrs._color });
    for (const c of childrenNamed(el, 'outline')) node.children.push(convert(c, depth + 1));
    return node;
  };
  const tops = childrenNamed(body, 'outline');
  if (!tops.length) throw new MindMapError(MINDMAP_MESSAGES.empty);
  if (tops.length === 1) return { version: 1, theme: 'classic', root: convert(tops[0], 0) };
  // Several top-level outlines: the document's title becomes the centre.
  const title = child(child(opml, 'head') ?? opml, 'title')?.text.trim() || '中心主题';
  const root = budget.make(title, 0);
  for (const t of tops) root.children.push(convert(t, 1));
  return { version: 1, theme: 'classic', root };
}
