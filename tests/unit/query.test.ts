import { parseQuery } from '../../server/http/query';

describe('query parsing limits (SPEC §9)', () => {
  it('nests at most 5 levels; deeper brackets stay one literal key', () => {
    const parsed = parseQuery('a[b][c][d][e][f][g]=1') as Record<string, any>;
    expect(parsed.a.b.c.d.e.f).toEqual({ '[g]': '1' });
  });

  it('keeps array indices below 20 and turns larger ones into object keys', () => {
    expect(parseQuery('x[19]=a').x).toEqual(['a']);
    expect(parseQuery('x[20]=a').x).toEqual({ 20: 'a' });
  });

  it('reads at most 1000 parameters', () => {
    const query = Array.from({ length: 1005 }, (_, i) => `p${i}=${i}`).join('&');
    const parsed = parseQuery(query);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.p999).toBe('999');
    expect(parsed.p1000).toBeUndefined();
  });
});
