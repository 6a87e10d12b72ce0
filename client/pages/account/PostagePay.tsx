// /postage_pay/: the user's paper invoices waiting for their postage, and the payment of one by
// WeChat or Alipay QR code with the payment layer's own pieces (qr-checkout.tsx): one postage
// order per tab (createPostageOrder), polled until paid; then the invoice shows as requested.
// /invoice/ sends ?invoiceId= to open that one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { INVOICE_STATE_TEXT, type ApplyInvoiceInfo, type InvoiceableOrder, type InvoiceView } from '../../../shared/invoice';
import { yuan } from '../../../shared/products';
import { createPostageOrder, getApplyInvoiceInfo } from '../../api/invoice';
import type { PayType } from '../../api/pay';
import { EmptyState } from '../../components/EmptyState';
import { PayQrBox, PayTabs, showNewOrder, useOrderPolling, type QrState, type ShownOrder } from '../../components/pay/qr-checkout';
import { LoadFailed } from '../../components/LoadFailed';

type Awaiting = InvoiceableOrder & { invoice: InvoiceView };

/** 13800138000 → 138****8000: the page may be on a shared screen. */
function maskMobile(mobile: string): string {
  return mobile.replace(/(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

function PostageCheckout({ item, postageFen, onPaid }: { item: Awaiting; postageFen: number; onPaid(): void }) {
  const [payType, setPayType] = useState<PayType>('wechat');
  const [qr, setQr] = useState<QrState>({ kind: 'loading' });
  /** The open order of the tab last shown: the server closes an invoice's earlier postage order when a newer one is made, so only the newest is kept. */
  const orders = useRef(new Map<PayType, ShownOrder>());
  const wanted = useRef<PayType>(payType);

  const show = useCallback(
    async (fresh: boolean) => {
      wanted.current = payType;
      const kept = orders.current.get(payType);
      if (!fresh && kept && kept.deadline > Date.now()) return setQr({ kind: 'qr', shown: kept });
      setQr({ kind: 'loading' });
      orders.current.clear();
      try {
        const shown = await showNewOrder(await createPostageOrder(item.invoice.invoiceId, payType));
        if (wanted.current !== payType) return;
        orders.current.set(payType, shown);
        setQr({ kind: 'qr', shown });
      } catch (error) {
        if (wanted.current === payType) setQr({ kind: 'error', message: error instanceof Error && error.message ? error.message : '下单失败，请稍后重试' });
      }
    },
    [payType, item.invoice.invoiceId],
  );
  useEffect(() => void show(false), [show]);

  const shown = qr.kind === 'qr' ? qr.shown : undefined;
  useOrderPolling(shown, {
    onPaid,
    onEnded: () => {
      orders.current.delete(payType);
      setQr({ kind: 'expired', shown });
    },
  });

  const address = item.invoice.address;
  return (
    <div className="postage-checkout">
      <dl className="postage-facts">
        <div>
          <dt>发票抬头</dt>
          <dd>{item.invoice.title}</dd>
        </div>
        <div>
          <dt>开票订单</dt>
          <dd>
            {item.title} · ¥{item.amount}
          </dd>
        </div>
        {address && (
          <div>
            <dt>寄送至</dt>
            <dd>
              {address.recipient} {maskMobile(address.mobile)}
              <br />
              {address.province} {address.city} {address.detail}
            </dd>
          </div>
        )}
        <div>
          <dt>配送方式</dt>
          <dd>EMS 标准快递，发票开具后寄出</dd>
        </div>
      </dl>
      <section className="postage-pay pay-checkout" aria-label="支付邮费">
        <PayTabs payType={payType} onChange={setPayType} />
        <p className="pay-amount">
          实付<strong>
            <small>¥</small>
            {yuan(postageFen)}
          </strong>
        </p>
        <p className="pay-product-name">纸质发票邮费</p>
        <PayQrBox state={qr} payType={payType} onRefresh={() => void show(true)} />
      </section>
    </div>
  );
}

export function PostagePay() {
  const [info, setInfo] = useState<ApplyInvoiceInfo>();
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<string>();
  const [paid, setPaid] = useState<string>();

  const load = useCallback(() => {
    setFailed(false);
    getApplyInvoiceInfo()
      .then((answer) => {
        setInfo(answer);
        const waiting = answer.list.filter((o) => o.invoice?.state === 'awaiting_postage');
        const asked = new URLSearchParams(window.location.search).get('invoiceId');
        setOpen((current) => current ?? (waiting.find((o) => o.invoice!.invoiceId === asked) ?? waiting[0])?.invoice!.invoiceId);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  if (failed) {
    return (
      <LoadFailed onRetry={load} />
    );
  }
  if (!info) return <p className="records-note">正在加载…</p>;
  // Waiting ones, and the one just paid here (which shows its new state).
  const items = info.list.filter((o): o is Awaiting => o.invoice?.state === 'awaiting_postage' || (o.invoice !== null && o.invoice.invoiceId === paid));
  if (items.length === 0) {
    return <EmptyState title="没有待支付的邮费" text="申请纸质发票后，可在这里支付邮费。" action={{ to: '/invoice/', label: '申请发票' }} />;
  }
  return (
    <section className="postage" aria-labelledby="postage-heading">
      <header className="records-head">
        <h2 id="postage-heading">待支付邮费</h2>
        <p>纸质发票以EMS寄送，邮费¥{yuan(info.postageFen)}，支付后开始开具</p>
      </header>
      <ul className="inv-list">
        {items.map((item) => {
          const isPaid = item.invoice.invoiceId === paid;
          const isOpen = !isPaid && open === item.invoice.invoiceId;
          return (
            <li key={item.invoice.invoiceId} className={`inv-order${isOpen ? ' is-open' : ''}`} data-invoice={item.invoice.invoiceId}>
              <div className="inv-row">
                <div className="inv-main">
                  <p className="inv-title">纸质发票 · {item.invoice.title}</p>
                  <p className="inv-meta">订单号 {item.orderId}</p>
                </div>
                <p className="inv-amount">¥{yuan(info.postageFen)}</p>
                <p className={`inv-state is-${item.invoice.state}`}>{INVOICE_STATE_TEXT[item.invoice.state]}</p>
                <div className="inv-actions">
                  {!isPaid && !isOpen && (
                    <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(item.invoice.invoiceId)}>
                      支付邮费
                    </button>
                  )}
                </div>
              </div>
              {isOpen && (
                <PostageCheckout
                  key={item.invoice.invoiceId}
                  item={item}
                  postageFen={info.postageFen}
                  onPaid={() => {
                    setPaid(item.invoice.invoiceId);
                    setOpen(undefined);
                    load();
                  }}
                />
              )}
              {isPaid && (
                <div className="inv-done" role="status">
                  <span className="inv-done-icon" aria-hidden="true" />
                  <p>邮费支付成功，发票申请已提交，开具后以EMS寄出，单号将发送至 <strong>{item.invoice.email}</strong>。</p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
