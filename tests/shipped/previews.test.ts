// Page previews on the built server (issue 11 items 2 and 3): a PDF whose /Pages /Count names a
// huge compressed stream once made `mutool show` output a string too long for V8 and killed the
// process; pages of 14400 pt were rendered at full size, four at once, by previewYee. Now both go
// through the engine layer with bounded output and a pixel cap.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient, type TaskState } from '../support/task-client';
import { countBomb } from '../hostile/corpus';

let server: BuiltServer;
let dir: string;

beforeAll(async () => {
  server = await startBuiltServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'previews-shipped-'));
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function pollMiddle(client: TaskClient, taskId: string): Promise<TaskState> {
  for (let i = 0; i < 600; i++) {
    const answer = await client.call<TaskState>('POST', '/task/taskMiddleQuery', { taskId });
    const state = answer.body.data!;
    if (state.status !== 'queued' && state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('middle task never settled');
}

test('a /Count that names a huge stream: a clear refusal in both calls, and the server stays up', async () => {
  const bomb = countBomb();
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const client = new TaskClient(server.origin);
  const middle = await client.submit('pdf-split', [{ name: 'count-bomb.pdf', data: bomb }], undefined, '/task/submitMiddleTask');
  expect(middle.status).toBe(200);
  const state = await pollMiddle(client, middle.body.data!.taskId);
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'failed', msg: 'PDF文件已损坏或无法读取' });

  const preview = await client.call('POST', '/task/previewYee', { taskId: middle.body.data!.taskId });
  expect(preview).toEqual({ status: 400, body: { ret: 400, msg: 'PDF文件已损坏或无法读取' } });

  expect(server.alive()).toBe(true);
  expect(server.memory().peak).toBeLessThan(512 * 1024 * 1024);
  // Another visitor's ordinary work goes on.
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  doc.addPage([200, 200]);
  const other = await new TaskClient(server.origin).run('pdf-split', [{ name: 'two.pdf', data: Buffer.from(await doc.save()) }], { pages: '1' });
  expect(other.status).toBe('done');
});

test('previews of 14400 pt pages, four at once, are capped in pixels', async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([14400, 14400]).drawCircle({ x: 7200, y: 7200, size: 5000 });
  const pdf = Buffer.from(await doc.save());
  const client = new TaskClient(server.origin);
  // One after the other: the first answer gives this visitor its cookie.
  const tasks: string[] = [];
  for (let i = 0; i < 4; i++) tasks.push((await client.submit('pdf-rotate', [{ name: 'huge.pdf', data: pdf }], { angle: 90 })).body.data!.taskId);
  const previews = await Promise.all(tasks.map((taskId) => client.call<{ pageCount: number; images: { page: number; url: string }[] }>('POST', '/task/previewYee', { taskId })));
  for (const preview of previews) {
    expect(preview.status).toBe(200);
    expect(preview.body.data!.pageCount).toBe(3);
    expect(preview.body.data!.images).toHaveLength(3);
  }
  const file = await client.download(previews[0].body.data!.images[0].url, dir, 'preview.png');
  const [width, height] = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim().split(',').map(Number);
  expect(Math.max(width, height)).toBeLessThanOrEqual(1200);
  expect(Math.min(width, height)).toBeGreaterThan(1000);
  expect(server.memory().peak).toBeLessThan(512 * 1024 * 1024);
});
