// The advert rows in force now: read by GET /api/getAdvertising and, for the page's advert head, kept
// in the site config the server renders with (so the strip is in the server's HTML and hydration
// leaves it as it is, instead of the page swapping its text after load).
import type { Advert } from '../../shared/adverts';
import type { Db } from '../db';

export async function liveAdverts(db: Db, platform: string, position?: number, now = Date.now()): Promise<Advert[]> {
  return db
    .selectFrom('advert')
    .select(['id', 'position', 'title', 'image_url as image', 'link_url as link', 'sort'])
    .where('platform', '=', platform)
    .$if(position !== undefined, (qb) => qb.where('position', '=', position!))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('position')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** How often the pages' copy is read again: an advert's start or end shows in new renders within this. */
export const PAGE_ADVERTS_REFRESH_MS = 5 * 60_000;

/**
 * Keeps `target.adverts` the web adverts in force, reading them now and every few minutes. Each
 * render reads the list once, into both its markup and the __SITE__ the browser hydrates with, so
 * the two always agree. Returns a stop function.
 */
export async function keepPageAdverts(db: Db, target: { adverts?: Advert[] }): Promise<() => void> {
  const read = async () => {
    target.adverts = await liveAdverts(db, 'web').catch(() => target.adverts ?? []);
  };
  await read();
  const timer = setInterval(() => void read(), PAGE_ADVERTS_REFRESH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
