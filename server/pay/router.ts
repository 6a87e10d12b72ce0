// The payment calls of SPEC §7: createVIPOrder (plain and v2 JSONP), the QR code, the order
// queries (plain and the two JSONP ones the page polls), the providers' notifies, the sandbox's
// confirm page, and what a user holds (getUserVipMessage, getPhotoBackgroundAvailableNum,
// getCPCInfo, getNotExpireLimitCode, joinVipUserCenter, membershipInfo, retryBalance), and coupons.
import express, { type Request, type Response } from 'express';
import NodeCache from 'node-cache';
import QRCode from 'qrcode';
import { fail, ok } from '../../shared/errors';
import { pageRequest } from '../../shared/paging';
import { MEMBERSHIPS, PHOTO_PACKS, SPEECH_PACKS, productById, yuan } from '../../shared/products';
import { sanitizeCookieValue } from '../../shared/validators';
import type { AuthenticatedRequest } from '../account/authenticate';
import { jsonpCallback, sendJsonp } from '../http/jsonp';
import { PAY_MESSAGES } from './messages';
import { viewOf } from './orders';
import { PayRefusal } from './refusal';
import { renderSandboxPage, renderSandboxResult } from './sandbox-page';
import type { Commerce } from './service';
import { logger } from '../log';

/** The page polls every 2 s; the provider is asked at most this often per order. */
const PROVIDER_QUERY_GAP_S = 10;

type Handler = (req: AuthenticatedRequest, res: Response) => Promise<void>;

function callbackOf(req: Request): string | undefined {
  const parsed = jsonpCallback.safeParse(req.query.callback);
  return parsed.success ? parsed.data : undefined;
}

/** The error envelope, as JSON or wrapped in the page's callback. */
function refuse(req: Request, res: Response, error: PayRefusal, jsonp: boolean): void {
  if (jsonp && callbackOf(req)) sendJsonp(res, fail(error.status, error.message), callbackOf(req));
  else res.status(error.status).json(fail(error.status, error.message));
}

