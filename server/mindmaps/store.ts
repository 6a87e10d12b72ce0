// A user's mind maps in the database. Every call names the owner and every query filters on it:
// another user's map id reads as not found.
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { MindMapDoc } from '../../shared/mindmap/document';
import { MINDMAP_LIMITS, measureTree } from '../../shared/mindmap/document';

export interface MindMapSummary {
  id: string;
  title: string;
  nodeCount: number;
  updatedAt: number;
}

export interface StoredMindMap extends MindMapSummary {
  doc: MindMapDoc;
}

function titleOf(doc: MindMapDoc): string {
  return (doc.root.text.replace(/\s+/g, ' ').trim() || '未命名导图').slice(0, MINDMAP_LIMITS.maxTitleLength);
}

export class MindMaps {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: number): Promise<MindMapSummary[]> {
    const rows = await this.db
      .selectFrom('mind_maps')
      .select(['id', 'title', 'node_count', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .limit(MINDMAP_LIMITS.maxMapsPerUser)
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, nodeCount: r.node_count, updatedAt: r.updated_at }));
  }

  async count(userId: number): Promise<number> {
    const row = await this.db.selectFrom('mind_maps').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async get(userId: number, id: string): Promise<StoredMindMap | null> {
    const row = await this.db.selectFrom('mind_maps').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    return { id: row.id, title: row.title, nodeCount: row.node_count, updatedAt: row.updated_at, doc: JSON.parse(row.doc) as MindMapDoc };
  }

  async create(userId: number, doc: MindMapDoc, json: string): Promise<MindMapSummary> {
    const now = this.now();
    const id = crypto.randomBytes(12).toString('hex');
    const summary = { id, title: titleOf(doc), nodeCount: measureTree(doc.root).nodes, updatedAt: now };
    await this.db.insertInto('mind_maps').values({ id, user_id: userId, title: summary.title, doc: json, node_count: summary.nodeCount, created_at: now, updated_at: now }).execute();
    return summary;
  }

  /** Null when the map is not this user's (or gone). */
  async update(userId: number, id: string, doc: MindMapDoc, json: string): Promise<MindMapSummary | null> {
    const now = this.now();
    const summary = { id, title: titleOf(doc), nodeCount: measureTree(doc.root).nodes, updatedAt: now };
    const result = await this.db
      .updateTable('mind_maps')
      .set({ title: summary.title, doc: json, node_count: summary.nodeCount, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) ? summary : null;
  }

  async remove(userId: number, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('mind_maps').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
