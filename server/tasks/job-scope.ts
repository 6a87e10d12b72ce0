// Which task the running code belongs to. An exception that escapes a converter's callbacks (a
// stream handler, a timer) reaches the process, not the job's promise; the process guard in
// main.ts finds the job through this scope and fails that task instead of the whole server.
import { AsyncLocalStorage } from 'node:async_hooks';
import { withLogFields } from '../log';

export interface JobScope {
  taskId: string;
  /** Ends the job as failed with this error. */
  crash(error: unknown): void;
}

const scope = new AsyncLocalStorage<JobScope>();

export function runInJobScope<T>(job: JobScope, work: () => Promise<T>): Promise<T> {
  // Every line the job's code logs carries its task id.
  return scope.run(job, () => withLogFields({ taskId: job.taskId }, work));
}

/** The job whose code raised an error the process caught, if it was a job's. */
export function currentJob(): JobScope | undefined {
  return scope.getStore();
}
