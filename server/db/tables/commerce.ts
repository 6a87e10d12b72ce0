// Tables of the commerce side (server/pay, issue 13): orders, what paying them granted, coupons,
// the notifies already handled, points and invoices. Money is integer fen; times epoch ms.

import type { OrderState } from '../../../shared/pay-api';

export type { OrderState };

/** One row per payment attempt: a new QR code is a new order. */
export interface OrdersTable {
  /** Our out_trade_no: what the providers see and send back. */
  id: string;
  user_id: number;
  product_id: number;
  /** What the user was asked to pay: the product's price less the coupon, from shared/products.ts. */
  amount_fen: number;
  coupon_id: string | null;
  /** The tab the user chose ('wechat' | 'alipay') and the provider that serves it ('sandbox' | 'wechat' | 'alipay'). */
  channel: string;
  provider: string;
  state: OrderState;
  /** What the QR code holds. */
  code_url: string | null;
  /** The provider's own transaction id, once paid. */
  trade_no: string | null;
  /** Where the order came from (SPEC §3 orderFrom) and the channel cookies of SPEC §9 (agent, MD). */
  order_from: string | null;
  agent: string | null;
  md: string | null;
  /** An order for a paper invoice's postage names its invoice. */
  invoice_id: string | null;
  created_at: number;
  /** After this the order is queried at the provider once more and closed if still unpaid. */
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

/**
 * What a paid order (or a points task) gave: VIP time, ID-photo uses, speech minutes, translation
 * credits. `quantity` is used up through `used`; VIP rows have quantity 0 and only a time span.
 */
export interface GrantsTable {
  id: string;
  user_id: number;
  order_id: string | null;
  kind: 'vip' | 'photo' | 'speech' | 'translation';
  quantity: number;
  used: number;
  starts_at: number;
  expires_at: number;
  created_at: number;
}

export interface UserCouponsTable {
  id: string;
  user_id: number;
  category: string;
  price_fen: number;
  /** unused → reserved (by an open order) → used (that order paid); a closed order gives it back. */
  state: 'unused' | 'reserved' | 'used';
  order_id: string | null;
  received_at: number;
}

/** Every notify that was verified and acted on, by the provider's own id: the same notify twice grants once. */
export interface PayNotifiesTable {
  provider: string;
  notify_id: string;
  order_id: string;
  received_at: number;
}

/** Points (积分) gained or spent; `task` makes each task's reward once per user (a daily task carries its day). */
export interface PointsRecordsTable {
  id: string;
  user_id: number;
  task: string;
  points: number;
  title: string;
  created_at: number;
}

export interface InvoicesTable {
  id: string;
  order_id: string;
  user_id: number;
  title: string;
  tax_no: string | null;
  email: string;
  /** 'electronic' or 'paper'; a paper one carries its address and waits for its postage order. */
  kind: string;
  address: string | null;
  state: 'requested' | 'awaiting_postage' | 'issued';
  created_at: number;
}

export interface CommerceTables {
  orders: OrdersTable;
  grants: GrantsTable;
  user_coupons: UserCouponsTable;
  pay_notifies: PayNotifiesTable;
  points_records: PointsRecordsTable;
  invoices: InvoicesTable;
}
