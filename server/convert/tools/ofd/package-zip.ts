// The parts of an OFD package (a zip), on the safe zip reader: part names are made canonical and
// looked up case-insensitively, and parts are read on demand, not all at once.
import { SafeZip, type ZipEntry } from '../../archive/safe-zip';
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
  private constructor(
    private readonly zip: SafeZip,
    /** Canonical part name (lower case key) → entry. */
    private readonly parts: Map<string, ZipEntry>,
  ) {}

  static async open(file: string, limits: OfdZipLimits = DEFAULT_LIMITS): Promise<OfdZip> {
    // A package is damaged, not "encrypted" or "too many files", whatever is wrong with its zip.
    const zip = await SafeZip.open(file, limits, { corrupt: OFD_CORRUPT, encrypted: OFD_CORRUPT, tooLarge: OFD_TOO_LARGE, tooManyEntries: OFD_TOO_LARGE });
    try {
      zip.assertReadable(zip.files);
      const parts = new Map<string, ZipEntry>();
      for (const entry of zip.files) {
        const name = normalizePartName(entry.fileName);
        if (!name) throw new ConvertError(OFD_CORRUPT);
        parts.set(name.toLowerCase(), entry);
      }
      return new OfdZip(zip, parts);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.parts.has(name.toLowerCase());
  }

  /** The bytes of a part; a missing or unreadable part is a damaged package. */
  async read(name: string): Promise<Buffer> {
    const entry = this.parts.get(name.toLowerCase());
    if (!entry) throw new ConvertError(OFD_CORRUPT);
    return this.zip.read(entry);
  }

  close(): void {
    this.zip.close();
  }
}
