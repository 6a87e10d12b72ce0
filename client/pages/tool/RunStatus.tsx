// The status line of a run (排队中 / 处理中 xx% / 完成 / 失败：msg) with its progress bar; when the
// day's free uses are gone (402), the login / membership prompt, and the payment layer.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useCurrentUser } from '../../account/session';
import { liftsUsedUp } from '../../components/pay/carry-on';
import { loginUrl, paysInOwnWindow, saveResumeNote, usePayLayer } from '../../components/pay';
import { useSiteConfig } from '../../routing/site-config';
import { localFiles, type ChosenFile } from './file-checks';
import { ProgressBar } from './ProgressBar';
import type { RunPhase } from './task-run';

function describe(phase: RunPhase, files: readonly ChosenFile[]): { text: string; progress?: number; tone: 'info' | 'ok' | 'bad' } | null {
  switch (phase.kind) {
    case 'uploading': {
      const total = files.reduce((sum, f) => sum + f.size, 0);
      const sent = phase.sent.reduce((sum, n) => sum + n, 0);
      const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
      return { text: `上传中 ${percent}%`, progress: percent, tone: 'info' };
    }
    case 'previewing':
      return phase.status === 'queued'
        ? { text: '排队中，即将生成预览…', tone: 'info' }
        : { text: `正在生成预览 ${phase.progress}%`, progress: phase.progress, tone: 'info' };
    case 'processing':
      return phase.status === 'queued' ? { text: '排队中…', tone: 'info' } : { text: `处理中 ${phase.progress}%`, progress: phase.progress, tone: 'info' };
    case 'done':
      return { text: '完成', progress: 100, tone: 'ok' };
    case 'failed':
      return { text: `失败：${phase.message}`, tone: 'bad' };
    default:
      return null;
  }
}

/** What the 402 prompt needs to carry the run on after a login or a payment. */
export interface UsedUpRun {
  toolId: string;
  values: Record<string, string>;
  /** Runs the same files again (the panel's 重试). */
  retry(): void;
}

export function RunStatus({ phase, files, run }: { phase: RunPhase; files: readonly ChosenFile[]; run?: UsedUpRun }) {
  const status = describe(phase, files);
  return (
    <div className="run-status" aria-live="polite">
      {status && (
        <>
          <p className={`run-line is-${status.tone}`} role={status.tone === 'bad' ? 'alert' : 'status'}>
            {status.text}
          </p>
          {status.tone === 'info' && <ProgressBar value={status.progress} label="处理进度" />}
        </>
      )}
      {phase.kind === 'failed' && phase.usedUp && <UsedUpPrompt files={files} run={run} />}
    </div>
  );
}

/**
 * The day's free uses are gone: a guest may log in for more, anyone may become a member. The
 * payment layer comes up by itself once; once paid, the same files run again. The links keep their
 * addresses (the login page, the benefits page) for a new tab.
 */
function UsedUpPrompt({ files, run }: { files: readonly ChosenFile[]; run?: UsedUpRun }) {
  const { user } = useCurrentUser();
  const { accountOrigin } = useSiteConfig();
  const openPay = usePayLayer();
  const here = typeof window === 'undefined' ? '' : window.location.href;
  const latest = useRef({ files, run, openPay });
  latest.current = { files, run, openPay };

  const openLayer = () => {
    const { files: chosen, run: current, openPay: open } = latest.current;
    open({
      from: 'tool-402',
      toolId: current?.toolId,
      pending: current && { files: localFiles(chosen), values: current.values },
      onPaid: (product) => {
        if (current && liftsUsedUp(product, current.toolId)) latest.current.run?.retry();
      },
    });
  };

  // The 402 brings the layer up once by itself (not the channel's window: browsers block a window opened without a click).
  useEffect(() => {
    if (!paysInOwnWindow()) openLayer();
  }, []);

  const onVip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openLayer();
  };

  /** The files wait in this browser while the guest logs in, and are back in the panel after. */
  const onLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    const current = latest.current.run;
    if (!current) return;
    event.preventDefault();
    const go = () => window.location.assign(loginUrl());
    void import('../../components/pay/PayLayer')
      .then((layer) => layer.savePendingFiles({ toolId: current.toolId, files: localFiles(files), values: current.values }))
      .then(() => saveResumeNote({ openLayer: false, toolId: current.toolId }))
      .then(go, go);
  };

  return (
    <p className="run-actions">
      {!user && (
        <a className="btn btn-primary" href={`${accountOrigin}/login/?redirect=${encodeURIComponent(here)}`} onClick={onLogin}>
          登录，每天多用几次
        </a>
      )}
      <a className={user ? 'btn btn-primary' : 'btn btn-outline'} href="/xiezai-huodong/" onClick={onVip}>
        开通会员，不限次数
      </a>
    </p>
  );
}
