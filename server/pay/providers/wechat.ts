// WeChat Pay API v3, Native (QR) payments, signed by hand as WeChat Pay documents it:
// - Every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
//   signature="…",timestamp="…",serial_no="…"`, the signature being base64 SHA256withRSA under the
//   merchant's API private key over "METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n" (body "" for GET).
// - Every answer and every notify is signed by WeChat Pay: Wechatpay-Timestamp, -Nonce, -Signature
//   and -Serial headers, the signature over "timestamp\nnonce\nbody\n" under the platform key (a
//   platform certificate, or the newer bare "WeChat Pay public key"). Unsigned or forged answers
//   are refused like network errors; stale or forged notifies are refused before anything is read.
// - A notify's payload is AEAD_AES_256_GCM under the APIv3 key: the nonce is the IV, the
//   associated_data the AAD, and the last 16 bytes of the base64-decoded ciphertext the tag.
// Amounts are integer fen on both sides (amount.total), so nothing is converted.
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

export type WechatPaySettings = NonNullable<PayConfig['wechat']>;

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const REQUEST_TIMEOUT_MS = 10_000;
/** A signed timestamp this far ahead of our clock is still accepted (clock skew). */
const MAX_CLOCK_AHEAD_MS = 60_000;
/** WeChat's limit for `description`, in UTF-8 bytes. */
const DESCRIPTION_MAX_BYTES = 127;

/** The text a merchant request's signature covers. */
export function wechatRequestMessage(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The bytes WeChat Pay's signature on an answer or a notify covers (the body exactly as received). */
export function wechatAnswerMessage(timestamp: string, nonce: string, body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\n')]);
}

/** RFC 3339 in Beijing time, as time_expire wants it: 2025-01-02T03:04:05+08:00. */
export function beijingRfc3339(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** Cuts a description to WeChat's byte limit without splitting a character. */
function description(text: string): string {
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > DESCRIPTION_MAX_BYTES) break;
    out += ch;
  }
  return out || '订单';
}

function readFile(file: string, variable: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`pay: ${variable} (${file || 'unset'}) cannot be read: ${(error as Error).message}`);
  }
}

/** The platform key: an X.509 certificate (its serial is checked on each signature) or a bare public key. */
function platformKeyOf(file: string): { key: crypto.KeyObject; serial?: string } {
  const text = readFile(file, 'WECHATPAY_PLATFORM_CERT_FILE');
  try {
    if (text.includes('BEGIN CERTIFICATE')) {
      const cert = new crypto.X509Certificate(text);
      return { key: cert.publicKey, serial: normalSerial(cert.serialNumber) };
    }
    return { key: crypto.createPublicKey(text) };
  } catch (error) {
    throw new Error(`pay: WECHATPAY_PLATFORM_CERT_FILE (${file}) holds no certificate or public key: ${(error as Error).message}`);
  }
}

/** Serial numbers compare as hex, case and leading zeros aside. */
function normalSerial(serial: string): string {
  return serial.toUpperCase().replace(/^0+(?=.)/, '');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' && value.length > 0 && value.length <= 1024 ? value : undefined;
}

/** A positive integer of fen, as WeChat writes amounts. */
function fenOf(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : undefined;
}

