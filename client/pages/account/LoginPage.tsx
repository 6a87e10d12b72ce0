// The account service's login page: sign-up and login by SMS code (one step: a new number gets an
// account), login by password, and after a first sign-up an optional password. Comes back to the
// page that sent the visitor here (?redirect=): an address of this site directly, one of a site this
// account service serves through a one-time login grant (server/account/sso.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { isMainlandMobile } from '../../../shared/validators';
import { createIamToken, loginWithCode, loginWithPassword, sendLoginCode, setPassword } from '../../api/account';
import { useSiteConfig } from '../../routing/site-config';
import { safeReturnAddress } from './return-address';
import './login.css';

type Mode = 'code' | 'password';
const RESEND_SECONDS = 60;

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '操作失败，请稍后再试';
}

export default function LoginPage() {
  const { publicOrigin } = useSiteConfig();
  const [mode, setMode] = useState<Mode>('code');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPasswordText] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [devCode, setDevCode] = useState<string>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [askPassword, setAskPassword] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const goBack = async () => {
    const raw = new URLSearchParams(window.location.search).get('redirect');
    const local = safeReturnAddress(raw, publicOrigin, '');
    if (local || !raw) return window.location.assign(local || '/');
    // Another site: it gets a login of its own from a one-time grant; the server refuses sites it does not serve.
    const site = URL.canParse(raw) ? new URL(raw) : undefined;
    if (!site) return window.location.assign('/');
    const { iamToken } = await createIamToken(site.origin).catch(() => ({ iamToken: '' }));
    if (!iamToken) return window.location.assign('/');
    const target = new URL('/iamEmpty/', site.origin);
    target.search = new URLSearchParams({ iamToken, redirect: site.pathname + site.search }).toString();
    window.location.assign(target.href);
  };

  const mobileValid = isMainlandMobile(mobile.replace(/[\s-]/g, ''));

  /** Runs one call with the form busy; a refusal shows as the form's error. */
  async function busyWith(work: () => Promise<void>) {
    setError('');
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const requestCode = () => {
    if (!mobileValid) return setError('请输入正确的手机号码');
    return busyWith(async () => {
      const answer = await sendLoginCode(mobile);
      setCountdown(RESEND_SECONDS);
      setDevCode(answer.devCode);
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mobileValid) return setError('请输入正确的手机号码');
    return busyWith(async () => {
      const answer = mode === 'code' ? await loginWithCode(mobile, code.trim()) : await loginWithPassword(mobile, password);
      if (mode === 'code' && !answer.hasPassword) setAskPassword(true);
      else await goBack();
    });
  };

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    return busyWith(async () => {
      await setPassword(password);
      await goBack();
    });
  };

  if (askPassword) {
    return (
      <div className="login-page">
        <form className="login-card" onSubmit={savePassword} noValidate>
          <h1>设置登录密码</h1>
          <p className="login-sub">设置后可用手机号和密码登录，也可以跳过，继续使用验证码登录。</p>
          <label className="login-field">
            <span>密码</span>
            <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPasswordText(e.target.value)} placeholder="8-64位，包含字母和数字" maxLength={64} />
          </label>
          {error && <p className="login-error" role="alert">{error}</p>}
          <button type="submit" className="btn btn-primary login-submit" disabled={busy}>
            保存密码
          </button>
          <button type="button" className="login-skip" onClick={() => void goBack()}>
            跳过
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className="login-page">
      <a className="login-brand" href="/" aria-label="PDF365 首页">
        <span className="logo-mark">P</span> PDF365
      </a>
      <form className="login-card" onSubmit={submit} noValidate>
        <h1>登录 PDF365</h1>
        <p className="login-sub">未注册的手机号验证后将自动创建账号</p>
        <div className="login-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={mode === 'code'} className={mode === 'code' ? 'is-active' : ''} onClick={() => setMode('code')}>
            验证码登录/注册
          </button>
          <button type="button" role="tab" aria-selected={mode === 'password'} className={mode === 'password' ? 'is-active' : ''} onClick={() => setMode('password')}>
            密码登录
          </button>
        </div>
        <label className="login-field">
          <span>手机号</span>
          <input type="tel" inputMode="numeric" autoComplete="tel" name="mobile" value={mobile} onChange={(e) => setMobile(e.target.value)} placeholder="请输入手机号" maxLength={16} />
        </label>
        {mode === 'code' ? (
          <label className="login-field">
            <span>验证码</span>
            <span className="login-code-row">
              <input inputMode="numeric" autoComplete="one-time-code" name="code" value={code} onChange={(e) => setCode(e.target.value)} placeholder="6位验证码" maxLength={6} />
              <button type="button" className="btn btn-outline login-send" onClick={requestCode} disabled={busy || countdown > 0}>
                {countdown > 0 ? `${countdown}秒后重发` : '获取验证码'}
              </button>
            </span>
          </label>
        ) : (
          <label className="login-field">
            <span>密码</span>
            <input type="password" autoComplete="current-password" name="password" value={password} onChange={(e) => setPasswordText(e.target.value)} placeholder="请输入密码" maxLength={64} />
          </label>
        )}
        {devCode && (
          <p className="login-dev-code" role="status">
            开发环境未接入短信，验证码为 <strong>{devCode}</strong>
          </p>
        )}
        {error && <p className="login-error" role="alert">{error}</p>}
        <button type="submit" className="btn btn-primary login-submit" disabled={busy}>
          {mode === 'code' ? '登录/注册' : '登录'}
        </button>
        <p className="login-terms">登录即表示同意《用户协议》和《隐私政策》，文件在处理完成 2 小时后自动删除。</p>
      </form>
    </div>
  );
}
