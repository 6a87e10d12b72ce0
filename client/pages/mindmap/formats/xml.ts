// A small XML reader and writer for the outline formats (OPML, FreeMind, XMind 8). Our own rather
// than DOMParser so the formats run the same in the browser and in unit tests, and so a hostile
// file is bounded: no DTDs or custom entities (no billion laughs), a cap on elements and nesting,
// one linear pass over the text.
import { MindMapError, MINDMAP_MESSAGES } from '../../../../shared/mindmap/document';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (character data directly inside it, CDATA included). */
  text: string;
}

const MAX_ELEMENTS = 200_000;
const MAX_NESTING = 400;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[ref] ?? all;
  });
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

const bad = (): never => {
  throw new MindMapError(MINDMAP_MESSAGES.badXml);
};

/** Parses a document and answers its root element; malformed XML throws the user's message. */
export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let i = 0;
  const n = source.length;
  const tagName = /[A-Za-z_:][\w:.-]*/y;
  const attr = /\s*([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
  while (i < n) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      if (stack.length) stack[stack.length - 1].text += decodeEntities(text);
      else if (text.trim()) bad();
    }
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end === -1) bad();
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end === -1 || !stack.length) bad();
      stack[stack.length - 1].text += source.slice(lt + 9, end);
      i = end + 3;
    } else if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt + 2);
      if (end === -1) bad();
      i = end + 2;
    } else if (source.startsWith('<!', lt)) {
      // A DOCTYPE may declare entities; internal subsets ([...]) are refused outright.
      const end = source.indexOf('>', lt + 2);
      if (end === -1 || source.slice(lt, end).includes('[')) bad();
      i = end + 1;
    } else if (source[lt + 1] === '/') {
      tagName.lastIndex = lt + 2;
      const m = tagName.exec(source);
      const open = stack.pop();
      if (!m || !open || open.name !== m[0]) bad();
      const end = source.indexOf('>', lt);
      if (end === -1) bad();
      i = end + 1;
    } else {
      tagName.lastIndex = lt + 1;
      const m = tagName.exec(source);
      if (!m) bad();
      const el: XmlElement = { name: m![0], attrs: {}, children: [], text: '' };
      let j = tagName.lastIndex;
      for (;;) {
        attr.lastIndex = j;
        const a = attr.exec(source);
        if (!a) break;
        el.attrs[a[1]] = decodeEntities(a[3] ?? a[4] ?? '');
        j = attr.lastIndex;
      }
      while (j < n && /\s/.test(source[j])) j++;
      const selfClosing = source[j] === '/';
      if (selfClosing) j++;
      if (source[j] !== '>') bad();
      i = j + 1;
      if (++count > MAX_ELEMENTS) throw new MindMapError(MINDMAP_MESSAGES.tooManyNodes);
      if (stack.length) stack[stack.length - 1].children.push(el);
      else if (root) bad();
      else root = el;
      if (!selfClosing) {
        stack.push(el);
        if (stack.length > MAX_NESTING) throw new MindMapError(MINDMAP_MESSAGES.tooDeep);
      }
    }
  }
  if (!root || stack.length) bad();
  return root!;
}

/** The first child element with this (local) name. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => localName(c.name) === name);
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => localName(c.name) === name);
}

export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** All the text inside an element, its descendants' included (FreeMind's rich content). */
export function allText(el: XmlElement): string {
  return el.text + el.children.map(allText).join(' ');
}
