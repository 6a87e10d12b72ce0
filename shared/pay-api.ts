// The order as the payment calls show it (server/pay viewOf), read by the payment layer and
// /myOrders/: one shape for both sides of the wire.

export type PayType = 'wechat' | 'alipay';
/** created → paid → refunded, created → closed (server/pay/orders.ts). */
export type OrderState = 'created' | 'paid' | 'closed' | 'refunded';

export interface PayOrder {
  orderId: string;
  productId: number;
  title: string;
  amountFen: number;
  /** Yuan for display: '79', '8.99'. */
  amount: string;
  payType: PayType;
  state: OrderState;
  paid: boolean;
  /** What the QR code holds while the order is open. */
  codeUrl: string | null;
  /** Epoch milliseconds. */
  createTime: number;
  expireTime: number;
  payTime: number | null;
}

/**
 * The payment funnel's steps the payment layer reports (POST json /v2/orderDot/dataReport, SPEC §7;
 * its payload is not shown, this is ours): the layer opened, a card and tab chosen (an order made
 * for them), the order paid, the layer closed unpaid.
 */
export const PAY_DOT_EVENTS = ['open', 'choose', 'success', 'close'] as const;
export type PayDotEvent = (typeof PAY_DOT_EVENTS)[number];

export interface PayDotReport {
  event: PayDotEvent;
  productId?: number;
  orderId?: string;
  payType?: PayType;
  /** Where the layer was opened from (PayOpenedFrom). */
  from?: string;
  /** Anything else the page wants kept: at most 1000 characters once as JSON. */
  extra?: unknown;
}
