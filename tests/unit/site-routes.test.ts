import { createStaticHandler, isRouteErrorResponse } from 'react-router';
import { buildHead, mobileUrl } from '../../shared/head';
import { isApiPath } from '../../shared/constants';
import { matchSiteRoute, SITE_ROUTES } from '../../shared/site-routes';
import { createRoutes } from '../../client/routes';
import { runMiddleware, loginUrl } from '../../client/routing/middleware';
import { readCookie } from '../../shared/cookies';

const config = { publicOrigin: 'https://www.example.cn', mobileOrigin: 'https://m.example.cn', accountOrigin: 'https://passport.example.cn', unavailableTools: {} };

describe('mobile address rules (SPEC §2)', () => {
  it.each([
    ['/pdf-merge/', 'same', 'https://m.example.cn/pdf-merge/'],
    ['/news/12/3/', 'cut', 'https://m.example.cn/news/12/'],
    ['/tags/pdf/4/', 'cut', 'https://m.example.cn/tags/pdf/'],
    ['/help/88/', 'help-root', 'https://m.example.cn/help/'],
  ] as const)('%s (%s) → %s', (path, rule, url) => {
    expect(mobileUrl(path, rule, config.mobileOrigin)).toBe(url);
  });

  it('adds mobile tags only to pages with a rule', () => {
    const text = { title: 't', description: 'd', keywords: 'k' };
    expect(buildHead('/about/', text, undefined, config).tags.map((t) => t.key)).not.toContain('mobile-agent');
    expect(buildHead('/', text, 'same', config).tags.find((t) => t.key === 'mobile-agent')?.attrs.content).toBe('format=html5;url=https://m.example.cn/');
  });
});

describe('site route matching', () => {
  it('prefers static paths, matches patterns and ignores case like the router', () => {
    expect(matchSiteRoute('/news/more/')?.route.id).toBe('news-more');
    expect(matchSiteRoute('/news/7/')?.route.id).toBe('news-detail');
    expect(matchSiteRoute('/scan/')?.route.id).toBe('scan');
    expect(matchSiteRoute('/pdf-merge/')?.route.tool?.id).toBe('pdf-merge');
    expect(matchSiteRoute('/no-such-tool/')).toBeNull();
    // The address canonical tags name: a fixed path as the site spells it.
    expect(matchSiteRoute('/PDF-Merge/')?.path).toBe('/pdf-merge/');
    expect(matchSiteRoute('/scan/')?.path).toBe('/Scan/');
    expect(matchSiteRoute('/news/7/')?.path).toBe('/news/7/');
  });

  it("answers every page from the page's own route table exactly as from the full table", async () => {
    const full = createStaticHandler(createRoutes(config));
    /** What hydration and the response depend on: the matched route ids, loader data, errors and status, or the redirect. */
    const outcome = async (handler: ReturnType<typeof createStaticHandler>, url: string, cookie?: string) => {
      const context = await handler.query(new Request(`${config.publicOrigin}${url}`, { headers: cookie ? { cookie } : {} }));
      if (context instanceof Response) return { redirect: context.status, location: context.headers.get('Location') };
      return { ids: context.matches.map((m) => m.route.id), loaderData: context.loaderData, errors: context.errors, status: context.statusCode };
    };
    const urls = SITE_ROUTES.map((r) => r.path.replace(/:\w+/g, '7')).concat('/PDF-MERGE/', '/Scan/?x=1', '/no-such-tool/', '/a/b/c/');
    for (const url of urls) {
      const page = matchSiteRoute(new URL(url, config.publicOrigin).pathname)?.route;
      const own = createStaticHandler(createRoutes(config, page?.id));
      for (const cookie of [undefined, 'accessToken=t']) expect([url, await outcome(own, url, cookie)]).toEqual([url, await outcome(full, url, cookie)]);
    }
  });

  it('keeps the task-centre page out of the API space', () => {
    expect(isApiPath('/task/')).toBe(false);
    expect(isApiPath('/task/submitTask')).toBe(true);
    expect(isApiPath('/v2/api/getHomeSortList')).toBe(true);
    expect(isApiPath('/pdf-merge/')).toBe(false);
  });
});

describe('route middleware (SPEC §8)', () => {
  const anonymous = new Request('https://www.example.cn/myOrders/?a=1');

  it('gives 500 "Unknown middleware <name>" for an unknown name', async () => {
    const handler = createStaticHandler([{ id: 'page', path: '/x/', loader: ({ request }) => runMiddleware(['nope'], request, config) }]);
    const context = await handler.query(new Request('https://www.example.cn/x/'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    expect(context.statusCode).toBe(500);
    const error = context.errors?.page;
    expect(isRouteErrorResponse(error) && error.data).toBe('Unknown middleware nope');
  });

  it('sends an anonymous visitor to the login with a return address, and lets a logged-in one pass', () => {
    let thrown: unknown;
    try {
      runMiddleware(['auth'], anonymous, config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe(loginUrl(config, new URL(anonymous.url)));
    expect(loginUrl(config, new URL(anonymous.url))).toBe('https://passport.example.cn/login/?redirect=https%3A%2F%2Fwww.example.cn%2FmyOrders%2F%3Fa%3D1');
    const loggedIn = new Request(anonymous.url, { headers: { cookie: 'a=b; accessToken=x%20y' } });
    expect(runMiddleware(['auth'], loggedIn, config)).toBeNull();
    expect(readCookie('a=b; accessToken=x%20y', 'accessToken')).toBe('x y');
    // A value that is not valid percent-encoding is kept as sent, not a 500 from the loader.
    expect(readCookie('accessToken=%E0%A4; x=1', 'accessToken')).toBe('%E0%A4');
    expect(runMiddleware(['auth'], new Request(anonymous.url, { headers: { cookie: 'accessToken=%E0%A4' } }), config)).toBeNull();
    expect(readCookie('xaccessToken=1; access=2', 'accessToken')).toBeUndefined();
  });
});
