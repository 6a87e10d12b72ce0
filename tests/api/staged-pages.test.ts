// Page thumbnails as soon as a file is chosen, and the calls that build on them (issue 16,
// previews), on the built server over SQLite and PostgreSQL:
// - submitMiddleTask stages one file with its thumbnails and page count, free of the day's count;
//   submitResultGroup runs the tool on staged files in the order given (a merge as arranged), and
//   that run is what counts;
// - moreConvertMiddle stages a finished task's results for a page tool (继续处理 → 拆分);
// - resultPreview draws the first page of each result PDF and of Word, Excel and PowerPoint
//   results (OCR reads page 1 on it), links result images as they are.
// Results are read with pdftotext, pdfinfo and qpdf --check; pictures with ffprobe.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { builtServerOn, DB_MODES } from '../support/db';
import { TaskClient, type TaskState } from '../support/task-client';
import { countBomb } from '../hostile/corpus';

interface MiddleState extends TaskState {
  pageCount?: number;
  pages: { page: number; url: string }[];
}

interface ResultPreview {
  taskId: string;
  files: { index: number; kind: 'page' | 'image' | 'none'; url?: string; pageCount?: number }[];
}

// The machine is shared: engine runs in the jail queue behind others' tests.
jest.setTimeout(240_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staged-pages-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A PDF whose page n reads "<label> page n", so pdftotext tells the pages apart. */
async function labelledPdf(label: string, pages: number, size: [number, number] = [300, 400], fontSize = 20): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage(size).drawText(`${label} page ${i}`, { x: 20, y: size[1] / 2, size: fontSize, font });
  return Buffer.from(await doc.save());
}

/** The labels of a PDF's pages in order, as pdftotext reads them. */
function pageLabels(file: string): string[] {
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').map((page) => page.trim()).filter(Boolean);
}

function imageSize(file: string): [number, number] {
  const [w, h] = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split(',').map(Number);
  return [w!, h!];
}

