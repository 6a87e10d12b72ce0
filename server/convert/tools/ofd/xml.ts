// XML helpers for OFD parts. Producers differ in namespace prefixes (`ofd:`, a default namespace,
// none at all), so elements are matched by local name only.
import { DOMParser } from '@xmldom/xmldom';
import { ConvertError } from '../../errors';
import { OFD_CORRUPT } from './messages';

export type XmlElement = Element;

export function parseXml(bytes: Buffer): XmlElement {
  let failed: string | undefined;
  const parser = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => {
        failed ??= message;
      },
      fatalError: (message: string) => {
        failed ??= message;
      },
    },
  });
  let root: Element | null = null;
  try {
    root = parser.parseFromString(bytes.toString('utf8').replace(/^\uFEFF/, ''), 'text/xml').documentElement;
  } catch (error) {
    throw new ConvertError(OFD_CORRUPT, { cause: error });
  }
  if (failed !== undefined || !root) throw new ConvertError(OFD_CORRUPT, { cause: new Error(failed ?? 'no root element') });
  return root;
}

export function localName(element: Element): string {
  return element.localName ?? element.nodeName.replace(/^.*:/, '');
}

export function children(element: Element, name?: string): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (name === undefined || localName(node as Element) === name)) out.push(node as Element);
  }
  return out;
}

export function child(element: Element, name: string): Element | undefined {
  return children(element, name)[0];
}

/** Follows a path of child names, e.g. `child(doc, 'CommonData', 'PageArea')`. */
export function descend(element: Element, ...names: string[]): Element | undefined {
  let current: Element | undefined = element;
  for (const name of names) current = current && child(current, name);
  return current;
}

export function text(element: Element | undefined): string {
  return element?.textContent ?? '';
}

export function attr(element: Element, name: string): string | undefined {
  return element.hasAttribute(name) ? element.getAttribute(name) ?? undefined : undefined;
}

export function numbers(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

export function numberAttr(element: Element, name: string): number | undefined {
  const value = Number(attr(element, name));
  return attr(element, name) !== undefined && Number.isFinite(value) ? value : undefined;
}

export function boolAttr(element: Element, name: string, fallback: boolean): boolean {
  const value = attr(element, name);
  if (value === undefined) return fallback;
  return value.trim().toLowerCase() === 'true' || value.trim() === '1';
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}
