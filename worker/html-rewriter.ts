// HTMLRewriter is a global of the Workers runtime. Its types are imported from
// @cloudflare/workers-types as a module (not as ambient globals) so they do not clash with the DOM
// types the rest of the project compiles with; the one cast between the two Response types is here.
import type {
  HTMLRewriter as WorkersHTMLRewriter,
  HTMLRewriterElementContentHandlers,
  Response as WorkersResponse,
} from '@cloudflare/workers-types';

export type { Element, EndTag } from '@cloudflare/workers-types';

declare const HTMLRewriter: typeof WorkersHTMLRewriter;

/** Streams the response through the handlers, each bound to its CSS selector. */
export function rewriteHtml(response: Response, handlers: ReadonlyArray<[selector: string, handler: HTMLRewriterElementContentHandlers]>): Response {
  const rewriter = handlers.reduce((r, [selector, handler]) => r.on(selector, handler), new HTMLRewriter());
  return rewriter.transform(response as unknown as WorkersResponse) as unknown as Response;
}

export function isHtml(response: Response): boolean {
  return /^text\/html\b/i.test(response.headers.get('Content-Type') ?? '');
}
