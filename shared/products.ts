// What the site sells (SPEC §3 and §9), in fen: integers only, never floats. The server checks
// every order against this table (server/pay); the pages draw their price cards from it.
//
// Decisions where SPEC is silent (issue 13):
// - Membership product ids are ours (10001, 10006, 10012); SPEC names only the ID-photo pack ids.
// - Every membership is the combined one: each month of it carries 200 minutes of high-precision
//   speech-to-text and 100 translation credits, which expire with that month.
// - The single ID-photo use (20304) is valid a year, like the 3- and 10-use packs.
// - Voice/video packs: ids 302xx; the list price is the "pre-list" price SPEC gives.
// - Postage for a paper invoice is 12 yuan (EMS within the mainland), product 40001.

export type ProductKind = 'vip' | 'photo' | 'speech' | 'postage';
/** The coupon categories (SPEC §3 Coupon): which products a coupon of each may lower. */
export type CouponCategory = 'photoBackground' | 'video2word';

export interface Product {
  productId: number;
  kind: ProductKind;
  title: string;
  desc: string;
  /** What the order costs, in fen. */
  amountFen: number;
  /** The crossed-out list price, in fen. */
  listFen?: number;
  /** Membership: months bought, and months given on top. */
  months?: number;
  bonusMonths?: number;
  /** ID-photo downloads in the pack. */
  uses?: number;
  /** Speech-to-text minutes in the pack. */
  minutes?: number;
  /** How long a pack lasts from payment. */
  validDays?: number;
  /** Order source tag (SPEC §3: payphotoBackground, payvideo2word). */
  orderFrom?: string;
  /** A coupon of this category lowers this product's price. */
  couponCategory?: CouponCategory;
  /** A label under the card. */
  tip?: string;
}

export const SPEECH_MINUTES_PER_VIP_MONTH = 200;
export const TRANSLATIONS_PER_VIP_MONTH = 100;

export const PRODUCTS: readonly Product[] = [
  { productId: 10001, kind: 'vip', title: '1个月会员', desc: '全站工具不限次数', amountFen: 7900, listFen: 8900, months: 1, bonusMonths: 0 },
  { productId: 10006, kind: 'vip', title: '6个月会员', desc: '全站工具不限次数', amountFen: 13800, listFen: 23800, months: 6, bonusMonths: 0 },
  { productId: 10012, kind: 'vip', title: '12个月会员', desc: '全站工具不限次数，加赠1个月', amountFen: 25800, listFen: 33800, months: 12, bonusMonths: 1 },

  { productId: 20304, kind: 'photo', title: '证件照1次', desc: '下载1次高清证件照', amountFen: 300, uses: 1, validDays: 365, orderFrom: 'payphotoBackground', couponCategory: 'photoBackground' },
  { productId: 20302, kind: 'photo', title: '证件照3次', desc: '一年内下载3次', amountFen: 899, uses: 3, validDays: 365, orderFrom: 'payphotoBackground', couponCategory: 'photoBackground', tip: '约¥3.00/次' },
  { productId: 20303, kind: 'photo', title: '证件照10次', desc: '一年内下载10次', amountFen: 1500, uses: 10, validDays: 365, orderFrom: 'payphotoBackground', couponCategory: 'photoBackground', tip: '仅¥1.50/次' },

  { productId: 30200, kind: 'speech', title: '200分钟', desc: '语音/视频转文字，370天有效', amountFen: 2000, listFen: 4000, minutes: 200, validDays: 370, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.1/分钟' },
  { productId: 30600, kind: 'speech', title: '600分钟', desc: '语音/视频转文字，370天有效', amountFen: 5400, listFen: 8400, minutes: 600, validDays: 370, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.09/分钟' },
  { productId: 31800, kind: 'speech', title: '1800分钟', desc: '语音/视频转文字，370天有效', amountFen: 12600, listFen: 18000, minutes: 1800, validDays: 370, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.07/分钟' },
  { productId: 33000, kind: 'speech', title: '3000分钟', desc: '语音/视频转文字，370天有效', amountFen: 19500, listFen: 27000, minutes: 3000, validDays: 370, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.065/分钟' },
  { productId: 30401, kind: 'speech', title: '400分钟日卡', desc: '购买后1天内有效', amountFen: 2500, minutes: 400, validDays: 1, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.06/分钟' },
  { productId: 30807, kind: 'speech', title: '800分钟周卡', desc: '购买后7天内有效', amountFen: 3500, minutes: 800, validDays: 7, orderFrom: 'payvideo2word', couponCategory: 'video2word', tip: '¥0.04/分钟' },

  { productId: 40001, kind: 'postage', title: '纸质发票邮费', desc: 'EMS 寄送纸质发票', amountFen: 1200 },
];

/** The coupons a user may receive once each (SPEC §3, §9): price in fen. */
export const COUPONS: readonly { categoryId: CouponCategory; title: string; priceFen: number }[] = [
  { categoryId: 'photoBackground', title: '证件照立减券', priceFen: 100 },
  { categoryId: 'video2word', title: '转换抵用券', priceFen: 500 },
];

export function productById(productId: unknown): Product | undefined {
  const id = typeof productId === 'string' && /^\d{1,9}$/.test(productId) ? Number(productId) : productId;
  return PRODUCTS.find((p) => p.productId === id);
}

export const MEMBERSHIPS = PRODUCTS.filter((p) => p.kind === 'vip');
export const PHOTO_PACKS = PRODUCTS.filter((p) => p.kind === 'photo');
export const SPEECH_PACKS = PRODUCTS.filter((p) => p.kind === 'speech');

/** 7900 → "79", 899 → "8.99": yuan for display, from integer fen. */
export function yuan(fen: number): string {
  const whole = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}
