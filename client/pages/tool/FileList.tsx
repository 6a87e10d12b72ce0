// The chosen files: name, size, remove, and order (up/down buttons; drag a row with the mouse).
// While uploading, each row shows how much of that file has been sent.
import { useState, type DragEvent } from 'react';
import { formatFileSize } from '../../../shared/format';
import type { ChosenFile } from './file-checks';
import { FileIdentity } from './FileIdentity';
import { ProgressBar } from './ProgressBar';

const ROW_TYPE = 'application/x-tool-file-row';

interface FileListProps {
  files: readonly ChosenFile[];
  /** Order matters (merge): show the order controls. */
  ordered: boolean;
  /** Bytes sent per file while uploading. */
  sent?: readonly number[];
  locked: boolean;
  onRemove(index: number): void;
  onMove(from: number, to: number): void;
}

export function FileList({ files, ordered, sent, locked, onRemove, onMove }: FileListProps) {
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
      {files.map(({ id, file }, index) => {
        const progress = sent ? Math.round(((sent[index] ?? 0) / Math.max(file.size, 1)) * 100) : undefined;
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
            <FileIdentity name={file.name}>
              <span className="file-meta">
                {formatFileSize(file.size)}
                {progress !== undefined && <span className="file-sent">{progress >= 100 ? '已上传' : progress > 0 ? `上传中 ${progress}%` : '等待上传'}</span>}
              </span>
              {progress !== undefined && <ProgressBar value={progress} label={`${file.name} 上传进度`} small />}
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
