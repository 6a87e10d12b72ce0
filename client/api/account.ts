// The account service's calls (server/account/router.ts): the login page's and SPEC §7's getUserInfo.
import { http } from './http-client';

export interface UserInfo {
  userId: number;
  accountType: 'PERSONAL' | 'COMPANY';
  /** Masked: 138****8000. */
  mobile: string;
  isVip: boolean;
  expireTime365: number | null;
}

export interface LoginAnswer {
  userId: number;
  isNew: boolean;
  hasPassword: boolean;
}

export function sendLoginCode(mobile: string): Promise<{ sent: boolean; devCode?: string }> {
  return http.request('/auth/sms/send', { method: 'POST', json: { mobile } });
}

export function loginWithCode(mobile: string, code: string): Promise<LoginAnswer> {
  return http.request('/auth/login/code', { method: 'POST', json: { mobile, code } });
}

export function loginWithPassword(mobile: string, password: string): Promise<LoginAnswer> {
  return http.request('/auth/login/password', { method: 'POST', json: { mobile, password } });
}

export function setPassword(password: string): Promise<{ hasPassword: boolean }> {
  return http.request('/auth/password', { method: 'POST', json: { password } });
}

export function logout(): Promise<unknown> {
  return http.request('/auth/logout', { method: 'POST' });
}

/** SPEC §7: platform web and a random r; null for a guest. */
export function getUserInfo(): Promise<UserInfo | null> {
  return http.request<UserInfo | null>('/user/getUserInfo', { params: { platform: 'web', r: String(Math.random()) } });
}
