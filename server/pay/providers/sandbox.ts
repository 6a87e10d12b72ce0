// The embedded payment provider (issue 13): its QR code opens a local confirm page whose button
// posts a notify signed with the site secret, as a real provider would. Never in production
// (providers/index.ts refuses it there): anyone holding the page could "pay".
import crypto from 'node:crypto';
import { NOTIFY_MAX_AGE_MS, NotifyRefused, type NotifyAnswer, type NotifyRequest, type PaymentProvider, type ProviderOrder, type ProviderPayment, type ProviderRefund, type RefundOrder } from '../provider';
import { PAY_MESSAGES } from '../messages';

export const SANDBOX_PAGE_PATH = '/payCode/sandbox/';
export const SANDBOX_NOTIFY_PATH = '/payCode/notify/sandbox';

/** The fields the confirm page posts; `sign` covers all the others. */
export interface SandboxNotify {
  orderId: string;
  amountFen: string;
  tradeNo: string;
  ts: string;
  nonce: string;
  sign: string;
}

export class SandboxPay implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly secret: string,
    private readonly publicOrigin: string,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(text: string): string {
    return crypto.createHmac('sha256', `sandbox-pay|${this.secret}`).update(text).digest('hex');
  }

  /** The token in the QR's address: only who was shown the code can open its confirm page. */
  pageToken(orderId: string): string {
    return this.mac(`page|${orderId}`).slice(0, 32);
  }

  async start(order: ProviderOrder): Promise<{ codeUrl: string }> {
    const query = new URLSearchParams({ orderId: order.id, t: this.pageToken(order.id) });
    return { codeUrl: `${this.publicOrigin}${SANDBOX_PAGE_PATH}?${query}` };
  }

  /** What the confirm page's button posts: a notify signed now, for the order's amount. */
  signedNotify(orderId: string, amountFen: number): SandboxNotify {
    const fields = { orderId, amountFen: String(amountFen), tradeNo: `SBX${this.now()}${crypto.randomInt(1e6)}`, ts: String(this.now()), nonce: crypto.randomUUID() };
    return { ...fields, sign: this.mac(notifyText(fields)) };
  }

  async verifyNotify({ form }: NotifyRequest): Promise<ProviderPayment> {
    const field = (name: keyof SandboxNotify): string => {
      const value = form[name];
      if (typeof value !== 'string' || value.length === 0 || value.length > 128) throw new NotifyRefused(PAY_MESSAGES.notifyInvalid);
      return value;
    };
    const fields = { orderId: field('orderId'), amountFen: field('amountFen'), tradeNo: field('tradeNo'), ts: field('ts'), nonce: field('nonce') };
    const expected = Buffer.from(this.mac(notifyText(fields)));
    const given = Buffer.from(field('sign'));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new NotifyRefused(PAY_MESSAGES.notifyInvalid);
    const age = this.now() - Number(fields.ts);
    if (!(age >= -60_000 && age <= NOTIFY_MAX_AGE_MS)) throw new NotifyRefused(PAY_MESSAGES.notifyExpired);
    if (!/^\d{1,9}$/.test(fields.amountFen)) throw new NotifyRefused(PAY_MESSAGES.notifyInvalid);
    return { orderId: fields.orderId, paid: true, amountFen: Number(fields.amountFen), tradeNo: fields.tradeNo, notifyId: fields.nonce };
  }

  // The sandbox keeps nothing of its own: a payment exists only once its notify arrived.
  async query(): Promise<ProviderPayment | undefined> {
    return undefined;
  }

  async close(): Promise<void> {}

  // No money moved, so none goes back: the refund succeeds at once, under a stable refund number.
  async refund(order: RefundOrder, refundId: string): Promise<ProviderRefund> {
    return { state: 'success', refundNo: `SBXR${this.mac(`refund|${order.id}|${refundId}`).slice(0, 24)}` };
  }

  answer(accepted: boolean, message?: string): NotifyAnswer {
    return { status: accepted ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ ret: accepted ? 0 : 400, msg: message ?? '' }) };
  }
}

function notifyText(f: Omit<SandboxNotify, 'sign'>): string {
  return [f.orderId, f.amountFen, f.tradeNo, f.ts, f.nonce].join('|');
}
