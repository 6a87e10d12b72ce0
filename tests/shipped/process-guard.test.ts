// The process guard (server/tasks/process-guard.ts, issue 11): an error that escapes a job's
// promise — a converter's stream handler or timer throwing — fails that task and never the site.
// Office jobs run in the web process itself (the others in a child of their own), so this builds
// the shipped server with one fault added to the office converters (scripts/server-bundle.mjs, the
// same options as npm run build) and drives it over HTTP like any visitor.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { docx, DOC_WORDS } from './inputs';

/** Files named fault-throw… throw from a timer, fault-reject… reject a promise nobody awaits; both while the job waits forever. */
const FAULT = `
for (const converter of ALL) {
  if (!converter.engines.includes('libreoffice')) continue;
  const real = converter.convert.bind(converter);
  converter.convert = async (job, ctx) => {
    const name = job.inputs[0].name;
    if (name.startsWith('fault-throw')) setTimeout(() => { throw new Error('injected fault: thrown in a timer'); }, 10);
    else if (name.startsWith('fault-reject')) setTimeout(() => void Promise.reject(new Error('injected fault: unhandled rejection')), 10);
    else return real(job, ctx);
    return new Promise(() => undefined);
  };
}
`;

let dir: string;
let server: BuiltServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'process-guard-'));
  const outdir = path.join(dir, 'bundle');
  const script = `
    import { appendToRegistry, buildServerBundle } from './scripts/server-bundle.mjs';
    await buildServerBundle({ outdir: ${JSON.stringify(outdir)}, plugins: [appendToRegistry(${JSON.stringify(FAULT)})] });
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' });
  server = await startBuiltServer({ bundle: path.join(outdir, 'main.mjs') });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.each([
  ['fault-throw.docx', 'uncaught error in its job'],
  ['fault-reject.docx', 'unhandled rejection in its job'],
])('%s: the task fails with the generic message, the site runs on', async (name, logged) => {
  const client = new TaskClient(server.origin);
  const submitted = await client.submit('word-to-pdf', [{ name, data: await docx() }]);
  expect(submitted.status).toBe(200);
  const state = await client.settle(submitted.body.data!.taskId);
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'failed', msg: '转换失败，请稍后重试' });
  expect(server.alive()).toBe(true);
  // Logged as a JSON line that carries the task id from the job's log context (server/log.ts).
  const lines = server.log().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
  expect(lines).toContainEqual(expect.objectContaining({ taskId: submitted.body.data!.taskId, msg: expect.stringContaining(logged) }));
}, 120_000);

test('after both faults the same process converts a document correctly', async () => {
  const client = new TaskClient(server.origin);
  const state = await client.run('word-to-pdf', [{ name: 'contract.docx', data: await docx() }]);
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'done', msg: '' });
  const file = await client.download(state.files[0].url, dir, 'contract.pdf');
  expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(DOC_WORDS);
  expect(server.alive()).toBe(true);
}, 180_000);
