// A logged-in user's conversion history on the built server, on SQLite and PostgreSQL:
// GET /user/getPdf365Record (newest first, pages of 10, names and states), GET /user/downloadRecordUrl
// (a fresh link that fetches the very result), DELETE /task/deleteById taking an entry out, entries
// after their files expired, and the refusals: guests, foreign and unknown ids, absurd paging.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { TaskRepo } from '../../server/tasks/repo';
import { ApiVisitor, loggedInVisitor, settledTask, type Answer } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';
import { TaskClient } from '../support/task-client';

async function pdfOf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200 + i * 10, 300]);
  return Buffer.from(await doc.save());
}

describe.each(DB_MODES)('conversion history on %s', (mode) => {
  const site = builtServerOn(mode);
  const loggedIn = () => loggedInVisitor(site.server.origin);

  async function convert(visitor: ApiVisitor, taskName: string, files: { name: string; data: Buffer }[], options: Record<string, unknown>): Promise<string> {
    const submitted = await visitor.send('POST', '/task/submitTask', TaskClient.form(taskName, files, options));
    expect(submitted.status).toBe(200);
    const taskId = submitted.body.data!.taskId as string;
    await settledTask(visitor, taskId);
    return taskId;
  }

  const history = (visitor: ApiVisitor, query = '') => visitor.send('GET', `/user/getPdf365Record${query}`);
  type Entry = { taskId: string; taskName: string; title: string; fileNames: string[]; status: string; msg: string; downloadable: boolean };
  const entries = (answer: Answer) => (answer.body.data as { list: Entry[] }).list;

  test('lists the user’s conversions newest first, and a fresh link fetches the very result', async () => {
    const user = await loggedIn();
    expect(await history(user)).toEqual({ status: 200, body: { ret: 0, msg: '', data: { total: 0, page: 1, pageSize: 10, list: [] } } });
    const rotated = await convert(user, 'pdf-rotate', [{ name: '合同.pdf', data: await pdfOf(2) }], { angle: 90 });
    const merged = await convert(user, 'pdf-merge', [{ name: 'a.pdf', data: await pdfOf(1) }, { name: 'b.pdf', data: await pdfOf(3) }], {});
    const broken = await convert(user, 'pdf-rotate', [{ name: '坏文件.pdf', data: Buffer.from('%PDF-1.7\nnot really a pdf') }], { angle: 90 });

    const listed = entries(await history(user));
    expect(listed.map((e) => [e.taskId, e.taskName, e.title, e.fileNames, e.status, e.downloadable])).toEqual([
      [broken, 'pdf-rotate', 'PDF旋转', ['坏文件.pdf'], 'failed', false],
      [merged, 'pdf-merge', 'PDF合并', ['a.pdf', 'b.pdf'], 'done', true],
      [rotated, 'pdf-rotate', 'PDF旋转', ['合同.pdf'], 'done', true],
    ]);
    expect(listed[0].msg).toMatch(/[\u4e00-\u9fff]/);

    // The link of the merge fetches a PDF of 1 + 3 pages, as an independent reader counts them.
    const link = await user.send('GET', `/user/downloadRecordUrl?taskId=${merged}`);
    expect(link).toMatchObject({ status: 200, body: { ret: 0, data: { url: expect.stringMatching(/^\/files\//) } } });
    const file = await fetch(site.server.origin + (link.body.data!.url as string));
    expect(file.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'records-'));
    try {
      const saved = path.join(dir, 'merged.pdf');
      fs.writeFileSync(saved, Buffer.from(await file.arrayBuffer()));
      expect(execFileSync('pdfinfo', [saved], { encoding: 'utf8' })).toMatch(/Pages:\s+4\n/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A failed conversion has nothing to fetch.
    expect(await user.send('GET', `/user/downloadRecordUrl?taskId=${broken}`)).toMatchObject({ status: 400, body: { ret: 400, msg: '任务尚未完成' } });
  }, 120_000);

  test('deleting an entry takes it out of the history; expired entries keep their names but no link', async () => {
    const user = await loggedIn();
    const kept = await convert(user, 'pdf-rotate', [{ name: '保留.pdf', data: await pdfOf(1) }], { angle: 180 });
    const removed = await convert(user, 'pdf-rotate', [{ name: '删除.pdf', data: await pdfOf(1) }], { angle: 180 });
    expect((await user.send('DELETE', '/task/deleteById', { taskId: removed })).status).toBe(200);
    expect(entries(await history(user)).map((e) => e.taskId)).toEqual([kept]);
    expect(await user.send('GET', `/user/downloadRecordUrl?taskId=${removed}`)).toMatchObject({ status: 410, body: { msg: '文件已过期或已删除' } });

    // Retention over: what the sweeper does when the clock gets there.
    await new TaskRepo(site.testDb.db).markExpired(kept);
    expect(entries(await history(user))).toEqual([
      expect.objectContaining({ taskId: kept, fileNames: ['保留.pdf'], status: 'expired', msg: '文件已超过保存期限，已自动删除', downloadable: false }),
    ]);
    expect(await user.send('GET', `/user/downloadRecordUrl?taskId=${kept}`)).toMatchObject({ status: 410, body: { msg: '文件已过期或已删除' } });
  }, 120_000);

  test('pages of 10 (SPEC §9 sizes only), and nothing of another user’s or a guest’s', async () => {
    const user = await loggedIn();
    const ids: string[] = [];
    const one = await pdfOf(1);
    for (let i = 0; i < 12; i++) ids.push(await convert(user, 'pdf-rotate', [{ name: `第${i + 1}份.pdf`, data: one }], { angle: 90 }));
    const second = await history(user, '?page=2&pageSize=10');
    expect(second.body.data).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(entries(second).map((e) => e.fileNames[0])).toEqual(['第2份.pdf', '第1份.pdf']);
    expect(entries(await history(user, '?page=1&pageSize=20'))).toHaveLength(12);
    for (const query of ['?pageSize=7', '?pageSize=1000', '?page=0', '?page=abc']) {
      expect(await history(user, query)).toEqual({ status: 400, body: { ret: 400, msg: expect.stringMatching(/[\u4e00-\u9fff]/) } });
    }

    const other = await loggedIn();
    expect((await history(other)).body.data).toMatchObject({ total: 0, list: [] });
    expect(await other.send('GET', `/user/downloadRecordUrl?taskId=${ids[0]}`)).toMatchObject({ status: 404, body: { ret: 404 } });
    expect(await other.send('DELETE', '/task/deleteById', { taskId: ids[0] })).toMatchObject({ status: 404 });
    expect(entries(await history(user, '?pageSize=20'))).toHaveLength(12);

    const guest = new ApiVisitor(site.server.origin);
    for (const call of ['/user/getPdf365Record', `/user/downloadRecordUrl?taskId=${ids[0]}`]) {
      expect(await guest.send('GET', call)).toEqual({ status: 401, body: { ret: 403, msg: '请先登录后查看转换记录' } });
    }
    expect(await user.send('GET', '/user/downloadRecordUrl')).toMatchObject({ status: 400 });
  }, 180_000);
});
