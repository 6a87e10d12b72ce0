// Search-ad attribution (SPEC §7 POST /v2/user/bindAccessBd; its payload is "not shown", so this is
// ours): a visitor who lands from a Baidu search ad carries Baidu's click id `bd_vid` in the
// address. The page keeps it until the visitor is logged in and then binds it to the account, so
// that a later payment can be reported to the ad platform as that click's conversion (the report
// itself is the operator's, from this table). The first click bound wins: attribution goes to the
// ad that brought the user, not to the latest one.
import type { Db } from '../db';

export interface AdBinding {
  bdVid: string;
  landingUrl: string;
  createdAt: number;
}

export class AdBindings {
  constructor(private readonly db: Db) {}

  /** Binds the click to the user unless one is bound already; answers the binding that holds. */
  async bind(userId: number, bdVid: string, landingUrl: string, now = Date.now()): Promise<{ bound: boolean; binding: AdBinding }> {
    const inserted = await this.db
      .insertInto('ad_bindings')
      .values({ user_id: userId, bd_vid: bdVid, landing_url: landingUrl, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    const binding = (await this.of(userId))!;
    return { bound: Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1, binding };
  }

  async of(userId: number): Promise<AdBinding | undefined> {
    const row = await this.db.selectFrom('ad_bindings').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && { bdVid: row.bd_vid, landingUrl: row.landing_url, createdAt: Number(row.created_at) };
  }
}
