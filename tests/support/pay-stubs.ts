// Local stand-ins for WeChat Pay (API v3) and the Alipay gateway, for tests of the real providers
// (server/pay/providers/wechat.ts, alipay.ts) through the built server. Each stub holds keys made
// at test time, checks our request signatures the way the provider documents it (written here
// from the providers' documentation, independently of the server's signers), signs its answers,
// keeps the orders it was given, and sends signed notifies to an order's notify_url: genuine ones,
// and forged ones (wrong key, old timestamp, amount changed after signing, a different amount
// correctly signed). Both record the queries and closes they were asked for, and an order can be
// paid at the stub without a notify (reconciliation by query). Refunds (WeChat's
// /v3/refund/domestic/refunds, Alipay's alipay.trade.refund) are checked, recorded and answered
// signed; the same refund id asked again refunds once, as the providers document.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** created: precreated, never scanned; scanned: the buyer opened it (Alipay then knows the trade). */
export type StubState = 'created' | 'scanned' | 'paid' | 'closed' | 'refunded';

/** A refund request as the stub received it. */
export interface StubRefund {
  orderId: string;
  /** out_refund_no (WeChat) or out_request_no (Alipay). */
  refundId: string;
  amountFen: number;
  reason: string;
}

export interface StubOrder {
  id: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  /** time_expire exactly as sent. */
  timeExpire: string;
  codeUrl: string;
  state: StubState;
  tradeNo: string;
  /** What the stub received: WeChat's JSON body, or Alipay's parameters with biz_content parsed. */
  request: Record<string, unknown>;
}

export interface NotifyOptions {
  /** Sign with a key the server does not trust. */
  wrongKey?: boolean;
  /** Claim to have been sent this long ago (a replay of an old notify). */
  ageMs?: number;
  /** This amount in fen, correctly signed (what a leaked key or a mixed-up order would carry). */
  amountFen?: number;
  /** Change the amount to this after signing (a tampered body). */
  tamperedAmountFen?: number;
}

