// The tool's upload area. Choosing or dropping files lists them; conversion is wired to the task
// API by the conversion pipeline.
import { useRef, useState, type DragEvent } from 'react';
import type { Tool } from '../../../shared/catalogue';
import { formatFileSize } from '../../../shared/format';

export function UploadPanel({ tool }: { tool: Tool }) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const accept = tool.accept.map((ext) => `.${ext}`).join(',');
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    setFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      className={`upload-panel${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input ref={input} type="file" hidden multiple={tool.maxFiles.vip > 1} accept={accept} onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      <button type="button" className="btn btn-primary btn-large" onClick={() => input.current?.click()}>
        选择文件
      </button>
      <p className="upload-hint">或将文件拖到此处 · 支持 {tool.accept.length ? tool.accept.join('、').toUpperCase() : '在线编辑'}</p>
      {files.length > 0 && (
        <ul className="upload-files">
          {files.map((f) => (
            <li key={f.name + f.size}>
              <span>{f.name}</span>
              <small>{formatFileSize(f.size)}</small>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
