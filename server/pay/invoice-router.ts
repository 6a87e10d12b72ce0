// The invoice calls of SPEC §7: GET /user/getApplyInvoiceInfo, POST /user/createInvoice (form or
// JSON), GET /user/getAllEmsProvince, and POST /v2/createPostageOrder (query token and
// platform=pc, form body invoiceId and payType), which answers like createVIPOrder.
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail, ok } from '../../shared/errors';
import { EMS_PROVINCES } from '../../shared/invoice';
import { sanitizeCookieValue } from '../../shared/validators';
import type { AuthenticatedRequest } from '../account/authenticate';
import type { AccountService } from '../account/service';
import type { Db } from '../db';
import { INVOICE_MESSAGES, Invoices } from './invoices';
import { viewOf } from './orders';
import { PayRefusal } from './refusal';
import type { Commerce } from './service';

export function createInvoiceRouter({ db, commerce, accounts }: { db: Db; commerce: Commerce; accounts: AccountService }): express.Router {
  const router = express.Router();
  const invoices = new Invoices(db, commerce.orders);

  const handle = (work: (req: AuthenticatedRequest, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) => {
    res.set('Cache-Control', 'no-store');
    work(req as AuthenticatedRequest, res).catch((error: unknown) => {
      if (error instanceof PayRefusal) res.status(error.status).json(fail(error.status, error.message));
      else next(error);
    });
  };
  /** The user of the bearer or cookie; createPostageOrder may carry its token in the query instead (SPEC §7). */
  const userOf = async (req: AuthenticatedRequest): Promise<number> => {
    if (req.user) return req.user.id;
    const token = req.query.token;
    const user = typeof token === 'string' && token.length > 0 && token.length <= 128 ? await accounts.authenticate(token) : undefined;
    if (!user) throw new PayRefusal(401, INVOICE_MESSAGES.notLoggedIn);
    return user.id;
  };
  const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {});

  router.get('/user/getAllEmsProvince', (_req, res) => {
    res.json(ok({ list: EMS_PROVINCES }));
  });

  router.get('/user/getApplyInvoiceInfo', handle(async (req, res) => {
    res.json(ok(await invoices.applyInfo(await userOf(req))));
  }));

  router.post('/user/createInvoice', handle(async (req, res) => {
    res.json(ok(await invoices.create(await userOf(req), body(req))));
  }));

  router.post('/v2/createPostageOrder', handle(async (req, res) => {
    const userId = await userOf(req);
    const form = body(req);
    // The channel cookies of SPEC §9 go on the order, cleaned as SPEC §5 says (as createVIPOrder's).
    const cookie = (name: string) => {
      const value = sanitizeCookieValue(String(req.cookies?.[name] ?? ''));
      return value === '0' ? undefined : value;
    };
    const order = await invoices.createPostageOrder(userId, form.invoiceId, form.payType ?? 'wechat', { agent: cookie('agent'), md: cookie('MD') });
    res.json(ok(viewOf(order)));
  }));

  return router;
}
