// The embedded sandbox provider, driven as a payer's phone would: open the QR's confirm page and
// press its button (a form post of the signed notify), or forge one with the site's secret.
import crypto from 'node:crypto';
import type { ApiVisitor } from './api-visitor';

/** The signed notify in the confirm page's form (without its `from=page`, which asks for a page back). */
export function confirmForm(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]] = match[2].replace(/&amp;/g, '&');
  expect(fields.from).toBe('page');
  delete fields.from;
  return fields;
}

/** Opens the confirm page the order's QR code names (on this server, whatever origin it carries). */
export async function openConfirmPage(origin: string, codeUrl: string): Promise<{ status: number; html: string }> {
  const url = new URL(codeUrl);
  const res = await fetch(origin + url.pathname + url.search);
  return { status: res.status, html: await res.text() };
}

/** Posts a notify to the sandbox's notify address as the confirm page's form does. */
export async function postSandboxNotify(origin: string, form: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${origin}/payCode/notify/sandbox`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  return { status: res.status, text: await res.text() };
}

/** A notify signed with the site secret as the sandbox signs it: to test what the checks after the signature refuse. */
export function signedSandboxNotify(secret: string, fields: { orderId: string; amountFen: string; tradeNo: string; ts: string; nonce: string }): Record<string, string> {
  const text = [fields.orderId, fields.amountFen, fields.tradeNo, fields.ts, fields.nonce].join('|');
  return { ...fields, sign: crypto.createHmac('sha256', `sandbox-pay|${secret}`).update(text).digest('hex') };
}

/** Creates an order and pays it through the confirm page: answers the order id. */
export async function buyInSandbox(origin: string, buyer: ApiVisitor, productId: number, payType: 'wechat' | 'alipay' = 'wechat'): Promise<string> {
  const created = await buyer.send('GET', `/createVIPOrder?productId=${productId}&payType=${payType}`);
  expect(created).toMatchObject({ status: 200, body: { ret: 0 } });
  const page = await openConfirmPage(origin, created.body.data!.codeUrl as string);
  const paid = await postSandboxNotify(origin, { ...confirmForm(page.html), from: 'page' });
  expect(paid.status).toBe(200);
  return created.body.data!.orderId as string;
}
