// A list of article summaries: title, summary, date and tags, with the cover as a thumbnail.
import { HELP_CATEGORIES, articlePath, tagName, type ArticleSummary } from '../../../../shared/articles';

export function ArticleDate({ article }: { article: ArticleSummary }) {
  return <time dateTime={article.updated ?? article.published}>{article.updated ?? article.published}</time>;
}

export function TagChips({ tags, limit = 4 }: { tags: string[]; limit?: number }) {
  if (!tags.length) return null;
  return (
    <span className="tag-chips">
      {tags.slice(0, limit).map((t) => (
        <a key={t} className="tag-chip" href={`/tags/${t}/`}>
          {tagName(t) ?? t}
        </a>
      ))}
    </span>
  );
}

export function ArticleList({ items, empty }: { items: ArticleSummary[]; empty?: string }) {
  if (!items.length) return <p className="list-empty">{empty ?? '这里还没有文章。'}</p>;
  return (
    <ul className="doc-list">
      {items.map((a) => (
        <li key={a.id} className={a.cover ? 'has-cover' : undefined}>
          {a.cover && (
            <a className="doc-thumb" href={articlePath(a)} tabIndex={-1} aria-hidden="true">
              <img src={a.cover} alt="" loading="lazy" width="160" height="90" />
            </a>
          )}
          <div className="doc-text">
            <h2 className="doc-title">
              <a href={articlePath(a)}>{a.title}</a>
            </h2>
            <p className="doc-summary">{a.summary}</p>
            <p className="doc-meta">
              {a.kind === 'help' && <span className="doc-kind">{HELP_CATEGORIES[a.category as keyof typeof HELP_CATEGORIES]}</span>}
              <ArticleDate article={a} />
              <TagChips tags={a.tags} limit={3} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
