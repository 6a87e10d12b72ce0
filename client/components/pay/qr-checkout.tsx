// The QR pieces of a payment, shared by the payment layer (PayLayer.tsx) and the postage payment
// page (/postage_pay/): the WeChat/Alipay tabs, the QR box with its loading, expired and error
// states, and the polling of the open order every 2 s until it is paid or ends.
import { useEffect, useRef } from 'react';
import { getQRcode, queryByOrderId, type PayOrder, type PayType } from '../../api/pay';
import './pay-layer.css';

export const POLL_MS = 2000;

export const PAY_TYPES: { type: PayType; label: string; app: string; scan: string }[] = [
  { type: 'wechat', label: '微信支付', app: '微信', scan: '请使用微信扫码支付' },
  { type: 'alipay', label: '支付宝', app: '支付宝', scan: '请使用支付宝扫码支付' },
];

/** An open order with its QR code and when, by this page's clock, it stops being payable. */
export interface ShownOrder {
  order: PayOrder;
  qrcode: string;
  codeUrl: string;
  deadline: number;
}

/** What the QR box shows. */
export type QrState = { kind: 'loading' } | { kind: 'qr'; shown: ShownOrder } | { kind: 'expired'; shown?: ShownOrder } | { kind: 'error'; message: string };

/** A new order's QR code, its lifetime counted on this page's clock (the server's may differ). */
export async function showNewOrder(order: PayOrder): Promise<ShownOrder> {
  const code = await getQRcode(order.orderId);
  return { order, qrcode: code.qrcode, codeUrl: code.codeUrl, deadline: Date.now() + Math.max(0, order.expireTime - order.createTime) };
}

export function PayTabs({ payType, onChange }: { payType: PayType; onChange(type: PayType): void }) {
  return (
    <div className="pay-tabs" role="tablist" aria-label="支付方式">
      {PAY_TYPES.map((p) => (
        <button
          key={p.type}
          type="button"
          role="tab"
          aria-selected={p.type === payType}
          className={`pay-tab is-${p.type}${p.type === payType ? ' is-active' : ''}`}
          onClick={() => onChange(p.type)}
        >
          <span className="pay-tab-icon" aria-hidden="true" />
          {p.label}
        </button>
      ))}
    </div>
  );
}

/** The QR code of the open order (or why there is none), what to scan it with, and the sandbox's confirm page. */
export function PayQrBox({ state, payType, onRefresh }: { state: QrState; payType: PayType; onRefresh(): void }) {
  const scan = PAY_TYPES.find((p) => p.type === payType)!;
  return (
    <div className="pay-qr-area">
      <div className={`pay-qr is-${state.kind}`} aria-busy={state.kind === 'loading'}>
        {state.kind === 'qr' && <img src={state.shown.qrcode} alt={`${scan.label}二维码`} width={168} height={168} />}
        {state.kind === 'expired' && (
          <>
            {state.shown && <img src={state.shown.qrcode} alt="" width={168} height={168} />}
            <button type="button" className="pay-qr-refresh" onClick={onRefresh}>
              <span className="pay-refresh-icon" aria-hidden="true" />
              二维码已过期，点击刷新
            </button>
          </>
        )}
        {state.kind === 'error' && (
          <button type="button" className="pay-qr-refresh is-error" onClick={onRefresh}>
            {state.message}
            <span className="pay-retry">点击重试</span>
          </button>
        )}
        {state.kind === 'loading' && <span className="pay-spinner" aria-label="正在生成二维码" />}
      </div>
      <p className={`pay-scan is-${payType}`}>{scan.scan}</p>
      <p className="pay-phone-hint">在手机上可截屏保存，再用{scan.app}「扫一扫」从相册识别</p>
      {state.kind === 'qr' && state.shown.codeUrl.includes('/payCode/sandbox/') && (
        <a className="pay-sandbox" href={state.shown.codeUrl} target="_blank" rel="noopener">
          测试环境：打开确认页
        </a>
      )}
    </div>
  );
}

/**
 * Asks about the shown order every 2 s, one request at a time: `onPaid` once it is paid,
 * `onEnded` once it is closed or past its deadline. Nothing while no order is shown.
 */
export function useOrderPolling(shown: ShownOrder | undefined, handlers: { onPaid(order: PayOrder): void; onEnded(): void }): void {
  // The handlers of the newest render, without restarting the polling for each.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!shown) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      if (Date.now() >= shown.deadline) return latest.current.onEnded();
      const state = await queryByOrderId(shown.order.orderId);
      if (!live) return;
      if (state?.state === 'paid') return latest.current.onPaid(state);
      if (state && state.state !== 'created') return latest.current.onEnded();
      timer = setTimeout(() => void ask(), POLL_MS);
    };
    timer = setTimeout(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shown]);
}
