// The tool's working area: choose or drop files, order them, set the options, run the task with
// upload and task progress, pick pages for two-step tools (or see the ID photo's preview), and
// download the result.
// The server renders the empty state; everything else happens after hydration, in handlers.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { getTryOutDetail } from '../../api/tasks';
import type { Tool } from '../../../shared/catalogue';
import { formatSizeLimit } from '../../../shared/format';
import { acceptList, admitFiles, moveItem, toChosen, type ChosenFile } from './file-checks';
import { tierOfUser, useCurrentUser } from '../../account/session';
import { useResumedRun } from '../../components/pay/use-resumed-run';
import { usePayLayer, useVipState } from '../../components/pay';
import { FailureActions } from './FailureActions';
import { FileList } from './FileList';
import { CropEditor, IdPhotoPicker, IdPhotoPreview, PagePicker, WaveformEditor } from './lazy-views';
import { OptionsForm } from './OptionsForm';
import { ResultPanel } from './ResultPanel';
import { RunStatus } from './RunStatus';
import type { IdPhotoPreviewData } from '../../../shared/id-photo';
import { useSiteConfig } from '../../routing/site-config';
import { useReveal } from './reveal';
import { useTaskRun } from './task-run';
import { activePicking, checkValues, defaultValues, optionsOf, toolSetup, type OptionValues, type PagePicking, type ToolSetup } from './tool-options';


/** 今日免费剩余 N 次, read after the login check and again after each run (the server counts; this only tells). */
function useUsesLeft(toolId: string, loginChecked: boolean, phase: string): string | undefined {
  const [text, setText] = useState<string>();
  const settled = phase === 'idle' || phase === 'done' || phase === 'failed';
  useEffect(() => {
    if (!loginChecked || !settled) return;
    let live = true;
    void getTryOutDetail(toolId).then((detail) => {
      if (!live || !detail) return;
      setText(detail.nowAvailableCount < 0 ? '会员不限次数' : `今日免费剩余 ${detail.nowAvailableCount} 次（每天 ${detail.dailyCount} 次）`);
    });
    return () => {
      live = false;
    };
  }, [toolId, loginChecked, settled]);
  return text;
}

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

export function UploadPanel({ tool }: { tool: Tool }) {
  // The server knows which tools can run here (a converter, and its engines installed).
  const unavailable = useSiteConfig().unavailableTools[tool.id];
  if (unavailable) return <Unavailable tool={tool} reason={unavailable} />;
  return <Workbench tool={tool} setup={toolSetup(tool.id)} />;
}

function Unavailable({ tool, reason }: { tool: Tool; reason: string }) {
  return (
    <div className="upload-panel is-soon">
      <span className="drop-icon is-muted" aria-hidden="true" />
      <h2 className="soon-title">{reason}</h2>
      <p className="upload-hint">{tool.title}暂时无法使用，你可以先试试下方的相关工具。</p>
    </div>
  );
}

