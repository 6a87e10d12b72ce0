// The tool's working area: choose or drop files, order them, set the options, run the task with
// upload and task progress, see and pick pages for page tools (their files staged at once with
// thumbnails, staging.ts) or the ID photo's preview, and download the result. A result carried
// from another tool (继续处理, `?from=<taskId>`) comes in without being uploaded again.
// The server renders the empty state; everything else happens after hydration, in handlers.
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { getTryOutDetail, moreConvert, moreConvertMiddle, resultPreview, submitResultGroup, taskQuery } from '../../api/tasks';
import type { Tool } from '../../../shared/catalogue';
import { formatFileSize, formatSizeLimit } from '../../../shared/format';
import { acceptList, admitFiles, carriedFiles, localFiles, moveItem, toChosen, type ChosenFile } from './file-checks';
import { tierOfUser, useCurrentUser } from '../../account/session';
import { useResumedRun } from '../../components/pay/use-resumed-run';
import { usePayLayer, useVipState } from '../../components/pay';
import { FailureActions } from './FailureActions';
import { FileList } from './FileList';
import { CropEditor, IdPhotoPicker, IdPhotoPreview, PageBoard, WaveformEditor } from './lazy-views';
import { OptionsForm } from './OptionsForm';
import { ResultPanel } from './ResultPanel';
import { RunStatus } from './RunStatus';
import type { IdPhotoPreviewData } from '../../../shared/id-photo';
import { useSiteConfig } from '../../routing/site-config';
import { useReveal } from './reveal';
import { useStaging } from './staging';
import { useTaskRun, type RunPhase } from './task-run';
import { activePicking, checkValues, defaultValues, optionsOf, pageRangesOf, pagesOfRanges, toolSetup, type OptionValues, type ToolSetup } from './tool-options';


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
  const [files, setFiles] = useState<ChosenFile[]>([]);
  /** A finished task whose results are this run's files (继续处理 into a tool without thumbnails). */
  const [carriedFrom, setCarriedFrom] = useState<string>();
  /** Pages tapped on the thumbnails (where a split starts, pages to delete). */
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [values, setValues] = useState(() => defaultValues(setup));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { phase, start, startWith, goOn, reset } = useTaskRun();
  const staging = useStaging(tool.id, Boolean(setup.pageView), files);
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
    // A carried result goes to moreConvert whole: files of the visitor's own replace it.
    const current = carriedFrom ? [] : files;
    const { accepted, problems: refusedNow } = admitFiles(tool, tier, maxFiles, current, incoming);
    setRefused(refusedNow);
    if (accepted.length > 0) {
      setCarriedFrom(undefined);
      setFiles([...current, ...toChosen(accepted)]);
    }
    if (phase.kind === 'failed') reset();
  };

  // 继续处理: the result of another tool, named in the address, becomes this run's files.
  useEffect(() => {
    const from = new URLSearchParams(window.location.search).get('from');
    if (!from) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let live = true;
    const carry = async () => {
      const task = await taskQuery(from);
      if (task.status !== 'done' || task.files.length === 0) throw new Error('上一步的结果已过期，请重新选择文件');
      if (setup.pageView) {
        const staged = await moreConvertMiddle(from, tool.id);
        if (live) setFiles(carriedFiles(task.files, staged));
      } else {
        const preview = await resultPreview(from);
        if (!live) return;
        setCarriedFrom(from);
        setFiles(carriedFiles(task.files, undefined, task.files.map((_, i) => preview?.files.find((f) => f.index === i)?.url)));
      }
    };
    carry().catch((error: unknown) => {
      if (live) setRefused([error instanceof Error && error.message ? error.message : '上一步的结果无法继续处理，请重新选择文件']);
    });
    return () => {
      live = false;
    };
  }, []);

  // The first file's thumbnails and what is tapped on them (a new file starts with none tapped).
  const firstId = files[0]?.id;
  useEffect(() => setPicked(new Set()), [firstId]);
  const firstStage = firstId ? staging.stages[firstId] : undefined;
  const pageCount = firstStage?.pageCount ?? 0;
  const picking = setup.pageView ? activePicking(setup, values) : undefined;
  const pickedList = [...picked].sort((a, b) => a - b);
  const rotated = setup.rotates ? (pagesOfRanges(values.pages ?? '', pageCount) ?? new Set<number>()) : undefined;
  const marked = rotated ?? picked;
  const pickCheck: { ready: boolean; problem?: string } = !picking
    ? { ready: true }
    : files.length > 1
      ? { ready: false, problem: '在页面上选择时，每次只能处理 1 个文件' }
      : picking.check(pickedList, pageCount);
  const toggleMark = (page: number) => {
    const next = new Set(marked);
    if (next.has(page)) next.delete(page);
    else next.add(page);
    if (rotated) setValue('pages', pageRangesOf([...next]));
    else setPicked(next);
  };
  const clearMarks = () => (rotated ? setValue('pages', '') : setPicked(new Set()));
  // Files still going up, or the thumbnails the pick needs still drawing (a failed file says why in
  // its row and keeps the button off).
  const picksWait = Boolean(picking) && firstStage?.status !== 'ready' && firstStage?.status !== 'failed';
  const preparing = Boolean(setup.pageView) && (files.some((f) => ['uploading', undefined].includes(staging.stages[f.id]?.status)) || picksWait);
  const stagedReady = !setup.pageView || (staging.ready && !picksWait);

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
    const options = optionsOf(setup, values);
    if (setup.pageView) {
      if (!staging.ready || !pickCheck.ready) return;
      const taskIds = staging.taskIds;
      const all = picking ? { ...options, ...picking.options(pickedList, pageCount) } : options;
      startWith(() => submitResultGroup(taskIds, all));
    } else if (carriedFrom) {
      startWith(() => moreConvert(carriedFrom, tool.id, options));
    } else {
      start({ taskName: tool.id, files: localFiles(files), options, middle: Boolean(setup.preview) });
    }
  };
  // After a payment (the layer's onPaid) the run starts again with the files and options of that moment.
  const latestStart = useRef(onStart);
  latestStart.current = onStart;
  const retryStaging = staging.retryFailed;
  // A staged file refused (the day's uses gone) is staged again; a run refused runs again.
  const retry = useCallback(() => {
    retryStaging();
    latestStart.current();
  }, [retryStaging]);
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
      pending: { files: localFiles(files), values },
      onPaid: (product) => {
        if (product.kind === 'vip') goOn(taskId, retry);
      },
    });

  const startOver = () => {
    reset();
    staging.clear();
    setCarriedFrom(undefined);
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
        <ResultPanel
          task={phase.task}
          inputs={files}
          showSaving={Boolean(setup.showSaving)}
          tier={tier}
          onRestart={startOver}
          onFinishAll={() => finishAll(phase.task.taskId)}
        />
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
        sent={phase.kind === 'uploading' ? phase.sent : busy && !setup.pageView ? files.map((f) => f.size) : undefined}
        locked={!editable}
        stages={setup.pageView ? staging.stages : undefined}
        onRemove={(index) => {
          // A carried result goes whole or not at all (moreConvert takes all its files).
          setFiles(carriedFrom ? [] : files.filter((_, i) => i !== index));
          setCarriedFrom(undefined);
          setRefused([]);
        }}
        onMove={(from, to) => setFiles(moveItem(files, from, to))}
      />
      {refusedList}
      {setup.pageView === 'pages' && files.length === 1 && firstStage?.status === 'ready' && (
        <PageBoard
          pages={firstStage.pages}
          pageCount={pageCount}
          picking={picking}
          rotation={rotated && { angle: Number(values.angle) || 0, pages: rotated }}
          marked={marked}
          disabled={!editable}
          onToggle={toggleMark}
          onClear={clearMarks}
        />
      )}
      {pickCheck.problem && (
        <p className="form-problem" role="alert">
          {pickCheck.problem}
        </p>
      )}
      {setup.editor && files[0]?.file && <Editor kind={setup.editor} file={files[0].file} values={values} disabled={!editable} onChange={setMany} />}
      <OptionsForm toolId={tool.id} setup={setup} values={values} problems={problems} disabled={!editable} onChange={setValue} />
      <RunStatus phase={stagingRefusal(phase, staging.stages)} files={files} run={{ toolId: tool.id, values, retry }} />
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
          <button
            type="button"
            className="btn btn-primary btn-large btn-start"
            disabled={busy || files.length === 0 || !stagedReady || !pickCheck.ready}
            aria-busy={busy || preparing}
            onClick={onStart}
          >
            {busy ? '处理中…' : preparing ? '正在准备文件…' : picking ? picking.action(pickedList, pageCount) : setup.action}
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

/** A staged file refused because the day's free uses are gone shows the same prompt as a refused run. */
function stagingRefusal(phase: RunPhase, stages: Readonly<Record<string, { usedUp?: boolean; message?: string }>>): RunPhase {
  if (phase.kind !== 'idle') return phase;
  const refused = Object.values(stages).find((stage) => stage.usedUp);
  return refused ? { kind: 'failed', message: refused.message ?? '今日免费次数已用完', usedUp: true } : phase;
}

function Editor({ kind, ...props }: { kind: NonNullable<ToolSetup['editor']>; file: File; values: OptionValues; disabled: boolean; onChange(changes: OptionValues): void }) {
  if (kind === 'id-photo') return <IdPhotoPicker {...props} />;
  // Keyed by the file: another file starts a fresh editor.
  return kind === 'crop' ? <CropEditor key={fileKey(props.file)} {...props} /> : <WaveformEditor key={fileKey(props.file)} {...props} />;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;
