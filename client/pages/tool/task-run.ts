// One run of a tool, from upload to result, as a small state machine the panel renders:
// uploading → (middle step → picking pages →) processing → done | failed.
// Polls once a second, one request at a time, and stops when the task settles or the run ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  goOnConvert,
  isUsedUp,
  submitMiddleTask,
  submitResult,
  submitTask,
  taskMiddleQuery,
  taskQuery,
  type MiddlePage,
  type MiddleView,
  type TaskStatus,
  type TaskView,
} from '../../api/tasks';
import type { FailureCode } from '../../../shared/task-api';

export const POLL_INTERVAL_MS = 1000;

export type RunPhase =
  | { kind: 'idle' }
  /** Bytes sent per file, in list order. */
  | { kind: 'uploading'; sent: number[] }
  /** The first step of a two-step tool: rendering page thumbnails or a preview. */
  | { kind: 'previewing'; status: TaskStatus; progress: number }
  /** The first step's result: page thumbnails to pick from, or a tool's own preview and its data. */
  | { kind: 'picking'; taskId: string; pages: MiddlePage[]; data: MiddleView['data']; expiresAt: string }
  | { kind: 'processing'; status: TaskStatus; progress: number }
  | { kind: 'done'; task: TaskView }
  /** usedUp: refused because the day's free uses of the tool are gone (the page offers login or VIP). */
  /** code: why the task failed, when the server knows (a locked or damaged file…). */
  | { kind: 'failed'; message: string; usedUp?: boolean; code?: FailureCode };

export interface RunRequest {
  taskName: string;
  files: File[];
  options: Record<string, unknown>;
  /** Run the first step (thumbnails, a preview) before the final one. */
  middle: boolean;
}

const SETTLED: ReadonlySet<TaskStatus> = new Set(['done', 'failed', 'cancelled', 'expired']);

class RunEnded extends Error {}

function idempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Bytes of the whole multipart body sent → bytes of each file sent (fields go first; their overhead is spread evenly). */
export function sentPerFile(files: readonly File[], loaded: number, total: number): number[] {
  const content = files.reduce((sum, f) => sum + f.size, 0);
  const bytes = total > 0 ? (loaded / total) * content : 0;
  let offset = 0;
  return files.map((file) => {
    const sent = Math.min(file.size, Math.max(0, bytes - offset));
    offset += file.size;
    return sent;
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '处理失败，请重试';
}

export function useTaskRun() {
  const [phase, setPhase] = useState<RunPhase>({ kind: 'idle' });
  const run = useRef<AbortController | null>(null);

  useEffect(() => () => run.current?.abort(), []);

  /** Ends the current run (its late answers are ignored) and gives the new one its signal. */
  const begin = (): AbortSignal => {
    run.current?.abort();
    run.current = new AbortController();
    return run.current.signal;
  };

  const live = (signal: AbortSignal) => {
    if (signal.aborted) throw new RunEnded();
  };

  const wait = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(new RunEnded());
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, POLL_INTERVAL_MS);
      signal.addEventListener('abort', onAbort, { once: true });
    });

  /** Asks, shows, waits a second, asks again — never two requests at once. */
  const pollUntilSettled = async <V extends { status: TaskStatus }>(query: () => Promise<V>, show: (view: V) => void, signal: AbortSignal): Promise<V> => {
    for (;;) {
      const view = await query();
      live(signal);
      if (SETTLED.has(view.status)) return view;
      show(view);
      await wait(signal);
    }
  };

  const finish = async (taskId: string, signal: AbortSignal) => {
    const task = await pollUntilSettled(() => taskQuery(taskId), (v) => setPhase({ kind: 'processing', status: v.status, progress: v.progress }), signal);
    setPhase(task.status === 'done' ? { kind: 'done', task } : { kind: 'failed', message: task.msg || '处理失败，请重试', code: task.code });
  };

  const guard = async (signal: AbortSignal, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (error instanceof RunEnded || signal.aborted) return;
      setPhase({ kind: 'failed', message: messageOf(error), usedUp: isUsedUp(error) });
    }
  };

  const start = useCallback((request: RunRequest) => {
    const signal = begin();
    const { files } = request;
    setPhase({ kind: 'uploading', sent: files.map(() => 0) });
    void guard(signal, async () => {
      const submit = request.middle ? submitMiddleTask : submitTask;
      const taskId = await submit({
        taskName: request.taskName,
        files,
        options: request.options,
        idempotencyKey: idempotencyKey(),
        signal,
        onProgress: (loaded, total) => {
          if (!signal.aborted) setPhase({ kind: 'uploading', sent: sentPerFile(files, loaded, total) });
        },
      });
      live(signal);
      if (!request.middle) {
        setPhase({ kind: 'processing', status: 'queued', progress: 0 });
        return finish(taskId, signal);
      }
      setPhase({ kind: 'previewing', status: 'queued', progress: 0 });
      const middle: MiddleView = await pollUntilSettled(
        () => taskMiddleQuery(taskId),
        (v) => setPhase({ kind: 'previewing', status: v.status, progress: v.progress }),
        signal,
      );
      if (middle.status !== 'done') {
        setPhase({ kind: 'failed', message: middle.msg || '预览生成失败，请重试', code: middle.code });
        return;
      }
      setPhase({ kind: 'picking', taskId, pages: middle.pages, data: middle.data, expiresAt: middle.expiresAt });
    });
  }, []);

  /**
   * A run whose files are on the server already: staged page-tool files (submitResultGroup) or a
   * result carried from another tool (moreConvert). `submit` answers the new task's id.
   */
  const startWith = useCallback((submit: () => Promise<string>) => {
    const signal = begin();
    setPhase({ kind: 'processing', status: 'queued', progress: 0 });
    void guard(signal, async () => {
      const taskId = await submit();
      live(signal);
      await finish(taskId, signal);
    });
  }, []);

  /** The final step of a two-step run, with the options completed by the picked pages. */
  const confirm = useCallback((taskId: string, options: Record<string, unknown>) => {
    const signal = begin();
    setPhase({ kind: 'processing', status: 'queued', progress: 0 });
    void guard(signal, async () => {
      await submitResult(taskId, options);
      live(signal);
      await finish(taskId, signal);
    });
  }, []);

  /**
   * Finishes a try-out's partial result on the server (goOnConvert) once the visitor is a member;
   * a task the server will not go on with (another owner since a login, say) runs anew instead.
   */
  const goOn = useCallback((taskId: string, runAnew: () => void) => {
    const signal = begin();
    setPhase({ kind: 'processing', status: 'queued', progress: 0 });
    void guard(signal, async () => {
      try {
        await goOnConvert(taskId);
      } catch (error) {
        if (signal.aborted || isUsedUp(error)) throw error;
        runAnew();
        return;
      }
      live(signal);
      await finish(taskId, signal);
    });
  }, []);

  const reset = useCallback(() => {
    run.current?.abort();
    run.current = null;
    setPhase({ kind: 'idle' });
  }, []);

  return { phase, start, startWith, confirm, goOn, reset };
}
