// Boot-time import: the article files are the source of truth, so each boot upserts every valid
// file by id (rendering its body once, here) and deletes rows whose file is gone. Running it twice
// changes nothing; servers booting side by side on one PostgreSQL write the same rows.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db';
import { readArticleFiles } from './files';
import { renderMarkdown } from './markdown';

export interface ImportResult {
  imported: number;
  removed: number;
  problems: string[];
}

/** `contentDir` holds articles/ (the .md files) and images/ (what they show). */
export async function importArticles(db: Db, contentDir: string): Promise<ImportResult> {
  const { articles, problems } = readArticleFiles(path.join(contentDir, 'articles'));
  const imagesDir = path.join(contentDir, 'images');
  const hasImage = (name: string) => fs.existsSync(path.join(imagesDir, name));
  const rows = articles.map((a) => {
    const rendered = renderMarkdown(a.body);
    for (const image of rendered.images) if (!hasImage(image)) problems.push(`${a.file}: 图片 ${image} 不在 images 目录中`);
    let cover = a.cover ?? null;
    if (cover && !hasImage(cover)) {
      problems.push(`${a.file}: 封面 ${cover} 不在 images 目录中，已忽略`);
      cover = null;
    }
    return {
      id: a.id,
      kind: a.kind,
      category: a.category,
      tags: JSON.stringify(a.tags),
      tool: a.tool ?? null,
      title: a.title,
      summary: a.summary,
      body: a.body,
      body_html: rendered.html,
      cover,
      published: a.published,
      updated: a.updated ?? null,
    };
  });
  // No valid file at all is a broken deployment, not an empty site: keep what the database has.
  if (rows.length === 0) return { imported: 0, removed: 0, problems };
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const { id: _id, ...rest } = row;
      await trx.insertInto('articles').values(row).onConflict((oc) => oc.column('id').doUpdateSet(rest)).execute();
    }
  });
  const keep = rows.map((r) => r.id);
  const removed = await db.deleteFrom('articles').where('id', 'not in', keep).executeTakeFirst();
  return { imported: rows.length, removed: Number(removed.numDeletedRows), problems };
}
