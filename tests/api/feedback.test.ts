// /yijian/'s call POST /api/feedback on the built server, on SQLite and PostgreSQL (issue 17,
// server/feedback/): an entry with attachments is stored with its sender (the user named by the
// accessToken cookie, with no Authorization header, as the page sends it; else the visitor's
// UUID), its files sniffed and kept in the store; the operators read it through GET
// /admin/feedback (ADMIN_TOKEN) and download the files byte for byte. Refusals in Chinese with
// their status (bad contact, empty or short text, unknown category, oversize, wrong type, too many
// files) store nothing; the same form sent twice stores one entry; the rate limits per visitor and
// per address answer 429, also to sends made at once (counted under locks). The page's side (no
// Authorization header in the browser) is tests/e2e/feedback.test.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { ApiVisitor, loggedInVisitor } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';
import { FeedbackService } from '../../server/feedback/service';
import { LocalFileStore } from '../../server/tasks/store';

const ADMIN_TOKEN = crypto.randomBytes(24).toString('hex');
const MB = 1024 * 1024;

let png: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#e5322d' } }).png().toBuffer();
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  pdf = Buffer.from(await doc.save());
});

const key = () => crypto.randomBytes(12).toString('hex');

interface Form {
  category?: string;
  content?: string;
  contact?: string;
  submitKey?: string;
  files?: { name: string; bytes: Buffer }[];
}

