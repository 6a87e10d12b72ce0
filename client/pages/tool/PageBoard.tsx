// Every page of the chosen PDF as a thumbnail (the page tools' staged file, staging.ts): the
// visitor taps the pages to act on — where a split starts, the pages to delete, the pages to turn
// (shown turned by the chosen angle) — or just sees them with the page count.
import { useState } from 'react';
import { IMAGE_LOAD_FAILED } from '../../../shared/errors';
import type { MiddlePage } from '../../api/tasks';
import type { PagePicking } from './tool-options';

export interface PageBoardProps {
  pages: readonly MiddlePage[];
  pageCount: number;
  /** Tapping marks pages for this step (split, delete). */
  picking?: PagePicking;
  /** Rotate: the pages turned (all when the set is empty) by `angle` degrees. */
  rotation?: { angle: number; pages: ReadonlySet<number> };
  /** The pages marked so far (picked, or to be turned). */
  marked: ReadonlySet<number>;
  disabled: boolean;
  onToggle(page: number): void;
  onClear(): void;
}

function Thumbnail({ page, angle }: { page: MiddlePage; angle: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="thumb-failed">{IMAGE_LOAD_FAILED}</span>;
  return (
    <img
      src={page.url}
      alt=""
      loading="lazy"
      draggable={false}
      style={angle ? { transform: `rotate(${angle}deg)${angle % 180 ? ' scale(0.75)' : ''}` } : undefined}
      onError={() => setFailed(true)}
    />
  );
}

export function PageBoard({ pages, pageCount, picking, rotation, marked, disabled, onToggle, onClear }: PageBoardProps) {
  const tappable = Boolean(picking || rotation) && !disabled;
  const title = picking ? picking.title : rotation ? '点击选择要旋转的页面，不选则旋转全部页面' : '页面预览';
  const turned = (page: number) => Boolean(rotation) && (rotation!.pages.size === 0 || rotation!.pages.has(page));
  return (
    <section className={`page-board${rotation ? ' is-rotating' : ''}`} aria-label={title}>
      <header className="page-board-head">
        <h3>{title}</h3>
        <p>
          共 <strong>{pageCount}</strong> 页{(picking || rotation) && <>，已选 <strong>{marked.size}</strong> 页</>}
          {marked.size > 0 && tappable && (
            <button type="button" className="link-btn" onClick={onClear}>
              清除选择
            </button>
          )}
        </p>
      </header>
      <ul className="thumb-grid">
        {pages.map((page) => {
          const fixed = Boolean(picking?.firstPage) && page.page === 1;
          const on = marked.has(page.page);
          const angle = turned(page.page) ? rotation!.angle : 0;
          const mark = fixed ? picking!.firstPage : on ? (picking?.mark ?? `旋转 ${rotation?.angle}°`) : undefined;
          const body = (
            <>
              <span className="thumb-image">
                <Thumbnail page={page} angle={angle} />
                {mark && <span className="thumb-mark">{mark}</span>}
              </span>
              <span className="thumb-number">{page.page}</span>
            </>
          );
          return (
            <li key={page.page}>
              {tappable ? (
                <button
                  type="button"
                  className={`thumb${on ? ' is-picked' : ''}${fixed ? ' is-fixed' : ''}`}
                  aria-pressed={fixed ? undefined : on}
                  aria-label={`第 ${page.page} 页`}
                  disabled={fixed}
                  onClick={() => onToggle(page.page)}
                >
                  {body}
                </button>
              ) : (
                <div className="thumb is-static" role="img" aria-label={`第 ${page.page} 页`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {pages.length < pageCount && <p className="page-board-more">仅显示前 {pages.length} 页的预览</p>}
    </section>
  );
}
