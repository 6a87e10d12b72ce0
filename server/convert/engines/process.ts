// Runs one external program without a shell. The child leads its own process group, so a timeout
// or an abort kills everything it started (ghostscript and shells fork helpers of their own).
import { spawn } from 'node:child_process';

export interface ProcessOptions {
  /** Kill the whole process tree after this many milliseconds. */
  timeoutMs: number;
  signal?: AbortSignal;
  cwd?: string;
  /** Variables added to (or overriding) the inherited environment. */
  env?: Readonly<Record<string, string>>;
  /**
   * stdout beyond this many bytes kills the process (protects memory from runaway output). With
   * onStdoutLine it bounds one unfinished line instead, since whole lines are not kept.
   */
  maxOutputBytes?: number;
  /**
   * Receives stdout as it arrives, one line at a time (UTF-8, without the line break; a last line
   * without one comes at exit). stdout is then not collected: the result's stdout is empty.
   */
  onStdoutLine?: (line: string) => void;
  /** Only the last part of stderr is kept, which is where programs put the reason they failed. */
  maxStderrChars?: number;
  /** Receives stderr one line at a time as it arrives (progress that programs print there); the tail is kept as well. */
  onStderrLine?: (line: string) => void;
}

export interface ProcessResult {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

export class ProcessTimeoutError extends Error {
  constructor(readonly command: string, readonly timeoutMs: number) {
    super(`${command} did not finish within ${timeoutMs} ms`);
    this.name = 'ProcessTimeoutError';
  }
}

export class ProcessOutputTooLargeError extends Error {
  constructor(readonly command: string, readonly maxOutputBytes: number) {
    super(`${command} wrote more than ${maxOutputBytes} bytes to stdout`);
    this.name = 'ProcessOutputTooLargeError';
  }
}

const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_STDERR_CHARS = 8 * 1024;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Resolves with the exit code whatever it is; rejects on spawn failure, timeout, abort, oversized output or a throwing onStdoutLine. */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessResult> {
  const { timeoutMs, signal, cwd, onStdoutLine, onStderrLine } = options;
  const env = options.env ? { ...process.env, ...options.env } : undefined;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const maxStderrChars = options.maxStderrChars ?? DEFAULT_MAX_STDERR_CHARS;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let partialLine = '';
    let stderr = '';
    let partialErrLine = '';
    let failure: unknown;

    const stop = (reason: unknown) => {
      failure ??= reason;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop(new ProcessTimeoutError(command, timeoutMs)), timeoutMs);
    const onAbort = () => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    const deliver = (line: string) => {
      if (failure !== undefined || !onStdoutLine) return;
      try {
        onStdoutLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      } catch (error) {
        stop(error);
      }
    };
    if (onStdoutLine) {
      // The decoder keeps a character split between two chunks whole.
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        const lines = (partialLine + chunk).split('\n');
        partialLine = lines.pop() ?? '';
        for (const line of lines) deliver(line);
        if (Buffer.byteLength(partialLine) > maxOutputBytes) stop(new ProcessOutputTooLargeError(command, maxOutputBytes));
      });
    } else {
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes > maxOutputBytes) stop(new ProcessOutputTooLargeError(command, maxOutputBytes));
        else stdoutChunks.push(chunk);
      });
    }
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-maxStderrChars);
      if (!onStderrLine || failure !== undefined) return;
      const lines = (partialErrLine + chunk).split('\n');
      // An unfinished line is kept only up to the stderr bound: a program cannot grow it without limit.
      partialErrLine = (lines.pop() ?? '').slice(-maxStderrChars);
      try {
        for (const line of lines) onStderrLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      } catch (error) {
        stop(error);
      }
    });
    // A leader that exits may leave children behind holding our pipes; they belong to the job, so end them.
    child.on('exit', () => killGroup(child.pid));
    child.on('error', (error) => stop(error));
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (partialLine !== '') deliver(partialLine);
      if (failure !== undefined) reject(failure);
      else resolve({ exitCode: code ?? (killedBy ? 128 : 1), stdout: Buffer.concat(stdoutChunks), stderr });
    });
  });
}