export function createPayRouter(commerce: Commerce): express.Router {
  const router = express.Router();
  const { orders, entitlements } = commerce;
  const lastAsked = new NodeCache({ stdTTL: PROVIDER_QUERY_GAP_S, checkperiod: 60 });

  const handle = (work: Handler, jsonp = false) => (req: Request, res: Response, next: express.NextFunction) => {
    res.set('Cache-Control', 'no-store');
    work(req as AuthenticatedRequest, res).catch((error: unknown) => {
      if (error instanceof PayRefusal) refuse(req, res, error, jsonp);
      else next(error);
    });
  };
  const userOf = (req: AuthenticatedRequest): number => {
    if (!req.user) throw new PayRefusal(401, PAY_MESSAGES.notLoggedIn);
    return req.user.id;
  };
  const answer = (req: Request, res: Response, body: unknown, jsonp: boolean) => (jsonp ? sendJsonp(res, body, callbackOf(req)) : res.json(body));

  // createVIPOrder: productId, payType (wechat | alipay), optional couponId. The channel cookies
  // of SPEC §9 (agent, MD) go on the order, cleaned as SPEC §5 says.
  const createOrder = (jsonp: boolean): Handler => async (req, res) => {
    const userId = userOf(req);
    const cookie = (name: string) => {
      const value = sanitizeCookieValue(String(req.cookies?.[name] ?? ''));
      return value === '0' ? undefined : value;
    };
    const order = await orders.create(userId, {
      productId: req.query.productId,
      channel: req.query.payType ?? 'wechat',
      couponId: req.query.couponId,
      agent: cookie('agent'),
      md: cookie('MD'),
    });
    answer(req, res, ok(viewOf(order)), jsonp);
  };
  router.get('/createVIPOrder', handle(createOrder(false)));
  router.get('/v2/createVIPOrder', handle(createOrder(true), true));

  // The QR as an image: drawn here, so the page carries no QR library.
  router.get('/payCode/getQRcode', handle(async (req, res) => {
    const order = await orders.find(userOf(req), req.query.orderId);
    if (order.state !== 'created' || !order.code_url) throw new PayRefusal(409, order.state === 'paid' ? PAY_MESSAGES.orderPaid : PAY_MESSAGES.orderClosed);
    const qrcode = await QRCode.toDataURL(order.code_url, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
    res.json(ok({ orderId: order.id, qrcode, codeUrl: order.code_url, expireTime: Number(order.expires_at) }));
  }));

  // The order's state; an open one older than the gap is asked about at its provider (a notify may be late or lost).
  const queryOrder = (jsonp: boolean): Handler => async (req, res) => {
    let order = await orders.find(userOf(req), req.query.orderId);
    if (order.state === 'created' && !lastAsked.has(order.id)) {
      lastAsked.set(order.id, true);
      try {
        await orders.reconcile(order);
        order = await orders.find(order.user_id, order.id);
      } catch (error) {
        logger.error(`pay: query of ${order.id} failed: ${(error as Error).message}`);
      }
    }
    answer(req, res, ok(viewOf(order)), jsonp);
  };
  router.get('/payCode/queryByOrderId', handle(queryOrder(false)));
  router.get('/queryForWeinXinResult', handle(queryOrder(true), true));
  router.get('/queryForAliPayResult', handle(queryOrder(true), true));

  // Orders list for /myOrders/ (SPEC names no call for it): page and size as SPEC §9's pager.
  router.get('/user/getOrderList', handle(async (req, res) => {
    const { page, size } = pageRequest(req.query.page, req.query.size);
    const { total, list } = await orders.list(userOf(req), page, size);
    res.json(ok({ total, page, size, list: list.map(viewOf) }));
  }));

  // Providers post here; each verifies its own notify. The sandbox's confirm page posts here too,
  // and its visitor gets a page back rather than the provider answer.
  router.post('/payCode/notify/:provider', handle(async (req, res) => {
    const provider = String(req.params.provider);
    const form = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Record<string, unknown>) : {};
    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    const result = await orders.handleNotify(provider, { headers: req.headers, rawBody, form });
    if (provider === 'sandbox' && form.from === 'page') {
      res.status(result.status).type('html').send(renderSandboxResult(result.status === 200, JSON.parse(result.body).msg as string));
      return;
    }
    res.status(result.status).type(result.contentType).send(result.body);
  }));

  // The sandbox's confirm page, opened from its QR code: only who holds the code's token may see it.
  router.get('/payCode/sandbox/', handle(async (req, res) => {
    const sandbox = commerce.providers.sandbox;
    const orderId = typeof req.query.orderId === 'string' ? req.query.orderId : '';
    const order = sandbox && orderId ? await orders.byId(orderId) : undefined;
    if (!sandbox || !order || order.provider !== 'sandbox' || req.query.t !== sandbox.pageToken(order.id)) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
    const product = productById(Number(order.product_id));
    res.type('html').send(renderSandboxPage({ order, title: product?.title ?? '', notify: order.state === 'created' ? sandbox.signedNotify(order.id, Number(order.amount_fen)) : undefined }));
  }));

  // What the user holds. A guest gets the empty answer, not an error: these load on every page.
  const holdings = async (userId: number) => {
    const [vipUntil, photo, speech, translation] = await Promise.all([
      entitlements.vipUntil(userId),
      entitlements.remaining(userId, 'photo'),
      entitlements.remaining(userId, 'speech'),
      entitlements.remaining(userId, 'translation'),
    ]);
    return { isVip: vipUntil !== null, expireTime365: vipUntil, photoNum: photo, speechMinutes: speech, translationNum: translation };
  };

  router.get('/v2/user/getUserVipMessage', handle(async (req, res) => {
    if (!req.user) return void res.json(ok({ isVip: false, expireTime365: null }));
    const vipUntil = await entitlements.vipUntil(req.user.id);
    res.json(ok({ isVip: vipUntil !== null, expireTime365: vipUntil }));
  }));
  router.get('/v2/user/getPhotoBackgroundAvailableNum', handle(async (req, res) => {
    res.json(ok({ availableNum: req.user ? await entitlements.remaining(req.user.id, 'photo') : 0 }));
  }));
  router.get('/v2/user/getCPCInfo', handle(async (req, res) => {
    res.json(ok({ remainMinutes: req.user ? await entitlements.remaining(req.user.id, 'speech') : 0 }));
  }));
  // The live packs and time, soonest to expire first.
  router.get('/v2/user/getNotExpireLimitCode', handle(async (req, res) => {
    const userId = userOf(req);
    const kinds = ['photo', 'speech', 'translation'] as const;
    const lists = await Promise.all(kinds.map(async (kind) => (await entitlements.live(userId, kind)).map((g) => ({ kind, total: g.quantity, left: g.quantity - g.used, expireTime: g.expiresAt }))));
    res.json(ok({ list: lists.flat().sort((a, b) => a.expireTime - b.expireTime) }));
  }));
  router.get('/v2/user/joinVipUserCenter', handle(async (req, res) => {
    res.json(ok(await holdings(userOf(req))));
  }));
  // retryBalance (query taskid, userIds, platform): the holdings again after a payment, so the page can carry on.
  router.post('/user/retryBalance', handle(async (req, res) => {
    res.json(ok(await holdings(userOf(req))));
  }));
  // {activity host}/vip/welfare/membershipInfo: what the benefits page sells, with the user's state when logged in.
  router.get('/vip/welfare/membershipInfo', handle(async (req, res) => {
    const card = (p: (typeof MEMBERSHIPS)[number]) => ({ productId: p.productId, title: p.title, desc: p.desc, payNum: p.months, amount: yuan(p.amountFen), sourcePrice: p.listFen ? yuan(p.listFen) : null, amountFen: p.amountFen });
    const pack = (p: (typeof PHOTO_PACKS)[number]) => ({ productId: p.productId, title: p.title, desc: p.desc, payNum: p.uses ?? p.minutes, amount: yuan(p.amountFen), sourcePrice: p.listFen ? yuan(p.listFen) : null, tip: p.tip ?? '', amountFen: p.amountFen });
    res.json(ok({
      vip: MEMBERSHIPS.map(card),
      photo: PHOTO_PACKS.map(pack),
      speech: SPEECH_PACKS.map(pack),
      user: req.user ? await holdings(req.user.id) : null,
    }));
  }));

  // Coupons (SPEC §7): the status is readable by guests (the page shows 领取 either way).
  router.get('/v2/coupon/couponStatus', handle(async (req, res) => {
    res.json(ok(await commerce.coupons.status(req.user?.id, req.query.categoryId)));
  }));
  router.get('/v2/coupon/receive', handle(async (req, res) => {
    res.json(ok(await commerce.coupons.receive(userOf(req), req.query.categoryId)));
  }));
  router.get('/v2/coupon/couponList', handle(async (req, res) => {
    res.json(ok({ list: await commerce.coupons.list(userOf(req)) }));
  }));

  return router;
}
