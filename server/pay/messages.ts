// What the payment calls say to people (Chinese), and to providers.
export const PAY_MESSAGES = {
  notLoggedIn: '请先登录后再购买',
  unknownProduct: '商品不存在或已下架',
  unknownChannel: '请选择微信或支付宝支付',
  unavailable: '支付暂不可用，请稍后再试',
  providerFailed: '支付服务暂时不可用，请稍后重试',
  orderNotFound: '订单不存在',
  orderClosed: '订单已关闭，请重新下单',
  orderPaid: '订单已支付',
  couponUnusable: '优惠券不可用或已被使用',
  unknownCoupon: '优惠券不存在',
  couponReceived: '您已领取过该优惠券',
  notifyInvalid: '通知签名无效',
  notifyExpired: '通知已过期',
  amountMismatch: '支付金额与订单不符',
  tooManyOrders: '下单太频繁，请稍后再试',
  confirmExpired: '确认页已过期，请重新扫码',
} as const;
