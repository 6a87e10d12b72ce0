// Help and tutorial articles (server/articles): authored as Markdown files in server/content/articles,
// upserted here at boot keyed on the file's id, with the body's rendered HTML kept beside it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // Tutorial: a SPEC §2 tutorial category id (0 general) as text; help: its category key.
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    // JSON array of tag keys.
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('tool', 'varchar(64)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('cover', 'varchar(200)')
    // Dates as YYYY-MM-DD (Beijing calendar days, as the files give them).
    .addColumn('published', 'varchar(10)', (c) => c.notNull())
    .addColumn('updated', 'varchar(10)')
    .execute();
  await db.schema.createIndex('articles_kind_published').on('articles').columns(['kind', 'published']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('articles').execute();
}
