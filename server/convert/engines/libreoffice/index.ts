// The process-wide LibreOffice pool the office converters use. The server starts it with its
// configuration (profiles and job folders under DATA_DIR, where inputs can be hard-linked; one
// listener per conversion slot); without that, the first job starts one with defaults and those
// folders in a temporary one.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../../config';
import { ENGINES } from '../registry';
import type { OfficeJob } from './office-job';
import { OfficePool, type OfficePoolOptions } from './pool';

export { OfficePool, type OfficePoolOptions, type OfficePoolStats } from './pool';
export { OfficeBusyError, isOfficeBusyError, OFFICE_MESSAGES } from './errors';
export type { OfficeJob } from './office-job';

const DEFAULTS = {
  maxJobsPerListener: 200,
  jobTimeoutMs: ENGINES.libreoffice.timeoutMs,
  startTimeoutMs: 60_000,
  // Three starts' worth: with the engine's two runs (120 s each) well inside a document task's 10 minutes.
  listenerWaitMs: 180_000,
} as const;

/** Queued jobs per listener before the pool answers busy. */
const QUEUED_PER_LISTENER = 8;

let pool: OfficePool | undefined;
/** A profile folder the lazily started pool made for itself, removed when it stops. */
let temporaryProfileRoot: string | undefined;

function poolOptions(size: number, profileRoot: string): OfficePoolOptions {
  const listeners = Math.max(1, size);
  return { ...DEFAULTS, size: listeners, profileRoot, maxQueued: listeners * QUEUED_PER_LISTENER };
}

/** Starts the listeners now (instead of on the first job), one per conversion slot. */
export async function startOfficePool(config: Pick<Config, 'dataDir' | 'convertConcurrency'>): Promise<void> {
  pool ??= new OfficePool(poolOptions(config.convertConcurrency, path.join(config.dataDir, 'libreoffice')));
  await pool.start();
}

export async function stopOfficePool(): Promise<void> {
  const stopping = pool;
  pool = undefined;
  await stopping?.stop();
  if (temporaryProfileRoot) rmSync(temporaryProfileRoot, { recursive: true, force: true });
  temporaryProfileRoot = undefined;
}

/** Listener restarts of the shared pool since it started (0 before it starts). */
export function officePoolRestarts(): number {
  return pool?.restarts ?? 0;
}

/** The shared pool would refuse a job now (a pool not started yet has room). */
export function officePoolSaturated(): boolean {
  return pool?.isSaturated() ?? false;
}

/** Runs one LibreOffice job on the shared pool; failures are ConvertErrors (busy: OfficeBusyError). */
export function convertWithOffice(job: OfficeJob, signal?: AbortSignal): Promise<void> {
  if (!pool) {
    temporaryProfileRoot = mkdtempSync(path.join(os.tmpdir(), 'office-pool-'));
    pool = new OfficePool(poolOptions(os.availableParallelism(), temporaryProfileRoot));
  }
  return pool.convert(job, signal);
}
