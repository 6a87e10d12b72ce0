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

export function renderDocument(p: DocumentParts): string {
  const [entry] = p.scripts;
  const preloads = p.scripts.map((f) => `<link rel="modulepreload" href="${p.assetBase}${f}">`).join('');
  const styles = p.styles.map((f) => `<link rel="stylesheet" href="${p.assetBase}${f}">`).join('');
  return (
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="X-UA-Compatible" content="IE=edge">` +
    `${renderHeadHtml(p.head)}` +
    `<link rel="icon" type="image/svg+xml" href="/favicon.svg">${styles}${preloads}</head>` +
    `<body><div id="root">${p.body}</div>` +
    `<script nonce="${p.nonce}">window.__SITE__=${scriptJson(p.site)};window.__CHUNKS__=${scriptJson(p.chunks)};window.__CHUNK_CSS__=${scriptJson(prefixed(p.chunkStyles, p.assetBase))};</script>` +
    `<script type="module" nonce="${p.nonce}" src="${p.assetBase}${entry}"></script>` +
    `</body></html>`
  );
}
