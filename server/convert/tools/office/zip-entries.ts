// Extracts chosen entries of a visitor's zip (image zips, DOCX parts) on the safe zip reader:
// each entry is written where the caller says, never under its own name.
import { SafeZip } from '../../archive/safe-zip';
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

export async function extractZipEntries(file: string, options: ZipExtractOptions): Promise<ExtractedEntry[]> {
  const zip = await SafeZip.open(file, options, {
    corrupt: ZIP_CORRUPT,
    encrypted: ZIP_ENCRYPTED,
    tooLarge: zipTooLarge(Math.round(options.maxTotalBytes / MB)),
    tooManyEntries: zipTooManyEntries(options.maxEntries),
  });
  try {
    const chosen = zip.files.filter((entry) => options.select(entry.fileName));
    zip.assertReadable(chosen);
    const extracted: ExtractedEntry[] = [];
    for (const [index, entry] of chosen.entries()) {
      options.signal?.throwIfAborted();
      const target = options.targetOf(index, entry.fileName);
      await zip.extractTo(entry, target, options.signal);
      extracted.push({ name: entry.fileName, path: target, size: entry.uncompressedSize });
    }
    return extracted;
  } finally {
    zip.close();
  }
}
