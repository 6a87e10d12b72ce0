// The VIP state the header and the tool page show: the login's (client/account/session.ts) until a
// payment on this page says otherwise, so a member sees it at once, without reloading the page and
// losing the conversion that is about to carry on.
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../account/session';

export interface VipState {
  isVip: boolean;
  /** Epoch ms the membership ends, null without one. */
  expireTime365: number | null;
}

const NOT_VIP: VipState = { isVip: false, expireTime365: null };
let paidHere: (VipState & { userId: number }) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What getUserVipMessage answered after a payment on this page. */
export function setPaidVipState(userId: number, state: VipState): void {
  paidHere = { userId, ...state };
  listeners.forEach((notify) => notify());
}

/** The logged-in user's VIP state (not VIP for a guest or before the login check). */
export function useVipState(): VipState {
  const { user } = useCurrentUser();
  const paid = useSyncExternalStore(
    subscribe,
    () => paidHere,
    () => null,
  );
  if (!user) return NOT_VIP;
  if (paid && paid.userId === user.userId) return { isVip: paid.isVip, expireTime365: paid.expireTime365 };
  return { isVip: user.isVip, expireTime365: user.expireTime365 };
}
