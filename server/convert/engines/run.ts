// Runs a program of a registered engine: waits for the engine's concurrency slot, applies its
// timeout, and turns failures into errors that say what went wrong.
import path from 'node:path';
import { ConvertError } from '../errors';
import { foldersOf, jailed } from './jail';
import { ProcessTimeoutError, runProcess, type ProcessResult } from './process';
import { ENGINES, engineOfProgram, type EngineId, type EngineProgram, type EngineSpec } from './registry';
import { Semaphore } from './semaphore';

export interface EngineRunOptions {
  signal?: AbortSignal;
  cwd?: string;
  /** The program's environment inside the jail (calibre needs its own HOME); nothing of the server's is inherited. */
  env?: Readonly<Record<string, string>>;
  /** Folders the program reads besides its arguments' (a Node script's code and node_modules). */
  readOnly?: readonly string[];
  /** Overrides the engine's default timeout. */
  timeoutMs?: number;
  maxOutputBytes?: number;
  /** Streams stdout line by line instead of collecting it (see ProcessOptions). */
  onStdoutLine?: (line: string) => void;
  /** Sees stderr line by line (progress some programs print there). */
  onStderrLine?: (line: string) => void;
  /** Exit codes that count as success (qpdf exits 3 when it succeeded with warnings). */
  okExitCodes?: readonly number[];
}

export const TIMEOUT_MESSAGE = '处理超时，请稍后重试';
/** A run stopped by its memory or CPU limit: the file asks more than one conversion may take. */
export const RESOURCE_LIMIT_MESSAGE = '文件过大或过于复杂，超出处理能力，请拆分或简化后再试';

/** How programs say they ran out of memory (their allocation failed under RLIMIT_AS). */
const OUT_OF_MEMORY = /out of memory|cannot allocate memory|bad_alloc|memoryerror|memory exhausted|malloc.*failed|failed to allocate/i;
/** 128 + SIGXCPU / SIGKILL: the CPU-time limit ended the process. */
const LIMIT_SIGNAL_CODES = [152, 137];

/**
 * The command line of one engine run: jailed (engines/jail.ts) with only the folders its
 * arguments name, under prlimit's address-space and CPU-time limits. The limits apply to bwrap and
 * what it starts; CPU time allows two busy threads for the whole timeout.
 */
function confined(program: string, args: readonly string[], engine: EngineId, options: EngineRunOptions, timeoutMs: number): [string, string[]] {
  const spec: EngineSpec = ENGINES[engine];
  const readOnly = options.readOnly ?? [];
  // A folder given read-only stays so even when an argument names a file inside it (the script).
  const readWrite = foldersOf(args, options.cwd).filter((folder) => !readOnly.some((ro) => folder === ro || folder.startsWith(ro + path.sep)));
  const [jail, jailArgs] = spec.jail === false ? [program, [...args]] : jailed([program, ...args], { readWrite, readOnly, env: options.env, cwd: options.cwd });
  // Without a limit of its own an engine gets none, not the one a job's child process runs under (limits are inherited).
  const limits = [`--cpu=${Math.ceil((timeoutMs / 1000) * 2)}`, `--as=${spec.memoryBytes ?? 'unlimited'}`];
  return ['/usr/bin/prlimit', [...limits, '--', jail, ...jailArgs]];
}

/** A program exited with a code its caller did not expect; stderr says why. */
export class EngineFailedError extends Error {
  constructor(readonly program: string, readonly result: ProcessResult) {
    super(`${program} exited ${result.exitCode}: ${result.stderr.trim().slice(-500)}`);
    this.name = 'EngineFailedError';
  }
}

/** Waits for one of an engine's slots; the returned function gives it back (exactly once). */
export type EngineSlots = (engine: EngineId, signal?: AbortSignal) => Promise<() => void>;

const semaphores = new Map<EngineId, Semaphore>();

/** This process's own slots: ENGINES[id].limit runs at once. */
export const localEngineSlots: EngineSlots = (id, signal) => {
  let semaphore = semaphores.get(id);
  if (!semaphore) {
    semaphore = new Semaphore(ENGINES[id].limit);
    semaphores.set(id, semaphore);
  }
  return semaphore.acquire(signal);
};

let slots: EngineSlots = localEngineSlots;

/** Counts the metrics endpoint reads (server/ops/metrics.ts): runs ended by their timeout, per engine. */
export const engineTimeouts = new Map<EngineId, number>();

/** Slots in use and their limit per engine, in this process. */
export function engineSlotUsage(): Array<{ engine: EngineId; busy: number; limit: number }> {
  return (Object.keys(ENGINES) as EngineId[]).map((engine) => ({ engine, busy: semaphores.get(engine)?.busy ?? 0, limit: ENGINES[engine].limit }));
}

/**
 * A job running in a child process (tasks/isolation) takes its slots from the server's, so the
 * engine limits hold across all jobs and previews together.
 */
export function useEngineSlots(source: EngineSlots): void {
  slots = source;
}

/** For engines that run inside this process (the segmentation model): hold a slot while working. */
export function acquireEngineSlot(engine: EngineId, signal?: AbortSignal): Promise<() => void> {
  return slots(engine, signal);
}

export async function runEngine(program: EngineProgram, args: readonly string[], options: EngineRunOptions = {}): Promise<ProcessResult> {
  const engine = engineOfProgram(program);
  const release = await slots(engine, options.signal);
  try {
    const timeoutMs = options.timeoutMs ?? ENGINES[engine].timeoutMs;
    const [command, commandArgs] = confined(program, args, engine, options, timeoutMs);
    const result = await runProcess(command, commandArgs, {
      timeoutMs,
      signal: options.signal,
      cwd: options.cwd,
      maxOutputBytes: options.maxOutputBytes,
      onStdoutLine: options.onStdoutLine,
      onStderrLine: options.onStderrLine,
    });
    if (!(options.okExitCodes ?? [0]).includes(result.exitCode)) {
      if (LIMIT_SIGNAL_CODES.includes(result.exitCode) || OUT_OF_MEMORY.test(result.stderr)) {
        throw new ConvertError(RESOURCE_LIMIT_MESSAGE, { cause: new EngineFailedError(program, result) });
      }
      throw new EngineFailedError(program, result);
    }
    return result;
  } catch (error) {
    if (error instanceof ProcessTimeoutError) {
      engineTimeouts.set(engine, (engineTimeouts.get(engine) ?? 0) + 1);
      throw new ConvertError(TIMEOUT_MESSAGE, { cause: error });
    }
    throw error;
  } finally {
    release();
  }
}
