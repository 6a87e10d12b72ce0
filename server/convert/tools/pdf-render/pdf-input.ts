// Opens a visitor's PDF for reading: tells encrypted from corrupt, and hands tools an unencrypted
// working copy so no later engine needs the password.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ConvertError } from '../../errors';
import { selectPageNumbers } from '../../page-ranges';
import type { ConvertContext } from '../../types';
import { EngineFailedError, runEngine } from '../../engines';
import { PDF_CORRUPT, PDF_ENCRYPTED, WRONG_PASSWORD } from './messages';
import { qpdfArgumentFile } from './qpdf-arguments';

export interface ReadablePdf {
  /** The input itself, or a decrypted copy inside the work dir. */
  path: string;
  pageCount: number;
  /** The input was encrypted (with an open password or with permissions only). */
  wasEncrypted: boolean;
}

interface OpenOptions {
  password: string;
  /** What to tell a visitor who gave no password for a file that needs one. */
  missingPasswordMessage?: string;
  workDir: string;
  signal?: AbortSignal;
}

/** qpdf exits 2 on errors and 3 when it read the file with warnings (damaged but recovered). */
const QPDF_OK = [0, 3] as const;

/** The page count, or the Chinese refusal of an unreadable file (wrong or missing password, corrupt). */
export async function countPdfPages(
  inputPath: string,
  { password, workDir, signal, missingPasswordMessage = PDF_ENCRYPTED }: OpenOptions,
): Promise<number> {
  const passwordArgs = password === '' ? [] : [`--password=${password}`];
  const counted = await runEngine('qpdf', [await qpdfArgumentFile(workDir, [...passwordArgs, '--show-npages', inputPath])], {
    signal,
    okExitCodes: [0, 2, 3],
  });
  if (counted.exitCode === 2) {
    if (/invalid password/.test(counted.stderr)) {
      throw password === '' ? new ConvertError(missingPasswordMessage, { code: 'encrypted' }) : new ConvertError(WRONG_PASSWORD, { code: 'wrongPassword' });
    }
    throw new ConvertError(PDF_CORRUPT, { code: 'corrupt' });
  }
  const pageCount = Number.parseInt(counted.stdout.toString('utf8'), 10);
  if (!(pageCount > 0)) throw new ConvertError(PDF_CORRUPT, { code: 'corrupt' });
  return pageCount;
}

export async function openReadablePdf(inputPath: string, options: OpenOptions): Promise<ReadablePdf> {
  const { password, workDir, signal } = options;
  const pageCount = await countPdfPages(inputPath, options);
  const passwordArgs = password === '' ? [] : [`--password=${password}`];
  const { exitCode: encryptedCode } = await runEngine('qpdf', ['--is-encrypted', inputPath], { signal, okExitCodes: [0, 2] });
  if (encryptedCode !== 0) return { path: inputPath, pageCount, wasEncrypted: false };

  const decrypted = path.join(workDir, `decrypted-${randomUUID()}.pdf`);
  await runEngine('qpdf', [await qpdfArgumentFile(workDir, [...passwordArgs, '--decrypt', inputPath, decrypted])], {
    signal,
    okExitCodes: QPDF_OK,
  });
  return { path: decrypted, pageCount, wasEncrypted: true };
}

/**
 * The visitor's PDF opened for reading (decrypted with their password) and the pages their `pages`
 * option names, 1-based (every page when it is empty).
 */
export async function openChosenPages(
  inputPath: string,
  { password, pages }: { password: string; pages: string },
  { workDir, signal }: Pick<ConvertContext, 'workDir' | 'signal'>,
): Promise<{ source: ReadablePdf; pages: number[] }> {
  const source = await openReadablePdf(inputPath, { password, workDir, signal });
  return { source, pages: selectPageNumbers(pages, source.pageCount) };
}

/** True when qpdf finds the file structurally sound (warnings allowed). */
export async function isValidPdf(file: string, signal?: AbortSignal): Promise<boolean> {
  const { exitCode } = await runEngine('qpdf', ['--check', file], { signal, okExitCodes: [0, 2, 3] });
  return exitCode !== 2;
}

/** An engine that cannot read a file qpdf accepted is still facing a damaged PDF, as far as the visitor is concerned. */
export async function corruptOnEngineFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(PDF_CORRUPT, { cause: error, code: 'corrupt' });
    throw error;
  }
}
