// Try-out results on the built server (shared/tryout.ts, server/tasks/tryout.ts): PDF → Word,
// Excel and PPT give guests and users the first 5 of the chosen pages, marked partial with a note;
// shorter files are never cut; goOnConvert finishes the same task once the user is a member (402
// before, 400 after, 404 for another's task), without counting a use; members are never cut.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ApiVisitor, loggedInVisitor, settledTask } from '../support/api-visitor';
import { builtServerOn, DB_MODES } from '../support/db';
import { buyInSandbox } from '../support/sandbox-pay';
import { TaskClient } from '../support/task-client';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tryout-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A PDF whose every page says which it is. */
async function numberedPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([595, 842]).drawText(`Tryout marker page ${i}`, { x: 72, y: 760, size: 18, font });
  return Buffer.from(await doc.save());
}

/** The page numbers whose marker the text holds. */
function markers(text: string): number[] {
  return [...text.matchAll(/Tryout marker page (\d+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
}

async function download(visitor: ApiVisitor, url: string, name: string): Promise<string> {
  const file = path.join(scratch, `${Date.now()}-${name}`);
  const res = await fetch(visitor.origin + url);
  expect(res.status).toBe(200);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const docxText = (file: string) => execFileSync('unzip', ['-p', file, 'word/document.xml'], { encoding: 'utf8' }).replace(/<[^>]+>/g, '');

async function xlsxText(file: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
  return cells.join('\n');
}

async function convert(visitor: ApiVisitor, tool: string, data: Buffer, options?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const submitted = await visitor.send('POST', '/task/submitTask', TaskClient.form(tool, [{ name: 'book.pdf', data }], options));
  expect(submitted).toMatchObject({ status: 200, body: { ret: 0 } });
  const state = await settledTask(visitor, submitted.body.data!.taskId as string);
  expect(state.status).toBe('done');
  return state;
}

const fileUrl = (state: Record<string, unknown>) => (state.files as Array<{ url: string }>)[0].url;

describe.each(DB_MODES)('try-out results on %s', (mode) => {
  const site = builtServerOn(mode);
  const origin = () => site.server.origin;

  test('a guest gets the first 5 pages of a longer PDF → Word, marked partial; goOnConvert waits for a membership', async () => {
    const guest = new ApiVisitor(origin());
    const state = await convert(guest, 'pdf-to-word', await numberedPdf(8));
    expect(state).toMatchObject({ partial: true, msg: '免费试用已转换前 5 页（共 8 页），开通会员即可转换全部页面' });
    expect(markers(docxText(await download(guest, fileUrl(state), 'a.docx')))).toEqual([1, 2, 3, 4, 5]);
    expect(await guest.send('POST', '/task/goOnConvert', { taskId: state.taskId })).toEqual({
      status: 402,
      // The task calls' refusal envelope is ret 400 with the HTTP status (ARCHITECTURE "The task API contract").
      body: { ret: 400, msg: '试用仅转换部分内容，开通会员后可继续转换全部内容' },
    });

    // A file within the try-out is whole and not partial.
    const short = await convert(guest, 'pdf-to-word', await numberedPdf(5));
    expect(short).toMatchObject({ partial: false, msg: '' });
    expect(markers(docxText(await download(guest, fileUrl(short), 'b.docx')))).toEqual([1, 2, 3, 4, 5]);
    expect((await guest.send('POST', '/task/goOnConvert', { taskId: short.taskId })).status).toBe(400);
  });

  test('the cut follows the chosen pages: pages 3-9 of 12 in Excel give 3 to 7', async () => {
    const guest = new ApiVisitor(origin());
    const state = await convert(guest, 'pdf-to-excel', await numberedPdf(12), { pages: '3-9' });
    expect(state).toMatchObject({ partial: true, msg: '免费试用已转换前 5 页（共 7 页），开通会员即可转换全部页面' });
    expect(markers(await xlsxText(await download(guest, fileUrl(state), 'c.xlsx')))).toEqual([3, 4, 5, 6, 7]);
  });

  test('a user who becomes a member finishes the same task with goOnConvert, without spending a use', async () => {
    const user = await loggedInVisitor(origin());
    const state = await convert(user, 'pdf-to-word', await numberedPdf(7));
    expect(state).toMatchObject({ partial: true });
    const left = (await user.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-to-word&platform=web')).body.data!.nowAvailableCount;

    // Another visitor cannot go on with it, whatever they hold.
    const other = await loggedInVisitor(origin());
    expect((await other.send('POST', '/task/goOnConvert', { taskId: state.taskId })).status).toBe(404);
    expect((await user.send('POST', '/task/goOnConvert', { taskId: state.taskId })).status).toBe(402);

    await buyInSandbox(origin(), user, 10001);
    expect(await user.send('POST', '/task/goOnConvert', { taskId: state.taskId })).toEqual({ status: 200, body: { ret: 0, msg: '', data: { taskId: state.taskId } } });
    const whole = await settledTask(user, state.taskId as string);
    expect(whole).toMatchObject({ status: 'done', partial: false, msg: '' });
    expect(markers(docxText(await download(user, fileUrl(whole), 'd.docx')))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Finished once: a second call has nothing to go on with.
    expect((await user.send('POST', '/task/goOnConvert', { taskId: state.taskId })).status).toBe(400);
    // Members are not counted, and the re-run spent nothing before that either.
    expect((await user.send('GET', '/v2/user/getTryOutDetail?taskName=pdf-to-word&platform=web')).body.data!.nowAvailableCount).toBe(-1);
    expect(left).toBeGreaterThan(0);

    // A member's new task is whole at once.
    const member = await convert(user, 'pdf-to-ppt', await numberedPdf(7));
    expect(member).toMatchObject({ partial: false, msg: '' });
  });

  test('goOnConvertBatch goes on with each of a member\'s partial tasks', async () => {
    const user = await loggedInVisitor(origin());
    const a = await convert(user, 'pdf-to-word', await numberedPdf(6));
    const b = await convert(user, 'pdf-to-excel', await numberedPdf(9));
    await buyInSandbox(origin(), user, 10001);
    const batch = await user.send('POST', '/task/goOnConvertBatch', { taskIds: [a.taskId, b.taskId] });
    expect(batch).toMatchObject({ status: 200, body: { ret: 0, data: { taskIds: [a.taskId, b.taskId] } } });
    expect(markers(docxText(await download(user, fileUrl(await settledTask(user, a.taskId as string)), 'e.docx')))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(markers(await xlsxText(await download(user, fileUrl(await settledTask(user, b.taskId as string)), 'f.xlsx')))).toHaveLength(9);
  });
});
