// Picks the SMS provider the configuration names.
import type { Config } from '../../config';
import { AliyunSms } from './aliyun';
import { DevelopmentSms } from './development';
import type { SmsProvider } from './provider';
import { logger } from '../../log';

export type { SmsProvider } from './provider';
export { SmsSendError } from './provider';

/** The configured provider, or undefined in production when none is configured (sends then answer 503). */
export function createSmsProvider(config: Pick<Config, 'production' | 'sms'>): SmsProvider | undefined {
  if (config.sms) return new AliyunSms(config.sms);
  if (config.production) {
    logger.warn('SMS: no provider configured (SMS_PROVIDER=aliyun and ALIYUN_SMS_*): sign-up and code login are unavailable');
    return undefined;
  }
  return new DevelopmentSms(config.production);
}
