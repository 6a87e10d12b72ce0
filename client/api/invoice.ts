// The invoice calls of SPEC §7 (server/pay/invoice-router.ts), for /invoice/ and /postage_pay/.
import type { ApplyInvoiceInfo, InvoiceRequest, InvoiceView } from '../../shared/invoice';
import type { PayOrder, PayType } from '../../shared/pay-api';
import { ACCESS_TOKEN_COOKIE } from '../../shared/cookies';
import { http, readDocumentCookie } from './http-client';

export function getApplyInvoiceInfo(): Promise<ApplyInvoiceInfo> {
  return http.request<ApplyInvoiceInfo>('/user/getApplyInvoiceInfo', { params: { r: String(Math.random()) } });
}

/** The form as the server takes it: plain fields, the address flattened. */
export function createInvoice(request: InvoiceRequest): Promise<InvoiceView> {
  const { address, taxNo, ...rest } = request;
  return http.request<InvoiceView>('/user/createInvoice', { method: 'POST', form: { ...rest, taxNo: taxNo ?? '', ...(address ?? {}) } });
}

export function getAllEmsProvince(): Promise<{ list: string[] }> {
  return http.request<{ list: string[] }>('/user/getAllEmsProvince');
}

/** POST /v2/createPostageOrder with the token in the query and platform=pc, as SPEC §7 has it; answers the order as createVIPOrder does. */
export function createPostageOrder(invoiceId: string, payType: PayType): Promise<PayOrder> {
  const token = readDocumentCookie(ACCESS_TOKEN_COOKIE) ?? '';
  return http.request<PayOrder>('/v2/createPostageOrder', { method: 'POST', params: { token, platform: 'pc' }, form: { invoiceId, payType } });
}