function formOf(form: Form): FormData {
  const body = new FormData();
  body.append('category', form.category ?? 'conversion');
  body.append('content', form.content ?? 'PDF 转 Word 以后表格错位了，第二页的表格变成了图片。');
  body.append('contact', form.contact ?? '13812345678');
  body.append('submitKey', form.submitKey ?? key());
  for (const file of form.files ?? []) body.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

/** As the page sends it: multipart, the cookies, no Authorization header (SPEC §6). */
function send(visitor: ApiVisitor, form: Form) {
  return visitor.send('POST', '/api/feedback', formOf(form), false);
}

function admin(origin: string, pathname: string, token: string | null = ADMIN_TOKEN) {
  return fetch(origin + pathname, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

describe.each(DB_MODES)('feedback on %s', (mode) => {
  const site = builtServerOn(mode, { ADMIN_TOKEN });
  const origin = () => site.server.origin;
  const db = () => site.testDb.db;
  const feedbackDir = () => path.join(site.server.dataDir, 'files', 'feedback');
  const rowCount = async () => Number((await db().selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storedFiles = () => (fs.existsSync(feedbackDir()) ? fs.readdirSync(feedbackDir(), { recursive: true }).filter((f) => fs.statSync(path.join(feedbackDir(), String(f))).isFile()) : []);

  test('a logged-in user\'s entry with a screenshot and a PDF is stored with the user, read and downloaded by the operators', async () => {
    const user = await loggedInVisitor(origin());
    const userId = (await user.send('GET', '/user/getUserInfo?platform=web')).body.data!.userId as number;
    const sent = await send(user, { category: 'account', content: '  支付成功了但是会员没有到账，订单号见截图。  ', contact: '+86 138-1234-5678', files: [{ name: '截图.png', bytes: png }, { name: 'report.pdf', bytes: pdf }] });
    expect(sent).toMatchObject({ status: 200, body: { ret: 0, data: { id: expect.any(String) } } });
    const id = sent.body.data!.id as string;

    const row = await db().selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner: `u:${userId}`, user_id: userId, category: 'account', content: '支付成功了但是会员没有到账，订单号见截图。', contact: '+8613812345678', files_deleted_at: null });
    const attachments = JSON.parse(row.attachments) as { name: string; key: string; size: number; type: string }[];
    expect(attachments.map(({ name, size, type }) => ({ name, size, type }))).toEqual([
      { name: '截图.png', size: png.length, type: 'png' },
      { name: 'report.pdf', size: pdf.length, type: 'pdf' },
    ]);
    // Kept in the file store like the tasks' files, under keys of the entry's own.
    expect(fs.readFileSync(path.join(site.server.dataDir, 'files', attachments[0].key)).equals(png)).toBe(true);

    // The operators' listing: newest first, the files linked through the token-protected call.
    const listed = await admin(origin(), '/admin/feedback?page=1&size=10');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    const { data } = (await listed.json()) as { data: { total: number; list: Array<Record<string, unknown> & { attachments: { name: string; url: string }[] }> } };
    const entry = data.list.find((e) => e.id === id)!;
    expect(entry).toMatchObject({ userId, owner: `u:${userId}`, category: 'account', categoryLabel: '账号与支付', contact: '+8613812345678', filesDeletedAt: null });
    expect(entry.attachments.map((a) => a.name)).toEqual(['截图.png', 'report.pdf']);
    expect(JSON.stringify(entry)).not.toContain(attachments[0].key);
    const download = await admin(origin(), entry.attachments[1].url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const shot = await admin(origin(), entry.attachments[0].url);
    expect(shot.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%88%AA%E5%9B%BE.png");
    expect((await sharp(Buffer.from(await shot.arrayBuffer())).metadata())).toMatchObject({ format: 'png', width: 64, height: 40 });
  });

  test('a guest\'s entry belongs to the visitor\'s UUID; an e-mail contact and no attachment are fine', async () => {
    const guest = new ApiVisitor(origin());
    const sent = await send(guest, { category: 'suggestion', content: '希望增加 PDF 转 Markdown 的功能', contact: 'li.ming@example.com' });
    expect(sent.status).toBe(200);
    const uuid = guest.jar.get('UUID')!.value;
    const row = await db().selectFrom('feedback').selectAll().where('id', '=', sent.body.data!.id as string).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner: `v:${uuid}`, user_id: null, contact: 'li.ming@example.com', attachments: '[]', ip: guest.ip });
    // Without files the fields may come as JSON too, checked the same way.
    const json = await guest.send('POST', '/api/feedback', { category: 'other', content: '页面底部的链接打不开了', contact: '0086 139 0000 1111', submitKey: key() }, false);
    expect(json.status).toBe(200);
    expect(await db().selectFrom('feedback').select('contact').where('id', '=', json.body.data!.id as string).executeTakeFirstOrThrow()).toEqual({ contact: '008613900001111' });
    expect(await guest.send('POST', '/api/feedback', { category: 'other', content: '页面底部的链接打不开了', contact: 'x', submitKey: key() }, false)).toEqual({ status: 400, body: { ret: 400, msg: '请填写正确的手机号或邮箱' } });
  });

  test('the operators\' calls need the token: none, a wrong one or a user\'s login is 401', async () => {
    for (const token of [null, `${ADMIN_TOKEN}x`, 'short']) {
      const res = await admin(origin(), '/admin/feedback', token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ret: 401, msg: '管理令牌无效' });
    }
    const user = await loggedInVisitor(origin());
    expect((await user.send('GET', '/admin/feedback')).status).toBe(401);
    expect((await admin(origin(), '/admin/feedback/nosuchentry/files/0')).status).toBe(404);
  });

  test('refusals are Chinese, with their status, and store nothing', async () => {
    const before = { rows: await rowCount(), files: storedFiles().length };
    const cases: Array<[Form, number, string]> = [
      [{ contact: '12345' }, 400, '请填写正确的手机号或邮箱'],
      [{ contact: '1381234567' }, 400, '请填写正确的手机号或邮箱'],
      [{ contact: 'someone@example' }, 400, '请填写正确的手机号或邮箱'],
      [{ contact: '' }, 400, '请填写手机号或邮箱，方便我们联系您'],
      [{ content: '   ' }, 400, '请填写反馈内容'],
      [{ content: '太慢' }, 400, '反馈内容至少 5 个字'],
      [{ content: '字'.repeat(501) }, 400, '反馈内容不能超过 500 个字'],
      [{ category: 'spam' }, 400, '请选择反馈类型'],
      [{ submitKey: 'x' }, 400, '请刷新页面后重新提交'],
      // A bad field is refused before the file is stored.
      [{ contact: 'nobody', files: [{ name: 'a.png', bytes: png }] }, 400, '请填写正确的手机号或邮箱'],
      // 10 MB and one byte, with a real PNG head: cut off while it streams.
      [{ files: [{ name: 'huge.png', bytes: Buffer.concat([png, Buffer.alloc(10 * MB + 1 - png.length)]) }] }, 413, '单个附件不能超过 10MB'],
      // Bytes decide, not the name: a program named .png, a PDF named .exe, an MP3.
      [{ files: [{ name: 'shot.png', bytes: Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(2000)]) }] }, 415, '附件仅支持图片（JPG、PNG、GIF、WEBP、BMP）或文档（PDF、Word、Excel、PPT、TXT）'],
      [{ files: [{ name: 'ok.png', bytes: png }, { name: 'tool.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(3000)]) }] }, 415, '附件仅支持图片（JPG、PNG、GIF、WEBP、BMP）或文档（PDF、Word、Excel、PPT、TXT）'],
      [{ files: [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, bytes: png })) }, 400, '最多上传 3 个附件'],
    ];
    for (const [form, status, msg] of cases) {
      // A visitor per case: the refusals are not what the rate limit is about.
      const res = await send(new ApiVisitor(origin()), form);
      expect({ form: Object.keys(form), status: res.status, body: res.body }).toEqual({ form: Object.keys(form), status, body: { ret: 400, msg } });
    }
    expect(await rowCount()).toBe(before.rows);
    expect(storedFiles()).toHaveLength(before.files);
  }, 60_000);

  test('the same form sent twice (a double click, a retry) stores one entry', async () => {
    const visitor = new ApiVisitor(origin());
    const submitKey = key();
    const form = { submitKey, files: [{ name: 'shot.png', bytes: png }] };
    const [a, b] = await Promise.all([send(visitor, form), send(visitor, form)]);
    const c = await send(visitor, form);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.data!.id, b.body.data!.id, c.body.data!.id]).size).toBe(1);
    const rows = await db().selectFrom('feedback').select(['id', 'attachments']).where('submit_key', '=', submitKey).execute();
    expect(rows).toHaveLength(1);
    // Only the kept entry's file is in the store.
    expect(storedFiles().filter((f) => String(f).startsWith(rows[0].id))).toHaveLength(1);
  });

  test('rate limits: 3 entries in 10 minutes per visitor, 10 per address; then 429 in Chinese', async () => {
    const visitor = new ApiVisitor(origin());
    for (let i = 0; i < 3; i++) expect((await send(visitor, {})).status).toBe(200);
    const fourth = await send(visitor, { files: [{ name: 'a.png', bytes: png }] });
    expect(fourth).toEqual({ status: 429, body: { ret: 400, msg: '提交过于频繁，请稍后再试' } });

    // Another visitor (a new UUID) on an address that sent 10 already.
    const address = `203.0.113.${crypto.randomInt(1, 255)}`;
    for (let i = 0; i < 10; i++) expect((await send(new ApiVisitor(origin(), address), {})).status).toBe(200);
    expect(await send(new ApiVisitor(origin(), address), {})).toEqual({ status: 429, body: { ret: 400, msg: '提交过于频繁，请稍后再试' } });
    // Others are not held back.
    expect((await send(new ApiVisitor(origin()), {})).status).toBe(200);
  });

  test('parallel sends are counted one after another: of 8 at once from one visitor 3 pass, of 14 from one address 10', async () => {
    const visitor = new ApiVisitor(origin());
    // The first answer gives the visitor its UUID cookie; every send after it is the same owner.
    expect((await send(visitor, {})).status).toBe(200);
    const filesBefore = storedFiles().length;
    const burst = await Promise.all(Array.from({ length: 8 }, () => send(visitor, { files: [{ name: 'shot.png', bytes: png }] })));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, ...Array(6).fill(429)]);
    const rows = await db().selectFrom('feedback').select('id').where('owner', '=', `v:${visitor.jar.get('UUID')!.value}`).execute();
    expect(rows).toHaveLength(3);
    // A refused send's file, stored while it streamed past the first look, is deleted: only the two kept entries' files stay.
    expect(storedFiles()).toHaveLength(filesBefore + 2);

    const address = `192.0.2.${crypto.randomInt(1, 255)}`;
    const crowd = await Promise.all(Array.from({ length: 14 }, () => send(new ApiVisitor(origin(), address), {})));
    expect(crowd.filter((r) => r.status === 200)).toHaveLength(10);
    expect(crowd.filter((r) => r.status === 429).map((r) => r.body)).toEqual(Array(4).fill({ ret: 400, msg: '提交过于频繁，请稍后再试' }));
    expect(await db().selectFrom('feedback').select('id').where('ip', '=', address).execute()).toHaveLength(10);
  });
});

