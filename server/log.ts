// The one structured logger (pino, JSON lines on stdout) for every server module, engines included.
// Fields bound with withLogFields ride on every line logged inside that async context: the request
// id for a request's handling (ops/request-log.ts), the task id for a job's (tasks/job-scope.ts),
// so a line from deep inside a converter still says which task it belongs to.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export interface LogFields {
  reqId?: string;
  taskId?: string;
  tool?: string;
}

const context = new AsyncLocalStorage<LogFields>();

export const logger = pino(
  {
    level: process.env.LOG_LEVEL || 'info',
    base: { pid: process.pid },
    mixin: () => context.getStore() ?? {},
  },
  // Written before the call returns, as console's writes to a pipe are: a line is out before the
  // answer it explains, and before process.exit after a fatal error.
  pino.destination({ dest: 1, sync: true }),
);

/** Runs `work` with these fields (added to any already bound) on every line it logs. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}
