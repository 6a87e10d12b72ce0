// The account service's calls (server/account/router.ts): the login page's and SPEC §7's getUserInfo.
import { http } from './http-client';
import { jsonp } from './jsonp';

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

/** SPEC §7 bindAccessBd (a form): the Baidu ad click this visitor landed with, bound to the account. */
export function bindAccessBd(bdVid: string, url: string): Promise<{ bound: boolean } | undefined> {
  return http.request('/v2/user/bindAccessBd', { method: 'POST', form: { bd_vid: bdVid, url }, silent: true });
}

// Single sign-on with an account service on another origin (server/account/sso.ts).

/** On the account service: a one-time login for `site`, asked by its login page after the form. */
export function createIamToken(site: string): Promise<{ iamToken: string }> {
  return http.request('/auth/createIamToken', { params: { site } });
}

/** On the site (JSONP, SPEC §7 web_auto_login_v2): the grant becomes this site's login. */
export function redeemIamToken(iamToken: string): Promise<{ ret: number; msg: string }> {
  return jsonp('/web_auto_login_v2', { params: { iamToken } });
}

/** What an account-service check said: only a refusal ends a login; a network failure proves nothing. */
export type LoginCheck = 'ok' | 'refused' | 'unknown';

async function accountServiceCheck(url: string, init: RequestInit): Promise<LoginCheck> {
  try {
    const res = await fetch(url, { ...init, credentials: 'omit', cache: 'no-store' });
    if (res.status === 401 || res.status === 403) return 'refused';
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { code?: number; ret?: number };
    return body.code === 0 || body.ret === 0 ? 'ok' : 'refused';
  } catch {
    return 'unknown';
  }
}

/** SPEC §7 the cross-domain check: query domain and v, the bearer token; code 0 means logged in. */
export function checkCrossDomainLogin(accountOrigin: string, token: string): Promise<LoginCheck> {
  const query = new URLSearchParams({ domain: window.location.host, v: String(Math.random()) });
  return accountServiceCheck(`${accountOrigin}/api/mine/checkCrossDomain?${query}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** SPEC §7 checkAccountLogin: random v, bearer token; code 0 means logged in. */
export function checkAccountLogin(token: string): Promise<LoginCheck> {
  return accountServiceCheck(`/api/mine/checkAccountLogin?v=${Math.random()}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
}

/** SPEC §7 SSO getUserInfoApi (POST, query v): whether the account-service login `fid` names lives. */
export function ssoUserInfo(accountOrigin: string, fid: string): Promise<LoginCheck> {
  return accountServiceCheck(`${accountOrigin}/getUserInfoApi?v=${Math.random()}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fid }),
  });
}
