// The status line of a run (排队中 / 处理中 xx% / 完成 / 失败：msg) with its progress bar.
import { useCurrentUser } from '../../account/session';
import { useSiteConfig } from '../../routing/site-config';
import type { ChosenFile } from './file-checks';
import { ProgressBar } from './ProgressBar';
import type { RunPhase } from './task-run';

function describe(phase: RunPhase, files: readonly ChosenFile[]): { text: string; progress?: number; tone: 'info' | 'ok' | 'bad' } | null {
  switch (phase.kind) {
    case 'uploading': {
      const total = files.reduce((sum, f) => sum + f.file.size, 0);
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

export function RunStatus({ phase, files }: { phase: RunPhase; files: readonly ChosenFile[] }) {
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
      {phase.kind === 'failed' && phase.usedUp && <UsedUpPrompt />}
    </div>
  );
}

/** The day's free uses are gone: a guest may log in for more, anyone may become a member. */
function UsedUpPrompt() {
  const { user } = useCurrentUser();
  const { accountOrigin } = useSiteConfig();
  const here = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <p className="run-actions">
      {!user && (
        <a className="btn btn-primary" href={`${accountOrigin}/login/?redirect=${encodeURIComponent(here)}`}>
          登录，每天多用几次
        </a>
      )}
      <a className={user ? 'btn btn-primary' : 'btn btn-outline'} href="/xiezai-huodong/">
        开通会员，不限次数
      </a>
    </p>
  );
}
