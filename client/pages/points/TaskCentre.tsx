// /task/: the balance with the day's sign-in, the tasks (daily and newcomer) each with its points
// and state (领取, 去完成, 已领取; 签到 and 已签到 for the sign-in), what points buy, and the rules.
// Receiving updates the balance from the server's answer at once, without another load.
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../account/session';
import { exchangeIntegral, getIntegralDetails, receiveIntegral } from '../../api/points';
import { toast } from '../../components/toast/toast-store';
import { REDEEM_PHOTO, type IntegralDetails, type PointsTaskType, type PointsTaskView } from '../../../shared/points';
import { BalanceCard } from './BalanceCard';
import { TaskIcon } from './TaskIcon';
import { LoadFailed } from '../../components/LoadFailed';

function actionText(task: PointsTaskView): string {
  if (task.state === 'received') return task.daily ? '已签到' : '已领取';
  if (task.state === 'todo') return '去完成';
  return task.daily ? '签到' : '领取';
}

function TaskAction({ task, busy, onReceive }: { task: PointsTaskView; busy: boolean; onReceive(taskType: PointsTaskType): void }) {
  const text = actionText(task);
  if (task.state === 'todo' && task.todoPath) {
    return (
      <a className="btn btn-outline btn-small points-task-action" href={task.todoPath} data-task-action={task.taskType}>
        {text}
      </a>
    );
  }
  const received = task.state === 'received';
  return (
    <button
      type="button"
      className={`btn btn-small points-task-action ${received ? 'is-done' : 'btn-primary'}`}
      disabled={received || busy}
      onClick={() => onReceive(task.taskType)}
      data-task-action={task.taskType}
    >
      {busy ? '领取中…' : text}
    </button>
  );
}

function TaskRow({ task, busy, onReceive }: { task: PointsTaskView; busy: boolean; onReceive(taskType: PointsTaskType): void }) {
  return (
    <li className={`points-task is-${task.state}`} data-task={task.taskType} data-state={task.state}>
      <TaskIcon kind={task.taskType} />
      <div className="points-task-main">
        <p className="points-task-title">
          {task.title}
          <span className="points-task-points">+{task.points} 积分</span>
        </p>
        <p className="points-task-desc">{task.desc}</p>
      </div>
      <TaskAction task={task} busy={busy} onReceive={onReceive} />
    </li>
  );
}

export function TaskCentre() {
  const { checked, user } = useCurrentUser();
  const [details, setDetails] = useState<IntegralDetails>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<PointsTaskType | 'redeem'>();

  const load = useCallback(() => {
    setFailed(false);
    getIntegralDetails()
      .then(setDetails)
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (user) load();
  }, [user, load]);

  const receive = (taskType: PointsTaskType) => {
    setBusy(taskType);
    receiveIntegral(taskType)
      .then((answer) => {
        setDetails((now) =>
          now && {
            ...now,
            balance: answer.balance,
            earned: now.earned + answer.points,
            tasks: now.tasks.map((t) => (t.taskType === taskType ? { ...t, state: 'received', receiveTime: answer.record.createTime } : t)),
          },
        );
        toast.success(`${taskType === 'signIn' ? '签到成功' : '领取成功'}，积分 +${answer.points}`);
      })
      // The refusal was toasted; the states may have moved on (another tab), so they are read again.
      .catch(load)
      .finally(() => setBusy(undefined));
  };

  const redeem = () => {
    setBusy('redeem');
    exchangeIntegral()
      .then((balance) => {
        setDetails((now) => now && { ...now, ...balance });
        toast.success('兑换成功，证件照下载次数 +1');
      })
      .catch(load)
      .finally(() => setBusy(undefined));
  };

  if (checked && !user) return null;
  const signIn = details?.tasks.find((t) => t.taskType === 'signIn');
  const daily = details?.tasks.filter((t) => t.daily) ?? [];
  const once = details?.tasks.filter((t) => !t.daily) ?? [];
  const enough = (details?.balance ?? 0) >= REDEEM_PHOTO.points;
  return (
    <>
      <BalanceCard balance={details}>
        {signIn && (
          <button
            type="button"
            className={`points-signin${signIn.state === 'received' ? ' is-done' : ''}`}
            disabled={signIn.state === 'received' || busy === 'signIn'}
            onClick={() => receive('signIn')}
            data-signin-button=""
          >
            <b>{signIn.state === 'received' ? '已签到' : '签到'}</b>
            <small>{signIn.state === 'received' ? '明天再来' : `+${signIn.points} 积分`}</small>
          </button>
        )}
        <a className="points-card-link" href="/myintegral/">
          积分记录 ›
        </a>
      </BalanceCard>
      {failed ? (
        <LoadFailed what="任务" onRetry={load} className="records-note points-note" />
      ) : !details ? (
        <div className="points-loading" aria-busy="true">
          <p className="records-note">正在加载任务…</p>
        </div>
      ) : (
        <div className="points-grid">
          <div className="points-tasks">
            <section className="points-section" aria-labelledby="daily-heading">
              <h2 id="daily-heading">每日任务</h2>
              <ul className="points-task-list">
                {daily.map((task) => (
                  <TaskRow key={task.taskType} task={task} busy={busy === task.taskType} onReceive={receive} />
                ))}
              </ul>
            </section>
            <section className="points-section" aria-labelledby="once-heading">
              <h2 id="once-heading">新手任务</h2>
              <ul className="points-task-list">
                {once.map((task) => (
                  <TaskRow key={task.taskType} task={task} busy={busy === task.taskType} onReceive={receive} />
                ))}
              </ul>
            </section>
          </div>
          <aside className="points-aside">
            <section className="points-section" aria-labelledby="redeem-heading">
              <h2 id="redeem-heading">积分兑换</h2>
              <div className="points-redeem">
                <TaskIcon kind="redeem" />
                <div className="points-task-main">
                  <p className="points-task-title">证件照下载 1 次</p>
                  <p className="points-task-desc">
                    <b>{REDEEM_PHOTO.points}</b> 积分，兑换后 {REDEEM_PHOTO.validDays} 天内有效
                  </p>
                </div>
                <button type="button" className="btn btn-small btn-primary points-task-action" disabled={!enough || busy === 'redeem'} onClick={redeem}>
                  {enough ? '兑换' : '积分不足'}
                </button>
              </div>
            </section>
            <section className="points-section points-rules" aria-labelledby="rules-heading">
              <h2 id="rules-heading">积分规则</h2>
              <ol>
                <li>每日签到一次，每天 0 点（北京时间）刷新。</li>
                <li>新手任务每个账号只能领取一次，完成后点击“领取”入账。</li>
                <li>支付订单每消费 1 元自动获得 1 积分。</li>
                <li>积分可兑换证件照下载次数，兑换后不可退回。</li>
              </ol>
            </section>
          </aside>
        </div>
      )}
    </>
  );
}
