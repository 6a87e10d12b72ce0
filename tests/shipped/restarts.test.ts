// A task whose file brings the server down must not bring it down forever (issue 11 item 2): a
// task running when the process died is tried once more after the restart, then failed with a
// clear message; a graceful stop (SIGTERM) hands its running task back without counting it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { meanColour } from '../support/pixels';
import { TaskClient } from '../support/task-client';
import { slowPdf } from './inputs';


const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restarts-'));
let server: BuiltServer | undefined;

afterAll(async () => {
  await server?.stop({ keepData: true });
  // Engines of a killed server keep running in their own process groups; their arguments name the data dir.
  try {
    execFileSync('pkill', ['-KILL', '-f', dataDir]);
  } catch {
    // none left
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function workDirs(): string[] {
  return fs.existsSync(path.join(dataDir, 'work')) ? fs.readdirSync(path.join(dataDir, 'work')) : [];
}

test('killed twice while running: failed with a clear message; SIGTERM: handed back and finished', async () => {
  const env = { CONVERT_CONCURRENCY: '1' };
  server = await startBuiltServer({ dataDir, env });
  const client = new TaskClient(server.origin);
  const pdf = await slowPdf(40);
  const killer = await client.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: pdf }], { dpi: 300 });
  const taskId = killer.body.data!.taskId;

  for (let round = 1; round <= 2; round++) {
    await new TaskClient(server.origin, { cookie: `UUID=${client.cookie('UUID')}` }).untilRunning(taskId);
    // A task reads `running` as soon as it is claimed, a moment before its job makes its work folder.
    for (let i = 0; i < 500 && workDirs().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    await server.exited;
    // The killed job's work folder (and one planted as if from an older crash) are swept at boot.
    const left = [...workDirs(), 'planted-orphan'];
    fs.mkdirSync(path.join(dataDir, 'work', 'planted-orphan', 'page'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'work', 'planted-orphan', 'page', 'p-1.ppm'), Buffer.alloc(4096));
    expect(left.length).toBeGreaterThan(1);
    server = await startBuiltServer({ dataDir, env });
    expect(workDirs().filter((dir) => left.includes(dir))).toEqual([]);
  }
  const after = new TaskClient(server.origin, { cookie: `UUID=${client.cookie('UUID')}` });
  const state = await after.query(taskId);
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'failed', msg: '该文件多次导致处理中断，已停止处理，请检查文件是否完好' });

  // A graceful stop is not an interruption: the task runs again after the restart and finishes.
  const small = await after.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: await slowPdf(3) }], { dpi: 72 });
  const smallId = small.body.data!.taskId;
  await after.untilRunning(smallId);
  expect(await server.stop({ keepData: true })).toBe(0);
  server = await startBuiltServer({ dataDir, env });
  const restarted = new TaskClient(server.origin, { cookie: `UUID=${client.cookie('UUID')}` });
  const resumed = await restarted.settle(smallId);
  expect({ status: resumed.status, files: resumed.files.length }).toEqual({ status: 'done', files: 3 });
  // A picture per 600 pt page at 72 dpi, each drawn (the busy circles, not a blank page).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restarts-results-'));
  try {
    for (const [i, file] of resumed.files.entries()) {
      const picture = await restarted.download(file.url, dir, `${i}.jpg`);
      expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', picture], { encoding: 'utf8' }).trim()).toBe('mjpeg,600,600');
      expect((await meanColour(picture)).some((channel) => channel < 200)).toBe(true);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
