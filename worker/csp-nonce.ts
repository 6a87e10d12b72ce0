// A page served from the edge cache would otherwise repeat the CSP nonce of the render it was
// cached from, and a nonce every visitor knows protects nothing. Each cache hit gets a fresh one,
// in the Content-Security-Policy header and on every element that carries a nonce.
import { rewriteHtml, type Element } from './html-rewriter';

const NONCE_SOURCE = /'nonce-[^']*'/g;

class NonceAttributeHandler {
  constructor(private readonly nonce: string) {}

  element(element: Element): void {
    element.setAttribute('nonce', this.nonce);
  }
}

function freshNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

export function withFreshNonce(response: Response): Response {
  const policy = response.headers.get('Content-Security-Policy');
  if (!policy?.includes("'nonce-")) return response;
  const nonce = freshNonce();
  const renewed = new Response(response.body, response);
  renewed.headers.set('Content-Security-Policy', policy.replace(NONCE_SOURCE, `'nonce-${nonce}'`));
  return rewriteHtml(renewed, [['[nonce]', new NonceAttributeHandler(nonce)]]);
}
