// Aliyun SMS (Dysmsapi SendSms, API version 2017-05-25) with its RPC signature, version 1.0:
// the parameters sorted by name, each name and value percent-encoded per RFC 3986 (space as %20,
// `~` kept), joined as a query; StringToSign = METHOD & enc("/") & enc(query); the signature is
// base64 HMAC-SHA1 under "<AccessKeySecret>&".
import crypto from 'node:crypto';
import { SmsSendError, type SmsProvider } from './provider';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com/ in production; a local stub in tests. */
  endpoint: string;
}

/** RFC 3986 encoding: encodeURIComponent leaves !'()* alone, which Aliyun wants encoded. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function signRpcRequest(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

const REQUEST_TIMEOUT_MS = 10_000;

export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  readonly revealsCode = false;

  constructor(private readonly settings: AliyunSmsSettings) {}

  async send(mobile: string, code: string): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.settings.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signRpcRequest('GET', params, this.settings.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    let answer: { Code?: string; Message?: string };
    try {
      const res = await fetch(`${this.settings.endpoint.replace(/\/?$/, '/')}?${query}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      answer = (await res.json()) as typeof answer;
    } catch (error) {
      throw new SmsSendError('aliyun SendSms unreachable', { cause: error });
    }
    if (answer.Code !== 'OK') throw new SmsSendError(`aliyun SendSms refused: ${answer.Code} ${answer.Message ?? ''}`);
  }
}
