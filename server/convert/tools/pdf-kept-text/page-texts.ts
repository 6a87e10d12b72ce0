// The text of each page as poppler's pdftotext reads it: the yardstick every PDF → PDF tool is
// held to (a reader that shares no code with pdf-lib, qpdf or Ghostscript).
import { EngineFailedError, runEngine } from '../../engines';

/**
 * Page texts in page order; undefined when poppler cannot read the file at all. `raw` keeps the
 * content's own order and skips the layout pass (which merges and drops hyphens differently on a
 * turned page); without it, the text reads as a reader's copy and search see it.
 */
export async function readPageTexts(file: string, signal: AbortSignal, { raw }: { raw: boolean }): Promise<string[] | undefined> {
  let stdout: Buffer;
  try {
    ({ stdout } = await runEngine('pdftotext', ['-q', ...(raw ? ['-raw'] : []), '-enc', 'UTF-8', file, '-'], { signal }));
  } catch (error) {
    if (error instanceof EngineFailedError) return undefined;
    throw error;
  }
  // pdftotext ends every page with a form feed, the last one included.
  const pages = stdout.toString('utf8').split('\f');
  pages.pop();
  return pages;
}
