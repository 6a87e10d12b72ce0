// Tables of the site-data calls (SPEC §7 "Site data").
// Times are epoch milliseconds in bigint columns: the same number on SQLite and PostgreSQL
// (createDb reads int8 back as a number), compared without any date arithmetic in SQL.
import type { Generated } from 'kysely';

/** Named counters; `web_visits` backs getWebVisits. */
export interface SiteCounterTable {
  name: string;
  value: number;
}

/** One row per takeNoteBehavior call: what a visitor did, for product analytics. */
export interface BehaviorNoteTable {
  id: Generated<number>;
  user_id: string | null;
  behavior_type: string;
  doc_id: string | null;
  /** Free text or JSON text sent by the page. */
  extra: string | null;
  /** The visitor's UUID cookie, so anonymous behaviour can be grouped. */
  visitor_uuid: string | null;
  created_at: number;
}

export interface FriendLinkTable {
  id: Generated<number>;
  title: string;
  url: string;
  /** Ascending display order. */
  sort: number;
}

export interface AdvertTable {
  id: Generated<number>;
  /** Which client shows it: `web` for this site. */
  platform: string;
  /** Slot on the page: 6 is the home page, 7 the tool pages (SPEC §2). */
  position: number;
  title: string;
  image_url: string;
  link_url: string;
  /** Ascending display order inside a position. */
  sort: number;
  /** Shown from this moment; null means already. */
  starts_at: number | null;
  /** Shown until this moment (exclusive); null means for good. */
  ends_at: number | null;
}

export interface ClientDownloadTable {
  id: Generated<number>;
  /** windows, mac, android or ios. */
  platform: string;
  name: string;
  version: string;
  url: string;
  /** Human-readable download size, e.g. "86.3MB"; empty for store links. */
  size: string;
  description: string;
  sort: number;
}

export interface SiteTables {
  site_counter: SiteCounterTable;
  behavior_note: BehaviorNoteTable;
  friend_link: FriendLinkTable;
  advert: AdvertTable;
  client_download: ClientDownloadTable;
}
