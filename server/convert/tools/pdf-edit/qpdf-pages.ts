// New documents made of other documents' pages, written by qpdf's page selection (--pages). It
// carries what belongs to the pages it copies beyond their own dictionaries: the form fields of
// their widgets (into a new /AcroForm, values, /NeedAppearances and /DR kept) and the page labels.
// pdf-lib's copyPages copies the page dictionaries only and leaves the form behind.
import { readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../../engines/run';
import type { PageRange } from '../../page-ranges';

/** A new document, not the first input's: nothing of one file's catalog (its outline, its open action) points into another's pages. */
const NEW_DOCUMENT = ['--empty', '--warning-exit-0', '--object-streams=generate'];

/** Pages of one file: all of them, or one range. */
export interface PageSource {
  path: string;
  range?: PageRange;
}

const rangeArgument = ({ from, to }: PageRange) => (from === to ? `${from}` : `${from}-${to}`);

/** Writes the `sources`' pages, in order, as the document `output`; `options` are more qpdf options (copying attachments). */
export async function writePages(sources: readonly PageSource[], output: string, signal: AbortSignal, options: readonly string[] = []): Promise<void> {
  // Paths are the store's and the work dir's own absolute paths, never visitor text, so none reads as an option.
  const selection = sources.flatMap((source) => (source.range ? [source.path, rangeArgument(source.range)] : [source.path]));
  await runEngine('qpdf', [...NEW_DOCUMENT, '--pages', ...selection, '--', ...options, output], { signal });
}

/**
 * Splits `file` into documents of `size` pages each (the last may be shorter), in one qpdf run:
 * one run per part costs some 30 ms each, half a minute for a thousand pages. `folder` must be
 * empty; the parts are moved to the names `target(index)` gives, in page order.
 */
export async function splitEvery(file: string, size: number, folder: string, target: (index: number) => string, signal: AbortSignal): Promise<string[]> {
  await runEngine('qpdf', [...NEW_DOCUMENT, '--pages', file, '--', `--split-pages=${size}`, path.join(folder, 'part.pdf')], { signal });
  // qpdf names the parts part-01.pdf, part-01-02.pdf…, zero-padded: in page order when sorted.
  const parts = (await readdir(folder)).sort();
  return Promise.all(
    parts.map(async (part, index) => {
      await rename(path.join(folder, part), target(index));
      return target(index);
    }),
  );
}
