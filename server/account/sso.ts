// Single sign-on when the account service runs on an origin of its own (ACCOUNT_ORIGIN). Each side
// keeps its own cookies: nothing relies on third-party cookies, which browsers block.
//   1. The visitor logs in on the account service (its cookies, its session).
//   2. The account service makes a one-time grant for the site the visitor came from
//      (createIamToken) and sends the browser to that site's /iamEmpty/ with it.
//   3. The site redeems the grant (web_auto_login_v2) for a session of its own, linked to the
//      account-service session, and keeps the SSO id of that session as its fid cookie.
// Both read the same database (the account tables are the account service's; a site pointed at an
// external one shares its DATABASE_URL). Later the site asks with its bearer token whether the
// login still holds (the cross-domain check), and with fid whether the account-service login is
// still alive (getUserInfoApi); v2/tokens/{fid} takes the browser through the account service for
// a new grant without a form. Logging out on either side ends both (sessions.ts endSessions).
import crypto from 'node:crypto';
import type { Db } from '../db';
import type { Sessions, SessionTokens } from './sessions';
import { newToken, tokenHash } from './tokens';

/** A grant is carried by one redirect and redeemed by the next page load. */
export const GRANT_TTL_MS = 60 * 1000;

export interface RedeemedGrant {
  userId: number;
  tokens: SessionTokens;
  /** The SSO id the site keeps as its fid cookie. */
  fid: string;
}

export class SingleSignOn {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
    /** The account service's: keys the SSO ids, derived from the session so that every site gets the same one. */
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A one-time login for `siteOrigin` from the account-service session `sessionId`. */
  async grant(sessionId: string, userId: number, siteOrigin: string): Promise<string> {
    const fid = this.fidOf(sessionId);
    await this.db.updateTable('sessions').set({ fid_hash: tokenHash(fid) }).where('id', '=', sessionId).execute();
    const token = newToken();
    const now = this.now();
    await this.db
      .insertInto('sso_grants')
      .values({ token_hash: tokenHash(token), session_id: sessionId, user_id: userId, site_origin: siteOrigin, fid, created_at: now, expires_at: now + GRANT_TTL_MS, used_at: null })
      .execute();
    return token;
  }

  /**
   * The site's side: a grant made for this site, unused, unexpired, from a session still alive,
   * becomes a session of the site's own. Used exactly once, even by two requests at the same moment.
   */
  async redeem(token: string, siteOrigin: string): Promise<RedeemedGrant | undefined> {
    const hash = tokenHash(token);
    const now = this.now();
    const claimed = await this.db
      .updateTable('sso_grants')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('site_origin', '=', siteOrigin)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const grant = await this.db.selectFrom('sso_grants').selectAll().where('token_hash', '=', hash).executeTakeFirstOrThrow();
    // The fid leaves the table with the grant's one use.
    await this.db.updateTable('sso_grants').set({ fid: null }).where('token_hash', '=', hash).execute();
    if (!grant.fid || !(await this.sessions.alive(grant.session_id))) return undefined;
    const tokens = await this.sessions.create(Number(grant.user_id), grant.session_id);
    return { userId: Number(grant.user_id), tokens, fid: grant.fid };
  }

  /** The account-service session an SSO id names, while it is alive. */
  async sessionOfFid(fid: string): Promise<{ id: string; userId: number } | undefined> {
    if (!fid || fid.length > 128) return undefined;
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id'])
      .where('fid_hash', '=', tokenHash(fid))
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? { id: row.id, userId: Number(row.user_id) } : undefined;
  }

  /** Ends the account-service login an SSO id names, and every site login made from it. */
  async endByFid(fid: string): Promise<void> {
    const session = await this.sessionOfFid(fid);
    if (session) await this.sessions.endSessions([session.id]);
  }

  /** The SSO id of an account-service session (sites keep it as their fid cookie). */
  private fidOf(sessionId: string): string {
    return crypto.createHmac('sha256', this.secret).update(`fid:${sessionId}`).digest('base64url');
  }
}
