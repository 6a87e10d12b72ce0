// The operators' payment calls: POST /admin/pay/refund {orderId, reason} refunds a paid order in
// full (SPEC shows users no refund button: refunds are a support decision). Authorised by
// `Authorization: Bearer <ADMIN_TOKEN>`; without ADMIN_TOKEN configured the calls do not exist (404).
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, ok } from '../../shared/errors';
import { adminOnly } from '../http/admin-token';
import { viewOf, type Orders } from './orders';
import { PayRefusal } from './refusal';

export function createPayAdminRouter(orders: Orders, adminToken: string | undefined): express.Router {
  const router = express.Router();
  router.use('/admin/pay/', adminOnly(adminToken));

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
