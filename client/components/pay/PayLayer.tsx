// The payment layer (SPEC §4), a chunk of its own (PayLayerHost in pay-opener.tsx renders it):
// a modal over the page that locks its scroll while open and records a display event; product
// cards from shared/products.ts (memberships; variant B, for even user ids, adds the ID-photo
// packs; a pack asked for by the page brings its own row); WeChat/Alipay tabs; the order's QR code, polled every 2 s; success, then the page carries
// on. A guest logs in first, through the site's login page, and comes back to the layer
// (resume.ts), with the tool's files kept (pending-files.ts).
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { MEMBERSHIPS, PHOTO_PACKS, SPEECH_PACKS, productById, yuan, type Product } from '../../../shared/products';
import { useCurrentUser } from '../../account/session';
import { createVIPOrder, getQRcode, getUserVipMessage, notePayLayerShown, queryByOrderId, reportPayDot, type PayType } from '../../api/pay';
import { formatDay } from './dates';
import { loginUrl, saveResumeNote, setPaidVipState, useVipState, type PayRequest } from '.';
import { stopLatePaymentWatch, watchLatePayment } from './late-payment';
import { savePendingFiles } from './pending-files';
import { PayQrBox, PayTabs, showNewOrder, useOrderPolling, type QrState, type ShownOrder } from './qr-checkout';

// The tool page reaches the kept files through the layer's chunk (a chunk of their own would split
// the page's shared chunks further: ARCHITECTURE.md "Weight budget").
export { savePendingFiles, takePendingFiles } from './pending-files';
import './pay-layer.css';

/** How long the success state shows before the layer closes and the page carries on. */
const SUCCESS_MS = 1600;
/** The card chosen when nothing else is asked: the 12 months with the bonus month. */
const DEFAULT_PRODUCT = 10012;

const PERKS = ['全站60余种工具不限次数', '单个文件最大200 MB，批量处理', '每月200分钟高精度语音转文字', '每月100次文档翻译'];

type Checkout = QrState | { kind: 'guest' } | { kind: 'paid'; product: Product; vipUntil: number | null };

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '下单失败，请稍后重试';
}

function cardTitle(product: Product): string {
  return product.kind === 'vip' ? `${product.months}个月` : product.title.replace(/^证件照/, '');
}

function cardTag(product: Product): string | undefined {
  if (product.bonusMonths) return `加赠${product.bonusMonths}个月`;
  const saved = (product.listFen ?? 0) - product.amountFen;
  return saved >= 5000 ? `立省¥${yuan(saved)}` : undefined;
}

function cardNote(product: Product): string {
  if (product.kind !== 'vip') return product.tip ?? `¥${yuan(Math.round(product.amountFen / (product.uses ?? 1)))}/次`;
  const months = (product.months ?? 1) + (product.bonusMonths ?? 0);
  return months > 1 ? `折合¥${(product.amountFen / months / 100).toFixed(1)}/月` : '灵活体验';
}

/** The line under the title: why the layer is open, or the member's current end. */
function headline(request: PayRequest, vipUntil: number | null): string {
  if (request.from === 'tool-partial') return '开通会员即可转换全部页面，不限次数';
  if (request.from === 'tool-402' || request.pending) {
    const fileName = request.pending?.files[0]?.name;
    return `今日免费次数已用完，开通后立即继续处理${fileName ? `「${fileName}」` : '您的文件'}`;
  }
  return vipUntil ? `会员有效期至 ${formatDay(vipUntil)}，续费自动顺延` : '全站工具不限次数，开通后权益立即生效';
}

