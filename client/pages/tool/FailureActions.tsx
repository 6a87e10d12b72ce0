// What a failed run offers, by why it failed (the task's code, shared/task-api.ts): a locked PDF
// asks for its password right here (when the tool takes one) and points to PDF解密; a damaged or
// unsupported file asks for another file; only what a second try can fix gets 重试.
import { useId, type FormEvent } from 'react';
import type { FailureCode } from '../../../shared/task-api';

interface FailureActionsProps {
  toolId: string;
  code?: FailureCode;
  /** The tool sends a `password` option (tool-options.ts), so the run can go on with one. */
  takesPassword: boolean;
  password: string;
  onPassword(value: string): void;
  retry(): void;
  chooseAgain(): void;
}

const UNLOCK_PATH = '/pdf-unlock/';

export function FailureActions({ toolId, code, takesPassword, password, onPassword, retry, chooseAgain }: FailureActionsProps) {
  const id = useId();
  const locked = code === 'encrypted' || code === 'wrongPassword';
  const unlockLink = toolId !== 'pdf-unlock' && (
    <a className="btn btn-primary btn-large" href={UNLOCK_PATH}>
      去解密
    </a>
  );

  if (locked && takesPassword) {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      if (password !== '') retry();
    };
    return (
      <form className="password-prompt" onSubmit={onSubmit}>
        <label className="option-label" htmlFor={`${id}-pw`}>
          {code === 'wrongPassword' ? '请重新输入打开密码' : '该PDF设有打开密码，输入密码即可继续'}
        </label>
        <div className="password-prompt-row">
          <input
            id={`${id}-pw`}
            className="option-input"
            type="password"
            autoComplete="off"
            autoFocus
            maxLength={128}
            placeholder="输入PDF打开密码"
            value={password}
            onChange={(event) => onPassword(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={password === ''}>
            输入密码后继续
          </button>
        </div>
        <p className="password-prompt-more">
          不知道密码？{toolId !== 'pdf-unlock' && <a href={UNLOCK_PATH}>去解密</a>}
          {toolId !== 'pdf-unlock' && ' 或 '}
          <button type="button" className="link-button" onClick={chooseAgain}>
            重新选择文件
          </button>
        </p>
      </form>
    );
  }

  if (locked || code === 'corrupt' || code === 'unsupported') {
    return (
      <div className="panel-actions">
        {locked && unlockLink}
        <button type="button" className={locked ? 'btn btn-outline btn-large' : 'btn btn-primary btn-large'} onClick={chooseAgain}>
          重新选择文件
        </button>
      </div>
    );
  }

  return (
    <div className="panel-actions">
      <button type="button" className="btn btn-primary btn-large btn-start" onClick={retry}>
        重试
      </button>
      <button type="button" className="btn btn-ghost" onClick={chooseAgain}>
        重新开始
      </button>
    </div>
  );
}
