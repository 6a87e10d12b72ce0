// The timestamp tool with an external authority (TSA_URL) on the built server: the job runs in a
// jailed child with no network, so the server asks the authority for it over the IPC channel. An
// authority that refuses reaches the visitor as its Chinese message, through both processes; the
// query it received is a real RFC 3161 request for a SHA-256 digest.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type BuiltServer } from '../support/built-server';
import { TaskClient } from '../support/task-client';
import { textPdf } from './inputs';

let authority: http.Server;
let server: BuiltServer;
const queries: Buffer[] = [];

beforeAll(async () => {
  authority = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      queries.push(Buffer.concat(chunks));
      res.writeHead(503).end();
    });
  });
  await new Promise<void>((resolve) => authority.listen(0, '127.0.0.1', resolve));
  const { port } = authority.address() as AddressInfo;
  server = await startBuiltServer({ env: { TSA_URL: `http://127.0.0.1:${port}/tsa` } });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => authority?.close(resolve));
});

test('an authority that refuses: the task fails with 时间戳服务暂时不可用, asked once with a real query', async () => {
  const client = new TaskClient(server.origin);
  const state = await client.run('timestamp', [{ name: 'a.pdf', data: await textPdf(1) }], {});
  expect({ status: state.status, msg: state.msg }).toEqual({ status: 'failed', msg: '时间戳服务暂时不可用，请稍后重试' });
  expect(queries).toHaveLength(1);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tsq-')), 'query.tsq');
  fs.writeFileSync(file, queries[0]);
  expect(execFileSync('openssl', ['ts', '-query', '-in', file, '-text'], { encoding: 'utf8' })).toMatch(/Hash Algorithm: sha256/);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});
