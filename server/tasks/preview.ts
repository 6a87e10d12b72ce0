// Page images of a PDF with mutool, through the engine layer (its concurrency cap, timeout and
// bounded output): thumbnails for the generic middle step and result previews for
// targetYee/previewYee. Every image is capped in pixels, whatever size the page claims to be.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ConvertError } from '../convert/errors';
import { runEngine } from '../convert/engines';

const UNREADABLE_PDF = 'PDF文件已损坏或无法读取';
/** The page count is one number: anything longer is a hostile or broken file (a /Count that names a stream). */
const MAX_COUNT_OUTPUT_BYTES = 64;

async function unreadableOnFailure<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (signal.aborted || error instanceof ConvertError) throw error;
    throw new ConvertError(UNREADABLE_PDF, { cause: error });
  }
}

export async function pageCount(pdf: string, signal: AbortSignal): Promise<number> {
  const { stdout } = await unreadableOnFailure(runEngine('mutool', ['show', pdf, 'trailer/Root/Pages/Count'], { signal, maxOutputBytes: MAX_COUNT_OUTPUT_BYTES }), signal);
  const n = Number(stdout.toString('latin1').trim());
  if (!Number.isInteger(n) || n < 1) throw new ConvertError(UNREADABLE_PDF);
  return n;
}

/**
 * Renders pages [1..lastPage] (all when omitted) to PNGs in outDir, each at most maxSide pixels
 * wide and high (mutool lowers the resolution of a larger page); returns their paths in page order.
 */
export async function renderPages(
  pdf: string,
  outDir: string,
  options: { dpi: number; maxSide: number; lastPage?: number; signal: AbortSignal; onPage?: (page: number) => void },
): Promise<string[]> {
  await fsp.mkdir(outDir, { recursive: true });
  const side = String(options.maxSide);
  const args = ['draw', '-r', String(options.dpi), '-w', side, '-h', side, '-o', path.join(outDir, 'page%d.png'), pdf];
  if (options.lastPage) args.push(`1-${options.lastPage}`);
  await unreadableOnFailure(
    runEngine('mutool', args, {
      signal: options.signal,
      onStderrLine: (line) => {
        const page = /^page .* (\d+)$/.exec(line);
        if (page) options.onPage?.(Number(page[1]));
      },
    }),
    options.signal,
  );
  const files = (await fsp.readdir(outDir)).filter((f) => /^page\d+\.png$/.test(f));
  files.sort((a, b) => parseInt(a.slice(4), 10) - parseInt(b.slice(4), 10));
  return files.map((f) => path.join(outDir, f));
}
