// The error catalogue of SPEC §8, and the Chinese messages users see from the API.

/** Messages for HTTP statuses, exactly as SPEC §8 lists them. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: '错误请求',
  401: '未授权，请重新登录',
  403: '拒绝访问',
  404: '请求错误,未找到该资源',
  405: '请求方法未允许',
  408: '请求超时',
  500: '服务器端出错',
  501: '网络未实现',
  502: '网络错误',
  503: '服务不可用',
  504: '网络超时',
  505: 'http版本不支持该请求',
};

export const TIMEOUT_MESSAGE = '请求超时,请重试!';
export const NO_RESPONSE_MESSAGE = '连接到服务器失败';
export const IMAGE_LOAD_FAILED = '加载失败';

export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? `连接错误${status}`;
}

/** The generic response envelope of SPEC §7. */
export interface ApiResponse<T = unknown> {
  ret: number;
  msg: string;
  data?: T;
}

export function ok<T>(data: T): ApiResponse<T> {
  return { ret: 0, msg: '', data };
}

export function fail(ret: number, msg: string): ApiResponse<never> {
  return { ret, msg };
}
