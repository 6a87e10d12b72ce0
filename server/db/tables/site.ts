// Tables of the site-data calls (SPEC §7 "Site data").
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SiteTables {}
