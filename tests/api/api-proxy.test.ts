// API_ORIGIN: the site server forwards the API paths to a second server on loopback, passing
// cookies and the authorization header, and maps an unreachable API to the SPEC §8 envelope.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createTestSite } from '../support/site';

function listen(handler: http.RequestListener): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('API proxy', () => {
  it('forwards API calls with cookies, authorization and body to a second server', async () => {
    const seen: { path: string; cookie?: string; authorization?: string; body: unknown }[] = [];
    const upstream = express();
    upstream.use(express.json());
    upstream.use((req, res) => {
      seen.push({ path: req.originalUrl, cookie: req.headers.cookie, authorization: req.headers.authorization, body: req.body });
      res.cookie('fromApi', '1').json({ ret: 0, msg: '', data: { echoed: req.originalUrl } });
    });
    const api = await listen(upstream);
    const site = await createTestSite({ apiOrigin: api.origin });
    try {
      const res = await request(site.app)
        .post('/behavior/takeNoteBehavior?x=1')
        .set('Cookie', 'UUID=visitor-1; accessToken=tok')
        .set('Authorization', 'Bearer tok')
        .send({ behaviorType: 'click' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ret: 0, msg: '', data: { echoed: '/behavior/takeNoteBehavior?x=1' } });
      expect(res.headers['set-cookie']?.[0]).toMatch(/^fromApi=1/);
      expect(seen).toEqual([{ path: '/behavior/takeNoteBehavior?x=1', cookie: 'UUID=visitor-1; accessToken=tok', authorization: 'Bearer tok', body: { behaviorType: 'click' } }]);

      // Pages are still rendered here: /task/ is the task-centre page, not an API call.
      const page = await request(site.app).get('/task/');
      expect(page.status).toBe(302);
      expect(seen).toHaveLength(1);
    } finally {
      await site.close();
      await api.close();
    }
  });

  it('answers the real API of another site server through the proxy', async () => {
    const backend = await createTestSite();
    const api = await listen(backend.app);
    const front = await createTestSite({ apiOrigin: api.origin });
    try {
      const first = await request(front.app).get('/api/getWebVisits');
      const second = await request(front.app).get('/api/getWebVisits');
      expect(first.body.ret).toBe(0);
      expect(second.body.data.count).toBe(first.body.data.count + 1);
    } finally {
      await front.close();
      await api.close();
      await backend.close();
    }
  });

  it('maps an unreachable API to 502 with the SPEC §8 message', async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const site = await createTestSite({ apiOrigin: closed.origin });
    try {
      const res = await request(site.app).get('/api/getLink');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ ret: 502, msg: '网络错误' });
    } finally {
      await site.close();
    }
  });
});