interface Answer {
  status: number;
  text: string;
  json: Record<string, unknown> | undefined;
}

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  private readonly privateKey: crypto.KeyObject;
  private readonly platform: { key: crypto.KeyObject; serial?: string };
  private readonly apiV3Key: Buffer;

  /** Reads the keys now: a misconfigured key file stops the server at start, not at the first payment. */
  constructor(
    readonly settings: WechatPaySettings,
    private readonly now: () => number = Date.now,
  ) {
    const keyText = readFile(settings.privateKeyFile, 'WECHATPAY_PRIVATE_KEY_FILE');
    try {
      this.privateKey = crypto.createPrivateKey(keyText);
    } catch (error) {
      throw new Error(`pay: WECHATPAY_PRIVATE_KEY_FILE (${settings.privateKeyFile}) holds no private key: ${(error as Error).message}`);
    }
    this.platform = platformKeyOf(settings.platformCertFile);
    this.apiV3Key = Buffer.from(settings.apiV3Key, 'utf8');
    if (this.apiV3Key.length !== 32) throw new Error('pay: WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
    if (!settings.appId || !settings.serialNo) throw new Error('pay: WECHATPAY_APPID and WECHATPAY_SERIAL_NO are required with WECHATPAY_MCHID');
  }

  /** The Authorization header of one request. */
  authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.now() / 1000));
    const nonce = crypto.randomBytes(16).toString('hex').toUpperCase();
    const signature = crypto.sign('sha256', Buffer.from(wechatRequestMessage(method, pathAndQuery, timestamp, nonce, body)), this.privateKey).toString('base64');
    const { mchId, serialNo } = this.settings;
    return `${WECHATPAY_AUTH_SCHEMA} mchid="${mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${serialNo}"`;
  }

  /** Checks WeChat Pay's signature over a body; the reason it fails, or undefined when it holds. */
  private signatureProblem(headers: Record<string, string | string[] | undefined>, body: Buffer | string): string | undefined {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial) return 'unsigned';
    if (this.platform.serial && normalSerial(serial) !== this.platform.serial) return `signed by unknown serial ${serial}`;
    let valid = false;
    try {
      valid = crypto.verify('sha256', wechatAnswerMessage(timestamp, nonce, body), this.platform.key, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) return 'bad signature';
    return undefined;
  }

  /** How far a signed timestamp is from now: 'stale' when it falls outside the window. */
  private stale(timestamp: string | undefined): boolean {
    if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return true;
    const age = this.now() - Number(timestamp) * 1000;
    return !(age >= -MAX_CLOCK_AHEAD_MS && age <= NOTIFY_MAX_AGE_MS);
  }

  /** One signed call; the answer's own signature is checked before its body is believed. */
  private async call(method: 'GET' | 'POST', pathAndQuery: string, body?: Record<string, unknown>): Promise<Answer> {
    const url = new URL(this.settings.apiBase + pathAndQuery);
    const text = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: this.authorization(method, url.pathname + url.search, text),
      'User-Agent': 'pdf365-site',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    let raw: Buffer;
    try {
      res = await fetch(url, { method, headers, body: body === undefined ? undefined : text, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      raw = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw new ProviderError(`wechat ${method} ${url.pathname} unreachable: ${(error as Error).message}`, { cause: error });
    }
    const answerHeaders = Object.fromEntries(res.headers);
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      json = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      json = undefined;
    }
    if (res.status >= 200 && res.status < 300) {
      // A success is believed only when WeChat Pay signed it, recently.
      const problem = this.signatureProblem(answerHeaders, raw) ?? (this.stale(header(answerHeaders, 'Wechatpay-Timestamp')) ? 'stale signature' : undefined);
      if (problem) throw new ProviderError(`wechat ${method} ${url.pathname}: answer refused (${problem})`);
    }
    return { status: res.status, text: raw.toString('utf8'), json };
  }

  private failure(what: string, answer: Answer): ProviderError {
    const code = typeof answer.json?.code === 'string' ? answer.json.code : '';
    const message = typeof answer.json?.message === 'string' ? answer.json.message : answer.text.slice(0, 200);
    return new ProviderError(`wechat ${what} refused: HTTP ${answer.status} ${code} ${message}`.trim());
  }

  async start(order: ProviderOrder): Promise<{ codeUrl: string }> {
    if (!fenOf(order.amountFen)) throw new ProviderError(`wechat native: invalid amount ${order.amountFen}`);
    const answer = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.settings.appId,
      mchid: this.settings.mchId,
      description: description(order.subject),
      out_trade_no: order.id,
      time_expire: beijingRfc3339(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    });
    const codeUrl = answer.json?.code_url;
    if (answer.status !== 200 || typeof codeUrl !== 'string' || !codeUrl) throw this.failure('native', answer);
    return { codeUrl };
  }

  async query(orderId: string): Promise<ProviderPayment | undefined> {
    const answer = await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}?mchid=${encodeURIComponent(this.settings.mchId)}`);
    if (answer.status === 404 && answer.json?.code === 'ORDER_NOT_EXIST') return undefined;
    if (answer.status !== 200 || !answer.json) throw this.failure('query', answer);
    const t = answer.json;
    if (t.out_trade_no !== orderId || t.mchid !== this.settings.mchId || t.appid !== this.settings.appId) {
      throw new ProviderError(`wechat query of ${orderId}: answer is about another order or merchant`);
    }
    return this.paymentOf(t, undefined, (reason) => new ProviderError(`wechat query of ${orderId}: ${reason}`));
  }

  async close(orderId: string): Promise<void> {
    const answer = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}/close`, { mchid: this.settings.mchId });
    if (answer.status !== 204 && answer.status !== 200) throw this.failure('close', answer);
  }

  /**
   * POST /v3/refund/domestic/refunds for the whole amount. No notify_url: the answer says all we
   * act on (SUCCESS, or PROCESSING: accepted, the money is on its way back); ABNORMAL (the
   * buyer's account cannot take it) and CLOSED need the merchant platform, so they are refusals.
   */
  async refund(order: RefundOrder, refundId: string, reason: string): Promise<ProviderRefund> {
    if (!fenOf(order.amountFen)) throw new ProviderError(`wechat refund: invalid amount ${order.amountFen}`);
    const answer = await this.call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: order.id,
      out_refund_no: refundId,
      reason: reason.slice(0, 80),
      amount: { refund: order.amountFen, total: order.amountFen, currency: 'CNY' },
    });
    const r = answer.json;
    if (answer.status !== 200 || !r) throw this.failure('refund', answer);
    const amount = (r.amount ?? {}) as Record<string, unknown>;
    if (r.out_trade_no !== order.id || r.out_refund_no !== refundId || amount.refund !== order.amountFen) {
      throw new ProviderError(`wechat refund of ${order.id}: answer is about another refund or amount`);
    }
    const refundNo = typeof r.refund_id === 'string' ? r.refund_id : '';
    if (!refundNo) throw new ProviderError(`wechat refund of ${order.id}: answer without refund_id`);
    if (r.status === 'SUCCESS') return { state: 'success', refundNo };
    if (r.status === 'PROCESSING') return { state: 'processing', refundNo };
    throw new ProviderError(`wechat refund of ${order.id}: status ${String(r.status)}`);
  }

  async verifyNotify({ headers, rawBody }: NotifyRequest): Promise<ProviderPayment> {
    // Signature first (over the exact bytes), then freshness: a replayed old notify is refused
    // even though WeChat Pay really signed it.
    const problem = this.signatureProblem(headers, rawBody);
    if (problem) throw new NotifyRefused(`${PAY_MESSAGES.notifyInvalid} (${problem})`);
    if (this.stale(header(headers, 'Wechatpay-Timestamp'))) throw new NotifyRefused(PAY_MESSAGES.notifyExpired);

    let notify: Record<string, unknown>;
    try {
      notify = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new NotifyRefused(PAY_MESSAGES.notifyInvalid);
    }
    const refuse = (reason: string) => new NotifyRefused(`${PAY_MESSAGES.notifyInvalid} (${reason})`);
    if (!notify || typeof notify !== 'object') throw refuse('not an object');
    const id = notify.id;
    if (typeof id !== 'string' || !id || id.length > 64) throw refuse('no id');
    // Only payments are notified to this address (refunds name their own notify_url).
    if (notify.event_type !== 'TRANSACTION.SUCCESS') throw refuse(`event ${String(notify.event_type)}`);
    const resource = notify.resource as Record<string, unknown> | undefined;
    if (!resource || resource.algorithm !== 'AEAD_AES_256_GCM') throw refuse('resource');
    const transaction = this.decrypt(resource);
    if (!transaction) throw refuse('resource does not decrypt');
    if (transaction.mchid !== this.settings.mchId || transaction.appid !== this.settings.appId) throw refuse('another merchant');
    return { ...this.paymentOf(transaction, id, refuse), notifyId: id };
  }

  /** The transaction a notify carries, or undefined when it does not decrypt under our APIv3 key. */
  private decrypt(resource: Record<string, unknown>): Record<string, unknown> | undefined {
    const { ciphertext, nonce } = resource;
    const associated = resource.associated_data ?? '';
    if (typeof ciphertext !== 'string' || typeof nonce !== 'string' || typeof associated !== 'string') return undefined;
    try {
      const data = Buffer.from(ciphertext, 'base64');
      if (data.length <= 16) return undefined;
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.apiV3Key, Buffer.from(nonce, 'utf8'));
      decipher.setAAD(Buffer.from(associated, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
      const parsed: unknown = JSON.parse(plain.toString('utf8'));
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A transaction (a query's answer or a notify's decrypted resource) as a payment. The amount
   * checked against the order is amount.total, what the order was for: payer_total is lower when
   * a WeChat-side discount paid part of it, and it never exceeds total.
   */
  private paymentOf(t: Record<string, unknown>, notifyId: string | undefined, refuse: (reason: string) => Error): ProviderPayment {
    const orderId = t.out_trade_no;
    if (typeof orderId !== 'string' || !orderId) throw refuse('no out_trade_no');
    const paid = t.trade_state === 'SUCCESS';
    const amount = (t.amount ?? {}) as Record<string, unknown>;
    const total = fenOf(amount.total);
    if (amount.currency !== undefined && amount.currency !== 'CNY') throw refuse(`currency ${String(amount.currency)}`);
    const tradeNo = typeof t.transaction_id === 'string' ? t.transaction_id : '';
    if (paid) {
      if (total === undefined) throw refuse('malformed amount');
      if (amount.payer_total !== undefined && !(Number.isSafeInteger(amount.payer_total) && (amount.payer_total as number) >= 0 && (amount.payer_total as number) <= total)) throw refuse('malformed payer_total');
      if (!tradeNo) throw refuse('no transaction_id');
    }
    return { orderId, paid, amountFen: total ?? 0, tradeNo, ...(notifyId ? { notifyId } : {}) };
  }

  /** WeChat Pay reads only the status: 2xx is received; 4xx/5xx with {code: FAIL} makes it send again. */
  answer(accepted: boolean, message?: string): NotifyAnswer {
    if (accepted) return { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '成功' }) };
    return { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: (message ?? '失败').slice(0, 64) }) };
  }
}
