// The account's mind maps (server/mindmaps) on the built server, SQLite and PostgreSQL: a user
// saves, lists, opens, updates and deletes maps; guests get 401; another user's id and unknown
// ids 404 on every call; oversize, too deep and malformed documents are refused in Chinese. The
// PDF export (POST /api/mindmaps/pdf, guests too) is read back with qpdf, pdfinfo, pdftotext,
// pdffonts and pdfimages; scenes it cannot hold are refused in Chinese.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MINDMAP_LIMITS, MINDMAP_MESSAGES } from '../../shared/mindmap/document';
import { MINDMAP_PDF_MESSAGES } from '../../shared/mindmap/pdf-request';
import { MINDMAP_API_MESSAGES } from '../../server/mindmaps/router';
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';

function doc(title: string, children = 2) {
  return { version: 1, theme: 'fresh', root: { id: 'root', text: title, children: Array.from({ length: children }, (_, i) => ({ id: `c${i}`, text: `分支 ${i}`, children: [] })) } };
}

describe.each(DB_MODES)('mind maps API on %s', (mode) => {
  const env = builtServerOn(mode);

  it('saves, lists, opens, updates and deletes a user\'s maps', async () => {
    const user = await loggedInVisitor(env.server.origin);
    const created = await user.send('POST', '/api/mindmaps', { doc: doc('季度计划') });
    expect(created).toMatchObject({ status: 200, body: { ret: 0, data: { title: '季度计划', nodeCount: 3 } } });
    const id = created.body.data!.id as string;
    await user.send('POST', '/api/mindmaps', { doc: doc('读书笔记', 5) });

    const list = await user.send('GET', '/api/mindmaps');
    expect((list.body.data!.list as Array<{ title: string }>).map((m) => m.title).sort()).toEqual(['季度计划', '读书笔记']);

    const changed = doc('季度计划（修订）', 4);
    expect(await user.send('PUT', `/api/mindmaps/${id}`, { doc: changed })).toMatchObject({ status: 200, body: { data: { id, title: '季度计划（修订）', nodeCount: 5 } } });
    const opened = await user.send('GET', `/api/mindmaps/${id}`);
    expect(opened.body.data).toMatchObject({ id, doc: changed });

    expect(await user.send('DELETE', `/api/mindmaps/${id}`)).toMatchObject({ status: 200, body: { ret: 0 } });
    expect(await user.send('GET', `/api/mindmaps/${id}`)).toMatchObject({ status: 404, body: { msg: MINDMAP_API_MESSAGES.notFound } });
    expect((await user.send('GET', '/api/mindmaps')).body.data!.list).toHaveLength(1);
  });

  it('answers 404 for another user\'s map on every call, and leaves it untouched', async () => {
    const owner = await loggedInVisitor(env.server.origin);
    const other = await loggedInVisitor(env.server.origin);
    const id = (await owner.send('POST', '/api/mindmaps', { doc: doc('私人导图') })).body.data!.id as string;
    for (const [method, body] of [['GET'], ['PUT', { doc: doc('被改了') }], ['DELETE']] as const) {
      expect(await other.send(method, `/api/mindmaps/${id}`, body)).toMatchObject({ status: 404, body: { msg: MINDMAP_API_MESSAGES.notFound } });
    }
    expect((await other.send('GET', '/api/mindmaps')).body.data!.list).toEqual([]);
    expect((await owner.send('GET', `/api/mindmaps/${id}`)).body.data).toMatchObject({ title: '私人导图' });
    // Unknown and malformed ids alike.
    expect((await owner.send('GET', '/api/mindmaps/0123456789abcdef01234567')).status).toBe(404);
    expect((await owner.send('GET', '/api/mindmaps/..%2F..%2Fetc')).status).toBe(404);
  });

  it('refuses guests, oversize, too deep and malformed maps in Chinese', async () => {
    const guest = new ApiVisitor(env.server.origin);
    expect(await guest.send('GET', '/api/mindmaps')).toMatchObject({ status: 401, body: { msg: MINDMAP_API_MESSAGES.loginFirst } });
    expect(await guest.send('POST', '/api/mindmaps', { doc: doc('x') })).toMatchObject({ status: 401 });

    const user = await loggedInVisitor(env.server.origin);
    // 300 topics of 1000 CJK characters: some 900 KB, over the map bound, under the API's 1 MB body limit.
    const big = doc('大导图', 0);
    big.root.children = Array.from({ length: 300 }, (_, i) => ({ id: `n${i}`, text: '长'.repeat(MINDMAP_LIMITS.maxTextLength), children: [] }));
    expect(await user.send('POST', '/api/mindmaps', { doc: big })).toMatchObject({ status: 413, body: { msg: MINDMAP_MESSAGES.tooLarge } });

    const many = doc('多', 0);
    many.root.children = Array.from({ length: MINDMAP_LIMITS.maxNodes }, (_, i) => ({ id: `n${i}`, text: '', children: [] }));
    expect(await user.send('POST', '/api/mindmaps', { doc: many })).toMatchObject({ status: 413, body: { msg: MINDMAP_MESSAGES.tooManyNodes } });

    let deep: Record<string, unknown> = { id: 'leaf', text: '底', children: [] };
    for (let i = 0; i < 1000; i++) deep = { id: `d${i}`, text: '', children: [deep] };
    expect(await user.send('POST', '/api/mindmaps', { doc: { version: 1, theme: 'classic', root: deep } })).toMatchObject({ status: 413, body: { msg: MINDMAP_MESSAGES.tooDeep } });

    for (const bad of [null, 'x', { version: 2, theme: 'classic', root: doc('a').root }, { version: 1, theme: 'neon', root: doc('a').root }, { version: 1, theme: 'classic', root: { id: 'r', text: 1, children: [] } }, { version: 1, theme: 'classic', root: { id: 'r', text: 'a', children: [], html: '<script>' } }]) {
      expect(await user.send('POST', '/api/mindmaps', { doc: bad } as Record<string, unknown>)).toMatchObject({ status: 400, body: { msg: MINDMAP_API_MESSAGES.badDoc } });
    }
    expect((await user.send('GET', '/api/mindmaps')).body.data!.list).toEqual([]);
  });

  it('draws a map\'s scene as a vector PDF for anyone: text pdftotext reads, the Chinese font embedded, no picture', async () => {
    const guest = new ApiVisitor(env.server.origin);
    const scene = {
      title: '季度计划',
      frame: { x: -40, y: -40, width: 480, height: 200 },
      background: '#f6f8fb',
      edges: [{ d: 'M60 20C120 20 120 80 200 80', color: '#e8553e', width: 3 }],
      nodes: [
        { x: 0, y: 0, w: 120, h: 40, rx: 10, fill: '#26344f', underline: null, textColor: '#ffffff', fontSize: 18, fontWeight: 700, text: [{ x: 60, y: 20, line: '季度计划' }], badge: null },
        { x: 200, y: 64, w: 140, h: 32, rx: 4, fill: 'transparent', underline: '#e8553e', textColor: '#1f2937', fontSize: 14, fontWeight: 400, text: [{ x: 270, y: 72, line: '市场调研 Q3' }, { x: 270, y: 90, line: '竞品分析😀' }], badge: { x: 351, y: 96, count: 7, color: '#e8553e' } },
      ],
    };
    const res = await guest.request('POST', '/api/mindmaps/pdf', scene, false);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-pdf-'));
    const pdf = path.join(dir, 'map.pdf');
    fs.writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    try {
      expect(execFileSync('qpdf', ['--check', pdf]).toString()).toContain('No syntax or stream encoding errors');
      const info = execFileSync('pdfinfo', [pdf]).toString();
      expect(info).toMatch(/Pages:\s+1/);
      expect(info).toMatch(/Page size:\s+360 x 150 pts/);
      expect(info).toMatch(/Title:\s+季度计划/);
      // The emoji the font lacks is left out; everything else is text, in reading order.
      const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
      for (const words of ['季度计划', '市场调研 Q3', '竞品分析', '7']) expect(text).toContain(words);
      // Embedded, and only the glyphs used (the font file is 10 MB).
      expect(execFileSync('pdffonts', [pdf]).toString()).toMatch(/^WenQuanYiZenHei\S*\s+CID TrueType\s+Identity-H\s+yes\b/m);
      expect(fs.statSync(pdf).size).toBeLessThan(100_000);
      expect(execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n')).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Only what the page's scene can hold: hex colours, one curve per branch, bounded numbers.
    const refused = [
      { ...scene, background: 'url(#x)' },
      { ...scene, edges: [{ d: 'M0 0L10 10Z', color: '#000', width: 1 }] },
      { ...scene, nodes: [] },
      { ...scene, frame: { ...scene.frame, width: Infinity } },
      { ...scene, nodes: Array(MINDMAP_LIMITS.maxNodes + 1).fill({ x: 0, y: 0, w: 1, h: 1, rx: 0, fill: '#000', underline: null, textColor: '#000', fontSize: 1, fontWeight: 400, text: [], badge: null }) },
      'not a map',
    ];
    for (const body of refused) {
      const answer = await guest.send('POST', '/api/mindmaps/pdf', typeof body === 'string' ? { body } : (body as Record<string, unknown>), false);
      expect(answer).toEqual({ status: 400, body: { ret: 400, msg: '导图内容格式不正确，无法导出PDF' } });
    }
  });

  it('draws PDF exports in a thread, one at a time per address: a second at once is refused with 429, another address and the site are not held up', async () => {
    // A scene big enough that an export is still running when the next call arrives.
    const nodes = Array.from({ length: 600 }, (_, i) => ({
      x: (i % 20) * 150, y: Math.floor(i / 20) * 40, w: 140, h: 32, rx: 4, fill: '#ffffff', underline: '#e8553e', textColor: '#1f2937', fontSize: 14, fontWeight: 400,
      text: [{ x: (i % 20) * 150 + 70, y: Math.floor(i / 20) * 40 + 16, line: `第${i}个主题：市场调研与竞品分析` }], badge: null,
    }));
    const scene = { title: '大导图', frame: { x: 0, y: 0, width: 3000, height: 1200 }, background: '#ffffff', edges: [], nodes };
    const guest = new ApiVisitor(env.server.origin);
    const other = new ApiVisitor(env.server.origin, '203.0.113.77');
    // Drawn off the event loop: the site answers while the exports run.
    const settled: string[] = [];
    const calls = [guest, guest, guest, other].map((visitor, i) => visitor.request('POST', '/api/mindmaps/pdf', scene, false).then((r) => (settled.push(`export ${i}`), r)));
    const health = await fetch(`${env.server.origin}/healthz`).then((r) => (settled.push('healthz'), r));
    expect(health.status).toBe(200);
    const [a, b, c, elsewhere] = await Promise.all(calls);
    const answers = [a, b, c];
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(settled.indexOf('healthz')).toBeLessThan(settled.indexOf(`export ${answers.findIndex((r) => r.status === 200)}`));
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ ret: 429, msg: MINDMAP_PDF_MESSAGES.busy });
    }
    expect(elsewhere.status).toBe(200);
    // The finished export let go of its place: the same address exports again.
    expect((await guest.request('POST', '/api/mindmaps/pdf', scene, false)).status).toBe(200);
  });
});
