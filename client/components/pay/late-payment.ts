// A payment made after the layer closed: the QR code may already be on the payer's phone, and
// scanning it then pays as well. The orders still open when the layer closes are asked about
// (every 5 s, one at a time, until they end) and a payment is taken up as the layer would have
// taken it: VIP state, a toast, and the page carrying on. A new opening of the layer ends the watch.
import { productById, type Product } from '../../../shared/products';
import { getUserVipMessage, queryByOrderId } from '../../api/pay';
import { toast } from '../toast/toast-store';
import type { ShownOrder } from './qr-checkout';
import { setPaidVipState } from './vip-state';

const LATE_POLL_MS = 5000;

let watch: { stop(): void } | undefined;

/** Ends the watch of the last layer's orders (a new layer asks about its own). */
export function stopLatePaymentWatch(): void {
  watch?.stop();
  watch = undefined;
}

/** Watches `orders` (the closed layer's open ones) for a payment; `onPaid` carries the page on. */
export function watchLatePayment(orders: readonly ShownOrder[], userId: number | undefined, onPaid?: (product: Product) => void): void {
  stopLatePaymentWatch();
  let open = orders.filter((o) => o.deadline > Date.now());
  if (open.length === 0) return;
  let live = true;
  let timer: ReturnType<typeof setTimeout>;
  const current = { stop: () => ((live = false), clearTimeout(timer)) };
  watch = current;
  const ask = async () => {
    open = open.filter((o) => o.deadline > Date.now());
    const next = open.shift();
    if (!live || !next) return;
    const state = await queryByOrderId(next.order.orderId).catch(() => undefined);
    if (!live) return;
    if (state?.state === 'paid') {
      current.stop();
      const product = productById(state.productId);
      if (userId !== undefined) {
        const vip = await getUserVipMessage().catch(() => undefined);
        if (vip) setPaidVipState(userId, vip);
      }
      toast.success(product?.kind === 'vip' ? '支付成功，会员已生效' : '支付成功');
      if (product) onPaid?.(product);
      return;
    }
    // Still open: asked again after the others.
    if (!state || state.state === 'created') open.push(next);
    timer = setTimeout(() => void ask(), LATE_POLL_MS);
  };
  timer = setTimeout(() => void ask(), LATE_POLL_MS);
}
