// Runs a program of a registered engine: waits for the engine's concurrency slot, applies its
// timeout, and turns failures into errors that say what went wrong.
import { ConvertError } from '../errors';
import { ProcessTimeoutError, runProcess, type ProcessResult } from './process';
import { ENGINES, engineOfProgram, type EngineId, type EngineProgram } from './registry';
import { Semaphore } from './semaphore';

export interface EngineRunOptions {
  signal?: AbortSignal;
  cwd?: string;
  /** Variables added to the inherited environment (calibre needs its own HOME). */
  env?: Readonly<Record<string, string>>;
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

/** A program exited with a code its caller did not expect; stderr says why. */
export class EngineFailedError extends Error {
  constructor(readonly program: string, readonly result: ProcessResult) {
    super(`${program} exited ${result.exitCode}: ${result.stderr.trim().slice(-500)}`);
    this.name = 'EngineFailedError';
  }
}

const semaphores = new Map<EngineId, Semaphore>();

function semaphoreOf(id: EngineId): Semaphore {
  let semaphore = semaphores.get(id);
  if (!semaphore) {
    semaphore = new Semaphore(ENGINES[id].limit);
    semaphores.set(id, semaphore);
  }
  return semaphore;
}

export async function runEngine(program: EngineProgram, args: readonly string[], options: EngineRunOptions = {}): Promise<ProcessResult> {
  const engine = engineOfProgram(program);
  const release = await semaphoreOf(engine).acquire(options.signal);
  try {
    const result = await runProcess(program, args, {
      timeoutMs: options.timeoutMs ?? ENGINES[engine].timeoutMs,
      signal: options.signal,
      cwd: options.cwd,
      env: options.env,
      maxOutputBytes: options.maxOutputBytes,
      onStdoutLine: options.onStdoutLine,
      onStderrLine: options.onStderrLine,
    });
    if (!(options.okExitCodes ?? [0]).includes(result.exitCode)) throw new EngineFailedError(program, result);
    return result;
  } catch (error) {
    if (error instanceof ProcessTimeoutError) throw new ConvertError(TIMEOUT_MESSAGE, { cause: error });
    throw error;
  } finally {
    release();
  }
}
