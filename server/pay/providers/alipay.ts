// Alipay open platform (当面付 precreate: a QR code), RSA2, signed by hand as Alipay documents it:
// - A request's parameters (app_id, method, format, charset, sign_type, timestamp, version,
//   notify_url, biz_content), the empty ones and `sign` left out, sorted by name and joined as
//   "k=v&k=v" with the values unencoded, are signed SHA256withRSA under the app private key.
// - An answer {"<method>_response": {…}, "sign": "…"} is signed over the exact text of the
//   response node as it arrived (not a re-serialisation), under the Alipay public key; the node
//   is read from that same text, so what is acted on is what was signed.
// - A notify (urlencoded form) is signed over all its parameters but `sign` and `sign_type`,
//   sorted and joined the same way.
// Amounts: Alipay speaks yuan with two decimals ("79.00"); we keep integer fen and convert both
// ways with integer arithmetic only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { PayConfig } from '../../config';
import { PAY_MESSAGES } from '../messages';
import {
  NOTIFY_MAX_AGE_MS,
  NotifyRefused,
  ProviderError,
  type NotifyAnswer,
  type NotifyRequest,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RefundOrder,
} from '../provider';

export type AlipaySettings = NonNullable<PayConfig['alipay']>;

const REQUEST_TIMEOUT_MS = 10_000;
/** A signed notify_time this far ahead of our clock is still accepted (clock skew). */
const MAX_CLOCK_AHEAD_MS = 60_000;
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** 7900 → "79.00", 899 → "8.99": integer fen to Alipay's yuan string. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount of fen: ${fen}`);
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "79.00" (or "79", "79.5") → 7900; undefined for anything else (signs, exponents, 3 decimals). */
export function yuanToFen(yuan: unknown): number | undefined {
  if (typeof yuan !== 'string') return undefined;
  const match = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time (UTC+8, no daylight saving). */
export function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant of a Beijing "yyyy-MM-dd HH:mm:ss", or undefined when it is not one. */
export function parseBeijingTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3600_000;
  return beijingTime(ms) === text ? ms : undefined;
}

/** The text Alipay signs: parameters but the excluded ones and the empty ones, sorted, "k=v" joined by &. */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The exact text of `"<node>": {…}` in a JSON answer, its braces included; undefined without one. */
export function responseNodeText(raw: string, node: string): string | undefined {
  const key = `"${node}"`;
  let i = raw.indexOf(key);
  if (i < 0) return undefined;
  i += key.length;
  while (/\s/.test(raw[i] ?? '')) i++;
  if (raw[i] !== ':') return undefined;
  i++;
  while (/\s/.test(raw[i] ?? '')) i++;
  if (raw[i] !== '{') return undefined;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return undefined;
}

/** A key file as PEM, or as the bare base64 Alipay's key tool writes (PKCS#8 or PKCS#1 private, SPKI public). */
function readKeyFile(file: string, variable: string, kind: 'private' | 'public'): crypto.KeyObject {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`pay: ${variable} (${file || 'unset'}) cannot be read: ${(error as Error).message}`);
  }
  const attempts: (() => crypto.KeyObject)[] = text.includes('-----BEGIN')
    ? [() => (kind === 'private' ? crypto.createPrivateKey(text) : crypto.createPublicKey(text))]
    : kind === 'private'
      ? [
          () => crypto.createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' }),
          () => crypto.createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs1' }),
        ]
      : [() => crypto.createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' })];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // next form
    }
  }
  throw new Error(`pay: ${variable} (${file}) holds no RSA ${kind} key`);
}

