// Every Chinese message of the account service.
export const ACCOUNT_MESSAGES = {
  invalidMobile: '请输入正确的手机号码',
  sendTooSoon: '验证码发送过于频繁，请1分钟后再试',
  sendDailyLimit: '今日获取验证码次数已达上限，请明天再试',
  smsFailed: '短信发送失败，请稍后再试',
  codeMissing: '请输入6位数字验证码',
  codeWrong: '验证码错误，请重新输入',
  codeExpired: '验证码已过期，请重新获取',
  codeUsed: '验证码已使用，请重新获取',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  passwordWrong: '手机号或密码错误',
  passwordNotSet: '该账号尚未设置密码，请使用验证码登录',
  passwordWeak: '密码需为8-64位，且同时包含字母和数字',
  loginThrottled: '登录尝试过于频繁，请15分钟后再试',
  notLoggedIn: '未登录或登录已过期，请重新登录',
  sessionEnded: '登录状态已失效，请重新登录',
} as const;
