// The finished task: each output with a picture of it (first page of a PDF or an office document,
// the image itself) and its download link, before and after for an image, the zip of all of them,
// when the files are deleted, and the ways on (继续处理 in another tool, start over, delete now).
import { useEffect, useState } from 'react';
import { formatFileSize } from '../../../shared/format';
import { deleteById, resultPreview, type ResultPreview, type TaskView } from '../../api/tasks';
import { toast } from '../../components/toast/toast-store';
import { useSiteConfig } from '../../routing/site-config';
import type { ChosenFile, Tier } from './file-checks';
import { FileIdentity, FileTypeBadge } from './FileIdentity';
import { followOnHref, followOnTools } from './follow-on';
import { useLocalImage } from './local-image';

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

type Picture = ResultPreview['files'][number];

/** The pictures of the result files by index, once the server has them (nothing shown until then, or if it cannot). */
function useResultPictures(taskId: string): ReadonlyMap<number, Picture> {
  const [pictures, setPictures] = useState<ReadonlyMap<number, Picture>>(new Map());
  useEffect(() => {
    let live = true;
    void resultPreview(taskId).then((preview) => {
      if (live && preview) setPictures(new Map(preview.files.map((f) => [f.index, f])));
    });
    return () => {
      live = false;
    };
  }, [taskId]);
  return pictures;
}

function ResultPicture({ name, picture }: { name: string; picture: Picture | undefined }) {
  if (!picture?.url) return <FileTypeBadge name={name} />;
  return (
    <span className={`file-thumb is-result${picture.kind === 'image' ? ' is-image' : ''}`}>
      <img src={picture.url} alt={picture.kind === 'page' ? `${name} 第 1 页预览` : `${name} 预览`} loading="lazy" />
    </span>
  );
}

/** An image tool's one file: the original and the result side by side, with their sizes. */
function BeforeAfter({ before, after, sizes }: { before: string; after: string; sizes: [number, number] }) {
  return (
    <div className="before-after" role="group" aria-label="处理前后对比">
      <figure>
        <img src={before} alt="原图" />
        <figcaption>
          原图 <strong>{formatFileSize(sizes[0])}</strong>
        </figcaption>
      </figure>
      <figure>
        <img src={after} alt="处理后" />
        <figcaption>
          处理后 <strong>{formatFileSize(sizes[1])}</strong>
        </figcaption>
      </figure>
    </div>
  );
}

function FollowOn({ task, tier }: { task: TaskView; tier: Tier }) {
  const { unavailableTools } = useSiteConfig();
  const tools = followOnTools(task.tool, task.files.map((f) => f.name), tier, unavailableTools);
  if (tools.length === 0 || task.partial) return undefined;
  return (
    <nav className="follow-on" aria-label="继续处理">
      <h3>继续处理</h3>
      <p>结果直接交给下一个工具，无需下载再上传</p>
      <ul>
        {tools.map((tool) => (
          <li key={tool.id}>
            <a className="btn btn-outline follow-on-link" href={followOnHref(tool, task.taskId)}>
              {tool.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface ResultPanelProps {
  task: TaskView;
  /** The run's files in order (the visitor's own, or a carried result). */
  inputs: readonly ChosenFile[];
  /** Compression tools: how much smaller the results came out. */
  showSaving: boolean;
  tier: Tier;
  onRestart(): void;
  /** A try-out's partial result (the first pages) offers the membership that finishes it. */
  onFinishAll?(): void;
}

export function ResultPanel({ task, inputs, showSaving, tier, onRestart, onFinishAll }: ResultPanelProps) {
  const [deleting, setDeleting] = useState(false);
  const pictures = useResultPictures(task.taskId);
  const inputSizes = showSaving ? inputs.map((f) => f.size) : undefined;
  const single = task.files.length === 1 && inputs.length === 1;
  const original = useLocalImage(single ? inputs[0]!.file : undefined);
  const made = pictures.get(0);
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
      {original && made?.kind === 'image' && made.url && <BeforeAfter before={original} after={made.url} sizes={[inputs[0]!.size, task.files[0]!.size]} />}
      <ul className="result-files">
        {task.files.map((file, index) => (
          <li key={file.url} className="result-file">
            <FileIdentity name={file.name} picture={<ResultPicture name={file.name} picture={pictures.get(index)} />}>
              <span className="file-meta">
                {perFile ? `${formatFileSize(inputSizes[index]!)} → ${formatFileSize(file.size)}（${savingText(inputSizes[index]!, file.size)}）` : formatFileSize(file.size)}
                {pictures.get(index)?.pageCount !== undefined && <span className="file-pages">共 {pictures.get(index)!.pageCount} 页</span>}
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
      <FollowOn task={task} tier={tier} />
      <p className="retention-note">
        {when ? `为保护隐私，文件将于 ${when} 自动删除` : '为保护隐私，文件将在保存期限后自动删除'}，请及时下载。
        <button type="button" className="link-btn" disabled={deleting} onClick={removeNow}>
          立即删除
        </button>
      </p>
    </section>
  );
}