function ProductCard({ product, selected, onSelect }: { product: Product; selected: boolean; onSelect(): void }) {
  const tag = cardTag(product);
  return (
    <button type="button" role="radio" aria-checked={selected} className={`pay-card${selected ? ' is-selected' : ''}`} data-product={product.productId} onClick={onSelect}>
      {tag && <span className="pay-card-tag">{tag}</span>}
      <span className="pay-card-title">{cardTitle(product)}</span>
      <span className="pay-card-price">
        <small>¥</small>
        {yuan(product.amountFen)}
      </span>
      <span className="pay-card-list">{product.listFen ? <s>¥{yuan(product.listFen)}</s> : '\u00a0'}</span>
      <span className="pay-card-note">{cardNote(product)}</span>
    </button>
  );
}

/** Keeps Tab inside the dialog. */
function trapFocus(event: ReactKeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], [tabindex="0"]')];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Page scroll stays where it is while the layer is open; the scrollbar's width is kept so nothing shifts. */
function useScrollLock(): void {
  useEffect(() => {
    const { body } = document;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    return () => {
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, []);
}

export function PayLayer({ request, onDone }: { request: PayRequest; onDone(paid?: Product): void }) {
  const { checked, user } = useCurrentUser();
  const vip = useVipState();
  const variant: 'A' | 'B' = user && user.userId % 2 === 0 ? 'B' : 'A';
  const asked = request.order?.productId ?? request.productId;
  // A pack chosen on the page (the benefits page's pack cards) brings its row, whatever the variant.
  const askedKind = productById(asked)?.kind;
  const photoRow = variant === 'B' || askedKind === 'photo';
  const speechRow = askedKind === 'speech';
  const cards = [...MEMBERSHIPS, ...(photoRow ? PHOTO_PACKS : []), ...(speechRow ? SPEECH_PACKS : [])];
  const [productId, setProductId] = useState(() => (asked && productById(asked)?.kind !== 'postage' ? asked : DEFAULT_PRODUCT));
  const [payType, setPayType] = useState<PayType>(request.order?.payType ?? request.payType ?? 'wechat');
  const [checkout, setCheckout] = useState<Checkout>({ kind: 'loading' });
  const dialog = useRef<HTMLDivElement>(null);
  /** Open orders of this layer by card and tab: switching back shows the same QR code. */
  const orders = useRef(new Map<string, ShownOrder>());
  /** Which card and tab the newest order request is for: older answers are dropped. */
  const wanted = useRef('');
  const product = productById(productId) ?? productById(DEFAULT_PRODUCT)!;
  const visible = cards.some((p) => p.productId === product.productId);
  const chosen = visible ? product : productById(DEFAULT_PRODUCT)!;
  const key = `${chosen.productId}:${payType}`;

  useScrollLock();
  // This layer asks about its own orders; the last layer's late-payment watch ends.
  useEffect(() => stopLatePaymentWatch(), []);

  // The host hands a new onDone at each of its renders: the layer's effects keep the newest.
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  /** Set once paid: closing then (×, Escape) still lets the page carry on. */
  const bought = useRef<Product | undefined>(undefined);
  const close = useCallback(() => {
    // The funnel's last step when nothing was bought: where it was left (a paid close is 'success').
    if (!bought.current) {
      void reportPayDot({ event: 'close', from: request.from });
      // A code already scanned may still be paid: the page hears of it (late-payment.ts).
      watchLatePayment([...orders.current.values()], user?.userId, request.onPaid);
    }
    doneRef.current(bought.current);
  }, [request.from, request.onPaid, user]);

  // Escape closes; focus moves into the dialog and back to where it was after.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      before?.focus?.();
    };
  }, [close]);

  // SPEC §4: showing the layer records a display event, once the login (and so the variant) is known.
  const noted = useRef(false);
  useEffect(() => {
    if (!checked || noted.current) return;
    noted.current = true;
    void notePayLayerShown({ userId: user?.userId, from: request.from, variant, toolId: request.toolId }).catch(() => undefined);
    void reportPayDot({ event: 'open', from: request.from, productId: request.order?.productId ?? request.productId, extra: { variant } });
  }, [checked, user, variant, request.from, request.toolId]);

  /** A QR code for the chosen card and tab: a kept open order's, the asked order's, or a new order's. */
  const showOrder = useCallback(
    async (fresh: boolean) => {
      wanted.current = key;
      const kept = orders.current.get(key);
      if (!fresh && kept && kept.deadline > Date.now()) return setCheckout({ kind: 'qr', shown: kept });
      setCheckout({ kind: 'loading' });
      try {
        const asked = request.order;
        const reuse = !fresh && !kept && asked && `${asked.productId}:${asked.payType}` === key;
        let shown: ShownOrder;
        if (reuse) {
          const code = await getQRcode(asked.orderId).catch(() => undefined); // paid or closed meanwhile: offer a new one
          if (wanted.current !== key) return;
          if (!code) return setCheckout({ kind: 'expired' });
          const state = await queryByOrderId(asked.orderId);
          if (!state || wanted.current !== key) return;
          // An older order's end as the server gives it, the poll's answer settling any difference.
          shown = { order: state, qrcode: code.qrcode, codeUrl: code.codeUrl, deadline: state.expireTime };
        } else {
          const order = await createVIPOrder(chosen.productId, payType);
          void reportPayDot({ event: 'choose', from: request.from, productId: order.productId, orderId: order.orderId, payType });
          shown = await showNewOrder(order);
          if (wanted.current !== key) return;
        }
        orders.current.set(key, shown);
        setCheckout({ kind: 'qr', shown });
      } catch (error) {
        if (wanted.current === key) setCheckout({ kind: 'error', message: messageOf(error) });
      }
    },
    [key, chosen.productId, payType, request.order, request.from],
  );

  // The card or tab changed, or the login became known: show its QR code (a guest logs in first).
  useEffect(() => {
    if (!checked) return;
    if (!user) return setCheckout({ kind: 'guest' });
    void showOrder(false);
  }, [checked, user, showOrder]);

  const paid = useCallback(
    async (product: Product) => {
      bought.current = product;
      orders.current.clear();
      wanted.current = '';
      let vipUntil: number | null = null;
      try {
        const vip = await getUserVipMessage();
        vipUntil = vip.expireTime365;
        if (user) setPaidVipState(user.userId, vip);
      } catch {
        // The header catches up at the next page load; the payment itself went through.
      }
      setCheckout({ kind: 'paid', product, vipUntil });
    },
    [user],
  );

  // The open order is asked about every 2 s, one request at a time, until it is paid or closed.
  const shownOrder = checkout.kind === 'qr' ? checkout.shown : undefined;
  useOrderPolling(shownOrder, {
    onPaid: (state) => {
      void reportPayDot({ event: 'success', from: request.from, productId: state.productId, orderId: state.orderId, payType: state.payType });
      void paid(productById(state.productId) ?? chosen);
    },
    onEnded: () => {
      orders.current.delete(key);
      setCheckout({ kind: 'expired', shown: shownOrder });
    },
  });

  // Success shows for a moment, then the layer closes and the page carries on.
  useEffect(() => {
    if (checkout.kind !== 'paid') return;
    const timer = setTimeout(() => doneRef.current(checkout.product), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [checkout]);

  const goLogin = async () => {
    setCheckout({ kind: 'loading' });
    const pending = request.pending;
    let keptFiles = false;
    if (pending && request.toolId) {
      keptFiles = await savePendingFiles({ toolId: request.toolId, ...pending }).then(
        () => true,
        () => false, // no IndexedDB: the visitor chooses the files again
      );
    }
    saveResumeNote({ openLayer: true, productId: chosen.productId, payType, toolId: keptFiles ? request.toolId : undefined });
    window.location.assign(loginUrl());
  };

  if (checkout.kind === 'paid') {
    const isVip = checkout.product.kind === 'vip';
    return (
      <div className="pay-layer">
        <div className="pay-dialog is-success" role="dialog" aria-modal="true" aria-labelledby="pay-success-title" tabIndex={-1} ref={dialog} onKeyDown={trapFocus}>
          <div className="pay-success" role="status">
            <span className="pay-success-icon" aria-hidden="true" />
            <h2 id="pay-success-title">{isVip ? '支付成功，会员已生效' : checkout.product.kind === 'speech' ? '支付成功，时长已到账' : '支付成功，次数已到账'}</h2>
            <p>
              {isVip && checkout.vipUntil ? `会员有效期至 ${formatDay(checkout.vipUntil)}` : checkout.product.title}
              {request.from === 'tool-402' || request.pending ? '，正在继续处理您的文件…' : ''}
            </p>
            <button type="button" className="btn btn-primary pay-success-done" onClick={() => doneRef.current(checkout.product)}>
              {request.pending ? '继续处理' : '完成'}
            </button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="pay-layer">
      <div className="pay-dialog" role="dialog" aria-modal="true" aria-labelledby="pay-title" tabIndex={-1} ref={dialog} onKeyDown={trapFocus} data-variant={variant}>
        <header className="pay-head">
          <span className="pay-crown" aria-hidden="true" />
          <div className="pay-head-text">
            <h2 id="pay-title">{vip.isVip ? '续费PDF365会员' : '开通PDF365会员'}</h2>
            <p>{headline(request, vip.isVip ? vip.expireTime365 : null)}</p>
          </div>
          <button type="button" className="pay-close" aria-label="关闭" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="pay-body">
          <section className="pay-products" aria-label="选择套餐">
            <h3 className="pay-row-title">会员套餐</h3>
            <div className="pay-cards" role="radiogroup" aria-label="会员套餐">
              {MEMBERSHIPS.map((p) => (
                <ProductCard key={p.productId} product={p} selected={p.productId === chosen.productId} onSelect={() => setProductId(p.productId)} />
              ))}
            </div>
            {photoRow && (
              <>
                <h3 className="pay-row-title">
                  证件照次数包<small>一年内有效，制作证件照时使用</small>
                </h3>
                <div className="pay-cards is-packs" role="radiogroup" aria-label="证件照次数包">
                  {PHOTO_PACKS.map((p) => (
                    <ProductCard key={p.productId} product={p} selected={p.productId === chosen.productId} onSelect={() => setProductId(p.productId)} />
                  ))}
                </div>
              </>
            )}
            {speechRow && (
              <>
                <h3 className="pay-row-title">
                  语音转文字时长包<small>语音、视频转文字时使用</small>
                </h3>
                <div className="pay-cards is-packs" role="radiogroup" aria-label="语音转文字时长包">
                  {SPEECH_PACKS.map((p) => (
                    <ProductCard key={p.productId} product={p} selected={p.productId === chosen.productId} onSelect={() => setProductId(p.productId)} />
                  ))}
                </div>
              </>
            )}
          </section>
          <section className="pay-checkout" aria-label="支付">
            <PayTabs payType={payType} onChange={setPayType} />
            <p className="pay-amount">
              实付<strong>
                <small>¥</small>
                {yuan(chosen.amountFen)}
              </strong>
              {chosen.listFen && <s>¥{yuan(chosen.listFen)}</s>}
            </p>
            <p className="pay-product-name">{chosen.title}</p>
            {checkout.kind === 'guest' ? (
              <div className="pay-guest">
                <p>登录后扫码支付，权益绑定到您的账号{request.pending ? '，已选的文件会为您保留' : ''}</p>
                <button type="button" className="btn btn-primary pay-login" onClick={() => void goLogin()}>
                  登录后购买
                </button>
              </div>
            ) : (
              <PayQrBox state={checkout} payType={payType} onRefresh={() => void showOrder(true)} />
            )}
            <p className="pay-terms">支付即表示同意《会员服务协议》，开通后权益立即生效</p>
          </section>
          <ul className="pay-perks" aria-label="会员权益">
            {PERKS.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
