// Reads articles from the database. Articles change only when a server boots and imports its
// files, so the summaries (every list, tag and sitemap needs them all, ~100 rows) are read once
// and kept, and each article's body is kept after its first read; reload() drops both.
import type { Article, ArticleKind, ArticleSummary } from '../../shared/articles';
import type { Db } from '../db';
import type { ArticleTable } from '../db/tables/articles';
import { imageUrl, renderMarkdown } from './markdown';

type SummaryRow = Omit<ArticleTable, 'body' | 'body_html'>;

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    kind: row.kind as ArticleKind,
    category: row.category,
    tags: JSON.parse(row.tags) as string[],
    ...(row.tool ? { tool: row.tool } : {}),
    title: row.title,
    summary: row.summary,
    ...(row.cover ? { cover: imageUrl(row.cover) } : {}),
    published: row.published,
    ...(row.updated ? { updated: row.updated } : {}),
  };
}

/** Newest first; ties by id so every list has one fixed order across pages. */
export function byDate(a: ArticleSummary, b: ArticleSummary): number {
  return b.published.localeCompare(a.published) || b.id - a.id;
}

export class ArticleStore {
  private summariesOnce?: Promise<ArticleSummary[]>;
  private readonly bodies = new Map<number, Promise<Article | undefined>>();

  constructor(private readonly db: Db) {}

  /** Every article's summary, newest first. */
  summaries(): Promise<ArticleSummary[]> {
    this.summariesOnce ??= this.db
      .selectFrom('articles')
      .select(['id', 'kind', 'category', 'tags', 'tool', 'title', 'summary', 'cover', 'published', 'updated'])
      .execute()
      .then((rows) => rows.map(toSummary).sort(byDate))
      .catch((error: unknown) => {
        this.summariesOnce = undefined;
        throw error;
      });
    return this.summariesOnce;
  }

  /** One article with its rendered body, or undefined when there is no such id. */
  article(id: number): Promise<Article | undefined> {
    let found = this.bodies.get(id);
    if (!found) {
      found = this.readArticle(id);
      this.bodies.set(id, found);
      // Only articles are kept: a missing id or a failed read is asked again next time.
      found.then((article) => article || this.bodies.delete(id)).catch(() => this.bodies.delete(id));
    }
    return found;
  }

  /** After an import: the next reads go to the database again. */
  reload(): void {
    this.summariesOnce = undefined;
    this.bodies.clear();
  }

  private async readArticle(id: number): Promise<Article | undefined> {
    const row = await this.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    // The HTML is the import's; headings and steps come from the same tokens, read again here once.
    const { headings, steps } = renderMarkdown(row.body);
    return { ...toSummary(row), html: row.body_html, headings, steps };
  }
}
