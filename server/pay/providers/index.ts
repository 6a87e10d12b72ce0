// Which provider serves each tab of the payment layer: the real one when configured, else the
// sandbox outside production; in production a tab without a real provider takes no payments.
import type { PayConfig } from '../../config';
import type { PayChannel, PaymentProvider } from '../provider';
import { AlipayProvider } from './alipay';
import { SandboxPay } from './sandbox';
import { WechatPayProvider } from './wechat';
import { logger } from '../../log';

export interface PayProviders {
  /** The provider of a tab, or undefined when that tab takes no payments. */
  forChannel(channel: PayChannel): PaymentProvider | undefined;
  /** A provider by the name stored on an order. */
  byName(name: string): PaymentProvider | undefined;
  sandbox?: SandboxPay;
}

export function createPayProviders(options: { pay: PayConfig; production: boolean; secret: string; publicOrigin: string }): PayProviders {
  const wechat = options.pay.wechat ? new WechatPayProvider(options.pay.wechat) : undefined;
  const alipay = options.pay.alipay ? new AlipayProvider(options.pay.alipay) : undefined;
  const sandbox = options.production ? undefined : new SandboxPay(options.secret, options.publicOrigin);
  if (options.production && (!wechat || !alipay)) {
    logger.warn(`pay: ${[!wechat && 'WeChat Pay (WECHATPAY_*)', !alipay && 'Alipay (ALIPAY_*)'].filter(Boolean).join(' and ')} not configured: that tab takes no payments`);
  }
  const all = [wechat, alipay, sandbox].filter((p): p is NonNullable<typeof p> => Boolean(p));
  return {
    forChannel: (channel) => (channel === 'wechat' ? wechat : alipay) ?? sandbox,
    byName: (name) => all.find((p) => p.name === name),
    sandbox,
  };
}
