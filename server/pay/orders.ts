// Orders (issue 13): created → paid → refunded, created → closed. The price comes from the
// product table and the user's own coupon, never from the client; a notify is verified by its
// provider, checked against the order (amount, state) and acted on once, in one transaction with
// the grants; an order nobody paid is asked about at its provider once more before it is closed.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import type { OrdersTable, OrderState } from '../db/tables/commerce';
import type { PayOrder, PayType } from '../../shared/pay-api';
import { productById, yuan, type Product } from '../../shared/products';
import type { Entitlements } from './entitlements';
import { PAY_MESSAGES } from './messages';
import { NotifyRefused, ProviderError, PAY_CHANNELS, type NotifyAnswer, type NotifyRequest, type PayChannel, type ProviderPayment, type ProviderRefund } from './provider';
import type { PayProviders } from './providers';
import { PayRefusal } from './refusal';
import { logger } from '../log';

/** Open orders one user may hold at once: enough for every tab and product, not for a flood. */
const MAX_OPEN_ORDERS = 20;
/** Where providers post their notifies (+ the provider's name). */
export const PAY_NOTIFY_PREFIX = '/payCode/notify/';

export interface OrderRequest {
  productId: unknown;
  channel: unknown;
  couponId?: unknown;
  agent?: string;
  md?: string;
  /** A postage order pays for this paper invoice. */
  invoiceId?: string;
}

export function viewOf(order: OrdersTable): PayOrder {
  return {
    orderId: order.id,
    productId: Number(order.product_id),
    title: productById(Number(order.product_id))?.title ?? '',
    amountFen: Number(order.amount_fen),
    amount: yuan(Number(order.amount_fen)),
    payType: order.channel as PayType,
    state: order.state,
    paid: order.state === 'paid',
    codeUrl: order.state === 'created' ? order.code_url : null,
    createTime: Number(order.created_at),
    expireTime: Number(order.expires_at),
    payTime: order.paid_at === null ? null : Number(order.paid_at),
  };
}

/** Our out_trade_no: a time prefix for people reading statements, random for the rest (6–32 chars for WeChat). */
function newOrderId(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `P${stamp}${crypto.randomBytes(6).toString('hex')}`;
}

export type SettleResult = 'granted' | 'already';

/** A refund whose provider call began this long ago and never ended (a crash) may be asked again. */
const REFUND_STALE_MS = 2 * 60 * 1000;
/** WeChat Pay's limit for a refund's reason, in characters. */
const REFUND_REASON_MAX = 80;

export class Orders {
  constructor(
    private readonly db: Db,
    private readonly providers: PayProviders,
    private readonly entitlements: Entitlements,
    private readonly options: { publicOrigin: string; orderTimeoutMs: number; now?: () => number },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async create(userId: number, request: OrderRequest): Promise<OrdersTable> {
    const product = productById(request.productId);
    if (!product) throw new PayRefusal(400, PAY_MESSAGES.unknownProduct);
    if (product.kind === 'postage' && !request.invoiceId) throw new PayRefusal(400, PAY_MESSAGES.unknownProduct);
    const channel = PAY_CHANNELS.find((c) => c === request.channel);
    if (!channel) throw new PayRefusal(400, PAY_MESSAGES.unknownChannel);
    const provider = this.providers.forChannel(channel);
    if (!provider) throw new PayRefusal(503, PAY_MESSAGES.unavailable);
    const now = this.now();

    const open = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '=', 'created')
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= MAX_OPEN_ORDERS) throw new PayRefusal(429, PAY_MESSAGES.tooManyOrders);

