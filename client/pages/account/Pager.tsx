// The list pager of SPEC §9: page size 10 with options 10, 20, 30, 40, 50, 100; at most 7 page
// buttons (pager count), the rest folded into … buttons that jump 5 pages; laid out as
// prev, pager, next, jumper, then (pushed right) the total and the page size.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/paging';
import './pager.css';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };
export const PAGER_COUNT = 7;

/** A paged list's page and size; a new size starts again at page 1. */
export function usePaging(): { page: number; size: number; setPage(page: number): void; setSize(size: number): void } {
  const [page, setPage] = useState(1);
  const [size, setSizeOnly] = useState(DEFAULT_PAGE_SIZE);
  const setSize = (next: number) => {
    setSizeOnly(next);
    setPage(1);
  };
  return { page, size, setPage, setSize };
}

export type PagerItem = number | 'prev-more' | 'next-more';

/** The buttons between prev and next: all pages when they fit, else the first, the last and a window around `current`. */
export function pagerItems(current: number, pageCount: number, pagerCount = PAGER_COUNT): PagerItem[] {
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const half = (pagerCount - 1) / 2;
  const prevMore = current > pagerCount - half;
  const nextMore = current < pageCount - half;
  let from: number;
  let to: number;
  if (prevMore && !nextMore) {
    from = pageCount - (pagerCount - 2);
    to = pageCount - 1;
  } else if (!prevMore && nextMore) {
    from = 2;
    to = pagerCount - 1;
  } else {
    const offset = Math.floor(pagerCount / 2) - 1;
    from = current - offset;
    to = current + offset;
  }
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [1, ...(prevMore ? (['prev-more'] as const) : []), ...middle, ...(nextMore ? (['next-more'] as const) : []), pageCount];
}

interface PagerProps {
  page: number;
  size: number;
  total: number;
  label: string;
  onPage(page: number): void;
  onSize(size: number): void;
}

export function Pager({ page, size, total, label, onPage, onSize }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);
  const go = (wanted: number) => {
    const next = Math.min(pageCount, Math.max(1, Math.trunc(wanted) || 1));
    setJump(String(next));
    if (next !== page) onPage(next);
  };
  const jumpBy = PAGER_COUNT - 2;
  const onJumpKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') go(Number(jump));
  };
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager-btn pager-prev" disabled={page <= 1} onClick={() => go(page - 1)} aria-label="上一页">
        <span aria-hidden="true">‹</span>
      </button>
      <ul className="pager-pages">
        {pagerItems(page, pageCount).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <button type="button" className={`pager-btn${item === page ? ' is-current' : ''}`} aria-current={item === page ? 'page' : undefined} onClick={() => go(item)}>
                {item}
              </button>
            ) : (
              <button
                type="button"
                className="pager-btn pager-more"
                aria-label={item === 'prev-more' ? `向前${jumpBy}页` : `向后${jumpBy}页`}
                onClick={() => go(item === 'prev-more' ? page - jumpBy : page + jumpBy)}
              >
                <span aria-hidden="true">…</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="pager-btn pager-next" disabled={page >= pageCount} onClick={() => go(page + 1)} aria-label="下一页">
        <span aria-hidden="true">›</span>
      </button>
      <label className="pager-jump">
        前往
        <input inputMode="numeric" value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))} onKeyDown={onJumpKey} onBlur={() => go(Number(jump))} aria-label="页码" />页
      </label>
      <span className="pager-right">
        <span className="pager-total">共 {total} 条</span>
        <select className="pager-size" value={size} onChange={(e) => onSize(Number(e.target.value))} aria-label="每页条数">
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}条/页
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