/** The text tesseract reads on a picture as it is and enlarged (a sheet's 11 pt cells are 6 px high in a 480 px preview; a 36 pt title reads best unscaled). */
async function ocr(picture: string): Promise<string> {
  const [w] = imageSize(picture);
  const large = `${picture}.x4.png`;
  await sharp(picture).resize({ width: w * 4, kernel: 'lanczos3' }).toFile(large);
  const read = (file: string) => execFileSync('tesseract', [file, '-', '-l', 'eng', '--psm', '6'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return `${read(picture)}\n${read(large)}`;
}

async function middle(client: TaskClient, taskId: string): Promise<MiddleState> {
  for (let i = 0; i < 1500; i++) {
    const answer = await client.call<MiddleState>('POST', '/task/taskMiddleQuery', { taskId });
    const state = answer.body.data!;
    if (state.status !== 'queued' && state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`middle task ${taskId} never settled`);
}

async function stage(client: TaskClient, taskName: string, name: string, data: Buffer): Promise<string> {
  const answer = await client.submit(taskName, [{ name, data }], undefined, '/task/submitMiddleTask');
  expect(answer.status).toBe(200);
  return answer.body.data!.taskId;
}

describe.each(DB_MODES)('staged pages on %s', (mode) => {
  // One free use of each tool a day for a guest: the thumbnails must not spend it.
  const site = builtServerOn(mode, { DAILY_USES_GUEST: '1', DAILY_USES_PER_IP: '100' });

  test('merge: thumbnails and page counts per file, the arranged order kept, one use counted', async () => {
    const client = new TaskClient(site.server.origin);
    const a = await stage(client, 'pdf-merge', 'a.pdf', await labelledPdf('Alpha', 2));
    const b = await stage(client, 'pdf-merge', 'b.pdf', await labelledPdf('Bravo', 3));
    const c = await stage(client, 'pdf-merge', 'c.pdf', await labelledPdf('Charlie', 1));
    const states = [await middle(client, a), await middle(client, b), await middle(client, c)];
    expect(states.map((s) => [s.status, s.pageCount, s.pages.length])).toEqual([
      ['done', 2, 1],
      ['done', 3, 1],
      ['done', 1, 1],
    ]);
    const thumb = await client.download(states[1]!.pages[0]!.url, dir, `thumb-${mode}.png`);
    const [w, h] = imageSize(thumb);
    expect(Math.max(w, h)).toBeLessThanOrEqual(400);
    expect(h).toBeGreaterThan(w);

    // Three files staged, the day's one use still there.
    const left = await client.call<{ nowAvailableCount: number }>('GET', '/v2/user/getTryOutDetail?taskName=pdf-merge');
    expect(left.body.data!.nowAvailableCount).toBe(1);

    const run = await client.call<{ taskId: string }>('POST', '/task/submitResultGroup', { taskIds: [c, a, b] });
    expect(run.status).toBe(200);
    const done = await client.settle(run.body.data!.taskId);
    expect(done.status).toBe('done');
    const merged = await client.download(done.files[0]!.url, dir, `merged-${mode}.pdf`);
    expect(pageLabels(merged)).toEqual(['Charlie page 1', 'Alpha page 1', 'Alpha page 2', 'Bravo page 1', 'Bravo page 2', 'Bravo page 3']);

    const after = await client.call<{ nowAvailableCount: number }>('GET', '/v2/user/getTryOutDetail?taskName=pdf-merge');
    expect(after.body.data!.nowAvailableCount).toBe(0);
    const again = await client.call('POST', '/task/submitResultGroup', { taskIds: [a, b] });
    expect(again.status).toBe(402);
  });

  test('split and delete-page: every page drawn; the final run through submitResultGroup', async () => {
    const client = new TaskClient(site.server.origin);
    const id = await stage(client, 'pdf-delete-page', 'five.pdf', await labelledPdf('Echo', 5));
    const state = await middle(client, id);
    expect([state.pageCount, state.pages.map((p) => p.page)]).toEqual([5, [1, 2, 3, 4, 5]]);
    const run = await client.call<{ taskId: string }>('POST', '/task/submitResultGroup', { taskIds: [id], options: { pages: '2,4' } });
    const done = await client.settle(run.body.data!.taskId);
    expect(pageLabels(await client.download(done.files[0]!.url, dir, `deleted-${mode}.pdf`))).toEqual(['Echo page 1', 'Echo page 3', 'Echo page 5']);
  });

  test('refusals: foreign and unknown ids, mixed tools, unfinished or failed staging, bad bodies', async () => {
    const owner = new TaskClient(site.server.origin);
    const other = new TaskClient(site.server.origin);
    const merge = await stage(owner, 'pdf-merge', 'm.pdf', await labelledPdf('Mike', 2));
    const rotate = await stage(owner, 'pdf-rotate', 'r.pdf', await labelledPdf('Romeo', 2));
    await middle(owner, merge);
    await middle(owner, rotate);
    const notFound = { status: 404, body: { ret: 404, msg: '任务不存在或已过期' } };

    expect(await other.call('POST', '/task/submitResultGroup', { taskIds: [merge] })).toEqual(notFound);
    expect(await owner.call('POST', '/task/submitResultGroup', { taskIds: [merge, 'no-such-task'] })).toEqual(notFound);
    expect(await other.call('POST', '/task/moreConvertMiddle', { taskId: merge, taskName: 'pdf-split' })).toEqual(notFound);
    expect(await other.call('POST', '/task/resultPreview', { taskId: merge })).toEqual(notFound);
    expect(await owner.call('POST', '/task/resultPreview', { taskId: 'x'.repeat(64) })).toEqual(notFound);

    expect(await owner.call('POST', '/task/submitResultGroup', { taskIds: [merge, rotate] })).toEqual({ status: 400, body: { ret: 400, msg: '所选文件不属于同一功能，请重新选择' } });
    for (const body of [{}, { taskIds: [] }, { taskIds: merge }, { taskIds: Array(201).fill(merge) }, { taskIds: [merge], options: '{' }]) {
      const answer = await owner.call('POST', '/task/submitResultGroup', body);
      expect([answer.status, answer.body.ret]).toEqual([400, 400]);
    }
    const badOptions = await owner.call('POST', '/task/submitResultGroup', { taskIds: [rotate], options: { angle: 45 } });
    expect([badOptions.status, badOptions.body.msg]).toEqual([400, '参数错误：angle 取值无效']);

    // A hostile file fails its staging with a clear message and cannot be run on.
    const bomb = await stage(owner, 'pdf-merge', 'count-bomb.pdf', countBomb());
    expect(await middle(owner, bomb)).toMatchObject({ status: 'failed', msg: 'PDF文件已损坏或无法读取' });
    expect(await owner.call('POST', '/task/submitResultGroup', { taskIds: [merge, bomb] })).toEqual({ status: 400, body: { ret: 400, msg: 'PDF文件已损坏或无法读取' } });
    // A final task is not a staged file; nor is its result previewable before it is done.
    const finalRun = await owner.call<{ taskId: string }>('POST', '/task/submitResultGroup', { taskIds: [rotate], options: { angle: 90 } });
    const finalId = finalRun.body.data!.taskId;
    expect(await owner.call('POST', '/task/submitResultGroup', { taskIds: [finalId] })).toMatchObject({ status: 400 });
    await owner.settle(finalId);
    expect(await owner.call('POST', '/task/resultPreview', { taskId: merge })).toEqual({ status: 400, body: { ret: 400, msg: '任务尚未完成' } });
    expect(site.server.alive()).toBe(true);
  });

  test('resultPreview: first pages of result PDFs (at most 8), result images as they are', async () => {
    const client = new TaskClient(site.server.origin);
    const split = await client.run('pdf-split', [{ name: 'ten.pdf', data: await labelledPdf('Tango', 10) }], { mode: 'single' });
    expect(split.files).toHaveLength(10);
    const preview = await client.call<ResultPreview>('POST', '/task/resultPreview', { taskId: split.taskId });
    expect(preview.status).toBe(200);
    const kinds = preview.body.data!.files.map((f) => f.kind);
    expect(kinds).toEqual([...Array(8).fill('page'), 'none', 'none']);
    expect(preview.body.data!.files[0]).toMatchObject({ index: 0, pageCount: 1 });
    const first = await client.download(preview.body.data!.files[2]!.url!, dir, `res-${mode}.png`);
    const [w, h] = imageSize(first);
    expect(Math.max(w, h)).toBeLessThanOrEqual(480);
    expect(h).toBeGreaterThan(w);
    // Drawn once: the second call links the same pictures.
    const again = await client.call<ResultPreview>('POST', '/task/resultPreview', { taskId: split.taskId });
    expect(again.body.data!.files.map((f) => f.kind)).toEqual(kinds);

    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const converted = await client.run('img-convert', [{ name: 'blue.png', data: png }], { format: 'webp' });
    const image = await client.call<ResultPreview>('POST', '/task/resultPreview', { taskId: converted.taskId });
    expect(image.body.data!.files).toEqual([{ index: 0, kind: 'image', url: expect.any(String) }]);
    const res = await fetch(new URL(image.body.data!.files[0]!.url!, site.server.origin));
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(64);
  });

  test('resultPreview: the first page of a Word, Excel or PowerPoint result, drawn on the first call and kept', async () => {
    const client = new TaskClient(site.server.origin);
    const portrait = await labelledPdf('Quebec', 2, [300, 400], 36);
    const landscape = await labelledPdf('Romeo', 2, [400, 300], 36);
    const runs = [
      ['pdf-to-word', portrait, 'Quebec', 'docx'],
      ['pdf-to-ppt', landscape, 'Romeo', 'pptx'],
      ['pdf-to-excel', portrait, 'Quebec', 'xlsx'],
    ] as const;
    for (const [tool, pdf, label, type] of runs) {
      const done = await client.run(tool, [{ name: `${label}.pdf`, data: pdf }]);
      expect(done.files[0]!.name).toMatch(new RegExp(`\\.${type}$`));
      const preview = await client.call<ResultPreview>('POST', '/task/resultPreview', { taskId: done.taskId });
      // No page count: the preview is drawn from the first page alone.
      expect({ tool, files: preview.body.data!.files }).toEqual({ tool, files: [{ index: 0, kind: 'page', url: expect.any(String) }] });
      const picture = await client.download(preview.body.data!.files[0]!.url!, dir, `office-res-${tool}-${mode}.png`);
      const [w, h] = imageSize(picture);
      expect(Math.max(w, h)).toBeLessThanOrEqual(480);
      // Read back by OCR: the document's first page, not its second.
      const text = await ocr(picture);
      expect({ tool, text: /page\s*1/i.test(text) && text.includes(label), second: /page\s*2/i.test(text) }).toEqual({ tool, text: true, second: false });
      if (tool === 'pdf-to-ppt') expect(w).toBeGreaterThan(h);
      if (tool === 'pdf-to-word') expect(h).toBeGreaterThan(w);
      // Kept in the store: the second call links the same picture without drawing it again.
      const stored = path.join(site.server.dataDir, 'files', done.taskId, 'res', '0.png');
      const drawnAt = fs.statSync(stored).mtimeMs;
      const again = await client.call<ResultPreview>('POST', '/task/resultPreview', { taskId: done.taskId });
      expect(again.body.data!.files[0]).toMatchObject({ kind: 'page' });
      expect(fs.statSync(stored).mtimeMs).toBe(drawnAt);
    }
  });

  test('moreConvertMiddle: a result staged for a page tool (继续处理), then finished in another order', async () => {
    const client = new TaskClient(site.server.origin);
    const split = await client.run('pdf-split', [{ name: 'four.pdf', data: await labelledPdf('Kilo', 4) }], { mode: 'ranges', pages: '1,2-3,4' });
    expect(split.files).toHaveLength(3);
    const staged = await client.call<{ taskIds: string[] }>('POST', '/task/moreConvertMiddle', { taskId: split.taskId, taskName: 'pdf-merge' });
    expect(staged.status).toBe(200);
    const ids = staged.body.data!.taskIds;
    expect(ids).toHaveLength(3);
    expect((await Promise.all(ids.map((id) => middle(client, id)))).map((s) => s.pageCount)).toEqual([1, 2, 1]);
    const run = await client.call<{ taskId: string }>('POST', '/task/submitResultGroup', { taskIds: [...ids].reverse() });
    const done = await client.settle(run.body.data!.taskId);
    expect(pageLabels(await client.download(done.files[0]!.url, dir, `remerged-${mode}.pdf`))).toEqual(['Kilo page 4', 'Kilo page 2', 'Kilo page 3', 'Kilo page 1']);

    const wrongType = await client.call('POST', '/task/moreConvertMiddle', { taskId: split.taskId, taskName: 'img-compress' });
    expect(wrongType.status).toBe(400);
    const ownPreview = await client.call('POST', '/task/moreConvertMiddle', { taskId: split.taskId, taskName: 'img-background-color' });
    expect(ownPreview.status).toBe(400);
    const tooMany = await client.call('POST', '/task/moreConvertMiddle', { taskId: split.taskId, taskName: 'pdf-rotate' });
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, '文件数量超过限制（最多 1 个）']);
    const unknownTool = await client.call('POST', '/task/moreConvertMiddle', { taskId: split.taskId, taskName: 'no-such-tool' });
    expect([unknownTool.status, unknownTool.body.msg]).toEqual([400, '不支持的功能']);
  });
});
