// A lazy page kind's own stylesheet (scripts/page-styles.mjs): the server links it for the page it
// renders; a client navigation to another kind links it here and waits for it to load, so the
// page never shows unstyled. Appended to <head>, after the shell's, as the server orders them.
const loading = new Map<string, Promise<void>>();

function linkStylesheet(href: string): Promise<void> {
  const already = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href);
  // One the server linked is loaded already: it blocked the first render.
  if (already && !loading.has(href)) return Promise.resolve();
  let promise = loading.get(href);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        loading.delete(href);
        reject(new Error(`stylesheet ${href} failed to load`));
      };
      document.head.appendChild(link);
    });
    loading.set(href, promise);
  }
  return promise;
}

/** Resolves once the chunk's stylesheets are in force (at once on the server). */
export function loadChunkStyles(chunkName: string): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const hrefs = window.__CHUNK_CSS__?.[chunkName] ?? [];
  return Promise.all(hrefs.map(linkStylesheet)).then(() => undefined);
}
