// What the visitor reads when the day's free uses of a tool are gone (402), and what to do next.
export const USAGE_MESSAGES = {
  guestUsedUp: (userDaily: number) => `今日免费次数已用完，登录后每天可免费使用${userDaily}次，开通会员不限次数`,
  userUsedUp: '今日免费次数已用完，开通会员即可不限次数使用',
} as const;
