// The second step of a two-step tool: thumbnails of the uploaded PDF; the visitor taps the pages
// to act on, then runs the final step.
import { useState } from 'react';
import { IMAGE_LOAD_FAILED } from '../../../shared/errors';
import type { MiddlePage } from '../../api/tasks';
import type { PagePicking } from './tool-options';

interface PagePickerProps {
  pages: readonly MiddlePage[];
  picking: PagePicking;
  onConfirm(pages: number[]): void;
  onCancel(): void;
}

function Thumbnail({ page }: { page: MiddlePage }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="thumb-failed">{IMAGE_LOAD_FAILED}</span>;
  return <img src={page.url} alt={`第 ${page.page} 页`} loading="lazy" draggable={false} onError={() => setFailed(true)} />;
}

export function PagePicker({ pages, picking, onConfirm, onCancel }: PagePickerProps) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const toggle = (page: number) => {
    const next = new Set(picked);
    if (next.has(page)) next.delete(page);
    else next.add(page);
    setPicked(next);
  };
  const list = [...picked].sort((a, b) => a - b);
  const { ready, problem } = picking.check(list, pages.length);
  return (
    <section className="page-picker" aria-label={picking.title}>
      <header className="page-picker-head">
        <h2>{picking.title}</h2>
        <p>
          共 {pages.length} 页，已选 <strong>{picked.size}</strong> 页
          {picked.size > 0 && (
            <button type="button" className="link-btn" onClick={() => setPicked(new Set())}>
              清除选择
            </button>
          )}
        </p>
      </header>
      <ul className="thumb-grid">
        {pages.map((page) => {
          const fixed = Boolean(picking.firstPage) && page.page === 1;
          const on = picked.has(page.page);
          return (
            <li key={page.page}>
              <button
                type="button"
                className={`thumb${on ? ' is-picked' : ''}${fixed ? ' is-fixed' : ''}`}
                aria-pressed={fixed ? undefined : on}
                aria-label={`第 ${page.page} 页`}
                disabled={fixed}
                onClick={() => toggle(page.page)}
              >
                <span className="thumb-image">
                  <Thumbnail page={page} />
                  {(on || fixed) && <span className="thumb-mark">{fixed ? picking.firstPage : picking.mark}</span>}
                </span>
                <span className="thumb-number">{page.page}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="panel-actions">
        <button type="button" className="btn btn-primary btn-large btn-start" disabled={!ready} onClick={() => onConfirm(list)}>
          {picking.action(list, pages.length)}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          重新选择文件
        </button>
      </div>
    </section>
  );
}
