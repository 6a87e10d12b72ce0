// Page tools (merge, split, rotate, delete-page, insert): each chosen PDF goes up at once as a free
// thumbnail task (submitMiddleTask), so the page shows its pages and page count while the visitor
// arranges or picks; the final run then goes over the staged files (submitResultGroup) without
// uploading them again, as soon as they are up (a long PDF's thumbnails need not hold it back). One file at a time, so a merge of many files stays within the visitor's
// share of the queue. A removed file's upload is deleted on the server at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { dropStaged, isUsedUp, submitMiddleTask, taskMiddleQuery, type MiddlePage, type MiddleView } from '../../api/tasks';
import type { ChosenFile } from './file-checks';

export interface Stage {
  status: 'uploading' | 'rendering' | 'ready' | 'failed';
  /** Upload progress, 0–100. */
  percent: number;
  taskId?: string;
  pageCount?: number;
  /** Thumbnails: every page, or the first only for tools that combine files. */
  pages: readonly MiddlePage[];
  message?: string;
  /** Refused because the day's free uses of the tool are gone. */
  usedUp?: boolean;
}

const POLL_MS = 700;
const SETTLED = new Set(['done', 'failed', 'cancelled', 'expired']);

export interface Staging {
  stages: Readonly<Record<string, Stage>>;
  /** Every chosen file is up and readable (its thumbnails may still be drawing: the run need not wait for them). */
  ready: boolean;
  /** The staged tasks in the files' order (when ready). */
  taskIds: string[];
  /** Forgets every staged file and deletes them on the server (start over). */
  clear(): void;
  /** Stages the files that failed again (after a login or a payment lifted a refusal). */
  retryFailed(): void;
}

export function useStaging(toolId: string, enabled: boolean, files: readonly ChosenFile[]): Staging {
  const [stages, setStages] = useState<Record<string, Stage>>({});
  const latest = useRef({ files, stages: {} as Record<string, Stage> });
  latest.current.files = files;
  const busy = useRef(false);
  const run = useRef(new AbortController());

  const update = (id: string, stage: Stage) => {
    latest.current.stages = { ...latest.current.stages, [id]: stage };
    setStages(latest.current.stages);
  };
  const present = (id: string) => latest.current.files.some((f) => f.id === id);

  const stageOne = async (chosen: ChosenFile, signal: AbortSignal): Promise<void> => {
    let stage: Stage = { status: 'uploading', percent: 0, pages: [] };
    const show = (next: Partial<Stage>) => {
      if (signal.aborted || !present(chosen.id)) return;
      stage = { ...stage, ...next };
      update(chosen.id, stage);
    };
    show({});
    try {
      const taskId =
        chosen.stagedTaskId ??
        (await submitMiddleTask({
          taskName: toolId,
          files: [chosen.file!],
          signal,
          onProgress: (loaded, total) => show({ percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 }),
        }));
      // Removed while it went up: it goes again.
      if (signal.aborted || !present(chosen.id)) return dropStaged(taskId);
      show({ status: 'rendering', percent: 100, taskId });
      for (;;) {
        const view: MiddleView = await taskMiddleQuery(taskId);
        if (signal.aborted || !present(chosen.id)) return;
        if (SETTLED.has(view.status)) {
          if (view.status === 'done') show({ status: 'ready', pageCount: view.pageCount, pages: view.pages });
          else show({ status: 'failed', message: view.msg || '预览生成失败，请重新选择文件' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      show({ status: 'failed', message: error instanceof Error && error.message ? error.message : '上传失败，请重试', usedUp: isUsedUp(error) });
    }
  };

  /** Stages the files that have no stage yet, one after the other. */
  const pump = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (;;) {
        const signal = run.current.signal;
        const next = latest.current.files.find((f) => !latest.current.stages[f.id]);
        if (!next || signal.aborted) break;
        await stageOne(next, signal);
        // Failed before it could show anything (removed at once): not tried again.
        if (!latest.current.stages[next.id]) latest.current.stages = { ...latest.current.stages, [next.id]: { status: 'failed', percent: 0, pages: [] } };
      }
    } finally {
      busy.current = false;
    }
  };

  useEffect(() => {
    if (!enabled) return;
    // Files removed from the list: their uploads go.
    const kept = new Set(files.map((f) => f.id));
    let changed = false;
    const next: Record<string, Stage> = {};
    for (const [id, stage] of Object.entries(latest.current.stages)) {
      if (kept.has(id)) next[id] = stage;
      else {
        changed = true;
        if (stage.taskId) dropStaged(stage.taskId);
      }
    }
    if (changed) {
      latest.current.stages = next;
      setStages(next);
    }
    void pump();
  }, [enabled, files]);

  useEffect(() => () => run.current.abort(), []);

  const clear = useCallback(() => {
    run.current.abort();
    run.current = new AbortController();
    for (const stage of Object.values(latest.current.stages)) if (stage.taskId) dropStaged(stage.taskId);
    latest.current.stages = {};
    setStages({});
  }, []);

  const retryFailed = useCallback(() => {
    const kept = Object.entries(latest.current.stages).filter(([, stage]) => stage.status !== 'failed');
    if (kept.length === Object.keys(latest.current.stages).length) return;
    latest.current.stages = Object.fromEntries(kept);
    setStages(latest.current.stages);
    void pump();
  }, []);

  const ready = enabled && files.length > 0 && files.every((f) => stages[f.id]?.taskId && stages[f.id]!.status !== 'failed');
  return { stages, ready, taskIds: ready ? files.map((f) => stages[f.id]!.taskId!) : [], clear, retryFailed };
}
