// The shipped server as production runs it (issue 19 item 7): NODE_ENV=production, config from
// real environment variables, the office pool started at boot. Security headers, React's
// production render, an office and a PDF task read back, and a clean SIGTERM: exit 0 and no
// LibreOffice left behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { docx, DOC_WORDS } from './inputs';

let server: BuiltServer;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-'));
  server = await startBuiltServer({ env: { NODE_ENV: 'production' } });
});

afterAll(async () => {
  if (server?.alive()) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every process descended from pid, from /proc (the test's view of "left behind"). */
function descendants(pid: number): { pid: number; command: string }[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), command: m[3] }));
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const row of table.filter((r) => r.ppid === parent)) {
      found.push({ pid: row.pid, command: row.command });
      walk(row.pid);
    }
  };
  walk(pid);
  return found;
}

/** Alive and not a zombie waiting to be reaped (state Z in /proc/<pid>/stat). */
function running(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    return false;
  }
}

test('production headers and production React', async () => {
  const res = await fetch(`${server.origin}/pdf-merge/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain('upgrade-insecure-requests');
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  // React's production server renderer leaves no development markers, and the page is whole.
  expect(html).not.toMatch(/react-dom\.development|__reactDevtools/);
  expect(html).toContain('PDF合并');
});

test('an office task and a PDF task, read back', async () => {
  const client = new TaskClient(server.origin);
  const office = await client.run('word-to-pdf', [{ name: 'contract.docx', data: await docx() }]);
  expect(office.status).toBe('done');
  const pdf = await client.download(office.files[0].url, dir, 'contract.pdf');
  expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(DOC_WORDS);

  const doc = await PDFDocument.create();
  doc.addPage([300, 300]);
  const merged = await client.run('pdf-merge', [
    { name: 'a.pdf', data: Buffer.from(await doc.save()) },
    { name: 'b.pdf', data: fs.readFileSync(pdf) },
  ]);
  expect(merged.status).toBe('done');
  const mergedFile = await client.download(merged.files[0].url, dir, 'merged.pdf');
  expect(execFileSync('pdfinfo', [mergedFile], { encoding: 'utf8' })).toMatch(/^Pages:\s+2$/m);
  // The blank page first, then the contract's words.
  expect(execFileSync('pdftotext', ['-f', '2', '-l', '2', mergedFile, '-'], { encoding: 'utf8' })).toContain(DOC_WORDS);
});

test('SIGTERM: exit 0, and no LibreOffice or other child left behind', async () => {
  const children = descendants(server.pid);
  expect(children.some((c) => /soffice/.test(c.command))).toBe(true);
  expect(await server.stop()).toBe(0);
  // Whatever was started under the server is gone (bounded wait for the kernel to end and reap it).
  let left = children.filter((c) => running(c.pid));
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter((c) => running(c.pid));
  }
  expect(left).toEqual([]);
});
