// Help and tutorial articles (migration 015): one row per Markdown file of server/content/articles.

export interface ArticleTable {
  id: number;
  kind: string;
  /** A tutorial category id as text ('0' general), or a help category key. */
  category: string;
  /** JSON array of tag keys. */
  tags: string;
  tool: string | null;
  title: string;
  summary: string;
  /** The Markdown source. */
  body: string;
  /** The body rendered to safe HTML at import (server/articles/markdown.ts). */
  body_html: string;
  cover: string | null;
  /** YYYY-MM-DD. */
  published: string;
  updated: string | null;
}

export interface ArticleTables {
  articles: ArticleTable;
}
