// XMind import: a .xmind file is a zip holding content.json (XMind Zen / 2020+) or content.xml
// (XMind 8). The zip is read with fflate in small slices and the inflated bytes are counted as
// they come, so a zip bomb (or a header that lies about its size) stops at the bound instead of
// filling memory or spinning the page. The first sheet is imported.
import { Unzip, UnzipInflate } from 'fflate';
import { MINDMAP_LIMITS, MINDMAP_MESSAGES, MindMapError, type MindMapDoc, type MindNode } from '../../../../shared/mindmap/document';
import { NodeBudget } from './limits';
import { child, childrenNamed, parseXml, type XmlElement } from './xml';

const SLICE = 16 * 1024;
const CONTENT_FILES = ['content.json', 'content.xml'];

/** The inflated content files of the zip (bounded), by name. */
export function readXmindContent(bytes: Uint8Array): Record<string, string> {
  const found: Record<string, Uint8Array[]> = {};
  let total = 0;
  // fflate reports a throw from ondata back through ondata as an error: the first refusal wins.
  let refusal: MindMapError | null = null;
  const refuse = (message: string): never => {
    refusal ??= new MindMapError(message);
    throw refusal;
  };
  const unzip = new Unzip((file) => {
    if (!CONTENT_FILES.includes(file.name)) return;
    const parts: Uint8Array[] = (found[file.name] = []);
    file.ondata = (error, chunk) => {
      if (error) refuse(MINDMAP_MESSAGES.badZip);
      total += chunk.length;
      if (total > MINDMAP_LIMITS.maxUnzippedBytes) refuse(MINDMAP_MESSAGES.zipBomb);
      parts.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length; at += SLICE) unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
  } catch {
    throw refusal ?? new MindMapError(MINDMAP_MESSAGES.badZip);
  }
  const decoder = new TextDecoder();
  const out: Record<string, string> = {};
  for (const [name, parts] of Object.entries(found)) {
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    out[name] = decoder.decode(all);
  }
  return out;
}

interface ZenTopic {
  title?: unknown;
  branch?: unknown;
  children?: { attached?: unknown };
}

function fromZen(source: string, budget: NodeBudget): MindNode {
  let sheets: unknown;
  try {
    sheets = JSON.parse(source);
  } catch {
    throw new MindMapError(MINDMAP_MESSAGES.badZip);
  }
  const rootTopic = Array.isArray(sheets) ? (sheets[0] as { rootTopic?: unknown } | undefined)?.rootTopic : undefined;
  if (!rootTopic || typeof rootTopic !== 'object') throw new MindMapError(MINDMAP_MESSAGES.empty);
  const convert = (t: ZenTopic, depth: number): MindNode => {
    const node = budget.make(typeof t.title === 'string' ? t.title : '', depth, { collapsed: t.branch === 'folded' });
    const attached = t.children?.attached;
    if (Array.isArray(attached)) for (const c of attached) if (c && typeof c === 'object') node.children.push(convert(c as ZenTopic, depth + 1));
    return node;
  };
  return convert(rootTopic as ZenTopic, 0);
}

function fromXmind8(source: string, budget: NodeBudget): MindNode {
  const content = parseXml(source);
  const topic = child(child(content, 'sheet') ?? content, 'topic');
  if (!topic) throw new MindMapError(MINDMAP_MESSAGES.empty);
  const convert = (el: XmlElement, depth: number): MindNode => {
    const node = budget.make(child(el, 'title')?.text ?? '', depth, { collapsed: el.attrs.branch === 'folded' });
    const attached = childrenNamed(child(el, 'children') ?? el, 'topics').filter((t) => (t.attrs.type ?? 'attached') === 'attached');
    for (const group of attached) for (const c of childrenNamed(group, 'topic')) node.children.push(convert(c, depth + 1));
    return node;
  };
  return convert(topic, 0);
}

export function importXmind(bytes: Uint8Array): MindMapDoc {
  const content = readXmindContent(bytes);
  const budget = new NodeBudget();
  if (content['content.json'] !== undefined) return { version: 1, theme: 'classic', root: fromZen(content['content.json'], budget) };
  if (content['content.xml'] !== undefined) return { version: 1, theme: 'classic', root: fromXmind8(content['content.xml'], budget) };
  throw new MindMapError(MINDMAP_MESSAGES.badZip);
}
