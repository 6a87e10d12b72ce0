// The commerce side in one place for the API: providers, orders, entitlements, and the timer that
// closes orders nobody paid (after asking their provider once more).
import type { Config } from '../config';
import type { Db } from '../db';
import { Entitlements } from './entitlements';
import { Orders } from './orders';
import { createPayProviders, type PayProviders } from './providers';

export class Commerce {
  readonly providers: PayProviders;
  readonly entitlements: Entitlements;
  readonly orders: Orders;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly config: Pick<Config, 'pay' | 'production' | 'publicOrigin'>,
    db: Db,
    secret: string,
  ) {
    this.providers = createPayProviders({ pay: config.pay, production: config.production, secret, publicOrigin: config.publicOrigin });
    this.entitlements = new Entitlements(db);
    this.orders = new Orders(db, this.providers, this.entitlements, { publicOrigin: config.publicOrigin, orderTimeoutMs: config.pay.orderTimeoutSeconds * 1000 });
  }

  /** Sweeps a few times per order lifetime (at most once a minute), so a closed order shows closed soon after its time. */
  start(): void {
    const every = Math.min(60, Math.max(1, Math.floor(this.config.pay.orderTimeoutSeconds / 3))) * 1000;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.orders
        .sweep()
        .catch((error: unknown) => console.error('pay: sweep failed:', (error as Error).message))
        .finally(() => (this.sweeping = undefined));
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** The VIP check the login middleware makes on each request: the membership's end, or null. */
  membershipOf = (userId: number): Promise<number | null> => this.entitlements.vipUntil(userId);
}
