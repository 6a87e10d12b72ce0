// The S3 file store against a local S3-compatible server (s3rver on loopback): a file larger than
// one part goes up in parts and comes back byte for byte, a body that fails midway leaves no
// object, a copy is made by the store itself (s3rver's request log shows one CopyObject and no read),
// a task's objects all go with deleteTask, and a store that is down is a 503 in Chinese.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { loadConfig } from '../../server/config';
import { logger } from '../../server/log';
import { S3FileStore } from '../../server/storage/s3-store';
import { TaskRefusal } from '../../server/tasks/errors';
import { TASK_MESSAGES } from '../../server/tasks/messages';
import { startLocalS3, type LocalS3 } from '../support/s3-server';

const MB = 1024 * 1024;
let s3: LocalS3;
let store: S3FileStore;
let scratch: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  store = new S3FileStore(loadConfig(s3.env).s3!);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 's3-store-'));
});

afterAll(async () => {
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The bytes in chunks of 64 KB, as an upload arrives. */
function chunked(bytes: Buffer): Readable {
  return Readable.from((function* () {
    for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
  })());
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

test('a file of several parts goes up and comes back whole: get, size and a local copy in the scratch dir', async () => {
  const bytes = crypto.randomBytes(12 * MB);
  expect(await store.put('taskA/in/0.pdf', chunked(bytes))).toBe(bytes.length);
  expect(await s3.keys('taskA/')).toEqual(['taskA/in/0.pdf']);
  expect(await s3.hash('taskA/in/0.pdf')).toBe(sha(bytes));
  expect(await store.size('taskA/in/0.pdf')).toBe(bytes.length);
  expect(await store.size('taskA/in/1.pdf')).toBeUndefined();
  await expect(buffer(store.get('taskA/in/1.pdf'))).rejects.toThrow('no object taskA/in/1.pdf');
  expect(sha(await buffer(store.get('taskA/in/0.pdf')))).toBe(sha(bytes));
  const copy = await store.localPath('taskA/in/0.pdf', scratch);
  expect(copy).toBe(path.join(scratch, 'taskA/in/0.pdf'));
  expect(sha(fs.readFileSync(copy))).toBe(sha(bytes));
});

test('a body that fails midway leaves no object and its own error reaches the caller', async () => {
  const refusal = new TaskRefusal(413, 'too large');
  const failing = Readable.from((async function* () {
    yield crypto.randomBytes(7 * MB);
    throw refusal;
  })());
  await expect(store.put('taskB/in/0.pdf', failing)).rejects.toBe(refusal);
  expect(await s3.keys('taskB/')).toEqual([]);
});

test('copy is the store\'s own CopyObject: the copy is whole and the source never passes through this process', async () => {
  const bytes = crypto.randomBytes(6 * MB);
  await store.put('taskD/out/0.pdf', chunked(bytes));
  const before = s3.requests.length;
  await store.copy('taskD/out/0.pdf', 'taskE/in/0.pdf');
  expect(s3.requests.slice(before)).toEqual([{ method: 'PUT', key: 'taskE/in/0.pdf', copySource: 'taskD/out/0.pdf' }]);
  expect(await s3.hash('taskE/in/0.pdf')).toBe(sha(bytes));
  await expect(store.copy('taskD/out/1.pdf', 'taskE/in/1.pdf')).rejects.toThrow('no object taskD/out/1.pdf');
  await store.deleteTask('taskD');
  await store.deleteTask('taskE');
});

test('putFile moves a local file in; deleteTask removes every object under the task and no other', async () => {
  const file = path.join(scratch, 'result.pdf');
  fs.writeFileSync(file, 'result');
  expect(await store.putFile('taskC/out/0.pdf', file)).toBe(6);
  expect(fs.existsSync(file)).toBe(false);
  for (let i = 0; i < 5; i++) await store.put(`taskC/mid/${i}.png`, Readable.from([Buffer.from(`page ${i}`)]));
  await store.put('taskCC/in/0.pdf', Readable.from([Buffer.from('other task')]));
  expect(await s3.keys('taskC/')).toHaveLength(6);
  await store.deleteTask('taskC');
  expect(await s3.keys('taskC/')).toEqual([]);
  expect(await s3.keys('taskCC/')).toEqual(['taskCC/in/0.pdf']);
  await store.delete('taskCC/in/0.pdf');
  expect(await s3.keys()).not.toContain('taskCC/in/0.pdf');
});

test('files a job writes beside an input copy are kept with the input and come back with its next copy', async () => {
  await store.put('taskE/in/0.jpg', Readable.from([Buffer.from('photo')]));
  const first = await store.localPath('taskE/in/0.jpg', path.join(scratch, 'run1'));
  fs.writeFileSync(`${first}.mask.png`, 'mask');
  fs.writeFileSync(`${first}.mask.png.ab12.tmp`, 'half written');
  fs.writeFileSync(path.join(path.dirname(first), 'other.txt'), 'not beside it');
  await store.keepBeside('taskE/in/0.jpg', first);
  expect(await s3.keys('taskE/')).toEqual(['taskE/in/0.jpg', 'taskE/in/0.jpg.mask.png']);
  const second = await store.localPath('taskE/in/0.jpg', path.join(scratch, 'run2'));
  expect(fs.readFileSync(second, 'utf8')).toBe('photo');
  expect(fs.readFileSync(`${second}.mask.png`, 'utf8')).toBe('mask');
  expect(fs.readdirSync(path.dirname(second)).sort()).toEqual(['0.jpg', '0.jpg.mask.png']);
});

test('a store that is down answers 503 with a Chinese message, logs why, and is reachable again once back', async () => {
  await s3.stop();
  const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
  try {
    await expect(store.reachable()).rejects.toThrow();
    const down = { status: 503, message: TASK_MESSAGES.storeUnavailable };
    await expect(store.put('taskD/in/0.pdf', Readable.from([Buffer.from('x')]))).rejects.toMatchObject(down);
    await expect(store.size('taskA/in/0.pdf')).rejects.toMatchObject(down);
    await expect(buffer(store.get('taskA/in/0.pdf'))).rejects.toMatchObject(down);
    await expect(store.deleteTask('taskA')).rejects.toMatchObject(down);
    const put = (logged.mock.calls as unknown as [{ operation: string; key: string; err: unknown }, string][]).find(([fields]) => fields.operation === 'put');
    expect(put).toEqual([expect.objectContaining({ key: 'taskD/in/0.pdf' }), 'object store call failed']);
    expect(String(put![0].err)).toContain('ECONNREFUSED');
  } finally {
    logged.mockRestore();
    await s3.start();
  }
  await store.reachable();
  expect(await store.size('taskA/in/0.pdf')).toBe(12 * MB);
});

test('S3_* settings: none without a bucket, half a key pair refused, path style by default only with an endpoint', () => {
  expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
  expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  expect(loadConfig({ S3_BUCKET: 'b' }).s3).toEqual({ bucket: 'b', endpoint: undefined, region: 'us-east-1', credentials: undefined, forcePathStyle: false });
  expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000/' }).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'oss-cn-hangzhou' }).s3).toMatchObject({ forcePathStyle: false, region: 'oss-cn-hangzhou' });
});
