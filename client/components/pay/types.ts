// What an opener asks of the payment layer (client/components/pay/PayLayer.tsx). Types only: the
// openers on a tool page's first load import nothing of the layer itself.
import type { Product } from '../../../shared/products';
import type { PayType } from '../../api/pay';

export type PayOpenedFrom = 'tool-402' | 'tool-partial' | 'header' | 'benefits' | 'orders' | 'resume';

export interface PayRequest {
  from: PayOpenedFrom;
  /** The card chosen when the layer opens (a membership by default). */
  productId?: number;
  payType?: PayType;
  /** An open order to pay again (去支付 on /myOrders/): its QR code is shown, no new order made. */
  order?: { orderId: string; productId: number; payType: PayType };
  /** The tool whose 402 opened the layer. */
  toolId?: string;
  /** The files (and options) that met the 402: kept across the login when a guest goes to log in. */
  pending?: { files: File[]; values: Record<string, string> };
  /** After a payment, once the layer has closed: the page carries on. */
  onPaid?: (product: Product) => void;
  /** Whenever the layer closes, paid or not. */
  onClose?: () => void;
}
