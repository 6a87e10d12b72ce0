// Task and feedback files in an S3-compatible bucket (S3_* settings): the same keys as on disk
// (`<taskId>/<kind>/<n>.<ext>`, `feedback/<id>/<n>.<ext>`), so a task's objects share its prefix.
// Streamed both ways: uploads go in parts (lib-storage), reads hand on the object's body, and
// nothing holds a whole file in memory; a copy (继续处理) is made by the store itself (CopyObject),
// its bytes never passing through this process. A store that cannot be reached is a 503 with a Chinese
// message (TASK_MESSAGES.storeUnavailable), logged once here with its cause.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import { logger } from '../log';
import { TaskRefusal } from '../tasks/errors';
import { TASK_MESSAGES } from '../tasks/messages';
import { checkedKey, taskPrefix, type FileStore } from '../tasks/store';

/**
 * lib-storage holds the part it fills plus queueSize parts in flight: about 15 MB per upload with
 * S3's smallest part (5 MB), whatever the file's size (10 000 parts: 50 GB, past any tier's limit).
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** A store that does not answer at all is told apart from a slow transfer: connecting has its own bound. */
const CONNECT_TIMEOUT_MS = 5_000;
/** Calls without a body (head, list, delete) answer quickly or not at all. */
const METADATA_TIMEOUT_MS = 30_000;
/** The most keys one DeleteObjects takes. */
const DELETE_BATCH = 1000;

/** The store could not be reached or refused the call: the visitor is told to try later, the operator why. */
function unavailable(operation: string, key: string, error: unknown): TaskRefusal {
  logger.error({ err: error, operation, key }, 'object store call failed');
  return new TaskRefusal(503, TASK_MESSAGES.storeUnavailable);
}

function notFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');
}

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: config.credentials,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: the default trailing checksums (aws-chunked bodies)
      // are not understood by many S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // No request timeout: a download paused by a slow visitor is not a dead store.
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    });
  }

  get location(): string {
    return `s3://${this.bucket}`;
  }

  private metadataCall<T>(send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    return send(AbortSignal.timeout(METADATA_TIMEOUT_MS));
  }

  async put(key: string, body: Readable): Promise<number> {
    checkedKey(key);
    let bytes = 0;
    // The body's own failure (a file over its size limit) is what the caller must see, not the upload's.
    let bodyError: unknown;
    const counted = Readable.from(
      (async function* () {
        try {
          for await (const chunk of body as AsyncIterable<Buffer>) {
            bytes += chunk.length;
            yield chunk;
          }
        } catch (error) {
          bodyError = error;
          throw error;
        }
      })(),
      { objectMode: false },
    );
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: counted }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT, leavePartsOnError: false });
    try {
      await upload.done();
    } catch (error) {
      counted.destroy();
      if (bodyError) throw bodyError;
      throw unavailable('put', key, error);
    }
    return bytes;
  }

  async putFile(key: string, localPath: string): Promise<number> {
    const size = await this.put(key, fs.createReadStream(localPath));
    await fsp.rm(localPath, { force: true });
    return size;
  }

  /** The object's body, asked for at the first read: a zip of many results opens one object at a time. */
  get(key: string): Readable {
    checkedKey(key);
    const { client, bucket } = this;
    return Readable.from(
      (async function* () {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
          // As reading a missing file fails on disk: the caller's bug or a race with a delete, not a dead store.
          throw notFound(error) ? new Error(`no object ${key}`, { cause: error }) : unavailable('get', key, error);
        });
        yield* answer.Body as Readable;
      })(),
      { objectMode: false },
    );
  }

  /**
   * One CopyObject: the store copies the bytes itself. It takes objects up to 5 GB, past the
   * largest file any tool accepts (1 GB); no timeout, as for a transfer (connecting has its bound).
   */
  async copy(fromKey: string, toKey: string): Promise<void> {
    checkedKey(toKey);
    // Keys hold only characters a URL keeps as they are (checkedKey), so the source needs no escaping.
    const source = `${this.bucket}/${checkedKey(fromKey)}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: source })).catch((error: unknown) => {
      throw notFound(error) ? new Error(`no object ${fromKey}`, { cause: error }) : unavailable('copy', fromKey, error);
    });
  }

  /**
   * Downloads into scratchDir at the key's own path, so a task's inputs share a folder there as they
   * do on disk, with the files kept beside it (keepBeside).
   */
  async localPath(key: string, scratchDir: string): Promise<string> {
    const beside = await this.keysUnder(`${checkedKey(key)}.`);
    for (const one of [key, ...beside]) await this.download(one, path.join(scratchDir, one));
    return path.join(scratchDir, key);
  }

  private async download(key: string, file: string): Promise<void> {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(this.get(key), fs.createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await fsp.rm(file, { force: true });
      throw error;
    }
  }

  async keepBeside(key: string, localPath: string): Promise<void> {
    const base = `${path.basename(localPath)}.`;
    const names = await fsp.readdir(path.dirname(localPath));
    const kept = new Set(await this.keysUnder(`${checkedKey(key)}.`));
    for (const name of names) {
      const besideKey = `${key}.${name.slice(base.length)}`;
      // A half-written file (`….tmp`, renamed when whole) is not kept.
      if (!name.startsWith(base) || name.endsWith('.tmp') || kept.has(besideKey) || !/^[A-Za-z0-9_.-]+$/.test(name)) continue;
      await this.put(besideKey, fs.createReadStream(path.join(path.dirname(localPath), name)));
    }
  }

  /** Every key that starts with `prefix`, a listing page (up to 1000) at a time. */
  private async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    try {
      let continuation: string | undefined;
      do {
        const page = await this.metadataCall((abortSignal) =>
          this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: continuation }), { abortSignal }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        continuation = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuation);
    } catch (error) {
      throw unavailable('list', prefix, error);
    }
    return keys;
  }

  async size(key: string): Promise<number | undefined> {
    checkedKey(key);
    try {
      const head = await this.metadataCall((abortSignal) => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw unavailable('head', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    checkedKey(key);
    await this.metadataCall((abortSignal) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal })).catch((error: unknown) => {
      throw unavailable('delete', key, error);
    });
  }

  /** Every object under the task's prefix, up to 1000 (S3's limit) per DeleteObjects. */
  async deleteTask(taskId: string): Promise<void> {
    const prefix = taskPrefix(taskId);
    const keys = await this.keysUnder(prefix);
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH).map((Key) => ({ Key }));
      const answer = await this.metadataCall((abortSignal) =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }), { abortSignal }),
      ).catch((error: unknown) => {
        throw unavailable('delete', prefix, error);
      });
      if (answer.Errors?.length) throw unavailable('delete', prefix, new Error(`${answer.Errors.length} objects not deleted, first ${answer.Errors[0].Key}: ${answer.Errors[0].Code}`));
    }
  }

  async reachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
