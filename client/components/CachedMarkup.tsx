// Parts of a page that are the same on every render (the header's tool menus, the catalogue) are
// a large share of its elements, and rendering them dominates a server render that misses the
// page cache. On the server their markup is rendered once and written as it is; in the browser
// they render normally and hydrate against that markup, which is byte for byte what React writes
// in place (tests compare whole pages rendered both ways).
import { Children, cloneElement, createContext, useContext, type ReactElement, type ReactNode } from 'react';

/** Markup of cached parts by key. Only the server provides one. */
export interface MarkupCache {
  get(key: string): string | undefined;
  /** Asks for `children` to be rendered and kept under `key` once the current render is done. */
  remember(key: string, children: ReactNode): void;
}

export const MarkupCacheContext = createContext<MarkupCache | null>(null);

/**
 * Renders its one child element with the child's own children taken from the server's markup
 * cache. The cached children must depend on nothing but `cacheKey`: no props that vary under the
 * same key, no context (but the site config, fixed for a server's life), no state. Give it a component element as the child's content (not a long
 * JSX list): elements are built before this decides, and a component's are built only if rendered.
 */
export function CachedMarkup({ cacheKey, children }: { cacheKey: string; children: ReactElement<{ children?: ReactNode }> }) {
  const cache = useContext(MarkupCacheContext);
  const element = Children.only(children);
  const html = cache?.get(cacheKey);
  if (html === undefined) {
    cache?.remember(cacheKey, element.props.children);
    return element;
  }
  return cloneElement(element as ReactElement<{ children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } }>, { children: undefined, dangerouslySetInnerHTML: { __html: html } });
}
