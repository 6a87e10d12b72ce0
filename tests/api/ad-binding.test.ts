// POST /v2/user/bindAccessBd (server/attribution) on the built server, SQLite and PostgreSQL: a
// logged-in user's Baidu click is bound once (the first wins), as a form; guests, bad click ids,
// landing pages not ours and JSON look-alikes of the wrong shape are refused in Chinese.
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';

describe.each(DB_MODES)('bindAccessBd on %s', (mode) => {
  const site = builtServerOn(mode);
  const origin = () => site.server.origin;
  /** The page's form post, with the visitor's cookies and bearer. */
  const bind = async (visitor: ApiVisitor, fields: Record<string, string>) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': visitor.ip };
    const access = visitor.jar.get('accessToken')?.value;
    if (access) Object.assign(headers, { authorization: `Bearer ${access}`, cookie: `accessToken=${access}` });
    const res = await fetch(`${origin()}/v2/user/bindAccessBd`, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
    return { status: res.status, body: await res.json() };
  };

  test('the first click is bound and kept; a later one does not replace it', async () => {
    const user = await loggedInVisitor(origin());
    const send = (fields: Record<string, string>) => bind(user, fields);
    expect(await send({ bd_vid: 'abcDEF_123-x', url: `${origin()}/pdf-to-word/?bd_vid=abcDEF_123-x` })).toEqual({ status: 200, body: { ret: 0, msg: '', data: { bound: true, bdVid: 'abcDEF_123-x' } } });
    expect(await send({ bd_vid: 'second_click', url: `${origin()}/` })).toEqual({ status: 200, body: { ret: 0, msg: '', data: { bound: false, bdVid: 'abcDEF_123-x' } } });
    const row = await site.testDb.db.selectFrom('ad_bindings').selectAll().execute();
    expect(row.map((r) => ({ bd: r.bd_vid, url: r.landing_url }))).toEqual([{ bd: 'abcDEF_123-x', url: `${origin()}/pdf-to-word/?bd_vid=abcDEF_123-x` }]);
  });

  test('refusals: a guest, a bad click id, a landing page elsewhere, missing fields', async () => {
    const guest = new ApiVisitor(origin());
    expect(await bind(guest, { bd_vid: 'abc', url: `${origin()}/` })).toEqual({ status: 401, body: { ret: 401, code: 401, msg: '未登录或登录已过期，请重新登录' } });
    const user = await loggedInVisitor(origin());
    for (const fields of [
      { bd_vid: '<script>', url: `${origin()}/` },
      { bd_vid: 'x'.repeat(129), url: `${origin()}/` },
      { bd_vid: 'abc', url: 'https://evil.example/' },
      { bd_vid: 'abc', url: 'not a url' },
      { bd_vid: 'abc' },
      {},
    ]) {
      expect(await bind(user, fields as Record<string, string>)).toEqual({ status: 400, body: { ret: 400, code: 400, msg: '推广来源参数不正确' } });
    }
    // An array where a string belongs (JSON) is refused the same way.
    expect((await user.send('POST', '/v2/user/bindAccessBd', { bd_vid: ['a', 'b'], url: `${origin()}/` })).status).toBe(400);
    expect(await site.testDb.db.selectFrom('ad_bindings').selectAll().execute()).toHaveLength(1);
  });
});
