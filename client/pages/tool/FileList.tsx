// The chosen files: name, size, remove, and order (up/down buttons; drag a row with the mouse).
// While uploading, each row shows how much of that file has been sent. Page tools show each
// file's first page and page count once it is staged (staging.ts), or why it could not be; an
// image shows itself.
import { useState, type DragEvent } from 'react';
import { formatFileSize } from '../../../shared/format';
import type { ChosenFile } from './file-checks';
import { FileIdentity, FileTypeBadge } from './FileIdentity';
import { useLocalImage } from './local-image';
import { ProgressBar } from './ProgressBar';
import type { Stage } from './staging';

const ROW_TYPE = 'application/x-tool-file-row';

interface FileListProps {
  files: readonly ChosenFile[];
  /** Order matters (merge): show the order controls. */
  ordered: boolean;
  /** Bytes sent per file while uploading. */
  sent?: readonly number[];
  locked: boolean;
  /** Page tools: each file's staging (thumbnail and page count). */
  stages?: Readonly<Record<string, Stage>>;
  onRemove(index: number): void;
  onMove(from: number, to: number): void;
}

/** What a staged file's row says under its name: its page count, or how far its staging is. */
function stageText(stage: Stage | undefined): { text: string; bad?: boolean; pages?: boolean } | undefined {
  if (!stage) return { text: '等待上传' };
  if (stage.status === 'uploading') return { text: `上传中 ${stage.percent}%` };
  if (stage.status === 'rendering') return { text: '正在生成预览…' };
  if (stage.status === 'failed') return { text: stage.message ?? '预览生成失败', bad: true };
  return stage.pageCount ? { text: `共 ${stage.pageCount} 页`, pages: true } : undefined;
}

function StagePicture({ name, stage }: { name: string; stage: Stage | undefined }) {
  const first = stage?.status === 'ready' ? stage.pages[0] : undefined;
  return (
    <span className={`file-thumb${first ? '' : ' is-pending'}${stage?.status === 'failed' ? ' is-failed' : ''}`}>
      {first ? <img src={first.url} alt={`${name} 第 1 页`} draggable={false} /> : <span className="file-thumb-spinner" aria-hidden="true" />}
    </span>
  );
}

/** A carried result's picture, or the visitor's own image (so images to be ordered are told apart by sight). */
function FilePicture({ file }: { file: ChosenFile }) {
  const local = useLocalImage(file.file);
  const url = file.pictureUrl ?? local;
  if (!url) return <FileTypeBadge name={file.name} />;
  return (
    <span className="file-thumb">
      <img src={url} alt={`${file.name} 预览`} draggable={false} />
    </span>
  );
}

export function FileList({ files, ordered, sent, locked, stages, onRemove, onMove }: FileListProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const canDrag = ordered && !locked && files.length > 1;

  const isRowDrag = (event: DragEvent) => event.dataTransfer.types.includes(ROW_TYPE);
  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <ol className={`file-list${ordered ? ' is-ordered' : ''}`} aria-label="已选择的文件">
      {files.map((file, index) => {
        const { id } = file;
        const progress = sent ? Math.round(((sent[index] ?? 0) / Math.max(file.size, 1)) * 100) : undefined;
        const staged = stages && stageText(stages[id]);
        const classes = ['file-row', dragFrom === index && 'is-dragging', dropAt === index && dragFrom !== index && (dragFrom! < index ? 'drop-after' : 'drop-before')];
        return (
          <li
            key={id}
            className={classes.filter(Boolean).join(' ')}
            draggable={canDrag}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(ROW_TYPE, String(index));
              setDragFrom(index);
            }}
            onDragOver={(event) => {
              if (!isRowDrag(event)) return;
              event.preventDefault();
              event.stopPropagation();
              event.dataTransfer.dropEffect = 'move';
              if (dropAt !== index) setDropAt(index);
            }}
            onDrop={(event) => {
              if (!isRowDrag(event)) return;
              event.preventDefault();
              event.stopPropagation();
              const from = Number(event.dataTransfer.getData(ROW_TYPE));
              if (Number.isInteger(from)) onMove(from, index);
              endDrag();
            }}
            onDragEnd={endDrag}
          >
            {canDrag && <span className="file-grip" aria-hidden="true" title="拖动调整顺序" />}
            {ordered && <span className="file-order">{index + 1}</span>}
            <FileIdentity
              name={file.name}
              picture={
                stages ? (
                  <StagePicture name={file.name} stage={stages[id]} />
                ) : (
                  <FilePicture file={file} />
                )
              }
            >
              <span className="file-meta">
                {formatFileSize(file.size)}
                {!file.file && <span className="file-carried">上一步的结果</span>}
                {staged && <span className={staged.pages ? 'file-pages' : `file-sent${staged.bad ? ' is-bad' : ''}`}>{staged.text}</span>}
                {progress !== undefined && <span className="file-sent">{progress >= 100 ? '已上传' : progress > 0 ? `上传中 ${progress}%` : '等待上传'}</span>}
              </span>
              {progress !== undefined && <ProgressBar value={progress} label={`${file.name} 上传进度`} small />}
              {stages?.[id]?.status === 'uploading' && <ProgressBar value={stages[id]!.percent} label={`${file.name} 上传进度`} small />}
            </FileIdentity>
            {!locked && (
              <span className="file-actions">
                {ordered && files.length > 1 && (
                  <>
                    <button type="button" className="icon-btn" aria-label={`上移 ${file.name}`} title="上移" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`下移 ${file.name}`}
                      title="下移"
                      disabled={index === files.length - 1}
                      onClick={() => onMove(index, index + 1)}
                    >
                      ↓
                    </button>
                  </>
                )}
                <button type="button" className="icon-btn is-remove" aria-label={`移除 ${file.name}`} title="移除" onClick={() => onRemove(index)}>
                  ×
                </button>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
