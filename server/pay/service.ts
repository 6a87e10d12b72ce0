// The commerce side in one place for the API: providers, orders, entitlements, and the timer that
// closes orders nobody paid (after asking their provider once more).
import type { Config } from '../config';
import type { Db } from '../db';
import { Coupons } from './coupons';
import { Entitlements } from './entitlements';
import { Orders } from './orders';
import { createPayProviders, type PayProviders } from './providers';
import type { PackUses } from '../usage/allowance';
import { logger } from '../log';

/** The tools whose uses are sold in packs, and the grant kind that pays for them (shared/products.ts). */
const PACK_OF_TOOL: Readonly<Record<string, 'photo'>> = { 'img-background-color': 'photo' };

export class Commerce {
  readonly providers: PayProviders;
  readonly entitlements: Entitlements;
  readonly orders: Orders;
  readonly coupons: Coupons;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    private readonly config: Pick<Config, 'pay' | 'production' | 'publicOrigin'>,
    db: Db,
    secret: string,
  ) {
    this.providers = createPayProviders({ pay: config.pay, production: config.production, secret, publicOrigin: config.publicOrigin });
    this.entitlements = new Entitlements(db);
    this.coupons = new Coupons(db);
    this.orders = new Orders(db, this.providers, this.entitlements, { publicOrigin: config.publicOrigin, orderTimeoutMs: config.pay.orderTimeoutSeconds * 1000 });
  }

  /** Sweeps a few times per order lifetime (at most once a minute), so a closed order shows closed soon after its time. */
  start(): void {
    const every = Math.min(60, Math.max(1, Math.floor(this.config.pay.orderTimeoutSeconds / 3))) * 1000;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.orders
        .sweep()
        .catch((error: unknown) => logger.error({ err: error }, 'pay: sweep failed'))
        .finally(() => (this.sweeping = undefined));
    }, every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** Uses bought in packs, for the daily allowance to fall back on when a tool's free uses are gone. */
  readonly packUses: PackUses = {
    take: async (userId, tool) => {
      const kind = PACK_OF_TOOL[tool];
      return kind ? this.entitlements.consumeOne(userId, kind) : undefined;
    },
    giveBack: (grantId) => this.entitlements.giveBack(grantId),
    takeMinutes: (userId, minutes) => this.entitlements.takeAmount(userId, 'speech', minutes),
    giveBackMinutes: (grantId, minutes) => this.entitlements.giveBackAmount(grantId, minutes),
    minutesLeft: (userId) => this.entitlements.remaining(userId, 'speech'),
  };

  /** The VIP check the login middleware makes on each request: the membership's end, or null. */
  membershipOf = (userId: number): Promise<number | null> => this.entitlements.vipUntil(userId);
}
