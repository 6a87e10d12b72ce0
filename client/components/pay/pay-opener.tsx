// Opening the payment layer (SPEC §4): from a tool's 402, the header's 开通会员, the benefits page
// and /myOrders/. The layer is a chunk of its own, fetched on the first opening, and rendered by
// PayLayerHost (mounted with the header) inside the page's React tree: no second root, so the
// layer's chunk needs nothing of react-dom and the page's first load keeps react-dom in the entry.
// The 360ald channel pays on its own page instead: the payment URL opens in a new window,
// carrying MD and agent when set and even=1 for even user ids (SPEC §6, §9).
import { lazy, Suspense, useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { AGENT_360ALD } from '../../../shared/constants';
import type { Product } from '../../../shared/products';
import { sanitizeCookieValue } from '../../../shared/validators';
import { useCurrentUser } from '../../account/session';
import { readDocumentCookie } from '../../api/http-client';
import { reloadOnceForFailedChunk } from '../../routing/lazy-page';
import type { PayRequest } from './types';

/** Where the site's memberships are sold; the edge sends the 360ald channel on to its own payment page. */
export const PAYMENT_PATH = '/xiezai-huodong/';

function storedAgent(): string | null {
  try {
    return window.localStorage.getItem('agent');
  } catch {
    return null; // storage refused (private mode, policies)
  }
}

/** A channel value as SPEC §5 keeps it; undefined when unset ('0' is the cleaned nothing). */
function channelValue(raw: string | null | undefined): string | undefined {
  if (raw == null) return undefined;
  const value = sanitizeCookieValue(raw);
  return value === '0' ? undefined : value;
}

/** The visitor's channel: the URL's agent, else the cookie, else the stored value. */
export function channelAgent(): string | undefined {
  const fromUrl = new URLSearchParams(window.location.search).get('agent');
  return channelValue(fromUrl ?? readDocumentCookie('agent') ?? storedAgent());
}

/** The payment URL of SPEC §9: MD and agent appended when set, even=1 for even user ids (SPEC §6). */
export function paymentUrl(userId: number | undefined): string {
  const query = new URLSearchParams();
  const md = channelValue(new URLSearchParams(window.location.search).get('MD') ?? readDocumentCookie('MD'));
  const agent = channelAgent();
  if (md) query.set('MD', md);
  if (agent) query.set('agent', agent);
  if (userId !== undefined && userId % 2 === 0) query.set('even', '1');
  const search = query.toString();
  return `${window.location.origin}${PAYMENT_PATH}${search ? `?${search}` : ''}`;
}

/** The 360ald channel pays in a window of its own (which a browser opens only on a click). */
export function paysInOwnWindow(): boolean {
  return channelAgent() === AGENT_360ALD;
}

// The open layer: one at a time, a new opening replaces the one before.
let shown: { request: PayRequest; key: number } | null = null;
let openings = 0;
/** Mounted hosts (counted in a layout effect: before any component's effect may open the layer). */
let hosts = 0;
const listeners = new Set<() => void>();

function setShown(next: typeof shown): void {
  shown = next;
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the layer (or the channel's payment window) for `userId` (undefined: a guest or not known yet). */
export function openPayLayer(request: PayRequest, userId: number | undefined): void {
  if (paysInOwnWindow()) {
    window.open(paymentUrl(userId), '_blank', 'noopener');
    return;
  }
  // A page without the header (none sells anything) goes to where memberships are sold.
  if (hosts === 0) return window.location.assign(PAYMENT_PATH);
  openings += 1;
  setShown({ request, key: openings });
}

const PayLayer = lazy(() => import('./PayLayer').then((layer) => ({ default: layer.PayLayer }), reloadOnceForFailedChunk));

/** While the layer's chunk loads: the dimmed page and a spinner, so the click visibly did something. */
const loading = (
  <div className="pay-layer is-loading" aria-busy="true">
    <span className="pay-spinner" aria-label="正在加载" />
  </div>
);

/** Renders the open layer; the header mounts it, once per page. */
export function PayLayerHost() {
  useLayoutEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
    };
  }, []);
  const current = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  if (!current) return null;
  const done = (paid?: Product) => {
    if (shown?.key !== current.key) return;
    setShown(null);
    current.request.onClose?.();
    if (paid) current.request.onPaid?.(paid);
  };
  return (
    <Suspense fallback={loading}>
      <PayLayer key={current.key} request={current.request} onDone={done} />
    </Suspense>
  );
}

/** The opener for a component: knows the logged-in user for the channel's payment URL. */
export function usePayLayer(): (request: PayRequest) => void {
  const { user } = useCurrentUser();
  const userId = user?.userId;
  return useCallback((request: PayRequest) => openPayLayer(request, userId), [userId]);
}