interface Reply {
  /** The response node, parsed from the signed text. */
  body: Record<string, unknown>;
  code: string;
  subCode: string;
  /** Whether Alipay's sign over the node held. */
  signed: boolean;
}

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  private readonly privateKey: crypto.KeyObject;
  private readonly alipayPublicKey: crypto.KeyObject;

  /** Reads the keys now: a misconfigured key file stops the server at start, not at the first payment. */
  constructor(
    readonly settings: AlipaySettings,
    private readonly now: () => number = Date.now,
  ) {
    this.privateKey = readKeyFile(settings.privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE', 'private');
    this.alipayPublicKey = readKeyFile(settings.alipayPublicKeyFile, 'ALIPAY_PUBLIC_KEY_FILE', 'public');
  }

  /** A request's parameters with their sign. */
  signedParams(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.settings.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTime(this.now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    params.sign = crypto.sign('sha256', Buffer.from(alipaySignContent(params), 'utf8'), this.privateKey).toString('base64');
    return params;
  }

  private verify(content: string, sign: string): boolean {
    try {
      return crypto.verify('sha256', Buffer.from(content, 'utf8'), this.alipayPublicKey, Buffer.from(sign, 'base64'));
    } catch {
      return false;
    }
  }

  /** One call through the gateway (a urlencoded POST); the answer's sign is checked on its exact text. */
  private async call(method: string, bizContent: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Reply> {
    const params = this.signedParams(method, bizContent, extra);
    let raw: string;
    try {
      const res = await fetch(this.settings.gateway, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      raw = await res.text();
    } catch (error) {
      throw new ProviderError(`alipay ${method} unreachable: ${(error as Error).message}`, { cause: error });
    }
    const node = `${method.replace(/\./g, '_')}_response`;
    const text = responseNodeText(raw, node) ?? responseNodeText(raw, 'error_response');
    let body: Record<string, unknown>;
    let sign: unknown;
    try {
      body = JSON.parse(text ?? 'null') as Record<string, unknown>;
      sign = (JSON.parse(raw) as Record<string, unknown>).sign;
    } catch {
      throw new ProviderError(`alipay ${method}: unreadable answer ${raw.slice(0, 200)}`);
    }
    if (!body || typeof body !== 'object') throw new ProviderError(`alipay ${method}: answer without ${node}`);
    const signed = typeof sign === 'string' && text !== undefined && this.verify(text, sign);
    if (typeof sign === 'string' && !signed) throw new ProviderError(`alipay ${method}: answer refused (bad sign)`);
    return { body, code: String(body.code ?? ''), subCode: String(body.sub_code ?? ''), signed };
  }

  /** The answer when it is a signed success, or a signed "no such trade" when `notExistOk`; a ProviderError otherwise. */
  private expect(method: string, reply: Reply, notExistOk = false): 'ok' | 'not-exist' {
    const ok = reply.code === '10000';
    const notExist = notExistOk && reply.code === '40004' && reply.subCode === TRADE_NOT_EXIST;
    if (!ok && !notExist) {
      throw new ProviderError(`alipay ${method} refused: ${reply.code} ${String(reply.body.msg ?? '')} ${reply.subCode} ${String(reply.body.sub_msg ?? '')}`.trim());
    }
    // Only a signed answer is believed: an unsigned "success" could come from anyone on the path.
    if (!reply.signed) throw new ProviderError(`alipay ${method}: answer refused (unsigned)`);
    return ok ? 'ok' : 'not-exist';
  }

  async start(order: ProviderOrder): Promise<{ codeUrl: string }> {
    if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0) throw new ProviderError(`alipay precreate: invalid amount ${order.amountFen}`);
    const reply = await this.call(
      'alipay.trade.precreate',
      { out_trade_no: order.id, total_amount: fenToYuan(order.amountFen), subject: order.subject.slice(0, 256), time_expire: beijingTime(order.expiresAt) },
      { notify_url: order.notifyUrl },
    );
    this.expect('precreate', reply);
    const qr = reply.body.qr_code;
    if (typeof qr !== 'string' || !qr || reply.body.out_trade_no !== order.id) throw new ProviderError(`alipay precreate of ${order.id}: answer without its qr_code`);
    return { codeUrl: qr };
  }

  async query(orderId: string): Promise<ProviderPayment | undefined> {
    const reply = await this.call('alipay.trade.query', { out_trade_no: orderId });
    // The buyer never scanned the code: Alipay has no trade for it yet.
    if (this.expect('query', reply, true) === 'not-exist') return undefined;
    const t = reply.body;
    if (t.out_trade_no !== orderId) throw new ProviderError(`alipay query of ${orderId}: answer is about another order`);
    const paid = PAID_STATES.has(String(t.trade_status));
    const amountFen = yuanToFen(t.total_amount);
    const tradeNo = typeof t.trade_no === 'string' ? t.trade_no : '';
    if (paid && (amountFen === undefined || !tradeNo)) throw new ProviderError(`alipay query of ${orderId}: malformed total_amount or trade_no`);
    return { orderId, paid, amountFen: amountFen ?? 0, tradeNo };
  }

  async close(orderId: string): Promise<void> {
    const reply = await this.call('alipay.trade.close', { out_trade_no: orderId });
    // No trade means the buyer never scanned: nothing can be paid, so it counts as closed.
    this.expect('close', reply, true);
  }

  /**
   * alipay.trade.refund for the whole amount, out_request_no = our refund id. fund_change "Y":
   * the money went back now; "N" with refund_fee (the trade's refunded total) equal to the amount:
   * a retry of a refund already made. Any other signed success is not a refund we can vouch for.
   */
  async refund(order: RefundOrder, refundId: string, reason: string): Promise<ProviderRefund> {
    if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0) throw new ProviderError(`alipay refund: invalid amount ${order.amountFen}`);
    const reply = await this.call('alipay.trade.refund', {
      out_trade_no: order.id,
      refund_amount: fenToYuan(order.amountFen),
      out_request_no: refundId,
      refund_reason: reason.slice(0, 256),
    });
    this.expect('refund', reply);
    const r = reply.body;
    if (r.out_trade_no !== order.id || (r.trade_no !== undefined && r.trade_no !== order.tradeNo)) {
      throw new ProviderError(`alipay refund of ${order.id}: answer is about another trade`);
    }
    // Alipay names a refund by its trade and our out_request_no; it has no refund id of its own.
    if (r.fund_change === 'Y' || yuanToFen(r.refund_fee) === order.amountFen) return { state: 'success', refundNo: refundId };
    throw new ProviderError(`alipay refund of ${order.id}: not confirmed (fund_change ${String(r.fund_change)}, refund_fee ${String(r.refund_fee)})`);
  }

  async verifyNotify({ form }: NotifyRequest): Promise<ProviderPayment> {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      // Repeated or nested parameters are not something Alipay sends.
      if (typeof value !== 'string') throw new NotifyRefused(`${PAY_MESSAGES.notifyInvalid} (parameter ${key})`);
      params[key] = value;
    }
    const refuse = (reason: string) => new NotifyRefused(`${PAY_MESSAGES.notifyInvalid} (${reason})`);
    if (params.sign_type !== 'RSA2' || !params.sign) throw refuse('unsigned');
    if (!this.verify(alipaySignContent(params, ['sign', 'sign_type']), params.sign)) throw refuse('bad sign');
    if (params.app_id !== this.settings.appId) throw refuse('another app');
    // A genuine notify sent again later (a replay) carries its old notify_time.
    const sentAt = parseBeijingTime(params.notify_time);
    if (sentAt === undefined) throw refuse('notify_time');
    const age = this.now() - sentAt;
    if (!(age >= -MAX_CLOCK_AHEAD_MS && age <= NOTIFY_MAX_AGE_MS)) throw new NotifyRefused(PAY_MESSAGES.notifyExpired);
    const orderId = params.out_trade_no;
    const notifyId = params.notify_id;
    if (!orderId || !notifyId || notifyId.length > 128) throw refuse('out_trade_no or notify_id');
    const amountFen = yuanToFen(params.total_amount);
    if (amountFen === undefined || amountFen === 0) throw refuse('total_amount');
    const paid = PAID_STATES.has(params.trade_status ?? '');
    if (paid && !params.trade_no) throw refuse('trade_no');
    return { orderId, paid, amountFen, tradeNo: params.trade_no ?? '', notifyId };
  }

  /**
   * Alipay reads only the body: "success" stops its notifies; anything else makes it send the
   * notify again later (4m, 10m, 10m, 1h, 2h, 6h, 15h). The status stays 200 either way, as its
   * documentation shows; a refusal says "fail" and is in our log with its reason.
   */
  answer(accepted: boolean): NotifyAnswer {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
}