describe.each(DB_MODES)('feedback attachments\' retention on %s', (mode) => {
  const site = builtServerOn(mode, { ADMIN_TOKEN, FEEDBACK_RETENTION_DAYS: '30' });

  test('past FEEDBACK_RETENTION_DAYS the sweeper deletes the files; the entry\'s text stays, its links go', async () => {
    const sent = await send(new ApiVisitor(site.server.origin), { files: [{ name: 'old.png', bytes: png }] });
    const id = sent.body.data!.id as string;
    const db = site.testDb.db;
    const { attachments } = await db.selectFrom('feedback').select('attachments').where('id', '=', id).executeTakeFirstOrThrow();
    const file = path.join(site.server.dataDir, 'files', (JSON.parse(attachments) as { key: string }[])[0].key);
    expect(fs.existsSync(file)).toBe(true);

    // The server's own sweeper, over the same database and store, 31 days on.
    const sweeper = new FeedbackService(db, new LocalFileStore(path.join(site.server.dataDir, 'files')), 30, () => Date.now() + 31 * 24 * 3600_000);
    expect(await sweeper.sweep()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(await sweeper.sweep()).toBe(0);

    const { data } = (await (await admin(site.server.origin, '/admin/feedback')).json()) as { data: { list: Array<{ id: string; content: string; filesDeletedAt: number | null; attachments: { name: string; url: string | null }[] }> } };
    const entry = data.list.find((e) => e.id === id)!;
    expect(entry.content).toContain('表格错位');
    expect(entry.filesDeletedAt).toEqual(expect.any(Number));
    expect(entry.attachments).toEqual([{ name: 'old.png', size: png.length, type: 'png', url: null }]);
    expect((await admin(site.server.origin, `/admin/feedback/${id}/files/0`)).status).toBe(404);
  });
});
