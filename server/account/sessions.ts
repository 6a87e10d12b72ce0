// Login sessions: a short-lived access token (sent as the bearer of SPEC §6) and a refresh token
// that is replaced at every use. A refresh token presented a second time was copied: the whole
// session ends (OWASP's refresh-token rotation with reuse detection).
import crypto from 'node:crypto';
import type { Db } from '../db';
import { ACCOUNT_MESSAGES } from './messages';
import { AccountRefusal } from './refusal';
import { newToken, tokenHash } from './tokens';

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

  async create(userId: number): Promise<SessionTokens> {
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
      })
      .execute();
    return tokens;
  }

  /** The user an access token logs in, while it is valid. */
  async userOf(access: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('access_hash', '=', tokenHash(access))
      .where('revoked_at', 'is', null)
      .where('access_expires_at', '>', this.now())
      .executeTakeFirst();
    return row ? Number(row.user_id) : undefined;
  }

  async rotate(refresh: string): Promise<{ userId: number; tokens: SessionTokens }> {
    const hash = tokenHash(refresh);
    const session = await this.db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
    if (!session) {
      const replayed = await this.db.updateTable('sessions').set({ revoked_at: this.now() }).where('previous_refresh_hash', '=', hash).where('revoked_at', 'is', null).executeTakeFirst();
      if (Number(replayed.numUpdatedRows) > 0) console.warn('session ended: a rotated refresh token was presented again');
      throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
    }
    if (session.revoked_at !== null || session.refresh_expires_at <= this.now()) throw new AccountRefusal(401, ACCOUNT_MESSAGES.sessionEnded);
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

  /** Ends the session either token belongs to. */
  async revoke(token: { access?: string; refresh?: string }): Promise<void> {
    const now = this.now();
    if (token.access) await this.db.updateTable('sessions').set({ revoked_at: now }).where('access_hash', '=', tokenHash(token.access)).where('revoked_at', 'is', null).execute();
    if (token.refresh) await this.db.updateTable('sessions').set({ revoked_at: now }).where('refresh_hash', '=', tokenHash(token.refresh)).where('revoked_at', 'is', null).execute();
  }
}
