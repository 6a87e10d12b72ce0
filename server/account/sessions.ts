// Login sessions: a short-lived access token (sent as the bearer of SPEC §6) and a refresh token
// that is replaced at every use. A refresh token presented a second time was copied: the whole
// session ends (OWASP's refresh-token rotation with reuse detection).
import crypto from 'node:crypto';
import type { Db } from '../db';
import { ACCOUNT_MESSAGES } from './messages';
import { AccountRefusal } from './refusal';
import { newToken, tokenHash } from './tokens';
import { logger } from '../log';

export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionTokens {
  access: string;
  refresh: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
}

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  private fresh(): SessionTokens {
    const now = this.now();
    return { access: newToken(), refresh: newToken(), accessExpiresAt: now + ACCESS_TTL_MS, refreshExpiresAt: now + REFRESH_TTL_MS };
  }

  /** A new login; `ssoSessionId` names the account-service session a site's login came from (sso.ts). */
  async create(userId: number, ssoSessionId: string | null = null): Promise<SessionTokens> {
    const tokens = this.fresh();
    await this.db
      .insertInto('sessions')
      .values({
        id: crypto.randomBytes(16).toString('base64url'),
        user_id: userId,
        access_hash: tokenHash(tokens.access),
        access_expires_at: tokens.accessExpiresAt,
        refresh_hash: tokenHash(tokens.refresh),
        previous_refresh_hash: null,
        refresh_expires_at: tokens.refreshExpiresAt,
        created_at: this.now(),
        revoked_at: null,
        fid_hash: null,
        sso_session_id: ssoSessionId,
      })
      .execute();
    return tokens;
  }

  /** The user an access token logs in, while it is valid. */
  async userOf(access: string): Promise<number | undefined> {
    return (await this.sessionOf(access))?.userId;
  }

  /** The session an access token belongs to, while the token is valid. */
  async sessionOf(access: string): Promise<{ id: string; userId: number } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id'])
      .where('access_hash', '=', tokenHash(access))
      .where('revoked_at', 'is', null)
      .where('access_expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? { id: row.id, userId: Number(row.user_id) } : undefined;
  }

  /** Whether a session can still be renewed: not ended, refresh token not expired. */
  async alive(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('sessions').select('id').where('id', '=', id).where('revoked_at', 'is', null).where('refresh_expires_at', '>', this.now()).executeTakeFirst();
    return Boolean(row);
  }

  async rotate(refresh: string): Promise<{ userId: number; tokens: SessionTokens }> {
    const hash = tokenHash(refresh);
    const session = await this.db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
    if (!session) {
      const replayed = await this.db.updateTable('sessions').set({ revoked_at: this.now() }).where('previous_refresh_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
      if (Number(replayed.numUpdatedRows) > 0) logger.warn('session ended: a rotated refresh token was presented again');
      throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    }
    if (session.revoked_at !== null || session.refresh_expires_at <= this.now()) throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    // A site's login lives no longer than the account-service login it came from (single logout).
    if (session.sso_session_id && !(await this.alive(session.sso_session_id))) {
      await this.endSessions([session.id]);
      throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    }
    const tokens = this.fresh();
    // Conditional on the old hash: of two simultaneous rotations exactly one wins.
    const updated = await this.db
      .updateTable('sessions')
      .set({
        access_hash: tokenHash(tokens.access),
        access_expires_at: tokens.accessExpiresAt,
        refresh_hash: tokenHash(tokens.refresh),
        previous_refresh_hash: hash,
        refresh_expires_at: tokens.refreshExpiresAt,
      })
      .where('id', '=', session.id)
      .where('refresh_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    return { userId: Number(session.user_id), tokens };
  }

  /** Ends the session either token belongs to, and the sites' sessions made from it. */
  async revoke(token: { access?: string; refresh?: string }): Promise<void> {
    const hashes = [token.access && tokenHash(token.access), token.refresh && tokenHash(token.refresh)].filter((h): h is string => Boolean(h));
    if (!hashes.length) return;
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where((eb) => eb.or([eb('access_hash', 'in', hashes), eb('refresh_hash', 'in', hashes)]))
      .execute();
    await this.endSessions(rows.map((row) => row.id));
  }

  /** Ends these sessions and every site session made from them. */
  async endSessions(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now() })
      .where((eb) => eb.or([eb('id', 'in', ids), eb('sso_session_id', 'in', ids)]))
      .where('revoked_at', 'is', null)
      .execute();
  }
}