    const order: OrdersTable = {
      id: newOrderId(now),
      user_id: userId,
      product_id: product.productId,
      amount_fen: product.amountFen,
      coupon_id: null,
      channel,
      provider: provider.name,
      state: 'created',
      code_url: null,
      trade_no: null,
      order_from: product.orderFrom ?? null,
      agent: request.agent ?? null,
      md: request.md ?? null,
      invoice_id: request.invoiceId ?? null,
      created_at: now,
      expires_at: now + this.options.orderTimeoutMs,
      paid_at: null,
      closed_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      if (request.couponId !== undefined && request.couponId !== '') {
        const coupon = await this.reserveCoupon(trx, userId, product, request.couponId, order.id);
        order.coupon_id = coupon.id;
        // A coupon never makes an order free: the providers refuse a zero amount.
        order.amount_fen = Math.max(1, product.amountFen - coupon.priceFen);
      }
      await trx.insertInto('orders').values(order).execute();
    });

    try {
      const { codeUrl } = await provider.start({
        id: order.id,
        amountFen: order.amount_fen,
        subject: product.title,
        notifyUrl: `${this.options.publicOrigin}${PAY_NOTIFY_PREFIX}${provider.name}`,
        expiresAt: order.expires_at,
      });
      await this.db.updateTable('orders').set({ code_url: codeUrl }).where('id', '=', order.id).execute();
      return { ...order, code_url: codeUrl };
    } catch (error) {
      // The provider never took it: the order closes now and gives its coupon back.
      await this.closeLocally(order.id);
      if (error instanceof ProviderError) {
        logger.error(`pay: ${provider.name} refused order ${order.id}: ${error.message}`);
        throw new PayRefusal(502, PAY_MESSAGES.providerFailed);
      }
      throw error;
    }
  }

  private async reserveCoupon(trx: Transaction<Database>, userId: number, product: Product, couponId: unknown, orderId: string) {
    if (typeof couponId !== 'string' || couponId.length > 40 || !product.couponCategory) throw new PayRefusal(400, PAY_MESSAGES.couponUnusable);
    const result = await trx
      .updateTable('user_coupons')
      .set({ state: 'reserved', order_id: orderId })
      .where('id', '=', couponId)
      .where('user_id', '=', userId)
      .where('category', '=', product.couponCategory)
      .where('state', '=', 'unused')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new PayRefusal(409, PAY_MESSAGES.couponUnusable);
    const coupon = await trx.selectFrom('user_coupons').select(['id', 'price_fen']).where('id', '=', couponId).executeTakeFirstOrThrow();
    return { id: coupon.id, priceFen: Number(coupon.price_fen) };
  }

  /** The user's own order; another user's answers as if it did not exist. */
  async find(userId: number, orderId: unknown): Promise<OrdersTable> {
    if (typeof orderId !== 'string' || orderId.length > 40) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
    const order = await this.db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
    if (!order) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
    return order;
  }

  /** The order by id alone (the sandbox's confirm page, notifies). */
  async byId(orderId: string): Promise<OrdersTable | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }

  async list(userId: number, page: number, size: number): Promise<{ total: number; list: OrdersTable[] }> {
    const [count, list] = await Promise.all([
      this.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      this.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(size).offset((page - 1) * size).execute(),
    ]);
    return { total: Number(count.n), list };
  }

  /** A notify from `providerName`: verified, then settled; answers in the provider's own format. */
  async handleNotify(providerName: string, request: NotifyRequest): Promise<NotifyAnswer> {
    const provider = this.providers.byName(providerName);
    if (!provider) return { status: 404, contentType: 'application/json', body: JSON.stringify({ ret: 404, msg: PAY_MESSAGES.unavailable }) };
    let payment: ProviderPayment;
    try {
      payment = await provider.verifyNotify(request);
    } catch (error) {
      if (error instanceof NotifyRefused) {
        logger.error(`pay: ${providerName} notify refused: ${error.message}`);
        return provider.answer(false, error.message);
      }
      throw error;
    }
    // A signed notify that something other than a payment happened (closed, still waiting) is
    // heard and acted on by nobody; refusing it would only make the provider send it for a day.
    if (!payment.paid) return provider.answer(true);
    try {
      await this.settle(providerName, payment);
      return provider.answer(true);
    } catch (error) {
      if (error instanceof PayRefusal) {
        logger.error(`pay: ${providerName} notify for ${payment.orderId} not settled: ${error.message}`);
        return provider.answer(false, error.message);
      }
      throw error;
    }
  }

  /**
   * Marks the order paid and writes its grants, all or nothing. The same payment again (a re-sent
   * notify, a query after the notify) changes nothing and answers 'already'.
   */
  async settle(providerName: string, payment: ProviderPayment): Promise<SettleResult> {
    if (!payment.paid) throw new PayRefusal(409, PAY_MESSAGES.notifyInvalid);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.orderId).executeTakeFirst();
      if (!order || order.provider !== providerName) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
      if (order.state === 'paid' || order.state === 'refunded') return 'already';
      if (order.state !== 'created') throw new PayRefusal(409, PAY_MESSAGES.orderClosed);
      if (payment.amountFen !== Number(order.amount_fen)) throw new PayRefusal(409, PAY_MESSAGES.amountMismatch);
      if (payment.notifyId) {
        const seen = await trx
          .insertInto('pay_notifies')
          .values({ provider: providerName, notify_id: payment.notifyId, order_id: order.id, received_at: now })
          .onConflict((oc) => oc.columns(['provider', 'notify_id']).doNothing())
          .executeTakeFirst();
        if (Number(seen.numInsertedOrUpdatedRows ?? 0) === 0) return 'already';
      }
      const marked = await trx
        .updateTable('orders')
        .set({ state: 'paid', paid_at: now, trade_no: payment.tradeNo })
        .where('id', '=', order.id)
        .where('state', '=', 'created')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return 'already';
      if (order.coupon_id) await trx.updateTable('user_coupons').set({ state: 'used' }).where('id', '=', order.coupon_id).execute();
      if (order.invoice_id) await trx.updateTable('invoices').set({ state: 'requested' }).where('id', '=', order.invoice_id).where('state', '=', 'awaiting_postage').execute();
      const product = productById(Number(order.product_id));
      if (product) await this.entitlements.grantForOrder(trx, order, product);
      return 'granted';
    });
  }

  /** Asks the provider about an unpaid order and settles it if it was paid (the page's polling, the sweeper). */
  async reconcile(order: OrdersTable): Promise<OrderState> {
    if (order.state !== 'created') return order.state;
    const provider = this.providers.byName(order.provider);
    const payment = await provider?.query(order.id);
    if (payment?.paid) {
      try {
        await this.settle(order.provider, payment);
        return 'paid';
      } catch (error) {
        if (!(error instanceof PayRefusal)) throw error;
        logger.error(`pay: ${order.provider} reports ${order.id} paid but it was not settled: ${error.message}`);
      }
    }
    const now = await this.byId(order.id);
    return now?.state ?? order.state;
  }

  /** Closes the orders whose time ran out: each asked about once more, closed at the provider, then here. */
  async sweep(): Promise<number> {
    const due = await this.db.selectFrom('orders').selectAll().where('state', '=', 'created').where('expires_at', '<=', this.now()).limit(100).execute();
    let closed = 0;
    for (const order of due) {
      try {
        if (await this.closeNow(order)) closed += 1;
      } catch (error) {
        // The provider could not be asked: the order stays open and is tried again next sweep.
        logger.error(`pay: order ${order.id} not closed yet: ${(error as Error).message}`);
      }
    }
    return closed;
  }

  /**
   * Closes an open order now (its time ran out, or a newer attempt replaces it): asked about once
   * more, closed at its provider so its code can no longer be paid, then here. True when it closed;
   * false when it turned out paid or was no longer open.
   */
  async closeNow(order: OrdersTable): Promise<boolean> {
    if ((await this.reconcile(order)) !== 'created') return false;
    await this.providers.byName(order.provider)?.close(order.id);
    return this.closeLocally(order.id);
  }

  /** created → closed, giving back a reserved coupon; false when it was no longer open. */
  private async closeLocally(orderId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('orders').set({ state: 'closed', closed_at: this.now() }).where('id', '=', orderId).where('state', '=', 'created').executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.updateTable('user_coupons').set({ state: 'unused', order_id: null }).where('order_id', '=', orderId).where('state', '=', 'reserved').execute();
      return true;
    });
  }

  /**
   * Refunds a paid order in full (an operator's call: server/pay/admin-router.ts). The provider
   * is asked first, once: a refunds row claims the order, so a second request at the same time or
   * after the refund answers 409 without asking again, and a retry after a failure reuses the
   * same refund id. On success, in one transaction: paid → refunded and its grants taken back
   * (entitlements.revokeForOrder). Its coupon stays used: the discount went with that purchase.
   * A postage order's paper invoice, not issued yet, waits for its postage again.
   */
  async refund(orderId: unknown, reason: unknown): Promise<OrdersTable> {
    if (typeof orderId !== 'string' || !orderId || orderId.length > 40) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
    const why = typeof reason === 'string' ? reason.trim() : '';
    if (!why || [...why].length > REFUND_REASON_MAX) throw new PayRefusal(400, PAY_MESSAGES.refundReason);
    const order = await this.byId(orderId);
    if (!order) throw new PayRefusal(404, PAY_MESSAGES.orderNotFound);
    if (order.state === 'refunded') throw new PayRefusal(409, PAY_MESSAGES.refundDone);
    if (order.state !== 'paid') throw new PayRefusal(409, PAY_MESSAGES.refundNotPaid);
    const provider = this.providers.byName(order.provider);
    if (!provider) throw new PayRefusal(503, PAY_MESSAGES.unavailable);

    const refundId = await this.claimRefund(order.id, why);
    let accepted: ProviderRefund;
    try {
      accepted = await provider.refund({ id: order.id, amountFen: Number(order.amount_fen), tradeNo: order.trade_no ?? '' }, refundId, why);
    } catch (error) {
      await this.db.updateTable('refunds').set({ state: 'failed' }).where('order_id', '=', order.id).where('state', '=', 'requesting').execute();
      if (error instanceof ProviderError) {
        logger.error(`pay: ${provider.name} refund of ${order.id} (${refundId}) failed: ${error.message}`);
        throw new PayRefusal(502, PAY_MESSAGES.refundFailed);
      }
      throw error;
    }

    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const marked = await trx.updateTable('orders').set({ state: 'refunded' }).where('id', '=', order.id).where('state', '=', 'paid').executeTakeFirst();
      await trx.updateTable('refunds').set({ state: 'done', refund_no: accepted.refundNo.slice(0, 64), refunded_at: now }).where('order_id', '=', order.id).execute();
      if (Number(marked.numUpdatedRows) !== 1) return;
      await this.entitlements.revokeForOrder(trx, order);
      if (order.invoice_id) await trx.updateTable('invoices').set({ state: 'awaiting_postage' }).where('id', '=', order.invoice_id).where('state', '=', 'requested').execute();
    });
    logger.info(`pay: order ${order.id} refunded at ${provider.name} (${accepted.state}, ${accepted.refundNo}): ${why}`);
    return (await this.byId(order.id))!;
  }

  /** Takes the order's refund for this request: answers the refund id to send; 409 while another request holds it. */
  private async claimRefund(orderId: string, reason: string): Promise<string> {
    const now = this.now();
    // One refund per order (full refunds only): its id is the order's, R in place of P.
    const refundId = `R${orderId.slice(1)}`;
    const fresh = await this.db
      .insertInto('refunds')
      .values({ order_id: orderId, refund_id: refundId, state: 'requesting', reason, refund_no: null, requested_at: now, refunded_at: null })
      // Any conflict, not only order_id's: the refund id is unique too and derived from the order,
      // and PostgreSQL raises a conflict on a unique index other than the named one (two requests
      // at once could get there: one answered 500 instead of 409).
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 1) return refundId;
    // Asked before: again only after a failure (or a call that never ended), with the same refund id.
    const retried = await this.db
      .updateTable('refunds')
      .set({ state: 'requesting', reason, requested_at: now })
      .where('order_id', '=', orderId)
      .where((eb) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'requesting'), eb('requested_at', '<', now - REFUND_STALE_MS)])]))
      .executeTakeFirst();
    const row = await this.db.selectFrom('refunds').select(['refund_id', 'state']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    if (Number(retried.numUpdatedRows) === 1) return row.refund_id;
    throw new PayRefusal(409, row.state === 'done' ? PAY_MESSAGES.refundDone : PAY_MESSAGES.refundInProgress);
  }
}

export type { PayChannel };
