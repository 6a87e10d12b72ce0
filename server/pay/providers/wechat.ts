// WeChat Pay API v3, Native payments. (Placeholder until the provider lands: refuses every call.)
import type { PayConfig } from '../../config';
import { NotifyRefused, ProviderError, type NotifyAnswer, type PaymentProvider, type ProviderPayment } from '../provider';

export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  constructor(readonly settings: NonNullable<PayConfig['wechat']>) {}
  async start(): Promise<{ codeUrl: string }> { throw new ProviderError('not implemented'); }
  async query(): Promise<ProviderPayment | undefined> { throw new ProviderError('not implemented'); }
  async close(): Promise<void> { throw new ProviderError('not implemented'); }
  async verifyNotify(): Promise<ProviderPayment> { throw new NotifyRefused('not implemented'); }
  answer(accepted: boolean): NotifyAnswer { return { status: accepted ? 200 : 400, contentType: 'application/json', body: '{}' }; }
}
