// The finished task: each output with its download link, the zip of all of them, when the files
// are deleted, and the ways on (start over, delete now).
import { useState } from 'react';
import { formatFileSize } from '../../../shared/format';
import { deleteById, type TaskView } from '../../api/tasks';
import { toast } from '../../components/toast/toast-store';
import { FileIdentity } from './FileIdentity';

/** "14:32" today, "11月23日 14:32" another day, in the visitor's own time zone. */
export function deletionTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === now.toDateString() ? time : `${at.getMonth() + 1}月${at.getDate()}日 ${time}`;
}

/** "节省 63%", or that nothing smaller came out. */
export function savingText(before: number, after: number): string {
  if (before <= 0 || after >= before) return '已是最小体积';
  return `节省 ${Math.max(1, Math.round((1 - after / before) * 100))}%`;
}

/**
 * `inputSizes`: the uploads' sizes in order, when the result should show how much was saved.
 * `onFinishAll`: a try-out's partial result (the first pages) offers the membership that finishes it.
 */
export function ResultPanel({ task, inputSizes, onRestart, onFinishAll }: { task: TaskView; inputSizes?: readonly number[]; onRestart(): void; onFinishAll?(): void }) {
  const [deleting, setDeleting] = useState(false);
  const when = deletionTime(task.expiresAt);
  const several = task.files.length > 1;
  const removeNow = async () => {
    setDeleting(true);
    try {
      await deleteById(task.taskId);
      toast.success('文件已从服务器删除');
      onRestart();
    } catch {
      setDeleting(false);
    }
  };
  const perFile = inputSizes && inputSizes.length === task.files.length;
  const before = inputSizes?.reduce((sum, size) => sum + size, 0) ?? 0;
  const after = task.files.reduce((sum, file) => sum + file.size, 0);
  return (
    <section className="result" aria-label="处理结果">
      <header className="result-head">
        <span className="result-check" aria-hidden="true" />
        <div>
          <h2>处理完成</h2>
          <p>共 {task.files.length} 个文件</p>
        </div>
      </header>
      {!task.partial && task.msg && (
        <p className="result-note" role="status">
          {task.msg}
        </p>
      )}
      {task.partial && (
        <div className="result-partial" role="status">
          <p>
            <strong>试用结果</strong>
            {task.msg || '试用仅转换了部分内容，开通会员即可转换全部内容'}
          </p>
          {onFinishAll && (
            <button type="button" className="btn btn-primary btn-finish-all" onClick={onFinishAll}>
              开通会员，转换全部页面
            </button>
          )}
        </div>
      )}
      {inputSizes && (
        <p className="result-saving" role="status">
          原文件 {formatFileSize(before)} → 处理后 {formatFileSize(after)}，<strong>{savingText(before, after)}</strong>
        </p>
      )}
      <ul className="result-files">
        {task.files.map((file, index) => (
          <li key={file.url} className="result-file">
            <FileIdentity name={file.name}>
              <span className="file-meta">
                {perFile ? `${formatFileSize(inputSizes[index]!)} → ${formatFileSize(file.size)}（${savingText(inputSizes[index]!, file.size)}）` : formatFileSize(file.size)}
              </span>
            </FileIdentity>
            <a className={`btn ${several ? 'btn-outline' : 'btn-primary'} btn-download`} href={file.url} download={file.name}>
              下载
            </a>
          </li>
        ))}
      </ul>
      <div className="panel-actions">
        {several && task.zipUrl && (
          <a className="btn btn-primary btn-large btn-start" href={task.zipUrl} download>
            全部下载 (ZIP)
          </a>
        )}
        {task.tool === 'pdf-scan' && (
          <a className="btn btn-primary btn-large btn-start" href={`/Scan/?taskId=${encodeURIComponent(task.taskId)}`}>
            查看检测报告
          </a>
        )}
        <button type="button" className="btn btn-ghost btn-restart" onClick={onRestart}>
          重新开始
        </button>
      </div>
      <p className="retention-note">
        {when ? `为保护隐私，文件将于 ${when} 自动删除` : '为保护隐私，文件将在保存期限后自动删除'}，请及时下载。
        <button type="button" className="link-btn" disabled={deleting} onClick={removeNow}>
          立即删除
        </button>
      </p>
    </section>
  );
}
