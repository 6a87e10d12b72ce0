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
