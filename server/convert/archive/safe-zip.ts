// Reads a visitor's zip without trusting it, for every tool that takes one (OFD packages, image
// zips, DOCX parts): entry names are checked (no absolute names, no `..`) and never become paths,
// the entry count and the declared uncompressed total are capped before anything is inflated, and
// bytes are counted again while inflating, since headers can lie (a zip bomb declares small sizes).
import { createWriteStream } from 'node:fs';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConvertError } from '../errors';

export type { Entry as ZipEntry } from 'yauzl';

export interface ZipLimits {
  /** Entries the archive may hold at all (folders included). */
  maxEntries: number;
  /** Uncompressed bytes of what is read, as declared and as actually inflated. */
  maxTotalBytes: number;
}

/** The Chinese messages the calling tool shows for each way an archive can be refused. */
export interface ZipMessages {
  corrupt: string;
  encrypted: string;
  tooLarge: string;
  tooManyEntries: string;
}

export class SafeZip {
  /** Inflated bytes still allowed, shared by every read of this archive. */
  private budgetLeft: number;

  private constructor(
    private readonly zip: ZipFile,
    /** File entries (folders left out), in archive order. */
    readonly files: readonly Entry[],
    private readonly messages: ZipMessages,
    limits: ZipLimits,
  ) {
    this.budgetLeft = limits.maxTotalBytes;
  }

  static async open(file: string, limits: ZipLimits, messages: ZipMessages): Promise<SafeZip> {
    let zip: ZipFile;
    try {
      // Names are decoded as UTF-8 or CP437 by the zip's own flag; yauzl refuses absolute and `..` names too.
      zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true });
    } catch (error) {
      throw new ConvertError(messages.corrupt, { cause: error });
    }
    try {
      if (zip.entryCount > limits.maxEntries) throw new ConvertError(messages.tooManyEntries);
      const entries = await listEntries(zip, messages);
      if (entries.some((entry) => /^([/\\]|[A-Za-z]:)/.test(entry.fileName) || entry.fileName.split(/[/\\]/).includes('..'))) {
        throw new ConvertError(messages.corrupt);
      }
      return new SafeZip(zip, entries.filter((entry) => !entry.fileName.endsWith('/')), messages, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Refuses, before inflating anything, entries that are encrypted or declare more than the budget. */
  assertReadable(entries: readonly Entry[]): void {
    if (entries.some((entry) => entry.isEncrypted())) throw new ConvertError(this.messages.encrypted);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > this.budgetLeft) throw new ConvertError(this.messages.tooLarge);
  }

  async read(entry: Entry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    await this.inflate(entry, collect);
    return Buffer.concat(chunks);
  }

  async extractTo(entry: Entry, target: string, signal?: AbortSignal): Promise<void> {
    await this.inflate(entry, createWriteStream(target), signal);
  }

  close(): void {
    this.zip.close();
  }

  private async inflate(entry: Entry, sink: Writable, signal?: AbortSignal): Promise<void> {
    const countBytes = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.budgetLeft -= chunk.length;
        if (this.budgetLeft < 0) callback(new ConvertError(this.messages.tooLarge));
        else callback(null, chunk);
      },
    });
    try {
      const source: Readable = await this.zip.openReadStreamPromise(entry);
      await pipeline(source, countBytes, sink, { signal });
    } catch (error) {
      if (error instanceof ConvertError || signal?.aborted) throw error;
      throw new ConvertError(this.messages.corrupt, { cause: error });
    }
  }
}

/** All central-directory entries, read without inflating anything. */
function listEntries(zip: ZipFile, messages: ZipMessages): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error) => reject(new ConvertError(messages.corrupt, { cause: error })));
    zip.readEntry();
  });
}
