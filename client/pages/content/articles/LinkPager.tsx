// The SPEC §9 pager for content lists as links (crawlable, and working before the script loads):
// page buttons are addresses (/help/page2/, /news/1/2/), the size choice a ?size= query.
import { useNavigate } from '../../../routing/router';
import { listPagePath, type ListPage } from '../../../../shared/articles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../shared/paging';
import { PAGER_COUNT, pagerItems } from '../../account/Pager';
import '../../account/pager.css';

export function LinkPager({ list }: { list: ListPage }) {
  const navigate = useNavigate();
  const pageCount = Math.max(1, Math.ceil(list.total / list.size));
  const query = list.size === DEFAULT_PAGE_SIZE ? '' : `?size=${list.size}`;
  const href = (page: number) => listPagePath(list.basePath, list.pagePattern, page) + query;
  const jumpBy = PAGER_COUNT - 2;
  if (list.total <= DEFAULT_PAGE_SIZE && list.size === DEFAULT_PAGE_SIZE) return null;
  return (
    <nav className="pager link-pager" aria-label="文章分页">
      {list.page > 1 ? (
        <a className="pager-btn pager-prev" href={href(list.page - 1)} aria-label="上一页" rel="prev">
          <span aria-hidden="true">‹</span>
        </a>
      ) : (
        <span className="pager-btn pager-prev is-disabled" aria-hidden="true">‹</span>
      )}
      <ul className="pager-pages">
        {pagerItems(list.page, pageCount).map((item) => (
          <li key={item}>
            {typeof item === 'number' ? (
              <a className={`pager-btn${item === list.page ? ' is-current' : ''}`} aria-current={item === list.page ? 'page' : undefined} href={href(item)}>
                {item}
              </a>
            ) : (
              <a
                className="pager-btn pager-more"
                href={href(item === 'prev-more' ? Math.max(1, list.page - jumpBy) : Math.min(pageCount, list.page + jumpBy))}
                aria-label={item === 'prev-more' ? `向前${jumpBy}页` : `向后${jumpBy}页`}
              >
                <span aria-hidden="true">…</span>
              </a>
            )}
          </li>
        ))}
      </ul>
      {list.page < pageCount ? (
        <a className="pager-btn pager-next" href={href(list.page + 1)} aria-label="下一页" rel="next">
          <span aria-hidden="true">›</span>
        </a>
      ) : (
        <span className="pager-btn pager-next is-disabled" aria-hidden="true">›</span>
      )}
      <span className="pager-right">
        <span className="pager-total">{`共 ${list.total} 篇`}</span>
        <select
          className="pager-size"
          value={list.size}
          aria-label="每页条数"
          onChange={(e) => {
            const size = Number(e.target.value);
            navigate(listPagePath(list.basePath, list.pagePattern, 1) + (size === DEFAULT_PAGE_SIZE ? '' : `?size=${size}`));
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {`${n}条/页`}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