function Workbench({ tool, setup }: { tool: Tool; setup: ToolSetup }) {
  const input = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);
  /** The thumbnail step of the run in flight (the options may change while it runs). */
  const picking = useRef<PagePicking | undefined>(undefined);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [values, setValues] = useState(() => defaultValues(setup));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { phase, start, confirm, goOn, reset } = useTaskRun();
  const openPay = usePayLayer();
  const result = useReveal<HTMLDivElement>(phase.kind === 'done');

  // The limits of the visitor's tier once the login is known (guest until then); the server applies the same.
  const login = useCurrentUser();
  // A payment on this page makes the visitor a member before the login is asked again.
  const tier = useVipState().isVip ? 'vip' : tierOfUser(login.user);
  const usesLeft = useUsesLeft(tool.id, login.checked, phase.kind);
  const maxFiles = Math.min(tool.maxFiles[tier], setup.maxFiles ?? Infinity);
  const busy = phase.kind === 'uploading' || phase.kind === 'previewing' || phase.kind === 'processing';
  const editable = phase.kind === 'idle' || phase.kind === 'failed';

  const add = (incoming: readonly File[]) => {
    if (!editable || incoming.length === 0) return;
    const { accepted, problems: refusedNow } = admitFiles(tool, tier, maxFiles, files, incoming);
    setRefused(refusedNow);
    if (accepted.length > 0) setFiles([...files, ...toChosen(accepted)]);
    if (phase.kind === 'failed') reset();
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    add([...(event.target.files ?? [])]);
    // The same file can be chosen again after removing it.
    event.target.value = '';
  };

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!hasFiles(event) || !editable) return;
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = editable ? 'copy' : 'none';
    },
    onDragLeave: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      add([...event.dataTransfer.files]);
    },
  };

  /** Editors send several changes at once and many in a row while dragging: merge into the latest values. */
  const setMany = (changes: OptionValues) => {
    setValues((current) => ({ ...current, ...changes }));
    if (Object.keys(changes).some((name) => problems[name])) {
      setProblems((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in changes))));
    }
  };
  const setValue = (name: string, value: string) => setMany({ [name]: value });

  const onStart = () => {
    if (busy || files.length === 0) return;
    const found = checkValues(setup, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setRefused([]);
    picking.current = activePicking(setup, values);
    start({ taskName: tool.id, files: files.map((f) => f.file), options: optionsOf(setup, values), middle: Boolean(picking.current || setup.preview) });
  };
  // After a payment (the layer's onPaid) the run starts again with the files and options of that moment.
  const latestStart = useRef(onStart);
  latestStart.current = onStart;
  const retry = useCallback(() => latestStart.current(), []);
  // Back from a login the 402 sent a guest to: the kept files return, and the layer if they were buying.
  useResumedRun(
    tool.id,
    (kept, keptValues) => {
      setFiles(toChosen(kept));
      setValues((current) => ({ ...current, ...keptValues }));
    },
    retry,
  );

  // A try-out's first pages: once a membership is paid, the server finishes the same task.
  const finishAll = (taskId: string) =>
    openPay({
      from: 'tool-partial',
      toolId: tool.id,
      pending: { files: files.map((f) => f.file), values },
      onPaid: (product) => {
        if (product.kind === 'vip') goOn(taskId, retry);
      },
    });

  const startOver = () => {
    reset();
    setFiles([]);
    setRefused([]);
    setProblems({});
  };

  const fileInput = (
    <input
      ref={input}
      type="file"
      className="file-input"
      tabIndex={-1}
      aria-hidden="true"
      multiple={maxFiles > 1}
      accept={tool.accept.map((ext) => `.${ext}`).join(',')}
      onChange={onChoose}
    />
  );
  const choose = () => input.current?.click();
  const limits = `单个文件不超过 ${formatSizeLimit(tool.maxFileSize[tier])}${maxFiles > 1 ? `，最多 ${maxFiles} 个` : ''}`;
  const refusedList = refused.length > 0 && (
    <ul className="form-problem" role="alert">
      {refused.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );

  if (phase.kind === 'done') {
    return (
      <div ref={result} className="upload-panel is-working">
        <ResultPanel task={phase.task} inputSizes={setup.showSaving ? files.map((f) => f.file.size) : undefined} onRestart={startOver} onFinishAll={() => finishAll(phase.task.taskId)} />
      </div>
    );
  }

  if (phase.kind === 'picking' && setup.preview && phase.pages[0]) {
    return (
      <div className="upload-panel is-working">
        <IdPhotoPreview
          taskId={phase.taskId}
          image={phase.pages[0].url}
          data={phase.data as unknown as IdPhotoPreviewData}
          values={values}
          options={optionsOf(setup, values)}
          onChange={setMany}
          onCancel={startOver}
        />
      </div>
    );
  }

  if (phase.kind === 'picking' && picking.current) {
    const step = picking.current;
    return (
      <div className="upload-panel is-working">
        <PagePicker
          pages={phase.pages}
          picking={step}
          onCancel={startOver}
          onConfirm={(pages) => confirm(phase.taskId, { ...optionsOf(setup, values), ...step.options(pages, phase.pages.length) })}
        />
      </div>
    );
  }

  if (files.length === 0 && editable) {
    return (
      <div className={`upload-panel${dragging ? ' dragging' : ''}`} {...dropHandlers}>
        {fileInput}
        <span className="drop-icon" aria-hidden="true" />
        <button type="button" className="btn btn-primary btn-large btn-choose" onClick={choose}>
          选择文件
        </button>
        <p className="upload-hint">
          <span className="drag-hint">或将文件拖到此处 · </span>支持 {acceptList(tool)} · {limits}
        </p>
        {usesLeft && <p className="uses-left">{usesLeft}</p>}
        {refusedList}
      </div>
    );
  }

  const canAddMore = editable && files.length < maxFiles;
  return (
    <div className={`upload-panel is-working${dragging ? ' dragging' : ''}`} {...dropHandlers}>
      {fileInput}
      <div className="panel-head">
        <h2>
          已选择 {files.length} 个文件
          {maxFiles > 1 && <small>（最多 {maxFiles} 个）</small>}
        </h2>
        {canAddMore && (
          <button type="button" className="btn btn-outline btn-add" onClick={choose}>
            + 添加文件
          </button>
        )}
      </div>
      {setup.note && <p className="panel-note">{setup.note}</p>}
      <FileList
        files={files}
        ordered={Boolean(setup.ordered)}
        sent={phase.kind === 'uploading' ? phase.sent : busy ? files.map((f) => f.file.size) : undefined}
        locked={!editable}
        onRemove={(index) => {
          setFiles(files.filter((_, i) => i !== index));
          setRefused([]);
        }}
        onMove={(from, to) => setFiles(moveItem(files, from, to))}
      />
      {refusedList}
      {setup.editor && files[0] && <Editor kind={setup.editor} file={files[0].file} values={values} disabled={!editable} onChange={setMany} />}
      <OptionsForm toolId={tool.id} setup={setup} values={values} problems={problems} disabled={!editable} onChange={setValue} />
      <RunStatus phase={phase} files={files} run={{ toolId: tool.id, values, retry }} />
      {phase.kind === 'failed' ? (
        <FailureActions
          toolId={tool.id}
          code={phase.code}
          takesPassword={setup.fields.some((field) => field.name === 'password')}
          password={values.password ?? ''}
          onPassword={(value) => setValue('password', value)}
          retry={onStart}
          chooseAgain={startOver}
        />
      ) : (
        <div className="panel-actions">
          <button type="button" className="btn btn-primary btn-large btn-start" disabled={busy || files.length === 0} aria-busy={busy} onClick={onStart}>
            {busy ? '处理中…' : (activePicking(setup, values)?.start ?? setup.action)}
          </button>
          {phase.kind === 'uploading' && (
            <button type="button" className="btn btn-ghost" onClick={reset}>
              取消上传
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Editor({ kind, ...props }: { kind: NonNullable<ToolSetup['editor']>; file: File; values: OptionValues; disabled: boolean; onChange(changes: OptionValues): void }) {
  if (kind === 'id-photo') return <IdPhotoPicker {...props} />;
  // Keyed by the file: another file starts a fresh editor.
  return kind === 'crop' ? <CropEditor key={fileKey(props.file)} {...props} /> : <WaveformEditor key={fileKey(props.file)} {...props} />;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;
