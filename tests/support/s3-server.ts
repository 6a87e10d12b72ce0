// A local S3-compatible server (s3rver, from the npm registry) on loopback for the S3 storage tests:
// one bucket, the server's own keys, objects on a temp dir. `env` is what the site needs to use it;
// the client and helpers read the bucket independently of the site's store, and every request the
// server answers is logged (to see which objects the site fetched, and that a copy was the store's).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './built-server';

/** s3rver's fixed credentials. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** One request s3rver answered: `key` is the object's (path-style), `copySource` a CopyObject's source key. */
export interface SeenRequest {
  method: string;
  key: string;
  copySource?: string;
}

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables for the built server. */
  env: Record<string, string>;
  /** Every key under a prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** sha256 (hex) of one object's bytes. */
  hash(key: string): Promise<string>;
  /** One object's bytes. */
  read(key: string): Promise<Buffer>;
  /** Every request answered since the server started, in order. */
  requests: SeenRequest[];
  /** Writes an object behind the site's back (to see that the site reads it). */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Stops answering (the store is down); start() brings it back on the same port and files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'site-files'): Promise<LocalS3> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const endpoint = `http://127.0.0.1:${port}`;
  let server: S3rver | undefined;
  const requests: SeenRequest[] = [];
  const keyOf = (objectPath: string) => decodeURIComponent(objectPath.replace(/^\//, '').replace(new RegExp(`^${bucket}/?`), ''));
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
    server.middleware.unshift(async (context, next) => {
      const copySource = context.get('x-amz-copy-source');
      requests.push({ method: context.method, key: keyOf(context.path), ...(copySource ? { copySource: keyOf(copySource) } : {}) });
      await next();
    });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  return {
    endpoint,
    bucket,
    requests,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async hash(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const digest = crypto.createHash('sha256');
      for await (const chunk of answer.Body as AsyncIterable<Buffer>) digest.update(chunk);
      return digest.digest('hex');
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async write(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    stop,
    start,
    async close() {
      await stop();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
