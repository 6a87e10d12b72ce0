// Whether an error means the database cannot be reached right now (PostgreSQL restarting or down,
// a connection cut, SQLite locked past its busy timeout) rather than a bug: the visitor is told to
// try again shortly (503) instead of 服务器端出错, and the site recovers by itself when it is back
// (the pool opens new connections on demand). scripts/bench/faults restarts PostgreSQL under it.

/** PostgreSQL SQLSTATE classes and codes of an unreachable or restarting server. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGE = /Connection terminated|connection timeout|Client has encountered a connection error|database is locked/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code) || code === 'SQLITE_BUSY')) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    // pg's AggregateError of several refused addresses (127.0.0.1 and ::1).
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
