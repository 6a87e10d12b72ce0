// Refunds of paid orders (server/pay/orders.ts refund, issue 13): one row per order, made when an
// operator first asks, so two requests at once ask the provider once and a retry after a lost
// answer reuses the same refund id (the providers refund one out_refund_no once).

export interface RefundsTable {
  /** The order refunded: the primary key, so an order is refunded at most once (full refunds only). */
  order_id: string;
  /** Our out_refund_no (WeChat) / out_request_no (Alipay), kept across retries. */
  refund_id: string;
  /** requesting: the provider is being asked; failed: it refused or was not reached (may be asked again); done. */
  state: 'requesting' | 'failed' | 'done';
  reason: string;
  /** The provider's refund id, once it accepted. */
  refund_no: string | null;
  requested_at: number;
  refunded_at: number | null;
}

export interface RefundTables {
  refunds: RefundsTable;
}
