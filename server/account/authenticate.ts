// Reads the access token (bearer header, else the accessToken cookie) and puts the logged-in
// user on req.user, where the task service's visitor.ts and the account routes look for it.
import type { RequestHandler, Request } from 'express';
import { ACCESS_TOKEN_COOKIE } from '../../shared/cookies';
import type { AccountService } from './service';
import type { User } from './users';

export interface AuthenticatedRequest extends Request {
  user?: { id: number; vip: boolean; vipUntil: number | null; accountType: User['accountType']; mobile: string };
  /** A token was sent (valid or not): getUserInfo tells an expired login from a guest. */
  accessTokenPresented?: boolean;
}

export function accessTokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    if (token && token !== 'undefined' && token !== 'null') return token;
  }
  const cookie: unknown = req.cookies?.[ACCESS_TOKEN_COOKIE];
  return typeof cookie === 'string' && cookie ? cookie : undefined;
}

/** When a user's membership ends (null: not a member); the payment side answers it. */
export type MembershipLookup = (userId: number) => Promise<number | null>;

export function authenticate(accounts: AccountService, membership?: MembershipLookup): RequestHandler {
  return (req, _res, next) => {
    const token = accessTokenOf(req);
    if (!token || token.length > 128) {
      next();
      return;
    }
    const request = req as AuthenticatedRequest;
    request.accessTokenPresented = true;
    accounts
      .authenticate(token)
      .then(async (user) => {
        if (user) {
          const vipUntil = (await membership?.(user.id)) ?? null;
          request.user = { id: user.id, vip: vipUntil !== null, vipUntil, accountType: user.accountType, mobile: user.mobile };
        }
        next();
      })
      .catch(next);
  };
}
