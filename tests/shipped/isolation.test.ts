// Jobs run outside the web process (issue 11: big image work out of it): each in a child process of
// its own under an address-space limit. A child that dies (the kernel's OOM killer, a crash in a
// native library) fails its task with a clear message; the site, its engine slots and the next
// jobs carry on, and no engine of the dead job is left running.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { pageDifference } from '../support/pixels';
import { TaskClient } from '../support/task-client';
import { slowPdf, textPdf } from './inputs';

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer({ env: { CONVERT_CONCURRENCY: '1' } });
});

afterAll(async () => {
  await server?.stop();
});

/** The server's job children: prlimit execs bubblewrap in place, and bubblewrap's node dies with it. */
function jobChildren(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === server.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('convert-child.mjs');
      } catch {
        return false; // gone meanwhile
      }
    });
}

/** Processes whose arguments name a job's work folder inside a child's exchange folder: engines at work. */
function enginesAtWork(): string[] {
  try {
    return execFileSync('pgrep', ['-a', '-f', `${path.join(server.dataDir, 'job-children')}/child-[^/ ]+/work/`], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function untilTrue(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

test('a job child runs under the address-space limit, separate from the web process', async () => {
  await untilTrue(() => jobChildren().length > 0, 'a job child waiting');
  const [child] = jobChildren();
  const limits = fs.readFileSync(`/proc/${child}/limits`, 'utf8');
  // Soft limit 4 GiB for the child itself; the hard one stays open for engines that set their own.
  expect(limits).toMatch(/^Max address space\s+4294967296\s+unlimited\s+bytes/m);
});

/** The node process inside a job child's jail (bubblewrap's descendant), seen from outside. */
function jailedNode(): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const pending = [...jobChildren()];
  while (pending.length) {
    const pid = pending.shift()!;
    if (fs.readlinkSync(`/proc/${pid}/exe`) === process.execPath) return pid;
    pending.push(...(children.get(pid) ?? []));
  }
  throw new Error('no node process under the job child');
}

test('the job child is jailed: no DATA_DIR, no secrets in its environment, no network, one writable folder', async () => {
  await untilTrue(() => jobChildren().length > 0, 'a job child waiting');
  const node = jailedNode();
  const root = `/proc/${node}/root`;
  // Its own view of the file system: the server's data (database, link secret, visitors' files) is not there…
  expect(fs.readdirSync(server.dataDir).length).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(root, server.dataDir, 'files'))).toBe(false);
  // …but its exchange folder is, and nothing else of DATA_DIR/job-children.
  const exchanges = fs.readdirSync(path.join(root, server.dataDir, 'job-children'));
  expect(exchanges).toHaveLength(1);
  expect(exchanges[0]).toMatch(/^child-/);
  expect(fs.existsSync(path.join(root, '/root'))).toBe(false);
  // Only the IPC note and the jail's own names (bubblewrap adds PWD) in its environment.
  const names = fs.readFileSync(`/proc/${node}/environ`, 'utf8').split('\0').filter(Boolean).map((pair) => pair.split('=')[0]).sort();
  expect(names).toEqual(['HOME', 'LANG', 'NODE_CHANNEL_FD', 'PATH', 'PDF365_INSIDE_JOB_JAIL', 'PWD']);
  // Its own network namespace holds loopback alone.
  const interfaces = fs.readFileSync(`/proc/${node}/net/dev`, 'utf8').split('\n').slice(2).filter(Boolean).map((line) => line.split(':')[0].trim());
  expect(interfaces).toEqual(['lo']);
  expect(fs.readlinkSync(`/proc/${node}/ns/net`)).not.toBe(fs.readlinkSync(`/proc/${server.pid}/ns/net`));
});

test('killing the job child fails only that task; slots come back, nothing is left running, the next jobs finish', async () => {
  const client = new TaskClient(server.origin);
  // More rounds than any engine has slots: a slot the dead child held and never gave back would block the last round.
  const rounds = os.availableParallelism() + 1;
  const pdf = await slowPdf(40);
  for (let round = 0; round < rounds; round++) {
    const { body } = await client.submit('pdf-to-jpg', [{ name: 'slow.pdf', data: pdf }], { dpi: 300 });
    const taskId = body.data!.taskId;
    await client.untilRunning(taskId);
    // The job is drawing pages (mutool under the child) when its child is killed.
    await untilTrue(() => enginesAtWork().some((line) => line.includes('mutool')), 'mutool drawing the job');
    for (const pid of jobChildren()) process.kill(pid, 'SIGKILL');
    const state = await client.settle(taskId);
    expect({ status: state.status, msg: state.msg }).toEqual({ status: 'failed', msg: '文件过大或过于复杂，超出处理能力，请拆分或简化后再试' });
    // bubblewrap's --die-with-parent takes the dead child's engines with it.
    await untilTrue(() => enginesAtWork().length === 0, `no engines left: ${enginesAtWork().join('; ')}`);
  }
  expect(server.alive()).toBe(true);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'isolation-'));
  try {
    const three = path.join(dir, 'three.pdf');
    fs.writeFileSync(three, await textPdf(3));
    const after = await client.run('pdf-to-jpg', [{ name: 'three.pdf', data: three }], { dpi: 72 });
    expect({ status: after.status, files: after.files.length }).toEqual({ status: 'done', files: 3 });
    // Each picture is its page, as poppler draws it.
    for (const [i, file] of after.files.entries()) expect(await pageDifference(await client.download(file.url, dir, `${i}.jpg`), three, i + 1, 72)).toBeLessThan(0.4);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
