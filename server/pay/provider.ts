// What the order service knows of a payment provider (the sandbox, WeChat Pay, Alipay): start a
// QR payment, ask about it, close it, and read a notify it sent. Signing lives in each provider.
import type { IncomingHttpHeaders } from 'node:http';
import type { PayType } from '../../shared/pay-api';

/** The tab the visitor picked in the payment layer. */
export type PayChannel = PayType;
export const PAY_CHANNELS: readonly PayChannel[] = ['wechat', 'alipay'];

/** What a provider is told of an order. */
export interface ProviderOrder {
  /** Our order id (out_trade_no). */
  id: string;
  amountFen: number;
  /** What the payer's app shows. */
  subject: string;
  /** Where the provider posts its notify. */
  notifyUrl: string;
  expiresAt: number;
}

/** A payment the provider vouches for: from a verified notify or from a query. */
export interface ProviderPayment {
  orderId: string;
  paid: boolean;
  /** What was actually paid, in fen; checked against the order before anything is granted. */
  amountFen: number;
  /** The provider's transaction id. */
  tradeNo: string;
  /** The notify's own id (the same notify sent twice carries the same id); queries have none. */
  notifyId?: string;
}

/** The raw notify as it arrived: providers sign the bytes, so the body is kept unparsed. */
export interface NotifyRequest {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The body as the urlencoded parser read it (Alipay signs the parameters, not the bytes). */
  form: Record<string, unknown>;
}

/** What the provider expects to hear back from a notify, in its own format. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What a provider is told of a paid order to refund: our id, what was paid, and its transaction. */
export interface RefundOrder {
  id: string;
  amountFen: number;
  tradeNo: string;
}

/**
 * A refund the provider accepted, from its signed answer: 'success' when the money went back,
 * 'processing' when it took the refund and is sending the money (WeChat Pay's usual answer).
 * Anything else (refused, failed, unsigned) is a ProviderError and the order stays paid.
 */
export interface ProviderRefund {
  state: 'success' | 'processing';
  /** The provider's own refund id. */
  refundNo: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'wechat' | 'alipay';
  /** Creates the payment at the provider; answers what the QR code holds. */
  start(order: ProviderOrder): Promise<{ codeUrl: string }>;
  /** Asks the provider whether the order was paid (reconciliation before closing, and polling). */
  query(orderId: string): Promise<ProviderPayment | undefined>;
  /** Closes the payment at the provider, so it can no longer be paid. */
  close(orderId: string): Promise<void>;
  /**
   * Refunds the whole order (full refunds only). `refundId` is our out_refund_no: asking again
   * with the same one after a lost answer refunds once, as both providers promise.
   */
  refund(order: RefundOrder, refundId: string, reason: string): Promise<ProviderRefund>;
  /** Verifies a notify's signature and freshness and reads it; throws NotifyRefused otherwise. */
  verifyNotify(request: NotifyRequest): Promise<ProviderPayment>;
  /** The answer the provider wants: success, or a failure that makes it send again later. */
  answer(accepted: boolean, message?: string): NotifyAnswer;
}

/** A notify that failed its signature, freshness or shape check: refused, nothing granted. */
export class NotifyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotifyRefused';
  }
}

/** A provider call that did not work (network, refusal): the visitor is told to try again. */
export class ProviderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** Notifies older than this (by their signed timestamp) are replays and refused. */
export const NOTIFY_MAX_AGE_MS = 5 * 60 * 1000;
