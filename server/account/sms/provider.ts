// Where SMS codes go. The account service only knows this interface; which provider runs is the
// operator's choice (config.ts: SMS_PROVIDER).
export interface SmsProvider {
  readonly name: string;
  /** Whether the page may show the code itself (the development provider only). */
  readonly revealsCode: boolean;
  /** Sends the code; rejects when the provider refused it. */
  send(mobile: string, code: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
