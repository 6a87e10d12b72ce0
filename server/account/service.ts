// The account service: sign-up and login by SMS code, login by password, sessions. What the
// routes call; each refusal is an AccountRefusal with a Chinese message.
import NodeCache from 'node-cache';
import type { Db } from '../db';
import { SmsCodes, type CodeIssue } from './codes';
import { ACCOUNT_MESSAGES } from './messages';
import { normaliseMobile } from './mobile';
import { hashPassword, isAcceptablePassword, verifyPassword } from './passwords';
import { AccountRefusal } from './refusal';
import { Sessions, type SessionTokens } from './sessions';
import type { SmsProvider } from './sms';
import { SingleSignOn } from './sso';
import { Users, type User } from './users';

/** Wrong passwords allowed per number and per IP in a 15-minute window. */
const PASSWORD_FAILURES = { perNumber: 10, perIp: 30, windowSeconds: 15 * 60 } as const;

export interface LoginResult {
  user: User;
  tokens: SessionTokens;
  created: boolean;
}

export interface AccountServiceOptions {
  db: Db;
  secret: string;
  sms: SmsProvider | undefined;
  now?: () => number;
}

function requireMobile(input: unknown): string {
  const mobile = normaliseMobile(input);
  if (!mobile) throw new AccountRefusal(400, ACCOUNT_MESSAGES.invalidMobile);
  return mobile;
}

export class AccountService {
  readonly users: Users;
  readonly sessions: Sessions;
  readonly sso: SingleSignOn;
  private readonly codes: SmsCodes;
  // In memory: a counter per process is enough to make guessing slow; the codes' own try limit is in the database.
  private readonly failures = new NodeCache({ stdTTL: PASSWORD_FAILURES.windowSeconds, checkperiod: 120 });

  constructor(options: AccountServiceOptions) {
    this.users = new Users(options.db);
    this.sessions = new Sessions(options.db, options.now);
    this.sso = new SingleSignOn(options.db, this.sessions, options.secret, options.now);
    this.codes = new SmsCodes(options.db, options.secret, options.sms, options.now);
  }

  sendCode(mobileInput: unknown, ip: string): Promise<CodeIssue> {
    return this.codes.send(requireMobile(mobileInput), ip);
  }

  /** Sign-up and login in one: a new number gets an account. */
  async loginWithCode(mobileInput: unknown, code: unknown): Promise<LoginResult> {
    const mobile = requireMobile(mobileInput);
    await this.codes.verify(mobile, code);
    const { user, created } = await this.users.findOrCreate(mobile);
    return { user, created, tokens: await this.sessions.create(user.id) };
  }

  async loginWithPassword(mobileInput: unknown, password: unknown, ip: string): Promise<LoginResult> {
    const mobile = requireMobile(mobileInput);
    const keys = [`n:${mobile}`, `i:${ip}`];
    const [byNumber = 0, byIp = 0] = keys.map((k) => this.failures.get<number>(k));
    if (byNumber >= PASSWORD_FAILURES.perNumber || byIp >= PASSWORD_FAILURES.perIp) throw new AccountRefusal(429, ACCOUNT_MESSAGES.loginThrottled);
    const found = await this.users.passwordHashOf(mobile);
    if (found && found.hash === null) throw new AccountRefusal(400, ACCOUNT_MESSAGES.passwordNotSet);
    const good = typeof password === 'string' && password.length <= 64 && found?.hash ? await verifyPassword(password, found.hash) : false;
    if (!good || !found) {
      for (const key of keys) this.failures.set(key, (this.failures.get<number>(key) ?? 0) + 1);
      throw new AccountRefusal(400, ACCOUNT_MESSAGES.passwordWrong);
    }
    return { user: found.user, created: false, tokens: await this.sessions.create(found.user.id) };
  }

  async setPassword(userId: number, password: unknown): Promise<void> {
    if (typeof password !== 'string' || !isAcceptablePassword(password)) throw new AccountRefusal(400, ACCOUNT_MESSAGES.passwordWeak);
    await this.users.setPasswordHash(userId, await hashPassword(password));
  }

  /** The logged-in user of an access token, if it is valid. */
  async authenticate(access: string): Promise<User | undefined> {
    const userId = await this.sessions.userOf(access);
    return userId === undefined ? undefined : this.users.byId(userId);
  }
}
