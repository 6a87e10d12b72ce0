// /iamEmpty/, where the account service on another origin sends the browser after a login
// (server/account/sso.ts): the one-time grant in the address becomes this site's login, then the
// visitor goes back to the page they came from. ?sso=none: the account-service login is gone.
import { useEffect, useState, type ReactNode } from 'react';
import { FID_COOKIE } from '../../../shared/cookies';
import { redeemIamToken } from '../../api/account';
import { clearDocumentCookie } from '../../api/http-client';
import { EmptyState } from '../../components/EmptyState';
import { useSiteConfig } from '../../routing/site-config';
import { safeReturnAddress } from './return-address';

type Step = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'idle' };

/** `done`: what the page shows when there is nothing (more) to do. */
export function SignOnReturn({ done }: { done: ReactNode }) {
  const { publicOrigin, accountOrigin } = useSiteConfig();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const back = safeReturnAddress(query.get('redirect'), publicOrigin);
    const iamToken = query.get('iamToken');
    if (query.get('sso') === 'none') {
      clearDocumentCookie(FID_COOKIE);
      window.location.replace(back);
      return;
    }
    if (!iamToken) return;
    setStep({ kind: 'working' });
    redeemIamToken(iamToken)
      .then((answer) => {
        if (answer.ret === 0) window.location.replace(back);
        else setStep({ kind: 'failed', message: answer.msg });
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: error instanceof Error ? error.message : '登录失败，请重试' }));
  }, [publicOrigin]);

  if (step.kind === 'working') return <p className="center" role="status">正在登录，请稍候…</p>;
  if (step.kind === 'failed') {
    return (
      <div role="alert">
        <EmptyState title="登录未完成" text={step.message} action={{ to: `${accountOrigin}/login/`, label: '重新登录' }} />
      </div>
    );
  }
  return (
    <>
      {done}
      <p className="center">
        <a href="/">返回首页</a>
      </p>
    </>
  );
}
