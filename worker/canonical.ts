// Exactly one <link rel="canonical"> per HTML page, pointing at PUBLIC_ORIGIN + path: the first one
// found is rewritten in place (keeping data-head, by which the client updates it on navigation),
// later ones are removed, and one is added before </head> when the page had none. Whatever host
// the origin wrote into it (its own, behind the edge) never reaches the visitor.
import { escapeHtml } from '../shared/head';
import { rewriteHtml, type Element, type EndTag } from './html-rewriter';

class CanonicalLinkHandler {
  seen = false;

  constructor(private readonly href: string) {}

  element(link: Element): void {
    if (this.seen) {
      link.remove();
      return;
    }
    this.seen = true;
    link.setAttribute('href', this.href);
  }
}

/** At </head>: adds the canonical link when none came before it. */
class MissingCanonicalHandler {
  constructor(
    private readonly links: CanonicalLinkHandler,
    private readonly href: string,
  ) {}

  element(head: Element): void {
    head.onEndTag((end: EndTag) => {
      if (this.links.seen) return;
      this.links.seen = true;
      end.before(`<link data-head="canonical" rel="canonical" href="${escapeHtml(this.href)}">`, { html: true });
    });
  }
}

export function withCanonical(response: Response, canonicalHref: string): Response {
  const links = new CanonicalLinkHandler(canonicalHref);
  return rewriteHtml(response, [
    // rel is a token list and attribute values match case-sensitively unless told otherwise.
    ['link[rel~="canonical" i]', links],
    ['head', new MissingCanonicalHandler(links, canonicalHref)],
  ]);
}
