// The server's side of CachedMarkup: parts asked for during a render are rendered after it, on
// their own, so no render ever runs inside another (React's server renderer keeps per-render
// state in module scope).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { MarkupCache } from '../../client/components/CachedMarkup';

export class ServerMarkupCache implements MarkupCache {
  private readonly markup = new Map<string, string>();
  private readonly wanted = new Map<string, ReactNode>();

  /** `within` puts a part inside the providers fixed for the server's life (the site config). */
  constructor(private readonly within: (children: ReactNode) => ReactNode = (children) => children) {}

  get(key: string): string | undefined {
    return this.markup.get(key);
  }

  remember(key: string, children: ReactNode): void {
    if (!this.markup.has(key)) this.wanted.set(key, children);
  }

  /** Renders what the last render asked for; call between renders. */
  fill(): void {
    for (const [key, children] of this.wanted) this.markup.set(key, renderToString(<>{this.within(children)}</>));
    this.wanted.clear();
  }
}
