// Tables of the account service (issue 12): users, SMS codes and login sessions. Times are epoch
// milliseconds in bigint columns, as in the site tables; secrets are stored only as hashes.

/** A person or a company. `id` is a random number (SPEC §6 reads its parity), never a counter. */
export interface UsersTable {
  id: number;
  /** Mainland mobile number, normalised to its 11 digits. */
  mobile: string;
  /** scrypt hash (account/passwords.ts), null until the user sets a password. */
  password_hash: string | null;
  /** SPEC §3: 'COMPANY' or 'PERSONAL'. */
  account_type: string;
  created_at: number;
  /** A company account's name (server/company); null for a person. */
  company_name: string | null;
}

/** One SMS code sent. The rows also count sends per number and per IP for the send limits. */
export interface SmsCodesTable {
  id: string;
  mobile: string;
  /** HMAC-SHA256 of number and code under the site secret: six digits alone would be guessed offline. */
  code_hash: string;
  ip: string;
  /** Wrong guesses so far; the code dies at the limit. */
  tries: number;
  /** 1 once used to log in. */
  used: number;
  created_at: number;
  expires_at: number;
}

/** A login: a short-lived access token and a rotating refresh token, both stored as SHA-256. */
export interface SessionsTable {
  id: string;
  user_id: number;
  access_hash: string;
  access_expires_at: number;
  refresh_hash: string;
  /** The refresh token this one replaced: presenting it again means it was stolen, so the session ends. */
  previous_refresh_hash: string | null;
  refresh_expires_at: number;
  created_at: number;
  revoked_at: number | null;
  /** An account-service session that has handed logins to sites: SHA-256 of its SSO id (the sites' fid cookie). */
  fid_hash: string | null;
  /** A site's session made from a grant: the account-service session it came from (logout there ends it too). */
  sso_session_id: string | null;
}

/** A one-time login for one site, made by the account service and redeemed by that site (sso.ts). */
export interface SsoGrantsTable {
  token_hash: string;
  session_id: string;
  user_id: number;
  site_origin: string;
  /** The SSO id the site will keep as its fid cookie, carried for the grant's minute; cleared when redeemed. */
  fid: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A personal account a company invited by mobile number ('invited'), and once accepted ('linked'). */
export interface CompanyMembersTable {
  company_id: number;
  mobile: string;
  /** The person's account once linked. */
  member_id: number | null;
  status: 'invited' | 'linked';
  created_at: number;
  linked_at: number | null;
}

export interface AccountTables {
  users: UsersTable;
  sms_codes: SmsCodesTable;
  sessions: SessionsTable;
  sso_grants: SsoGrantsTable;
  company_members: CompanyMembersTable;
}
