// Parses the shared `pages` option (`1-3,5`, `7-`, `-2`) into page numbers.
import { ConvertError } from '../../errors';
import { INVALID_PAGES } from './messages';

/** Ascending, distinct 1-based page numbers; empty `spec` selects every page. */
export function parsePageRanges(spec: string, pageCount: number): number[] {
  if (spec.trim() === '') return Array.from({ length: pageCount }, (_, i) => i + 1);
  const selected = new Set<number>();
  for (const part of spec.split(/[,，]/)) {
    const match = /^\s*(\d*)\s*(?:([-~—])\s*(\d*))?\s*$/.exec(part);
    if (!match || (match[1] === '' && (match[2] === undefined || match[3] === ''))) throw new ConvertError(INVALID_PAGES);
    const first = match[1] === '' ? 1 : Number(match[1]);
    const last = match[2] === undefined ? first : match[3] === '' ? pageCount : Number(match[3]);
    if (first < 1 || last < first) throw new ConvertError(INVALID_PAGES);
    for (let page = first; page <= Math.min(last, pageCount); page++) selected.add(page);
  }
  if (selected.size === 0) throw new ConvertError(`${INVALID_PAGES}（本文件共${pageCount}页）`);
  return [...selected].sort((a, b) => a - b);
}
