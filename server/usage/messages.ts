// What the visitor reads when the day's free uses of a tool are gone (402), and what to do next.
export const USAGE_MESSAGES = {
  guestUsedUp: (userDaily: number) => `今日免费次数已用完，登录后每天可免费使用${userDaily}次，开通会员不限次数`,
  userUsedUp: '今日免费次数已用完，开通会员即可不限次数使用',
  speechTooLong: (freeMinutes: number, minutes: number, held: number) =>
    `本次音频约 ${minutes} 分钟，免费试用仅支持 ${freeMinutes} 分钟以内的录音${held > 0 ? `，您剩余的 ${held} 分钟转写时长不足` : ''}；购买语音转写时长或开通会员后即可转写`,
} as const;
