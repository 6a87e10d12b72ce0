// What pages import of the payment feature: the opener, the host that renders the layer, the VIP
// state and the notes that carry a purchase across the login. Everything outside this folder (and
// the layer itself) imports these through here, so the bundler keeps them in one small shared
// chunk of the first load; the layer (PayLayer.tsx) is a chunk of its own, fetched when it opens.
export { openPayLayer, PAYMENT_PATH, PayLayerHost, paymentUrl, paysInOwnWindow, usePayLayer } from './pay-opener';
export { loginUrl, saveResumeNote, takeResumeNote, type ResumeNote } from './resume';
export type { PayOpenedFrom, PayRequest } from './types';
export { setPaidVipState, useVipState, type VipState } from './vip-state';
