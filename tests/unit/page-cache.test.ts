import { RESPONSE_CACHE_MAX_ENTRIES } from '../../shared/constants';
import { PageCache } from '../../server/ssr/page-cache';

describe('PageCache', () => {
  it('puts the nonce at every placeholder and keeps the rest byte for byte', () => {
    const cache = new PageCache();
    const p = cache.noncePlaceholder;
    const page = cache.prepare(200, `<script ${p}>中文</script><script ${p}></script>`);
    expect(Buffer.concat(cache.bodyWithNonce(page, 'abc')).toString()).toBe('<script abc>中文</script><script abc></script>');
    expect(Buffer.concat(cache.bodyWithNonce(cache.prepare(200, 'no scripts'), 'abc')).toString()).toBe('no scripts');
  });

  it('drops the oldest page when full, and a page written again keeps its place', () => {
    const cache = new PageCache();
    const page = cache.prepare(200, 'x');
    for (let i = 0; i < RESPONSE_CACHE_MAX_ENTRIES; i++) cache.set(`/p${i}/`, page);
    cache.set('/p0/', page);
    expect(cache.size).toBe(RESPONSE_CACHE_MAX_ENTRIES);
    cache.set('/new/', page);
    expect(cache.size).toBe(RESPONSE_CACHE_MAX_ENTRIES);
    expect(cache.get('/p0/')).toBeUndefined();
    expect(cache.get('/p1/')).toBe(page);
    expect(cache.get('/new/')).toBe(page);
  });
});
