// Where task files live. Keys are `<taskId>/<kind>/<n>.<ext>`: private per task, never derived from
// a visitor's file name. LocalFileStore (files under DATA_DIR/files) is the embedded default;
// server/storage/s3-store.ts keeps them in an S3-compatible bucket (server/storage/open.ts picks).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** A file a task holds in the store (inputs, outputs, previews). */
export interface StoredFile {
  /** Display name (never a path). */
  name: string;
  key: string;
  size: number;
  /** Extension sniffed from the bytes or produced by the converter. */
  type: string;
}

export interface FileStore {
  /** Writes a stream; on any stream error the partial file is removed and the error rethrown. Returns bytes written. */
  put(key: string, body: Readable): Promise<number>;
  /** Moves a local file (e.g. a converter's output in its work dir) into the store. Returns its size. */
  putFile(key: string, localPath: string): Promise<number>;
  get(key: string): Readable;
  /** Copies a stored file to another key (继续处理: the next tool's task gets its own copy of the results). */
  copy(fromKey: string, toKey: string): Promise<void>;
  /**
   * A local path to read the file from (converters and engines work on files). A store whose files
   * are not local downloads a copy into `scratchDir`, a folder the caller owns and removes when its
   * work is done (a job's work dir): the copy goes with it, and the sweeper's work-dir pass clears
   * what a crash left. The local store answers its own file and never writes there.
   */
  localPath(key: string, scratchDir: string): Promise<string>;
  /**
   * Keeps what a job wrote beside an input's local copy (`<copy>.<suffix>`: the ID photo's person
   * mask) with that input, so the task's next run finds it there: localPath brings such files back
   * with the copy. The local store's copy is its own file, so they are kept already.
   */
  keepBeside(key: string, localPath: string): Promise<void>;
  /** Bytes, or undefined when there is no such file. */
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
  /** Removes every file of one task. */
  deleteTask(taskId: string): Promise<void>;
  /** Where the files live (a folder, or s3://bucket), as /readyz shows it. */
  readonly location: string;
  /** Resolves when files can be stored now; rejects saying why not (/readyz). */
  reachable(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/;
const TASK_ID = /^[A-Za-z0-9_-]+$/;

/** A store key as the stores accept it: relative, no `..`, nothing a path or an object name could misread. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`bad store key ${key}`);
  return key;
}

/** The prefix of every key of one task. */
export function taskPrefix(taskId: string): string {
  if (!TASK_ID.test(taskId)) throw new Error(`bad task id ${taskId}`);
  return `${taskId}/`;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  get location(): string {
    return this.root;
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async put(key: string, body: Readable): Promise<number> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    let bytes = 0;
    const count = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        bytes += chunk.length;
        yield chunk;
      }
    };
    try {
      await pipeline(body, count, fs.createWriteStream(file, { mode: 0o600 }));
    } catch (error) {
      await fsp.rm(file, { force: true });
      throw error;
    }
    return bytes;
  }

  async putFile(key: string, localPath: string): Promise<number> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    try {
      await fsp.rename(localPath, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fsp.copyFile(localPath, file);
      await fsp.rm(localPath, { force: true });
    }
    return (await fsp.stat(file)).size;
  }

  get(key: string): Readable {
    return fs.createReadStream(this.pathOf(key));
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.put(toKey, this.get(fromKey));
  }

  async localPath(key: string): Promise<string> {
    return this.pathOf(key);
  }

  async keepBeside(): Promise<void> {}

  async size(key: string): Promise<number | undefined> {
    return fsp.stat(this.pathOf(key)).then((s) => s.size, () => undefined);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async deleteTask(taskId: string): Promise<void> {
    await fsp.rm(path.join(this.root, taskPrefix(taskId)), { recursive: true, force: true });
  }

  async reachable(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }
}
