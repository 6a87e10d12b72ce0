// /myintegral/: the balance, then every points record newest first (what it was for, the points
// gained or spent, when), with the SPEC §9 pager, and an empty state that leads to the tasks.
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../account/session';
import { getIntegralRecord, getUserVipIntegral } from '../../api/points';
import { EmptyState } from '../../components/EmptyState';
import { formatDayTime } from '../../components/pay/dates';
import type { PointsRecordPage, UserVipIntegral } from '../../../shared/points';
import { Pager, usePaging } from '../account/Pager';
import { BalanceCard } from './BalanceCard';
import { LoadFailed } from '../../components/LoadFailed';

export function IntegralRecords() {
  const { checked, user } = useCurrentUser();
  const [summary, setSummary] = useState<UserVipIntegral>();
  const [records, setRecords] = useState<PointsRecordPage>();
  const [failed, setFailed] = useState(false);
  const { page, size, setPage, setSize } = usePaging();

  const load = useCallback((wanted: number, pageSize: number) => {
    setFailed(false);
    getIntegralRecord(wanted, pageSize)
      .then(setRecords)
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (user) getUserVipIntegral().then(setSummary, () => setFailed(true));
  }, [user]);
  useEffect(() => {
    if (user) load(page, size);
  }, [user, page, size, load]);

  if (checked && !user) return null;
  return (
    <>
      <BalanceCard balance={summary}>
        <a className="btn points-earn" href="/task/">
          {summary && !summary.signedToday ? '去签到' : '赚积分'}
        </a>
      </BalanceCard>
      <section className="points-section points-records" aria-labelledby="records-heading">
        <h2 id="records-heading">积分明细</h2>
        {failed ? (
          <LoadFailed what="积分记录" onRetry={() => load(page, size)} />
        ) : !records ? (
          <p className="records-note">正在加载积分记录…</p>
        ) : records.total === 0 ? (
          <EmptyState title="暂无积分记录" text="每日签到、首次转换和开通会员都能获得积分。" action={{ to: '/task/', label: '去做任务' }} />
        ) : (
          <>
            <div className="points-table">
              <div className="points-row points-row-head" aria-hidden="true">
                <span>积分来源</span>
                <span>时间</span>
                <span>积分变动</span>
              </div>
              <ul className="points-record-list">
                {records.list.map((record) => (
                  <li key={record.id} className="points-row" data-record={record.taskType}>
                    <span className="points-record-title">{record.title}</span>
                    <time className="points-record-time" dateTime={new Date(record.createTime).toISOString()}>
                      {formatDayTime(record.createTime)}
                    </time>
                    <span className={`points-record-points ${record.points < 0 ? 'is-spent' : 'is-earned'}`}>
                      {record.points > 0 ? `+${record.points}` : record.points}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <Pager
              label="积分记录分页"
              page={page}
              size={size}
              total={records.total}
              onPage={setPage}
              onSize={setSize}
            />
          </>
        )}
      </section>
    </>
  );
}
