// Extracts chosen entries of a visitor's zip without trusting it: entry names never become paths
// (each entry is written where the caller says), the entry count and the total of uncompressed
// bytes are capped before anything is inflated, and bytes are counted again while inflating,
// since headers can lie (a zip bomb declares small sizes).
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConvertError } from '../../errors';
import { ZIP_CORRUPT, ZIP_ENCRYPTED, zipTooLarge, zipTooManyEntries } from './messages';

export interface ZipExtractOptions {
  /** Entries the archive may hold at all (folders included). */
  maxEntries: number;
  /** Uncompressed bytes of the chosen entries together. */
  maxTotalBytes: number;
  /** Which entries to extract, by their name inside the archive. */
  select(name: string): boolean;
  /** Where the `index`-th chosen entry is written. */
  targetOf(index: number, name: string): string;
  signal?: AbortSignal;
}

export interface ExtractedEntry {
  /** The name inside the archive (display and ordering only). */
  name: string;
  path: string;
  size: number;
}

const MB = 1024 * 1024;

async function openZip(file: string): Promise<ZipFile> {
  try {
    // Names are decoded as UTF-8 or CP437 by the zip's own flag; yauzl refuses absolute and `..` names.
    return await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true });
  } catch (error) {
    throw new ConvertError(ZIP_CORRUPT, { cause: error });
  }
}

/** All central-directory entries, read without inflating anything. */
function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error) => reject(new ConvertError(ZIP_CORRUPT, { cause: error })));
    zip.readEntry();
  });
}

/** Passes bytes through, failing once more than the remaining budget went by. */
function byteBudget(budget: { left: number }, maxTotalBytes: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.left -= chunk.length;
      if (budget.left < 0) callback(new ConvertError(zipTooLarge(Math.round(maxTotalBytes / MB))));
      else callback(null, chunk);
    },
  });
}

export async function extractZipEntries(file: string, options: ZipExtractOptions): Promise<ExtractedEntry[]> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > options.maxEntries) throw new ConvertError(zipTooManyEntries(options.maxEntries));
    const chosen = (await listEntries(zip)).filter((entry) => !entry.fileName.endsWith('/') && options.select(entry.fileName));
    if (chosen.some((entry) => entry.isEncrypted())) throw new ConvertError(ZIP_ENCRYPTED);
    const declared = chosen.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > options.maxTotalBytes) throw new ConvertError(zipTooLarge(Math.round(options.maxTotalBytes / MB)));

    const budget = { left: options.maxTotalBytes };
    const extracted: ExtractedEntry[] = [];
    for (const [index, entry] of chosen.entries()) {
      options.signal?.throwIfAborted();
      const target = options.targetOf(index, entry.fileName);
      try {
        await pipeline(await zip.openReadStreamPromise(entry), byteBudget(budget, options.maxTotalBytes), createWriteStream(target), { signal: options.signal });
      } catch (error) {
        if (error instanceof ConvertError || options.signal?.aborted) throw error;
        throw new ConvertError(ZIP_CORRUPT, { cause: error });
      }
      extracted.push({ name: entry.fileName, path: target, size: entry.uncompressedSize });
    }
    return extracted;
  } finally {
    zip.close();
  }
}
