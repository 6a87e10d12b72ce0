// Development SMS: the code goes to the server log and back to the page, so the site can be tried
// without an SMS contract. Never in production: anyone could log in as any number.
import type { SmsProvider } from './provider';
import { logger } from '../../log';

export class DevelopmentSms implements SmsProvider {
  readonly name = 'development';
  readonly revealsCode = true;

  constructor(production: boolean) {
    if (production) throw new Error('the development SMS provider is refused when NODE_ENV=production: set SMS_PROVIDER=aliyun and its keys');
  }

  async send(mobile: string, code: string): Promise<void> {
    logger.info(`[sms:development] ${mobile.slice(0, 3)}****${mobile.slice(7)} 验证码 ${code}`);
  }
}
