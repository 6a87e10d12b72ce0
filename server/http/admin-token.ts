// The operators' calls under /admin/ (refunds, the feedback listing): authorised by
// `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN configured they do not exist (404).
import crypto from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fail, httpStatusMessage } from '../../shared/errors';

export const ADMIN_UNAUTHORIZED = '管理令牌无效';

/** Compares the bearer token in constant time (both sides hashed to the same length first). */
function holdsToken(req: Request, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/** Mount at '/admin/': answers 404 without a configured token, 401 without the right one; never cached. */
export function adminOnly(adminToken: string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    if (!adminToken) return void res.status(404).json(fail(404, httpStatusMessage(404)));
    if (!holdsToken(req, adminToken)) return void res.status(401).json(fail(401, ADMIN_UNAUTHORIZED));
    next();
  };
}
