// CachedMarkup: on the server a part is rendered once and then written from the cache, and a
// page written that way is byte for byte the page rendered in full, so the browser hydrates it.
import path from 'node:path';
import type { Request } from 'express';
import { renderToString } from 'react-dom/server';
import { CachedMarkup, MarkupCacheContext } from '../../client/components/CachedMarkup';
import { ServerMarkupCache } from '../../server/ssr/markup-cache';
import { createPageRenderer } from '../../server/ssr/render';
import { ACCOUNT_ORIGIN, MOBILE_ORIGIN, PUBLIC_ORIGIN } from '../support/site';

describe('CachedMarkup', () => {
  it('renders its part once on the server, then writes the same markup from the cache', () => {
    let renders = 0;
    function Part() {
      renders++;
      return (
        <>
          <b>粗体</b>文字{'与'}
          {'相邻文字'}
        </>
      );
    }
    const cache = new ServerMarkupCache();
    const page = () =>
      renderToString(
        <MarkupCacheContext.Provider value={cache}>
          <p>前</p>
          <CachedMarkup cacheKey="part">
            <div className="part">
              <Part />
            </div>
          </CachedMarkup>
        </MarkupCacheContext.Provider>,
      );
    const first = page();
    cache.fill();
    const second = page();
    cache.fill();
    const third = page();
    expect(renders).toBe(2); // once in the page, once on its own for the cache
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('renders normally where no cache is given, its element marked with the key', () => {
    const html = renderToString(
      <CachedMarkup cacheKey="part">
        <ul>
          <li>一</li>
        </ul>
      </CachedMarkup>,
    );
    expect(html).toBe('<ul data-markup="part"><li>一</li></ul>');
  });

  it('writes a part from the markup the browser found in the document, and renders one it did not find', () => {
    // The browser's cache as markupInDocument builds it, from a document holding part "a" only.
    const found = new Map([['a', '<li>服务器写的</li>']]);
    const inDocument = { get: (key: string) => found.get(key), remember: () => undefined };
    const html = renderToString(
      <MarkupCacheContext.Provider value={inDocument}>
        <CachedMarkup cacheKey="a">
          <ul>
            <li>一</li>
          </ul>
        </CachedMarkup>
        <CachedMarkup cacheKey="b">
          <ol>
            <li>二</li>
          </ol>
        </CachedMarkup>
      </MarkupCacheContext.Provider>,
    );
    expect(html).toBe('<ul data-markup="a"><li>服务器写的</li></ul><ol data-markup="b"><li>二</li></ol>');
  });
});

describe('pages with cached parts', () => {
  const site = { publicOrigin: PUBLIC_ORIGIN, mobileOrigin: MOBILE_ORIGIN, accountOrigin: ACCOUNT_ORIGIN, unavailableTools: {} };
  const request = (url: string) => ({ originalUrl: url, headers: {} }) as Request;

  it.each(['/', '/pdf-to-word/', '/see-more/', '/online-mindmap/'])('%s is the same whether its parts come from the cache or not', async (pagePath) => {
    const renderer = await createPageRenderer(site, path.resolve(__dirname, '../../dist/public'));
    const full = await renderer.render(request(pagePath), 'NONCE');
    const cached = await renderer.render(request(pagePath), 'NONCE');
    expect(full.kind).toBe('page');
    expect(cached).toEqual(full);
  });
});
