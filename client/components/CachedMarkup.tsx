// Parts of a page that are the same on every render (the header's tool menus, the catalogue) are
// a large share of its elements. On the server their markup is rendered once and written as it
// is, which is byte for byte what React writes in place (tests compare whole pages rendered both
// ways). In the browser the parts the server wrote are taken over as they stand: their markup is
// read from the document before hydration and given back as the element's inner HTML, so React
// hydrates the part's one element and none of what is inside (hydrating those elements was most
// of a tool page's main-thread work at load). A part the document did not have (reached by client
// navigation) renders normally. Links in a part still navigate client-side: the shell's click
// handler sees their clicks as they bubble through the part's element.
import { Children, cloneElement, createContext, useContext, type ReactElement, type ReactNode } from 'react';

/** Markup of cached parts by key. */
export interface MarkupCache {
  get(key: string): string | undefined;
  /** Asks for `children` to be rendered and kept under `key` once the current render is done. */
  remember(key: string, children: ReactNode): void;
}

export const MarkupCacheContext = createContext<MarkupCache | null>(null);

/** Marks a part's element in the markup with its key, so the browser finds what the server wrote. */
const KEY_ATTRIBUTE = 'data-markup';

/**
 * Renders its one child element with the child's own children taken from the markup cache. The
 * cached children must depend on nothing but `cacheKey`: no props that vary under the same key,
 * no context (but the site config, fixed for a server's life), no state, no event handlers (the
 * browser does not hydrate them). Give it a component element as the child's content (not a long
 * JSX list): elements are built before this decides, and a component's are built only if rendered.
 */
export function CachedMarkup({ cacheKey, children }: { cacheKey: string; children: ReactElement<{ children?: ReactNode }> }) {
  const cache = useContext(MarkupCacheContext);
  const element = Children.only(children) as ReactElement<{ children?: ReactNode; dangerouslySetInnerHTML?: { __html: string }; [KEY_ATTRIBUTE]?: string }>;
  const html = cache?.get(cacheKey);
  if (html === undefined) {
    cache?.remember(cacheKey, element.props.children);
    return cloneElement(element, { [KEY_ATTRIBUTE]: cacheKey });
  }
  return cloneElement(element, { [KEY_ATTRIBUTE]: cacheKey, children: undefined, dangerouslySetInnerHTML: { __html: html } });
}

/**
 * The browser's cache: the parts the server wrote into this document, as they are before
 * hydration (call it before hydrating; nothing has changed them yet). Their inner HTML is what
 * React finds in place, so hydrating them checks out, and a part mounted again later is written
 * from it.
 */
export function markupInDocument(root: ParentNode): MarkupCache {
  const markup = new Map<string, string>();
  root.querySelectorAll(`[${KEY_ATTRIBUTE}]`).forEach((element) => markup.set(element.getAttribute(KEY_ATTRIBUTE)!, element.innerHTML));
  return { get: (key) => markup.get(key), remember: () => undefined };
}
