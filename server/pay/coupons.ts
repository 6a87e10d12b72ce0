// Coupons (SPEC §3, §7): each category received once per user, free; an order for a product of
// its category takes it (orders.ts reserves it, payment uses it, closing gives it back).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { COUPONS } from '../../shared/products';
import { PAY_MESSAGES } from './messages';
import { PayRefusal } from './refusal';

export interface CouponView {
  couponId: string;
  categoryId: string;
  title: string;
  price: number;
  priceFen: number;
  state: 'unused' | 'reserved' | 'used';
  receiveTime: number;
}

function categoryOf(input: unknown) {
  const coupon = COUPONS.find((c) => c.categoryId === input);
  if (!coupon) throw new PayRefusal(400, PAY_MESSAGES.unknownCoupon);
  return coupon;
}

export class Coupons {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async list(userId: number): Promise<CouponView[]> {
    const rows = await this.db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId).orderBy('received_at').execute();
    return rows.map((r) => {
      const coupon = COUPONS.find((c) => c.categoryId === r.category);
      const priceFen = Number(r.price_fen);
      return { couponId: r.id, categoryId: r.category, title: coupon?.title ?? '', price: priceFen / 100, priceFen, state: r.state, receiveTime: Number(r.received_at) };
    });
  }

  /** couponStatus: whether this user may still receive the category's coupon, and theirs if received. */
  async status(userId: number | undefined, categoryInput: unknown) {
    const coupon = categoryOf(categoryInput);
    const mine = userId === undefined ? undefined : (await this.list(userId)).find((c) => c.categoryId === coupon.categoryId);
    return { categoryId: coupon.categoryId, title: coupon.title, price: coupon.priceFen / 100, received: Boolean(mine), canReceive: !mine, coupon: mine ?? null };
  }

  /** receive: once per user and category (the table's unique key settles a double submit). */
  async receive(userId: number, categoryInput: unknown): Promise<CouponView> {
    const coupon = categoryOf(categoryInput);
    const inserted = await this.db
      .insertInto('user_coupons')
      .values({ id: randomUUID(), user_id: userId, category: coupon.categoryId, price_fen: coupon.priceFen, state: 'unused', order_id: null, received_at: this.now() })
      .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new PayRefusal(409, PAY_MESSAGES.couponReceived);
    return (await this.list(userId)).find((c) => c.categoryId === coupon.categoryId)!;
  }
}
