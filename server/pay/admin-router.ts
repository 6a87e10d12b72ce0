// The operators' payment calls: POST /admin/pay/refund {orderId, reason} refunds a paid order in
// full (SPEC shows users no refund button: refunds are a support decision). Authorised by
// `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN configured the calls do not exist (404).
import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, httpStatusMessage, ok } from '../../shared/errors';
import { PAY_MESSAGES } from './messages';
import { viewOf, type Orders } from './orders';
import { PayRefusal } from './refusal';

/** Compares the bearer token in constant time (both sides hashed to the same length first). */
function holdsToken(req: Request, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

export function createPayAdminRouter(orders: Orders, adminToken: string | undefined): express.Router {
  const router = express.Router();
  router.use('/admin/', (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    if (!adminToken) return void res.status(404).json(fail(404, httpStatusMessage(404)));
    if (!holdsToken(req, adminToken)) return void res.status(401).json(fail(401, PAY_MESSAGES.adminUnauthorized));
    next();
  });

  router.post('/admin/pay/refund', (req: Request, res: Response, next: NextFunction) => {
    const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
    orders
      .refund(body.orderId, body.reason)
      .then((order) => res.json(ok(viewOf(order))))
      .catch((error: unknown) => {
        if (error instanceof PayRefusal) res.status(error.status).json(fail(error.status, error.message));
        else next(error);
      });
  });
  return router;
}
