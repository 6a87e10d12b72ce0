// The payment calls of SPEC §7 (server/pay/router.ts): create an order, its QR code, its state, the
// user's orders and VIP state. Loaded only by the payment layer and the account pages, never with a
// tool page's first load.
import type { PayDotReport, PayOrder, PayType } from '../../shared/pay-api';
import { http } from './http-client';

export type { OrderState, PayOrder, PayType } from '../../shared/pay-api';

export interface PayCode {
  orderId: string;
  /** data:image/png;base64,… drawn by the server. */
  qrcode: string;
  codeUrl: string;
  expireTime: number;
}

export interface OrderPage {
  total: number;
  page: number;
  size: number;
  list: PayOrder[];
}

export interface VipMessage {
  isVip: boolean;
  /** When the membership ends (epoch ms), null without one. */
  expireTime365: number | null;
}

/** GET /createVIPOrder: the price comes from the server's product table, never from here. */
export function createVIPOrder(productId: number, payType: PayType, couponId?: string): Promise<PayOrder> {
  return http.request<PayOrder>('/createVIPOrder', { params: { productId, payType, couponId } });
}

export function getQRcode(orderId: string): Promise<PayCode> {
  return http.request<PayCode>('/payCode/getQRcode', { params: { orderId } });
}

/** The layer polls this every 2 s; silent: a failed poll is simply asked again. */
export function queryByOrderId(orderId: string): Promise<PayOrder | undefined> {
  return http.request<PayOrder>('/payCode/queryByOrderId', { params: { orderId }, silent: true });
}

export function getOrderList(page: number, size: number): Promise<OrderPage> {
  return http.request<OrderPage>('/user/getOrderList', { params: { page, size } });
}

/** ID-photo downloads left in the user's packs (0 for a guest). Silent: the page only shows it. */
export async function getPhotoBackgroundAvailableNum(): Promise<number | undefined> {
  const answer = await http.request<{ availableNum: number }>('/v2/user/getPhotoBackgroundAvailableNum', { params: { r: String(Math.random()) }, silent: true });
  return answer?.availableNum;
}

export function getUserVipMessage(): Promise<VipMessage> {
  return http.request<VipMessage>('/v2/user/getUserVipMessage', { params: { r: String(Math.random()) } });
}

/**
 * SPEC §4: showing the payment layer records a display event (POST /behavior/takeNoteBehavior, as
 * client/api/site.ts sends it). Analytics: a failure is nobody's business, so it is silent.
 */
export async function notePayLayerShown(note: { userId?: number; from: string; variant: 'A' | 'B'; toolId?: string }): Promise<void> {
  const { userId, ...extra } = note;
  await http.request<unknown>('/behavior/takeNoteBehavior', { method: 'POST', json: { userId, behaviorType: 'payLayerShow', extra }, silent: true });
}

/** A step of the payment funnel (POST json /v2/orderDot/dataReport): analytics, so silent as the note above. */
export async function reportPayDot(report: PayDotReport): Promise<void> {
  await http.request<unknown>('/v2/orderDot/dataReport', { method: 'POST', json: report, silent: true });
}
