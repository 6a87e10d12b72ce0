// SMS login codes: six random digits, stored as an HMAC, valid 5 minutes, 5 wrong guesses each;
// sends limited per number and per IP (the rows themselves are the counters).
import crypto from 'node:crypto';
import type { Db } from '../db';
import { ACCOUNT_MESSAGES } from './messages';
import { AccountRefusal } from './refusal';
import { SmsSendError, type SmsProvider } from './sms';
import { logger } from '../log';

export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Per number: one a minute, ten a day. Per IP: a few more, since many people share an address. */
export const SEND_LIMITS = { perNumberPerMinute: 1, perNumberPerDay: 10, perIpPerMinute: 3, perIpPerDay: 30 } as const;

export interface CodeIssue {
  /** Only with the development provider, for the page to show. */
  devCode?: string;
}

export class SmsCodes {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly sms: SmsProvider | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  private hash(mobile: string, code: string): string {
    return crypto.createHmac('sha256', this.secret).update(`sms:${mobile}:${code}`).digest('hex');
  }

  private async sentSince(column: 'mobile' | 'ip', value: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async send(mobile: string, ip: string): Promise<CodeIssue> {
    if (!this.sms) throw new AccountRefusal(503, ACCOUNT_MESSAGES.smsFailed);
    const now = this.now();
    if ((await this.sentSince('mobile', mobile, now - MINUTE)) >= SEND_LIMITS.perNumberPerMinute) throw new AccountRefusal(429, ACCOUNT_MESSAGES.sendTooSoon);
    if ((await this.sentSince('ip', ip, now - MINUTE)) >= SEND_LIMITS.perIpPerMinute) throw new AccountRefusal(429, ACCOUNT_MESSAGES.sendTooSoon);
    if ((await this.sentSince('mobile', mobile, now - DAY)) >= SEND_LIMITS.perNumberPerDay) throw new AccountRefusal(429, ACCOUNT_MESSAGES.sendDailyLimit);
    if ((await this.sentSince('ip', ip, now - DAY)) >= SEND_LIMITS.perIpPerDay) throw new AccountRefusal(429, ACCOUNT_MESSAGES.sendDailyLimit);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    // The row is written before the send so that two simultaneous requests both count.
    const id = crypto.randomBytes(16).toString('base64url');
    await this.db
      .insertInto('sms_codes')
      .values({ id, mobile, code_hash: this.hash(mobile, code), ip, tries: 0, used: 0, created_at: now, expires_at: now + CODE_TTL_MS })
      .execute();
    try {
      await this.sms.send(mobile, code);
    } catch (error) {
      logger.error({ err: error instanceof SmsSendError ? error.message : error }, 'SMS send failed');
      // A code nobody received must not block the next try: its row no longer counts.
      await this.db.deleteFrom('sms_codes').where('id', '=', id).execute();
      throw new AccountRefusal(503, ACCOUNT_MESSAGES.smsFailed);
    }
    return this.sms.revealsCode ? { devCode: code } : {};
  }

  /** Checks a code against the newest one sent to the number (only the newest counts); a good code is used up. */
  async verify(mobile: string, code: unknown): Promise<void> {
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) throw new AccountRefusal(400, ACCOUNT_MESSAGES.codeMissing);
    const latest = await this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) throw new AccountRefusal(400, ACCOUNT_MESSAGES.codeWrong);
    if (latest.used) throw new AccountRefusal(400, ACCOUNT_MESSAGES.codeUsed);
    if (latest.expires_at <= this.now()) throw new AccountRefusal(400, ACCOUNT_MESSAGES.codeExpired);
    if (latest.tries >= CODE_MAX_TRIES) throw new AccountRefusal(429, ACCOUNT_MESSAGES.codeTooManyTries);
    const expected = Buffer.from(latest.code_hash, 'hex');
    const actual = Buffer.from(this.hash(mobile, code), 'hex');
    if (!crypto.timingSafeEqual(expected, actual)) {
      // Counted in one statement, so parallel guesses cannot each see a stale count.
      await this.db.updateTable('sms_codes').set((eb) => ({ tries: eb('tries', '+', 1) })).where('id', '=', latest.id).execute();
      throw new AccountRefusal(400, latest.tries + 1 >= CODE_MAX_TRIES ? ACCOUNT_MESSAGES.codeTooManyTries : ACCOUNT_MESSAGES.codeWrong);
    }
    // Used once: a replayed login request finds no unused code.
    const claimed = await this.db.updateTable('sms_codes').set({ used: 1 }).where('id', '=', latest.id).where('used', '=', 0).where('tries', '<', CODE_MAX_TRIES).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AccountRefusal(400, ACCOUNT_MESSAGES.codeUsed);
  }
}
