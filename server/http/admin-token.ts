// The operators' calls under /admin/ (the feedback listing, the refund call): authorised by `Authorization: Bearer <ADMIN_TOKEN>`;
// without ADMIN_TOKEN configured they do not exist (404).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fail, httpStatusMessage } from '../../shared/errors';
import { holdsBearerToken } from './bearer-token';

export const ADMIN_UNAUTHORIZED = '管理令牌无效';

/** Mount at '/admin/': answers 404 without a configured token, 401 without the right one; never cached. */
export function adminOnly(adminToken: string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    if (!adminToken) return void res.status(404).json(fail(404, httpStatusMessage(404)));
    if (!holdsBearerToken(req, adminToken)) return void res.status(401).json(fail(401, ADMIN_UNAUTHORIZED));
    next();
  };
}
