// The `pages` option shared by the PDF tools: "1-3,5,8-" (1-based, inclusive; "8-" runs to the
// end, "-3" starts at the first page). Visitors type it by hand, so Chinese commas and spaces are
// accepted and every mistake is reported in Chinese.
import { z } from 'zod';
import { ConvertError } from './errors';

/** A run of pages, 1-based and inclusive, as the visitor wrote it. */
export interface PageRange {
  from: number;
  to: number;
}

/** `pages` option: empty means "not given" (each tool says what that means for it). */
export const pagesOption = z.string().trim().max(1000).default('');

const PART = /^(\d*)\s*-\s*(\d*)$|^(\d+)$/;

/** Parses a range list against a document of `pageCount` pages; throws ConvertError on any mistake. */
export function parsePageRanges(spec: string, pageCount: number): PageRange[] {
  const parts = spec
    .split(/[,，;；]/)
    .map((part) => part.trim().replace(/[~～—–－]/g, '-'))
    .filter((part) => part !== '');
  if (parts.length === 0) throw new ConvertError('请填写页码范围，例如 1-3,5');
  return parts.map((part) => {
    const match = PART.exec(part);
    if (!match || part === '-') throw new ConvertError(`页码范围格式不正确：“${part}”，请按 1-3,5 的格式填写`);
    const [, start, end, single] = match;
    const from = single !== undefined ? Number(single) : start ? Number(start) : 1;
    const to = single !== undefined ? from : end ? Number(end) : pageCount;
    if (from < 1 || to < 1) throw new ConvertError(`页码从 1 开始：“${part}”`);
    if (from > to) throw new ConvertError(`页码范围起始页不能大于结束页：“${part}”`);
    if (to > pageCount) throw new ConvertError(`页码超出文档范围（共 ${pageCount} 页）：“${part}”`);
    return { from, to };
  });
}

/** The 0-based indices named by `spec`, ascending and without repeats; empty spec → every page. */
export function selectPageIndices(spec: string, pageCount: number): number[] {
  if (spec.trim() === '') return Array.from({ length: pageCount }, (_, index) => index);
  const selected = new Set<number>();
  for (const { from, to } of parsePageRanges(spec, pageCount)) {
    for (let page = from; page <= to; page++) selected.add(page - 1);
  }
  return [...selected].sort((a, b) => a - b);
}

/** The same selection as 1-based page numbers (for engines that take page numbers). */
export function selectPageNumbers(spec: string, pageCount: number): number[] {
  return selectPageIndices(spec, pageCount).map((index) => index + 1);
}
