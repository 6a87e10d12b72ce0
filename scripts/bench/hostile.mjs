// The hostile corpus (tests/hostile/corpus.ts) against the built server, measured: inputs tried,
// answered as their case allows, server exits, peak RSS of the server and of the largest engine
// process under it (sampled from /proc every 50 ms).
// Usage: npm run build && node scripts/bench/hostile.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
const corpusFile = path.join(scratch, 'corpus.mjs');
await esbuild.build({ entryPoints: [path.join(root, 'tests/hostile/corpus.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: corpusFile, logLevel: 'error' });
// The bundle resolves its packages from beside it.
fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
const { HOSTILE_CASES } = await import(corpusFile);

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(scratch, 'data');
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.mjs')], {
  cwd: root,
  // Free daily uses raised: every input comes from one address, and the bench measures memory, not allowances.
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_ORIGIN: origin, CONVERT_CONCURRENCY: '2', DAILY_USES_GUEST: '100000', DAILY_USES_USER: '100000', DAILY_USES_PER_IP: '100000' },
  stdio: 'ignore',
});
let exits = 0;
let stopping = false;
server.on('exit', () => {
  if (!stopping) exits++;
});

/** kB from a /proc status line. */
const statusKb = (pid, field) => {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};
function descendants(pid) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
      if (ppid === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
let peakEngine = { kb: 0, command: '' };
const sampler = setInterval(() => {
  for (const pid of descendants(server.pid)) {
    const kb = statusKb(pid, 'VmRSS');
    if (kb > peakEngine.kb) {
      let command = '';
      try {
        command = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      } catch {
        // gone
      }
      peakEngine = { kb, command };
    }
  }
}, 50);

for (let i = 0; i < 300; i++) {
  try {
    await fetch(`${origin}/api/nowDateTime`);
    break;
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CHINESE = /[\u4e00-\u9fff]/;
let answered = 0;
const wrong = [];
for (const testCase of HOSTILE_CASES) {
  const form = new FormData();
  form.append('taskName', testCase.tool);
  if (testCase.options) form.append('options', JSON.stringify(testCase.options));
  for (const file of await testCase.files(scratch)) form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  let outcome;
  let msg = '';
  const res = await fetch(origin + (testCase.call ?? '/task/submitTask'), { method: 'POST', body: form }).catch((error) => ({ status: 0, error }));
  const cookie = res.headers?.getSetCookie?.().find((c) => c.startsWith('UUID='))?.split(';')[0] ?? '';
  const body = res.status ? await res.json() : { msg: String(res.error) };
  if (res.status !== 200) {
    outcome = 'refused';
    msg = body.msg;
  } else {
    const query = testCase.call === '/task/submitMiddleTask' ? '/task/taskMiddleQuery' : '/task/taskQuery';
    for (;;) {
      const state = (await (await fetch(origin + query, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ taskId: body.data.taskId }) })).json()).data;
      if (state.status !== 'queued' && state.status !== 'running') {
        outcome = state.status;
        msg = state.msg;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const clean = testCase.allowed.includes(outcome) && (outcome === 'done' || CHINESE.test(msg));
  if (clean) answered++;
  else wrong.push(`${testCase.name}: ${outcome} ${msg}`);
}

clearInterval(sampler);
const serverPeakMb = (statusKb(server.pid, 'VmHWM') / 1024).toFixed(0);
stopping = true;
server.kill('SIGTERM');
await new Promise((resolve) => server.on('exit', resolve));
console.log(`inputs tried: ${HOSTILE_CASES.length}`);
console.log(`answered as their case allows (Chinese refusal, failed task, or correct result): ${answered}`);
console.log(`server exits during the run: ${exits}`);
console.log(`peak RSS, server: ${serverPeakMb} MB`);
console.log(`peak RSS, largest engine process: ${(peakEngine.kb / 1024).toFixed(0)} MB (${peakEngine.command})`);
for (const line of wrong) console.log(`  not as allowed: ${line}`);
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(wrong.length ? 1 : 0);
