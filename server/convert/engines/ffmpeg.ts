// Runs ffmpeg for a job: no stdin, no network, progress against the input's duration, and a
// timeout that grows with the duration (a four-hour film cannot finish in a fixed ten minutes).
import { ConvertError } from '../errors';
import { progressLines } from './ffmpeg-progress';
import { EngineFailedError, runEngine, type EngineRunOptions } from './run';

export { PLAYLIST_REFUSED, refusePlaylist, safeInputArgs } from './ffmpeg-input';
export { MEDIA_UNREADABLE, probeMedia, probeStreams, type MediaInfo, type MediaStream, type StreamKind } from './ffmpeg-probe';

export const MEDIA_CONVERT_FAILED = '音视频处理失败，文件可能已损坏或编码不受支持';

/** Re-encoding HD video on a shared core runs at roughly real time; six times gives slack. */
export function ffmpegTimeoutMs(durationSeconds: number): number {
  return 120_000 + Math.ceil(durationSeconds * 6_000);
}

/**
 * Seconds of media a run produces: the timeout grows with it and progress counts against it. A
 * run started while its input is still being probed gives the most the probe lets through (for
 * the timeout) and the real figure once the probe has it (for progress).
 */
export type OutputSeconds = number | { atMost: number; known: Promise<number> };

export interface FfmpegRun {
  /** Everything after the global options: inputs (from safeInputArgs), filters, codecs, output. */
  args: readonly string[];
  signal: AbortSignal;
  durationSeconds: OutputSeconds;
  /** 0–1. */
  onProgress?(fraction: number): void;
}

const GLOBAL_ARGS = ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error', '-y'];

async function ffmpeg(args: readonly string[], durationSeconds: number, options: EngineRunOptions) {
  try {
    return await runEngine('ffmpeg', [...GLOBAL_ARGS, ...args], { ...options, timeoutMs: ffmpegTimeoutMs(durationSeconds) });
  } catch (error) {
    if (error instanceof EngineFailedError) throw new ConvertError(MEDIA_CONVERT_FAILED, { cause: error });
    throw error;
  }
}

/** A run that writes files; with onProgress, ffmpeg's progress blocks stream from its stdout. */
export async function runFfmpeg({ args, signal, durationSeconds, onProgress }: FfmpegRun): Promise<void> {
  let known = 0;
  let timeoutSeconds: number;
  if (typeof durationSeconds === 'number') {
    known = timeoutSeconds = durationSeconds;
  } else {
    timeoutSeconds = durationSeconds.atMost;
    // A rejected probe is its caller's to report; here it only means progress never counts.
    durationSeconds.known.then((seconds) => (known = seconds), () => {});
  }
  const progress = onProgress ? ['-progress', 'pipe:1'] : [];
  await ffmpeg([...progress, ...args], timeoutSeconds, { signal, onStdoutLine: onProgress && progressLines(() => known, onProgress) });
}

/** A run that writes raw data to pipe:1, resolving with it; stdout carries the data, so no progress. */
export async function runFfmpegToStdout({ args, signal, durationSeconds, maxOutputBytes }: Omit<FfmpegRun, 'onProgress' | 'durationSeconds'> & { durationSeconds: number; maxOutputBytes: number }): Promise<Buffer> {
  return (await ffmpeg(args, durationSeconds, { signal, maxOutputBytes })).stdout;
}