export interface Notify {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface NotifyReply {
  status: number;
  contentType: string;
  text: string;
}

/** How the stub signs its answers: as the provider, with an unknown key, or not at all. */
export type AnswerMode = 'genuine' | 'forged' | 'unsigned';

export interface PayStub {
  readonly name: 'wechat' | 'alipay';
  readonly origin: string;
  readonly orders: Map<string, StubOrder>;
  /** Order ids, in the order they were asked about. */
  readonly queries: string[];
  readonly closes: string[];
  /** Every refund request that passed the signature check, in order (repeats included). */
  readonly refunds: StubRefund[];
  /** Why requests were refused (a signature that did not hold, …). */
  readonly refusals: string[];
  answerMode: AnswerMode;
  /** Writes the server's key files into `dir` and answers its environment; `wrongKey` signs with a key the stub does not know. */
  serverEnv(dir: string, options?: { wrongKey?: boolean }): Record<string, string>;
  markScanned(orderId: string): void;
  /** Paid at the provider without any notify being sent. */
  markPaid(orderId: string): void;
  /** A notify for the order; a genuine one (no options) also marks it paid here. */
  notify(orderId: string, options?: NotifyOptions): Notify;
  stop(): Promise<void>;
}

/** Posts a notify to its address, as the provider would. */
export async function deliver(notify: Notify): Promise<NotifyReply> {
  const res = await fetch(notify.url, { method: 'POST', headers: notify.headers, body: notify.body, redirect: 'manual' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

const FIVE_MINUTES = 5 * 60 * 1000;

function keyPair() {
  return crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
}

function pem(key: crypto.KeyObject): string {
  return key.type === 'private' ? (key.export({ type: 'pkcs8', format: 'pem' }) as string) : (key.export({ type: 'spki', format: 'pem' }) as string);
}

function randomDigits(n: number): string {
  let s = '';
  while (s.length < n) s += crypto.randomInt(0, 10);
  return s;
}

function randomAlnum(n: number): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: n }, () => chars[crypto.randomInt(chars.length)]).join('');
}

async function listen(handler: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handler(req, Buffer.concat(chunks), res);
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

// ---------------------------------------------------------------------------------------------
// WeChat Pay API v3

function beijingRfc3339(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** A self-signed certificate for the platform key, made with the openssl CLI; answers it and its serial. */
function selfSignedCertificate(privateKey: crypto.KeyObject): { pem: string; serial: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    fs.writeFileSync(keyFile, pem(privateKey), { mode: 0o600 });
    execFileSync('openssl', ['req', '-x509', '-new', '-key', keyFile, '-subj', '/C=CN/O=Tenpay.com/CN=Tenpay.com Stub Platform', '-days', '2', '-out', certFile], { stdio: 'pipe' });
    const text = fs.readFileSync(certFile, 'utf8');
    return { pem: text, serial: new crypto.X509Certificate(text).serialNumber.toUpperCase() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export class WechatPayStub implements PayStub {
  readonly name = 'wechat' as const;
  readonly orders = new Map<string, StubOrder>();
  readonly queries: string[] = [];
  readonly closes: string[] = [];
  readonly refunds: StubRefund[] = [];
  /** What a refund answers: SUCCESS, or PROCESSING (accepted, money on its way), ABNORMAL, CLOSED. */
  refundStatus: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED' = 'SUCCESS';
  /** WeChat's refund ids by out_refund_no: asking again answers the same refund. */
  private readonly refundIds = new Map<string, string>();
  readonly refusals: string[] = [];
  answerMode: AnswerMode = 'genuine';

  readonly mchId = `19${randomDigits(8)}`;
  readonly appId = `wx${crypto.randomBytes(8).toString('hex')}`;
  readonly merchantSerial = crypto.randomBytes(20).toString('hex').toUpperCase();
  readonly apiV3Key = randomAlnum(32);
  private readonly merchant = keyPair();
  private readonly platform = keyPair();
  private readonly rogue = keyPair();
  private readonly platformFile: { text: string; serial: string };
  private readonly seenNonces = new Set<string>();

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
    platformKeyForm: 'certificate' | 'publicKey',
  ) {
    this.platformFile =
      platformKeyForm === 'certificate'
        ? (({ pem: text, serial }) => ({ text, serial }))(selfSignedCertificate(this.platform.privateKey))
        : { text: pem(this.platform.publicKey), serial: `PUB_KEY_ID_01${randomDigits(30)}` };
  }

  /** `platformKey`: what WECHATPAY_PLATFORM_CERT_FILE holds, an X.509 certificate or the bare "WeChat Pay public key". */
  static async start(options: { platformKey?: 'certificate' | 'publicKey' } = {}): Promise<WechatPayStub> {
    let stub!: WechatPayStub;
    const { server, origin } = await listen((req, body, res) => stub.handle(req, body, res));
    stub = new WechatPayStub(server, origin, options.platformKey ?? 'publicKey');
    return stub;
  }

  serverEnv(dir: string, options: { wrongKey?: boolean } = {}): Record<string, string> {
    const keyFile = path.join(dir, `wechat-apiclient_key${options.wrongKey ? '-wrong' : ''}.pem`);
    const platformFile = path.join(dir, 'wechatpay-platform.pem');
    fs.writeFileSync(keyFile, pem(options.wrongKey ? this.rogue.privateKey : this.merchant.privateKey), { mode: 0o600 });
    fs.writeFileSync(platformFile, this.platformFile.text);
    return {
      WECHATPAY_MCHID: this.mchId,
      WECHATPAY_APPID: this.appId,
      WECHATPAY_SERIAL_NO: this.merchantSerial,
      WECHATPAY_PRIVATE_KEY_FILE: keyFile,
      WECHATPAY_PLATFORM_CERT_FILE: platformFile,
      WECHATPAY_APIV3_KEY: this.apiV3Key,
      WECHATPAY_API_BASE: this.origin,
    };
  }

  /** WeChat Pay's check of a merchant request: schema, mchid, serial, fresh timestamp, unused nonce, signature. */
  private authorizationProblem(req: http.IncomingMessage, body: Buffer): string | undefined {
    const auth = req.headers.authorization ?? '';
    const schema = 'WECHATPAY2-SHA256-RSA2048 ';
    if (!auth.startsWith(schema)) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    const fields: Record<string, string> = {};
    for (const m of auth.slice(schema.length).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2];
    if (fields.mchid !== this.mchId) return `mchid ${fields.mchid}`;
    if (fields.serial_no !== this.merchantSerial) return `serial_no ${fields.serial_no}`;
    if (!/^\d+$/.test(fields.timestamp ?? '') || Math.abs(Date.now() - Number(fields.timestamp) * 1000) > FIVE_MINUTES) return 'timestamp';
    if (!fields.nonce_str || this.seenNonces.has(fields.nonce_str)) return 'nonce_str';
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body.toString('utf8')}\n`;
    const valid = crypto.verify('sha256', Buffer.from(message), this.merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
    if (!valid) return 'signature';
    this.seenNonces.add(fields.nonce_str);
    return undefined;
  }

  /** An answer signed as WeChat Pay signs them (or forged, or unsigned, as told). */
  private reply(res: http.ServerResponse, status: number, body?: Record<string, unknown>): void {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.statusCode = status;
    res.setHeader('Request-ID', crypto.randomUUID());
    if (body !== undefined) res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (this.answerMode !== 'unsigned') {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomAlnum(32);
      const key = this.answerMode === 'forged' ? this.rogue.privateKey : this.platform.privateKey;
      res.setHeader('Wechatpay-Timestamp', timestamp);
      res.setHeader('Wechatpay-Nonce', nonce);
      res.setHeader('Wechatpay-Signature', crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${text}\n`), key).toString('base64'));
      res.setHeader('Wechatpay-Serial', this.platformFile.serial);
    }
    res.end(text);
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    const problem = this.authorizationProblem(req, body);
    if (problem) {
      this.refusals.push(`${req.method} ${url.pathname}: ${problem}`);
      return this.reply(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    let json: Record<string, unknown> = {};
    if (body.length) {
      try {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return this.reply(res, 400, { code: 'PARAM_ERROR', message: '请求体不是JSON' });
      }
    }
    const paramError = (message: string) => this.reply(res, 400, { code: 'PARAM_ERROR', message });

    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const amount = (json.amount ?? {}) as Record<string, unknown>;
      if (json.appid !== this.appId || json.mchid !== this.mchId) return paramError('appid和mchid不匹配');
      if (typeof json.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(json.out_trade_no)) return paramError('out_trade_no');
      if (typeof json.description !== 'string' || !json.description || Buffer.byteLength(json.description) > 127) return paramError('description');
      if (typeof json.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(json.time_expire)) return paramError('time_expire');
      if (typeof json.notify_url !== 'string' || !/^https?:\/\/[^?#]+$/.test(json.notify_url)) return paramError('notify_url');
      if (!Number.isSafeInteger(amount.total) || (amount.total as number) <= 0 || amount.currency !== 'CNY') return paramError('amount');
      const existing = this.orders.get(json.out_trade_no);
      const order: StubOrder = existing ?? {
        id: json.out_trade_no,
        amountFen: amount.total as number,
        subject: json.description,
        notifyUrl: json.notify_url,
        timeExpire: json.time_expire,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomAlnum(7)}`,
        state: 'created',
        tradeNo: `42000${randomDigits(23)}`,
        request: json,
      };
      this.orders.set(order.id, order);
      return this.reply(res, 200, { code_url: order.codeUrl });
    }

    const queryMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && queryMatch) {
      const id = decodeURIComponent(queryMatch[1]);
      this.queries.push(id);
      if (url.searchParams.get('mchid') !== this.mchId) return paramError('mchid');
      const order = this.orders.get(id);
      if (!order) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.reply(res, 200, this.transaction(order, order.state === 'paid' ? order.amountFen : undefined));
    }

    const closeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (req.method === 'POST' && closeMatch) {
      const id = decodeURIComponent(closeMatch[1]);
      this.closes.push(id);
      if (json.mchid !== this.mchId) return paramError('mchid');
      const order = this.orders.get(id);
      if (!order) return this.reply(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (order.state === 'paid') return this.reply(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      order.state = 'closed';
      return this.reply(res, 204);
    }

    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const amount = (json.amount ?? {}) as Record<string, unknown>;
      const id = typeof json.out_trade_no === 'string' ? json.out_trade_no : '';
      const refundId = typeof json.out_refund_no === 'string' ? json.out_refund_no : '';
      if (!/^[0-9A-Za-z_\-|*@]{1,64}$/.test(refundId)) return paramError('out_refund_no');
      if (json.reason !== undefined && (typeof json.reason !== 'string' || [...json.reason].length > 80)) return paramError('reason');
      if (!Number.isSafeInteger(amount.refund) || !Number.isSafeInteger(amount.total) || amount.currency !== 'CNY') return paramError('amount');
      const order = this.orders.get(id);
      if (!order) return this.reply(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      this.refunds.push({ orderId: id, refundId, amountFen: amount.refund as number, reason: String(json.reason ?? '') });
      if (amount.total !== order.amountFen) return paramError('订单金额或退款金额与之前请求不一致，请核实后再试');
      if (amount.refund !== order.amountFen) return paramError('退款金额与订单不符');
      // The same out_refund_no again is the same refund; another one on a refunded order has nothing left to refund.
      let refundNo = this.refundIds.get(refundId);
      if (!refundNo) {
        if (order.state !== 'paid') return this.reply(res, 403, { code: 'NOT_ENOUGH', message: '订单已全额退款' });
        refundNo = `50${randomDigits(27)}`;
        this.refundIds.set(refundId, refundNo);
        order.state = 'refunded';
      }
      return this.reply(res, 200, {
        refund_id: refundNo,
        out_refund_no: refundId,
        transaction_id: order.tradeNo,
        out_trade_no: id,
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        create_time: beijingRfc3339(Date.now()),
        ...(this.refundStatus === 'SUCCESS' ? { success_time: beijingRfc3339(Date.now()) } : {}),
        status: this.refundStatus,
        funds_account: 'AVAILABLE',
        amount: { total: order.amountFen, refund: order.amountFen, payer_total: order.amountFen, payer_refund: order.amountFen, settlement_refund: order.amountFen, settlement_total: order.amountFen, discount_refund: 0, currency: 'CNY', refund_fee: 0 },
      });
    }

    return this.reply(res, 404, { code: 'NOT_FOUND', message: '无此接口' });
  }

  /** The transaction as WeChat Pay describes one (query answer and notify resource). */
  private transaction(order: StubOrder, paidFen: number | undefined): Record<string, unknown> {
    const tradeState = paidFen !== undefined ? 'SUCCESS' : order.state === 'closed' ? 'CLOSED' : 'NOTPAY';
    return {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: order.id,
      trade_type: 'NATIVE',
      trade_state: tradeState,
      trade_state_desc: tradeState === 'SUCCESS' ? '支付成功' : tradeState === 'CLOSED' ? '订单已关闭' : '订单未支付',
      ...(paidFen !== undefined
        ? {
            transaction_id: order.tradeNo,
            bank_type: 'OTHERS',
            attach: '',
            success_time: beijingRfc3339(Date.now()),
            payer: { openid: `o${randomAlnum(27)}` },
            amount: { total: paidFen, payer_total: paidFen, currency: 'CNY', payer_currency: 'CNY' },
          }
        : { amount: { total: order.amountFen, currency: 'CNY' } }),
    };
  }

  private encrypt(plain: string): { ciphertext: string; nonce: string; associated_data: string } {
    const nonce = randomAlnum(12);
    const associated = 'transaction';
    const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { ciphertext: data.toString('base64'), nonce, associated_data: associated };
  }

  private notifyBody(id: string, order: StubOrder, amountFen: number): string {
    return JSON.stringify({
      id,
      create_time: beijingRfc3339(Date.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ...this.encrypt(JSON.stringify(this.transaction(order, amountFen))) },
    });
  }

  notify(orderId: string, options: NotifyOptions = {}): Notify {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`wechat stub: no order ${orderId}`);
    if (Object.keys(options).length === 0) order.state = 'paid';
    const id = crypto.randomUUID();
    const signedBody = this.notifyBody(id, order, options.amountFen ?? order.amountFen);
    const timestamp = String(Math.floor((Date.now() - (options.ageMs ?? 0)) / 1000));
    const nonce = randomAlnum(32);
    const key = options.wrongKey ? this.rogue.privateKey : this.platform.privateKey;
    const signature = crypto.sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${signedBody}\n`), key).toString('base64');
    // A tampered body: the resource re-encrypted with another amount after the signature was made.
    const body = options.tamperedAmountFen === undefined ? signedBody : this.notifyBody(id, order, options.tamperedAmountFen);
    return {
      url: order.notifyUrl,
      headers: {
        'Content-Type': 'application/json',
        'Wechatpay-Timestamp': timestamp,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Signature': signature,
        'Wechatpay-Serial': this.platformFile.serial,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  markScanned(orderId: string): void {
    const order = this.orders.get(orderId);
    if (order && order.state === 'created') order.state = 'scanned';
  }

  markPaid(orderId: string): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`wechat stub: no order ${orderId}`);
    order.state = 'paid';
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}

// ---------------------------------------------------------------------------------------------
// Alipay open platform gateway (RSA2)

function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Alipay's string to sign: parameters sorted by name, the excluded and the empty left out, "k=v" joined by &. */
function alipayContent(params: Record<string, string>, exclude: string[]): string {
  return Object.entries(params)
    .filter(([k, v]) => !exclude.includes(k) && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** Exact yuan ("79.00") to fen, as the stub reads amounts; undefined for anything malformed. */
function stubYuanToFen(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : undefined;
}

function stubFenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export class AlipayStub implements PayStub {
  readonly name = 'alipay' as const;
  readonly orders = new Map<string, StubOrder>();
  readonly queries: string[] = [];
  readonly closes: string[] = [];
  readonly refunds: StubRefund[] = [];
  /** out_request_no of the refunds made, per order. */
  private readonly refundRequests = new Map<string, string>();
  readonly refusals: string[] = [];
  answerMode: AnswerMode = 'genuine';

  readonly appId = `2021${randomDigits(12)}`;
  readonly sellerId = `2088${randomDigits(12)}`;
  private readonly app = keyPair();
  private readonly alipay = keyPair();
  private readonly rogue = keyPair();

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
    private readonly keyForm: 'pem' | 'bare',
  ) {}

  /** `keyForm`: the server's key files as PEM, or as the bare base64 Alipay's key tool writes. */
  static async start(options: { keyForm?: 'pem' | 'bare' } = {}): Promise<AlipayStub> {
    let stub!: AlipayStub;
    const { server, origin } = await listen((req, body, res) => stub.handle(req, body, res));
    stub = new AlipayStub(server, origin, options.keyForm ?? 'pem');
    return stub;
  }

  get gateway(): string {
    return `${this.origin}/gateway.do`;
  }

  private keyText(key: crypto.KeyObject): string {
    if (this.keyForm === 'pem') return pem(key);
    const der = key.type === 'private' ? key.export({ type: 'pkcs8', format: 'der' }) : key.export({ type: 'spki', format: 'der' });
    return der.toString('base64');
  }

  serverEnv(dir: string, options: { wrongKey?: boolean } = {}): Record<string, string> {
    const keyFile = path.join(dir, `alipay-app-private${options.wrongKey ? '-wrong' : ''}.key`);
    const publicFile = path.join(dir, 'alipay-public.key');
    fs.writeFileSync(keyFile, this.keyText(options.wrongKey ? this.rogue.privateKey : this.app.privateKey), { mode: 0o600 });
    fs.writeFileSync(publicFile, this.keyText(this.alipay.publicKey));
    return { ALIPAY_APP_ID: this.appId, ALIPAY_PRIVATE_KEY_FILE: keyFile, ALIPAY_PUBLIC_KEY_FILE: publicFile, ALIPAY_GATEWAY: this.gateway };
  }

  /**
   * An answer as the gateway writes it: {"<method>_response":{…},"sign":"…"}, the sign over the
   * node's exact text. The text escapes "/" as "\/" (as some JSON writers do): a client that
   * re-serialises the parsed node instead of verifying the text it received fails here.
   */
  private reply(res: http.ServerResponse, node: string, content: Record<string, unknown>, signed = true): void {
    const text = JSON.stringify(content).replace(/\//g, '\\/');
    let out = `{"${node}":${text}`;
    if (signed && this.answerMode !== 'unsigned') {
      const key = this.answerMode === 'forged' ? this.rogue.privateKey : this.alipay.privateKey;
      out += `,"sign":"${crypto.sign('sha256', Buffer.from(text, 'utf8'), key).toString('base64')}"`;
    }
    res.setHeader('Content-Type', 'text/html;charset=utf-8');
    res.end(`${out}}`);
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    if (url.pathname !== '/gateway.do') {
      res.statusCode = 404;
      return void res.end('not found');
    }
    // Common parameters may come in the query, the rest in the form body.
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(body.toString('utf8'))) params[k] = v;
    const method = params.method ?? '';
    const node = method ? `${method.replace(/\./g, '_')}_response` : 'error_response';
    const refuse = (reason: string, subCode: string, subMsg: string) => {
      this.refusals.push(`${method}: ${reason}`);
      this.reply(res, node, { code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg }, false);
    };
    if (params.app_id !== this.appId) return refuse('app_id', 'isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') return refuse('sign_type', 'isv.invalid-signature-type', '无效的签名类型');
    if (params.charset !== 'utf-8' || params.format !== 'JSON' || params.version !== '1.0') return refuse('charset/format/version', 'isv.invalid-parameter', '参数无效');
    const sentAt = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '') ? Date.parse(`${params.timestamp.replace(' ', 'T')}+08:00`) : NaN;
    if (!(Math.abs(Date.now() - sentAt) <= FIVE_MINUTES)) return refuse('timestamp', 'isv.invalid-timestamp', '非法的时间戳参数');
    const valid = crypto.verify('sha256', Buffer.from(alipayContent(params, ['sign']), 'utf8'), this.app.publicKey, Buffer.from(params.sign ?? '', 'base64'));
    if (!valid) return refuse('sign', 'isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');

    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return refuse('biz_content', 'isv.invalid-parameter', 'biz_content不是JSON');
    }
    const id = typeof biz.out_trade_no === 'string' ? biz.out_trade_no : '';
    const order = this.orders.get(id);
    const failure = (subCode: string, subMsg: string) => this.reply(res, node, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

    if (method === 'alipay.trade.precreate') {
      const fen = stubYuanToFen(biz.total_amount);
      if (!/^[0-9A-Za-z_]{1,64}$/.test(id)) return failure('ACQ.INVALID_PARAMETER', 'out_trade_no');
      if (fen === undefined || fen < 1 || fen > 10_000_000_000) return failure('ACQ.INVALID_PARAMETER', 'total_amount');
      if (typeof biz.subject !== 'string' || !biz.subject) return failure('ACQ.INVALID_PARAMETER', 'subject');
      if (biz.time_expire !== undefined && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(biz.time_expire))) return failure('ACQ.INVALID_PARAMETER', 'time_expire');
      const created: StubOrder = order ?? {
        id,
        amountFen: fen,
        subject: biz.subject,
        notifyUrl: params.notify_url ?? '',
        timeExpire: String(biz.time_expire ?? ''),
        codeUrl: `https://qr.alipay.com/bax0${randomAlnum(20).toLowerCase()}`,
        state: 'created',
        tradeNo: `2025${randomDigits(24)}`,
        request: { ...params, biz_content: biz },
      };
      this.orders.set(id, created);
      return this.reply(res, node, { code: '10000', msg: 'Success', out_trade_no: id, qr_code: created.codeUrl });
    }

    if (method === 'alipay.trade.query') {
      this.queries.push(id);
      // Alipay knows a precreated trade only once its code was scanned.
      if (!order || order.state === 'created') return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
      const status = order.state === 'paid' ? 'TRADE_SUCCESS' : order.state === 'closed' ? 'TRADE_CLOSED' : 'WAIT_BUYER_PAY';
      return this.reply(res, node, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: 'sta***@stub.com',
        buyer_pay_amount: order.state === 'paid' ? stubFenToYuan(order.amountFen) : '0.00',
        out_trade_no: id,
        point_amount: '0.00',
        receipt_amount: order.state === 'paid' ? stubFenToYuan(order.amountFen) : '0.00',
        total_amount: stubFenToYuan(order.amountFen),
        trade_no: order.tradeNo,
        trade_status: status,
        ...(order.state === 'paid' ? { send_pay_date: beijingTime(Date.now()) } : {}),
      });
    }

    if (method === 'alipay.trade.close') {
      this.closes.push(id);
      if (!order || order.state === 'created') {
        if (order) order.state = 'closed';
        return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
      }
      if (order.state === 'paid') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      order.state = 'closed';
      return this.reply(res, node, { code: '10000', msg: 'Success', out_trade_no: id, trade_no: order.tradeNo });
    }

    if (method === 'alipay.trade.refund') {
      const fen = stubYuanToFen(biz.refund_amount);
      const requestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : '';
      if (fen === undefined || fen < 1) return failure('ACQ.INVALID_PARAMETER', 'refund_amount');
      if (!order || order.state === 'created') return failure('ACQ.TRADE_NOT_EXIST', '交易不存在');
      this.refunds.push({ orderId: id, refundId: requestNo, amountFen: fen, reason: String(biz.refund_reason ?? '') });
      if (order.state !== 'paid' && order.state !== 'refunded') return failure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      const made = this.refundRequests.get(id);
      // The same out_request_no again: no money moves (fund_change N), refund_fee says what was refunded.
      if (made !== undefined && made !== requestNo) return failure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      if (fen !== order.amountFen) return failure('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '撤销或退款金额与订单金额不一致');
      const first = made === undefined;
      this.refundRequests.set(id, requestNo);
      order.state = 'refunded';
      return this.reply(res, node, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: 'sta***@stub.com',
        buyer_user_id: `2088${randomDigits(12)}`,
        fund_change: first ? 'Y' : 'N',
        gmt_refund_pay: beijingTime(Date.now()),
        out_trade_no: id,
        refund_fee: stubFenToYuan(order.amountFen),
        send_back_fee: first ? stubFenToYuan(order.amountFen) : '0.00',
        trade_no: order.tradeNo,
      });
    }

    return this.reply(res, 'error_response', { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' }, false);
  }

  notify(orderId: string, options: NotifyOptions = {}): Notify {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`alipay stub: no order ${orderId}`);
    if (Object.keys(options).length === 0) order.state = 'paid';
    const now = Date.now() - (options.ageMs ?? 0);
    const amount = stubFenToYuan(options.amountFen ?? order.amountFen);
    const params: Record<string, string> = {
      gmt_create: beijingTime(now - 20_000),
      charset: 'utf-8',
      seller_email: 'shop@stub.com',
      subject: order.subject,
      buyer_id: `2088${randomDigits(12)}`,
      invoice_amount: amount,
      notify_id: `2025${randomDigits(10)}${randomAlnum(20).toLowerCase()}`,
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      receipt_amount: amount,
      buyer_pay_amount: amount,
      app_id: this.appId,
      auth_app_id: this.appId,
      sign_type: 'RSA2',
      seller_id: this.sellerId,
      gmt_payment: beijingTime(now - 5_000),
      notify_time: beijingTime(now),
      version: '1.0',
      out_trade_no: order.id,
      total_amount: amount,
      trade_no: order.tradeNo,
      point_amount: '0.00',
    };
    const key = options.wrongKey ? this.rogue.privateKey : this.alipay.privateKey;
    params.sign = crypto.sign('sha256', Buffer.from(alipayContent(params, ['sign', 'sign_type']), 'utf8'), key).toString('base64');
    if (options.tamperedAmountFen !== undefined) params.total_amount = stubFenToYuan(options.tamperedAmountFen);
    return {
      url: order.notifyUrl,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    };
  }

  markScanned(orderId: string): void {
    const order = this.orders.get(orderId);
    if (order && order.state === 'created') order.state = 'scanned';
  }

  markPaid(orderId: string): void {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`alipay stub: no order ${orderId}`);
    order.state = 'paid';
  }

  stop(): Promise<void> {
    return closeServer(this.server);
  }
}
