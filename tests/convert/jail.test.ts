// Every engine run is jailed (server/convert/engines/jail.ts): a visitor's file that names
// another file or a network address gets nothing, and the server's environment stays outside.
// Shown with ffmpeg's concat demuxer, which follows the paths and URLs a list names.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EngineFailedError, runEngine, runProcess } from '../../server/convert/engines';

let root: string;
let jobDir: string;
let secretWav: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jail-'));
  jobDir = path.join(root, 'work', 'job-1');
  fs.mkdirSync(jobDir, { recursive: true });
  // Stands for another visitor's file, or the data dir's database: outside this job's folder.
  const data = path.join(root, 'data');
  fs.mkdirSync(data);
  secretWav = path.join(data, 'other-visitor.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=1', secretWav]);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function concatArgs(list: string, output: string): string[] {
  return ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file,http,tcp', '-i', `file:${list}`, '-c', 'copy', `file:${output}`];
}

test('a list naming a file outside the job folder reads nothing; unjailed it would', async () => {
  const list = path.join(jobDir, 'list.txt');
  fs.writeFileSync(list, `ffconcat version 1.0\nfile '${secretWav}'\n`);
  const output = path.join(jobDir, 'out.wav');
  // The same command outside the jail does read it: the jail is what stops it.
  expect((await runProcess('ffmpeg', concatArgs(list, output), { timeoutMs: 30_000 })).exitCode).toBe(0);
  fs.rmSync(output);
  await expect(runEngine('ffmpeg', concatArgs(list, output))).rejects.toBeInstanceOf(EngineFailedError);
  expect(fs.existsSync(output)).toBe(false);
});

test('no network inside the jail, not even loopback', async () => {
  const wav = fs.readFileSync(secretWav);
  let served = 0;
  const server = http.createServer((_req, res) => {
    served++;
    res.end(wav);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a.wav`;
    const list = path.join(jobDir, 'net.txt');
    fs.writeFileSync(list, `ffconcat version 1.0\nfile '${url}'\n`);
    await expect(runEngine('ffmpeg', concatArgs(list, path.join(jobDir, 'net.wav')))).rejects.toBeInstanceOf(EngineFailedError);
    expect(served).toBe(0);
  } finally {
    server.close();
  }
});

test('the server environment does not reach an engine', async () => {
  const names = (out: Buffer) => out.toString().split('\n').filter(Boolean).map((line) => line.split('=')[0]).sort();
  // The OCR engine's program is /usr/bin/env (it sets OMP_THREAD_LIMIT): run bare, it prints what it was given.
  const outside = names((await runProcess('/usr/bin/env', [], { timeoutMs: 10_000 })).stdout);
  expect(outside.length).toBeGreaterThan(3);
  // What the jail sets, and the working directory bwrap reports: nothing of the server's.
  expect(names((await runEngine('/usr/bin/env', [])).stdout)).toEqual(['HOME', 'LANG', 'PATH', 'PWD']);
});
