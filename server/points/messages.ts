// What the points calls say to people (Chinese).
export const POINTS_MESSAGES = {
  notLoggedIn: '请先登录后再领取积分',
  unknownTask: '任务不存在',
  signedToday: '今天已经签到过了，明天再来吧',
  received: '该任务的积分已领取过',
  noConversion: '完成一次文件转换后才能领取',
  noPayment: '开通会员或购买次数包后才能领取',
  notEnough: '积分不足，无法兑换',
  badPage: '分页参数不正确',
  badReport: '上报参数不正确',
} as const;
