// Search-ad attribution (server/attribution): one row per user, the first Baidu click bound.

export interface AdBindingsTable {
  user_id: number;
  /** Baidu's click id (bd_vid) from the landing address. */
  bd_vid: string;
  landing_url: string;
  created_at: number;
}

export interface AttributionTables {
  ad_bindings: AdBindingsTable;
}
