// Reads the parts of an OFD package (a zip) without trusting it: part names are checked (no `..`,
// no absolute names) and never become file paths, the entry count and the declared uncompressed
// total are capped before anything is inflated, and bytes are counted again while inflating, since
// headers can lie (a zip bomb declares small sizes). Parts are read on demand, not all at once.
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConvertError } from '../../errors';
import { OFD_CORRUPT, OFD_TOO_LARGE } from './messages';

export interface OfdZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of all parts together (as declared, and as actually inflated). */
  maxTotalBytes: number;
}

export const DEFAULT_LIMITS: OfdZipLimits = { maxEntries: 20_000, maxTotalBytes: 512 * 1024 * 1024 };

/** A part name as the package spells it, made canonical: forward slashes, no leading `/`, `.` steps dropped. */
export function normalizePartName(name: string): string | undefined {
  const parts: string[] = [];
  for (const step of name.replace(/\\/g, '/').split('/')) {
    if (step === '' || step === '.') continue;
    if (step === '..') return undefined;
    parts.push(step);
  }
  return parts.length > 0 ? parts.join('/') : undefined;
}

/** Resolves a reference found in part `from` (relative to its folder, or absolute from the package root). */
export function resolvePart(from: string, reference: string): string | undefined {
  const ref = reference.trim().replace(/\\/g, '/');
  if (ref === '') return undefined;
  if (ref.startsWith('/')) return normalizePartName(ref);
  const folder = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const parts = folder === '' ? [] : folder.split('/');
  for (const step of ref.split('/')) {
    if (step === '' || step === '.') continue;
    if (step === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(step);
  }
  return parts.length > 0 ? parts.join('/') : undefined;
}

export class OfdZip {
  private budget: number;

  private constructor(
    private readonly zip: ZipFile,
    /** Canonical part name (lower case key) → entry. */
    private readonly entries: Map<string, Entry>,
    limits: OfdZipLimits,
  ) {
    this.budget = limits.maxTotalBytes;
  }

  static async open(file: string, limits: OfdZipLimits = DEFAULT_LIMITS): Promise<OfdZip> {
    let zip: ZipFile;
    try {
      // yauzl itself refuses absolute and `..` names with an error event; we check again below.
      zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true });
    } catch (error) {
      throw new ConvertError(OFD_CORRUPT, { cause: error });
    }
    try {
      if (zip.entryCount > limits.maxEntries) throw new ConvertError(OFD_TOO_LARGE);
      const list = await listEntries(zip);
      const entries = new Map<string, Entry>();
      let declared = 0;
      for (const entry of list) {
        if (/^([/\\]|[A-Za-z]:)/.test(entry.fileName) || entry.fileName.split(/[/\\]/).includes('..')) throw new ConvertError(OFD_CORRUPT);
        if (entry.fileName.endsWith('/')) continue;
        const name = normalizePartName(entry.fileName);
        if (!name) throw new ConvertError(OFD_CORRUPT);
        if (entry.isEncrypted()) throw new ConvertError(OFD_CORRUPT);
        declared += entry.uncompressedSize;
        entries.set(name.toLowerCase(), entry);
      }
      if (declared > limits.maxTotalBytes) throw new ConvertError(OFD_TOO_LARGE);
      return new OfdZip(zip, entries, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase());
  }

  /** The bytes of a part; a missing or unreadable part is a damaged package. */
  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) throw new ConvertError(OFD_CORRUPT);
    const chunks: Buffer[] = [];
    const self = this;
    try {
      await pipeline(
        await this.zip.openReadStreamPromise(entry),
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            self.budget -= chunk.length;
            if (self.budget < 0) callback(new ConvertError(OFD_TOO_LARGE));
            else callback(null, chunk);
          },
        }),
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        }),
      );
    } catch (error) {
      if (error instanceof ConvertError) throw error;
      throw new ConvertError(OFD_CORRUPT, { cause: error });
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error) => reject(new ConvertError(OFD_CORRUPT, { cause: error })));
    zip.readEntry();
  });
}
