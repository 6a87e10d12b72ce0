// The logged-in user's conversions on /myOrders/: what was converted when, its state, and the
// result to download again while it is kept; deleting an entry deletes its files.
import { useCallback, useEffect, useState } from 'react';
import { findTool } from '../../../shared/catalogue';
import type { TaskStatus } from '../../../shared/task-api';
import { useCurrentUser } from '../../account/session';
import { getConversionHistory, recordDownloadUrl, type ConversionHistory as History, type ConversionRecord } from '../../api/records';
import { deleteById } from '../../api/tasks';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';

const PAGE_SIZE = 10;
const STATUS_TEXT: Record<TaskStatus, string> = { queued: '排队中', running: '处理中', done: '已完成', failed: '失败', expired: '已过期', cancelled: '已删除' };

function when(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function RecordRow({ record, onDeleted }: { record: ConversionRecord; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const tool = findTool(record.taskName);
  const run = (work: () => Promise<void>) => {
    setBusy(true);
    work()
      .catch(() => undefined) // the shared client has shown the message
      .finally(() => setBusy(false));
  };
  const download = () => run(async () => void (window.location.href = (await recordDownloadUrl(record.taskId)).url));
  const remove = () => {
    if (window.confirm('删除后文件将无法恢复，确定删除这条记录吗？')) run(async () => (await deleteById(record.taskId), onDeleted()));
  };
  return (
    <li className="record" data-task={record.taskId}>
      <div className="record-main">
        <p className="record-title">{tool ? <a href={tool.path}>{record.title}</a> : record.title}</p>
        <p className="record-files" title={record.fileNames.join('、')}>
          {record.fileNames.join('、') || '—'}
        </p>
      </div>
      <time className="record-time" dateTime={record.createdAt}>
        {when(record.createdAt)}
      </time>
      <p className={`record-status is-${record.status}`} title={record.msg || undefined}>
        {STATUS_TEXT[record.status]}
        {record.status === 'failed' && record.msg && <small>{record.msg}</small>}
      </p>
      <div className="record-actions">
        {record.downloadable && (
          <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={download}>
            下载
          </button>
        )}
        <button type="button" className="btn btn-outline btn-small" disabled={busy} onClick={remove}>
          删除
        </button>
      </div>
    </li>
  );
}

export function ConversionHistory() {
  const { checked, user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const [history, setHistory] = useState<History>();
  const [failed, setFailed] = useState(false);
  const load = useCallback((wanted: number) => {
    setFailed(false);
    getConversionHistory(wanted, PAGE_SIZE)
      .then((answer) => {
        // A deletion can empty the last page: show the one before it.
        if (answer.list.length === 0 && wanted > 1) setPage(wanted - 1);
        else setHistory(answer);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (user) load(page);
  }, [user, page, load]);

  if (checked && !user) return null;
  const pages = history ? Math.max(1, Math.ceil(history.total / PAGE_SIZE)) : 1;
  return (
    <section className="records" aria-labelledby="records-heading">
      <header className="records-head">
        <h2 id="records-heading">转换记录</h2>
        <p>保存期内的结果可以再次下载，到期后文件自动删除</p>
      </header>
      {failed ? (
        <LoadFailed what="转换记录" onRetry={() => load(page)} />
      ) : !history ? (
        <p className="records-note">正在加载转换记录…</p>
      ) : history.total === 0 ? (
        <EmptyState title="暂无转换记录" text="登录后转换的文件会显示在这里，保存期内可再次下载。" action={{ to: '/', label: '去转换文件' }} />
      ) : (
        <>
          <ul className="record-list">
            {history.list.map((record) => (
              <RecordRow key={record.taskId} record={record} onDeleted={() => load(page)} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="records-pager" aria-label="转换记录分页">
              <button type="button" className="btn btn-outline btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                上一页
              </button>
              <span>
                第 {page} / {pages} 页
              </span>
              <button type="button" className="btn btn-outline btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                下一页
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
