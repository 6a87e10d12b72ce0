// The HTML document around a rendered page.
import { renderHeadHtml, type Head } from '../../shared/head';
import type { SiteConfig } from '../../client/routing/site-config';

export interface DocumentParts {
  head: Head;
  body: string;
  scripts: string[];
  styles: string[];
  chunks: string[];
  /** Lazy page chunk → its stylesheets (relative to assetBase), linked by the client on navigation. */
  chunkStyles: Record<string, string[]>;
  site: SiteConfig;
  nonce: string;
  assetBase: string;
}

/** JSON inside <script>: escape what could close the tag or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function prefixed(styles: Record<string, string[]>, base: string): Record<string, string[]> {
  return Object.fromEntries(Object.entries(styles).map(([name, files]) => [name, files.map((f) => base + f)]));
}

/**
 * Starts the page's scripts once the browser has drawn the server's markup: modulepreload links
 * for every file the page needs (fetched in parallel, not as an import waterfall), then the entry.
 * Linked from the document's head they were fetched alongside the stylesheets and, as soon as they
 * arrived, compiled, run and hydrated before the first frame: on a phone the page showed later for
 * JS it does not need to be seen (links and the CSS menus work without it). rAF runs just before
 * the first frame, the timeout just after it. A page opened in the background (no frames drawn
 * until it is shown) starts at once. Called with the files, entry first; they go into the head in
 * one insertion. Plain ES5 text rather than a function's toString(), which a transform of the
 * server's code (bundler, coverage) could rewrite.
 */
const START_SCRIPTS_AFTER_FIRST_FRAME =
  'function(f){function s(){var d=document.createDocumentFragment();for(var i=1;i<f.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=f[i];d.appendChild(l)}' +
  'var e=document.createElement("script");e.type="module";e.src=f[0];d.appendChild(e);document.head.appendChild(d)}' +
  'if(document.visibilityState==="hidden")s();else requestAnimationFrame(function(){setTimeout(s,0)})}';

export function renderDocument(p: DocumentParts): string {
  const styles = p.styles.map((f) => `<link rel="stylesheet" href="${p.assetBase}${f}">`).join('');
  const files = p.scripts.map((f) => p.assetBase + f);
  return (
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="X-UA-Compatible" content="IE=edge">` +
    `${renderHeadHtml(p.head)}` +
    `<link rel="icon" type="image/svg+xml" href="/favicon.svg">${styles}</head>` +
    `<body><div id="root">${p.body}</div>` +
    `<script nonce="${p.nonce}">window.__SITE__=${scriptJson(p.site)};window.__CHUNKS__=${scriptJson(p.chunks)};window.__CHUNK_CSS__=${scriptJson(prefixed(p.chunkStyles, p.assetBase))};` +
    `(${START_SCRIPTS_AFTER_FIRST_FRAME})(${scriptJson(files)});</script>` +
    `</body></html>`
  );
}
